/**
 * Live relay benchmark (not a test): N SSE clients on one process, fed from one upstream socket.
 *
 *   npx tsx scripts/bench/relay.ts                 # N = 1,000 and 10,000, in-process readers
 *   npx tsx scripts/bench/relay.ts --http 1000     # also real HTTP sockets (clients in child processes)
 *
 * Upstream: a WebSocket server speaking the exchange's /ws protocol, sending one DAY_MARKET update per
 * pair (PAIRS of them) once a second. Relay: the real LiveHub (app/lib/live.server.ts) with its real SSE
 * streams. Clients, in-process mode: one ReadableStream reader per client that reads every chunk (what
 * the Remix adapter does with a response body), no HTTP sockets. HTTP mode: a node:http server whose streams write
 * to the response directly as server/index.ts has them do (server/sse-sink.ts; RELAY_VIA_STREAM=1: through a
 * ReadableStream, as @remix-run/express would), and N real EventSource-like HTTP clients shared out over
 * child processes (each stays below the file-descriptor limit, and no one process reads all N sockets in turn).
 *
 * Latency: from the upstream `send()` of a tick's LAST message to its arrival at a client, i.e. the time
 * for a whole 1 Hz update to reach that client. Memory: resident set size growth per attached client,
 * after a forced GC, with the clients attached and updates flowing.
 * Goal at 10,000 clients: p99 ≤ 250 ms, ≤ 16 KB per client.
 */
