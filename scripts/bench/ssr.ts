import { spawn } from "node:child_process";
import { get as httpGet } from "node:http";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import { freePort } from "../../tests/helpers/ports";

/** Server rendering of a page under load: the real server on a fresh database, autocannon on loopback. */
export async function runSsrBench(opts: { path?: string; connections?: number; seconds?: number } = {}): Promise<string[]> {
  const path = opts.path ?? "/trade";
  const connections = opts.connections ?? 20;
  const seconds = opts.seconds ?? 15;
  const lines: string[] = [];
  // Visitors with the page cache (the default), then without it (every request rendered: the figure before it).
  for (const cache of ["on", "off"] as const) {
    const server = await startServer({ PAGE_CACHE: cache });
    try {
      if (cache === "on") lines.push(...(await pageWeight(server.base, path)));
      const r = await load(server, path, connections, seconds);
      lines.push(
        `server rendering of ${path}, signed out, page cache ${cache}: autocannon, ${connections} connections, ${seconds} s, a browser's headers (gzip), one process, simulator and market maker running`,
        row(r),
        `    goals: ≥ 800 requests/s and p99 ≤ 50 ms — ${verdict(r, 800, 50)}`,
      );
      if (cache === "on") {
        const cookie = await signIn(server.base);
        const s = await load(server, path, connections, seconds, { cookie });
        lines.push(
          `server rendering of ${path}, signed in (demo@example.com; never cached)`,
          row(s),
          `    goals: ≥ 400 requests/s and p99 ≤ 100 ms — ${verdict(s, 400, 100)}`,
        );
      }
      if (cache === "on") lines.push(...(await renderShare(path, connections, seconds)));
    } finally {
      await server.stop();
    }
  }
  return lines;
}

type Result = autocannon.Result;

/** The bytes a visitor's browser receives for `path` (as sent: gzip when asked), raw and gzipped, and what makes them up. */
async function pageWeight(base: string, path: string): Promise<string[]> {
  const fetchBytes = (encoding: string) =>
    new Promise<Buffer>((resolve, reject) => {
      httpGet(`${base}${path}`, { headers: { "Accept-Encoding": encoding, Accept: "text/html" } }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve(Buffer.concat(chunks)));
        res.on("error", reject);
      }).on("error", reject);
    });
  const raw = await fetchBytes("identity");
  const gz = await fetchBytes("gzip");
  const html = raw.toString("utf8");
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  const bytes = (xs: string[]) => xs.reduce((n, x) => n + Buffer.byteLength(x), 0);
  const strings = bytes([...html.matchAll(/<script[^>]*id="i18n-data"[^>]*>[\s\S]*?<\/script>/g)].map((m) => m[0]));
  const scripts = bytes([...html.matchAll(/<script(?![^>]*id="i18n-data")[^>]*>[\s\S]*?<\/script>/g)].map((m) => m[0]));
  const svg = bytes([...html.matchAll(/<svg[\s\S]*?<\/svg>/g)].map((m) => m[0]));
  const styles = bytes([...html.matchAll(/<style[\s\S]*?<\/style>/g)].map((m) => m[0]));
  return [
    `page weight of ${path}, signed out: ${kb(raw.length)} raw, ${kb(gz.length)} gzip as sent`,
    `    inline scripts (loader data, hydration) ${kb(scripts)}, client strings ${kb(strings)}, SVG ${kb(svg)}, inline styles ${kb(styles)}, the rest (markup) ${kb(raw.length - scripts - strings - svg - styles)}`,
    `    goals: ≤ 60 KB raw and ≤ 20 KB gzip — ${raw.length <= 60 * 1024 ? "met" : "missed"} / ${gz.length <= 20 * 1024 ? "met" : "missed"}`,
  ];
}

/** What a browser sends with a page request (it takes gzip, as every browser does). */
const BROWSER = { Accept: "text/html,application/xhtml+xml", "Accept-Encoding": "gzip, deflate, br", "Accept-Language": "en" };

type Load = Result & { cpuMs: number | null };

async function load(server: Server, path: string, connections: number, seconds: number, extra: Record<string, string> = {}): Promise<Load> {
  const url = server.base + path;
  const headers = { ...BROWSER, ...extra };
  await autocannon({ url, connections: 4, duration: 3, headers }); // warm-up
  const before = server.cpuMs();
  const r = await autocannon({ url, connections, duration: seconds, headers });
  const after = server.cpuMs();
  return { ...r, cpuMs: before !== null && after !== null && r.requests.total > 0 ? (after - before) / r.requests.total : null };
}

/**
 * The CPU time the server's main thread has used, ms (Linux: /proc/<pid>/task/<pid>/stat, user + system, in clock
 * ticks of 10 ms), or null. Per request, it is the figure that holds on a machine shared with other work, where the
 * requests a second move with the load.
 */
function threadCpuMs(pid: number): number | null {
  try {
    const fields = readFileSync(`/proc/${pid}/task/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

function row(r: Load): string {
  const cpu = r.cpuMs === null ? "" : `   main thread ${r.cpuMs.toFixed(2)} ms CPU a request`;
  return `    ${Math.round(r.requests.average).toLocaleString("en-US")} requests/s   latency p50 ${r.latency.p50} ms   p99 ${r.latency.p99} ms${cpu}   (${r.requests.total} requests, non-2xx ${r.non2xx}, errors ${r.errors})`;
}

function verdict(r: Result, rps: number, p99: number): string {
  const ok = r.non2xx === 0 && r.errors === 0;
  return `${r.requests.average >= rps ? "met" : "missed"} / ${r.latency.p99 <= p99 ? "met" : "missed"}${ok ? "" : " (some requests failed)"}`;
}

/**
 * Where a signed-in request's time goes: the same load on a server run under V8's CPU profiler, over the window from
 * the first sample under React's server renderer to the last. "The render" is every sample with the renderer on its
 * stack: React's own code, and what it calls (the page's components, Remix's data script, the writes into gzip).
 * 400 requests a second on one thread allow 2.5 ms in all.
 */
async function renderShare(path: string, connections: number, seconds: number): Promise<string[]> {
  const dir = mkdtempSync(join(tmpdir(), "bench-profile-"));
  const server = await startServer({}, ["--cpu-prof", `--cpu-prof-dir=${dir}`]);
  let requests = 0;
  try {
    const headers = { ...BROWSER, cookie: await signIn(server.base) };
    for (const [c, d] of [
      [4, 3],
      [connections, seconds],
    ]) {
      requests += (await autocannon({ url: server.base + path, connections: c, duration: d, headers })).requests.total;
    }
  } finally {
    await server.stop();
  }
  try {
    // The main thread's profile (thread 0); a worker's would be another file.
    const file = readdirSync(dir).find((f) => /^CPU\.\d+\.\d+\.\d+\.0\.\d+\.cpuprofile$/.test(f));
    if (!file) return ["    (the profiled run wrote no profile)"];
    const t = renderTime(JSON.parse(readFileSync(join(dir, file), "utf8")) as CpuProfile);
    const ms = (x: number) => `${(x / requests).toFixed(2)} ms`;
    return [
      `    profiled run of the same load, a request's ${ms(t.busy)}: the render ${ms(t.render)} (React's own code ${ms(t.react)}, the code it calls ${ms(t.render - t.react)}), the rest ${ms(t.busy - t.render)} (HTTP, session, loaders, data, gzip, garbage collection); 400 requests/s on one thread allow 2.5 ms in all`,
    ];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

type CpuProfile = {
  nodes: Array<{ id: number; callFrame: { functionName: string; url: string }; children?: number[] }>;
  samples: number[];
  timeDeltas: number[];
};

/**
 * ms busy (not idle) between the first and the last sample under React's server renderer; of it, ms under the
 * renderer, and of those, ms in React's own code (react, react-dom).
 */
function renderTime(p: CpuProfile): { busy: number; render: number; react: number } {
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const under = new Set<number>();
  const own = new Set<number>();
  const idle = new Set<number>();
  const isReact = (url: string) => /node_modules\/(react|react-dom)\//.test(url);
  const mark = (id: number, inRender: boolean) => {
    const n = byId.get(id)!;
    const here = inRender || n.callFrame.url.includes("react-dom-server");
    if (here) under.add(id);
    if (here && isReact(n.callFrame.url)) own.add(id);
    if (n.callFrame.functionName === "(idle)") idle.add(id);
    for (const c of n.children ?? []) mark(c, here);
  };
  mark(p.nodes[0]!.id, false);
  let first = -1;
  let last = -1;
  p.samples.forEach((id, i) => {
    if (under.has(id)) {
      if (first < 0) first = i;
      last = i;
    }
  });
  const t = { busy: 0, render: 0, react: 0 };
  for (let i = Math.max(0, first); i <= last; i++) {
    const id = p.samples[i]!;
    const dt = p.timeDeltas[i + 1] ?? 0; // a sample lasts until the next one
    if (idle.has(id)) continue;
    t.busy += dt;
    if (under.has(id)) t.render += dt;
    if (own.has(id)) t.react += dt;
  }
  return { busy: t.busy / 1000, render: t.render / 1000, react: t.react / 1000 };
}

/** The session cookie of demo@example.com, through the login form as a browser would post it. */
export async function signIn(base: string): Promise<string> {
  const body = new URLSearchParams({ intent: "login", type: "email", account: "demo@example.com", password: "Trade2026", page: "/" });
  const r = await fetch(`${base}/login`, {
    method: "POST",
    body,
    headers: { Origin: base, "Content-Type": "application/x-www-form-urlencoded" },
    redirect: "manual",
  });
  const sid = r.headers.getSetCookie().find((c) => /^(__Host-)?sid=/.test(c));
  if (!sid) throw new Error(`sign-in failed: ${r.status}`);
  return sid.split(";")[0]!;
}

/** The real server on a fresh database in a temporary folder (simulator and market maker on). */
type Server = { base: string; stop: () => Promise<void>; cpuMs: () => number | null };

export async function startServer(env: Record<string, string> = {}, execArgv: string[] = []): Promise<Server> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), "bench-server-"));
  // Node itself, as `npm start` runs it: its pid is the server's, whose main thread's CPU is read.
  const server = spawn(process.execPath, [...execArgv, "--import", "tsx", "server/index.ts"], {
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, NODE_ENV: "production", SIM_SEED: "7", COOKIE_SECURE: "false", ...env },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  const exited = new Promise((r) => server.once("exit", r));
  // Its output is read to the end, so that its last log lines never meet a closed pipe.
  server.stdout!.resume();
  server.stderr!.resume();
  // Stopped as an operator stops it, and waited for (it drains within 15 s; then it is killed), before its data goes:
  // a bench that left without waiting left servers behind that took CPU from the next one.
  const stop = async () => {
    try {
      process.kill(-server.pid!, "SIGTERM");
    } catch {
      /* gone */
    }
    const timer = setTimeout(() => {
      try {
        process.kill(-server.pid!, "SIGKILL");
      } catch {
        /* gone */
      }
    }, 15_000);
    await exited;
    clearTimeout(timer);
    rmSync(dataDir, { recursive: true, force: true });
  };
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (i > 240) {
      await stop();
      throw new Error("server did not start");
    }
    try {
      if ((await fetch(`${base}/healthz`)).ok) break;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  return { base, stop, cpuMs: () => threadCpuMs(server.pid!) };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  runSsrBench({ path: process.argv[2] }).then((lines) => console.log(lines.join("\n")));
}