import { fork } from "node:child_process";
import { createServer, request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { WebSocketServer, type WebSocket } from "ws";
import { LiveHub } from "../../app/lib/live.server";
import { ResponseSink } from "../../server/sse-sink";

const PAIRS = 20;
/** HTTP mode: how many processes share out the clients (RELAY_CLIENT_PROCESSES overrides). */
const CLIENT_PROCESSES = Number(process.env.RELAY_CLIENT_PROCESSES ?? 4);
const SECONDS = 10;
/** HTTP mode: RELAY_VIA_STREAM=1 writes through a ReadableStream as the Remix adapter does, not the response sink. */
const VIA_STREAM = process.env.RELAY_VIA_STREAM === "1";

setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc") as () => void;

function rssMB() {
  return process.memoryUsage().rss / 1024 / 1024;
}

async function settle() {
  for (let i = 0; i < 3; i++) {
    gc();
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The process's memory (MB) once garbage is collected. */
async function settledMemory() {
  await settle();
  return { rss: rssMB(), heap: process.memoryUsage().heapUsed / 1024 / 1024 };
}

/**
 * Tick 0 warms up (not measured); after `warmMs` the upstream ticks for `seconds`, and `tailMs` later the memory is
 * taken: what a run measures, the same in both modes.
 */
async function drive(up: { sendTick(): void; start(): void; tick: number }, seconds: number, warmMs: number, tailMs: number) {
  up.sendTick();
  await new Promise((r) => setTimeout(r, warmMs));
  up.start();
  await new Promise((r) => setTimeout(r, seconds * 1000 + tailMs));
  return { after: await settledMemory(), ticks: up.tick - 1 };
}

/** The latency percentiles (sorted ms) and the memory each of `n` clients cost. */
function figures(sorted: Float64Array, n: number, before: { rss: number; heap: number }, after: { rss: number; heap: number }) {
  return {
    p50ms: round(percentile(sorted, 50)),
    p99ms: round(percentile(sorted, 99)),
    maxms: round(sorted[sorted.length - 1]),
    rssPerClientKB: round(((after.rss - before.rss) * 1024) / n),
    heapPerClientKB: round(((after.heap - before.heap) * 1024) / n),
  };
}

function percentile(sorted: Float64Array, p: number) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** The upstream: answers the protocol, and once started sends PAIRS DAY_MARKET messages per second. */
async function upstream() {
  const wss = new WebSocketServer({ port: 0, host: "127.0.0.1" });
  await new Promise<void>((r) => wss.once("listening", () => r()));
  const sockets = new Set<WebSocket>();
  wss.on("connection", (ws) => {
    sockets.add(ws);
    ws.on("close", () => sockets.delete(ws));
    ws.on("message", (raw) => {
      const m = JSON.parse(raw.toString());
      if (m.type === "ping") ws.send('{"type":"pong"}');
      if (m.type === "sub") ws.send(JSON.stringify({ type: "sub", channel: m.channel, code: 1 }));
    });
  });
  const sentAt: number[] = [];
  let timer: NodeJS.Timeout | null = null;
  let tick = 0;
  const sendTick = () => {
    const k = tick++;
    for (let p = 1; p <= PAIRS; p++) {
      if (p === PAIRS) sentAt[k] = performance.now();
      const msg = JSON.stringify({
        type: "DAY_MARKET",
        currency_match_id: p,
        symbol: `P${p}/USDT`,
        quotation: { close: (100 + k + p / 100).toFixed(4), change: "1.23", high: "120.0000", low: "90.0000", volume: "123456.789" },
        tick: k,
        last: p === PAIRS,
      });
      for (const ws of sockets) ws.send(msg);
    }
  };
  return {
    url: `ws://127.0.0.1:${(wss.address() as AddressInfo).port}/ws`,
    sentAt,
    get tick() {
      return tick;
    },
    start: () => (timer = setInterval(sendTick, 1000)),
    sendTick,
    close: () => new Promise<void>((r) => (timer && clearInterval(timer), sockets.forEach((s) => s.terminate()), wss.close(() => r()))),
  };
}

export type RelayBenchResult = {
  mode: "in-process" | "http";
  clients: number;
  seconds: number;
  updatesPerSecond: number;
  delivered: number;
  expected: number;
  p50ms: number;
  p99ms: number;
  maxms: number;
  rssPerClientKB: number;
  heapPerClientKB: number;
  cutOff: number;
  /**
   * HTTP mode: until the socket took the chunk (after its write to the kernel), without the client side. The time
   * for the last of N sockets is the whole fan-out's: one socket write each.
   */
  serverP50ms?: number;
  serverP99ms?: number;
  /** HTTP mode: the processes the clients ran in. */
  clientProcesses?: number;
  /** HTTP mode: how the streams reached the response (the response sink, or a ReadableStream read into it). */
  via?: "sink" | "stream";
};

/** Maps each shared chunk that carries a tick's last message to that tick. */
function tickChunks(hub: LiveHub) {
  const lastSeqs = new Map<number, number>();
  const lastOfTick = new Map<Uint8Array, number>();
  hub.events.on("published", (_name: string, seq: number, _bytes: Uint8Array, msg: { last?: boolean; tick?: number }) => {
    if (msg.last) lastSeqs.set(seq, msg.tick!);
  });
  hub.events.on("flushed", (chunk: Uint8Array, first: number, last: number) => {
    for (const [seq, tick] of lastSeqs) if (seq >= first && seq <= last) lastOfTick.set(chunk, tick);
  });
  return lastOfTick;
}

/** In-process: N SSE streams of the real hub, each drained by a reader. */
async function runInProcess(n: number, seconds = SECONDS): Promise<RelayBenchResult> {
  const up = await upstream();
  const hub = new LiveHub({ url: up.url, log: () => {} });
  // Chunk → tick, for the chunk that carries a tick's last message (the hub fans out one chunk per channel
  // and event-loop turn, shared by all clients, so identity works).
  const lastOfTick = tickChunks(hub);
  // Warm the upstream subscription with one client, then measure the baseline.
  const warm = new AbortController();
  const w = hub.open(warm.signal, ["DAY_MARKET"]).sse.body.getReader();
  void (async () => {
    while (!(await w.read().catch(() => ({ done: true }))).done);
  })();
  await new Promise((r) => setTimeout(r, 300));
  const before = await settledMemory();

  const latencies = new Float64Array(n * (seconds + 2));
  let count = 0;
  let cutOff = 0;
  const controllers: AbortController[] = [];
  for (let i = 0; i < n; i++) {
    const ac = new AbortController();
    controllers.push(ac);
    const reader = hub.open(ac.signal, ["DAY_MARKET"]).sse.body.getReader();
    // (No `return` of the next read: returning it would chain every promise to the next, a leak.)
    const pump = (r: ReadableStreamReadResult<Uint8Array>): void => {
      if (r.done) return;
      const tick = lastOfTick.get(r.value);
      if (tick !== undefined && tick >= 1) latencies[count++] = performance.now() - up.sentAt[tick];
      void reader.read().then(pump, () => cutOff++);
    };
    reader.read().then(pump, () => cutOff++);
  }
  const { after, ticks } = await drive(up, seconds, 500, 600);
  const sorted = latencies.slice(0, count).sort();
  for (const ac of controllers) ac.abort();
  warm.abort();
  await hub.close();
  await up.close();
  return {
    mode: "in-process",
    clients: n,
    seconds,
    updatesPerSecond: PAIRS,
    delivered: count,
    expected: n * ticks,
    ...figures(sorted, n, before, after),
    cutOff,
  };
}

const round = (x: number) => Math.round(x * 10) / 10;

/**
 * HTTP: a node:http server that hands each GET to hub.attach() and writes the body as the Remix express
 * adapter does (read → res.write, no backpressure, plus res.writableLength as the sink hook); the clients
 * run in child processes (CLIENT_PROCESSES of them) and report latencies (they parse `"tick":k` of the
 * `"last":true` events and compare with the send times the parent posts to them).
 */
async function runHttp(
  n: number,
  seconds = SECONDS,
  clientProcesses = CLIENT_PROCESSES,
  viaStream = VIA_STREAM,
): Promise<RelayBenchResult> {
  const up = await upstream();
  const hub = new LiveHub({ url: up.url, log: () => {} });
  const lastOfTick = tickChunks(hub);
  const handoff: number[] = [];
  /**
   * Called right after a chunk's write: the time it reached the socket, if it ends a tick. A response's write is
   * corked and goes to the kernel in a tick queued by the write itself, which runs before this one (taken at the
   * write's return, the figure left out the syscalls of the whole fan-out, its larger part).
   */
  const written = (chunk: Uint8Array) => {
    const tick = lastOfTick.get(chunk);
    if (tick !== undefined && tick >= 1) process.nextTick(() => handoff.push(performance.now() - up.sentAt[tick]));
  };
  const server = createServer(async (req, res) => {
    const ac = new AbortController();
    res.on("close", () => ac.abort());
    if (!viaStream) {
      // What server/index.ts does: the stream writes to the response itself.
      const sink = new ResponseSink(req, res);
      const write = sink.write.bind(sink);
      sink.write = (chunk) => {
        write(chunk);
        written(chunk);
      };
      const response = hub.attach(ac.signal, ["DAY_MARKET"], { sink });
      res.writeHead(200, Object.fromEntries(response.headers));
      sink.start();
      return;
    }
    const response = hub.attach(ac.signal, ["DAY_MARKET"]);
    res.writeHead(200, Object.fromEntries(response.headers));
    res.flushHeaders();
    const reader = response.body!.getReader();
    try {
      for (;;) {
        const r = await reader.read();
        if (r.done) break;
        res.write(r.value);
        written(r.value);
      }
      res.end();
    } catch {
      res.destroy();
    }
  });
  server.maxConnections = n + 100;
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const port = (server.address() as AddressInfo).port;
  // A first client to open the upstream subscription.
  const warm = httpRequest({ port, host: "127.0.0.1", path: "/events" });
  warm.end();
  await new Promise((r) => setTimeout(r, 300));
  const before = await settledMemory();

  // The clients are shared out over several processes, so that what is measured is the server's delivery, not one
  // client process working through 10,000 sockets' reads in turn.
  const shares = Array.from({ length: clientProcesses }, (_, i) => Math.floor(n / clientProcesses) + (i < n % clientProcesses ? 1 : 0));
  const children = shares.map((count) =>
    fork(fileURLToPath(import.meta.url), ["--child", String(port), String(count)], {
      execArgv: ["--import", "tsx"],
      stdio: "inherit",
    }),
  );
  await Promise.all(
    children.map(
      (child) =>
        new Promise<void>((resolve, reject) => {
          child.once("message", (m: { ready?: boolean }) => (m.ready ? resolve() : reject(new Error("child failed"))));
          child.once("exit", (code) => reject(new Error(`child exited ${code}`)));
        }),
    ),
  );
  const { after, ticks } = await drive(up, seconds, 1000, 800);
  const t0 = performance.timeOrigin;
  // Send times in epoch ms; the children measure arrival in epoch ms (same machine clock).
  const sentEpoch = up.sentAt.map((t) => t0 + t);
  const answers = await Promise.all(
    children.map((child) => {
      const answer = new Promise<{ latencies: number[]; closed: number }>((r) => child.once("message", r as never));
      child.send({ sentEpoch });
      return answer;
    }),
  );
  for (const child of children) child.kill();
  const got = { latencies: answers.flatMap((a) => a.latencies), closed: answers.reduce((sum, a) => sum + a.closed, 0) };
  const sorted = Float64Array.from(got.latencies).sort();
  const serverSorted = Float64Array.from(handoff).sort();
  warm.destroy();
  await hub.close();
  server.closeAllConnections();
  server.close();
  await up.close();
  return {
    mode: "http",
    clients: n,
    clientProcesses,
    via: viaStream ? "stream" : "sink",
    seconds,
    updatesPerSecond: PAIRS,
    delivered: sorted.length,
    expected: n * ticks,
    ...figures(sorted, n, before, after),
    cutOff: got.closed,
    serverP50ms: round(percentile(serverSorted, 50)),
    serverP99ms: round(percentile(serverSorted, 99)),
  };
}

/** Child: N HTTP clients reading /events; records arrival (epoch ms) of each tick's last message. */
async function child(port: number, n: number) {
  const arrivals: Array<[number, number]> = [];
  let closed = 0;
  let connected = 0;
  const agent = false as const;
  for (let i = 0; i < n; i++) {
    await new Promise<void>((resolve) => {
      const req = httpRequest({ port, host: "127.0.0.1", path: "/events?channels=DAY_MARKET", agent }, (res) => {
        connected++;
        resolve();
        let tail = "";
        res.setEncoding("utf8");
        res.on("data", (s: string) => {
          const now = performance.timeOrigin + performance.now();
          const text = tail + s;
          // Only matches that end in the new data (the tail was searched already).
          let at = text.indexOf('"last":true', Math.max(0, tail.length - 10));
          while (at >= 0) {
            const k = text.lastIndexOf('"tick":', at);
            const tick = parseInt(text.slice(k + 7, at), 10);
            if (tick >= 1) arrivals.push([tick, now]);
            at = text.indexOf('"last":true', at + 1);
          }
          tail = text.slice(-64);
        });
        res.on("close", () => closed++);
      });
      req.on("error", () => (closed++, resolve()));
      req.end();
    });
    if (i % 500 === 499) await new Promise((r) => setTimeout(r, 20));
  }
  process.send!({ ready: connected === n });
  process.once("message", (m: { sentEpoch: number[] }) => {
    const latencies = arrivals.map(([tick, at]) => at - m.sentEpoch[tick]);
    process.send!({ latencies, closed });
  });
}

export async function runRelayBench(opts: { clients?: number[]; seconds?: number; http?: number[] } = {}): Promise<RelayBenchResult[]> {
  const results: RelayBenchResult[] = [];
  for (const n of opts.clients ?? [1_000, 10_000]) {
    const r = await runInProcess(n, opts.seconds);
    console.log(JSON.stringify(r));
    results.push(r);
  }
  for (const n of opts.http ?? []) {
    const r = await runHttp(n, opts.seconds);
    console.log(JSON.stringify(r));
    results.push(r);
  }
  return results;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const args = process.argv.slice(2);
  if (args[0] === "--child") {
    await child(Number(args[1]), Number(args[2]));
  } else {
    const httpAt = args.indexOf("--http");
    const http =
      httpAt >= 0
        ? args
            .slice(httpAt + 1)
            .map(Number)
            .filter(Boolean)
        : [];
    const results = await runRelayBench({ http });
    console.table(results);
    for (const r of results.filter((x) => x.clients >= 10_000)) {
      const ok = r.p99ms <= 250 && r.rssPerClientKB <= 16;
      console.log(
        `${r.mode} ${r.clients} clients: p99 ${r.p99ms} ms (goal ≤ 250), ${r.rssPerClientKB} KB/client (goal ≤ 16): ${ok ? "meets the goal" : "MISSES the goal"}`,
      );
    }
    process.exit(0);
  }
}
