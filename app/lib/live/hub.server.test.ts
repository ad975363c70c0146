import type { AddressInfo } from "node:net";
import type { Duplex } from "node:stream";
import { WebSocketServer, type WebSocket } from "ws";
import { moneyClient } from "../../../tests/helpers/money-client";
import { socketExchange } from "../../../tests/helpers/socket-exchange";
import type { Exchange } from "../../../server/exchange/index";
import { sessionStreamKey } from "../live.server";
import { LiveHub } from "./hub.server";
import { StreamLimiter } from "./stream-limit";
import type { LiveHubOptions } from "./options";
import { parseSse } from "../../../tests/helpers/sse";

// ---------------------------------------------------------------- helpers
type Msg = Record<string, any>;

/** A small upstream speaking the exchange's /ws protocol, whose behaviour a test controls. */
async function fakeUpstream(opts: { silent?: boolean } = {}) {
  const wss = new WebSocketServer({ port: 0, host: "127.0.0.1" });
  await new Promise<void>((r) => wss.once("listening", () => r()));
  const log: Msg[] = [];
  const sockets = new Set<WebSocket>();
  const loggedIn = new Set<WebSocket>();
  let connections = 0;
  const closes: number[] = [];
  const snapshot = (ws: WebSocket, channel: string) => {
    if (channel === "DAY_MARKET") {
      for (const id of [1, 2])
        ws.send(
          JSON.stringify({
            type: "DAY_MARKET",
            currency_match_id: id,
            symbol: id === 1 ? "BTC/USDT" : "ETH/USDT",
            quotation: { close: "snap" },
          }),
        );
    } else if (channel.startsWith("GLOBAL_TX.")) {
      ws.send(JSON.stringify({ type: "GLOBAL_TX", currency_match_id: 1, symbol: "BTC/USDT", completes: [{ price: "snap" }] }));
    }
  };
  wss.on("connection", (ws) => {
    connections++;
    sockets.add(ws);
    ws.on("close", () => (sockets.delete(ws), closes.push(Date.now())));
    ws.on("message", (raw) => {
      const m = JSON.parse(raw.toString()) as Msg;
      log.push(m);
      if (opts.silent) return;
      if (m.type === "ping") ws.send('{"type":"pong"}');
      if (m.type === "login" && m.token !== "bad") loggedIn.add(ws);
      if (m.type === "login") ws.send(JSON.stringify({ type: "login", code: m.token === "bad" ? 999 : 1 }));
      if (m.type === "sub") {
        ws.send(JSON.stringify({ type: "sub", channel: m.channel, code: 1 }));
        snapshot(ws, m.channel);
      }
    });
  });
  return {
    url: `ws://127.0.0.1:${(wss.address() as AddressInfo).port}/ws`,
    log,
    sockets,
    loggedIn,
    closes,
    get connections() {
      return connections;
    },
    send(msg: Msg) {
      for (const ws of sockets) ws.send(JSON.stringify(msg));
    },
    close: () => new Promise<void>((r) => (sockets.forEach((s) => s.terminate()), wss.close(() => r()))),
  };
}

/** A browser: reads an SSE body and keeps the parsed events. */
function browser(body: ReadableStream<Uint8Array>) {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let text = "";
  let done = false;
  void (async () => {
    try {
      for (;;) {
        const r = await reader.read();
        if (r.done) break;
        text += decoder.decode(r.value, { stream: true });
      }
    } catch {
      /* cut off */
    }
    done = true;
  })();
  return {
    get text() {
      return text;
    },
    get done() {
      return done;
    },
    events: () => parseSse(text).events,
    json: (event?: string) =>
      parseSse(text)
        .events.filter((e) => !event || e.event === event)
        .map((e) => ({ ...e, data: JSON.parse(e.data) })),
  };
}

async function until(pred: () => boolean, ms = 3000, what = "condition") {
  const end = Date.now() + ms;
  while (!pred()) {
    if (Date.now() > end) throw new Error(`timeout waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

const fast: Partial<LiveHubOptions> = {
  pingMs: 50,
  deadAfterMs: 400,
  backoffBaseMs: 10,
  backoffMaxMs: 100,
  lingerMs: 0,
  heartbeatMs: 1000,
  log: () => {},
};

const hubs: LiveHub[] = [];
function makeHub(url: string, o: Partial<LiveHubOptions> = {}) {
  const hub = new LiveHub({ ...fast, ...o, url });
  hubs.push(hub);
  return hub;
}
afterEach(async () => {
  for (const h of hubs.splice(0)) await h.close();
});

// ---------------------------------------------------------------- tests
describe("LiveHub", () => {
  it("tells the caller once when a stream ends, however it ends (the per-client /events slot is freed there)", async () => {
    const up = await fakeUpstream();
    const hub = makeHub(up.url);
    const limiter = new StreamLimiter(2);
    const open = () => {
      const release = limiter.acquire("client")!;
      const ac = new AbortController();
      const { sse } = hub.open(ac.signal, ["DAY_MARKET"], { onClose: release });
      return { ac, sse };
    };
    const a = open();
    const b = open();
    expect(limiter.acquire("client")).toBeNull();
    a.ac.abort(); // the browser went away
    expect(limiter.count("client")).toBe(1);
    b.sse.close(); // the relay ended it (shutdown, a slow reader)
    expect(limiter.count("client")).toBe(0);
    // A stream refused at once (the hub is closing, or the request was already aborted) frees its slot too.
    const gone = new AbortController();
    gone.abort();
    const release = limiter.acquire("client")!;
    hub.open(gone.signal, ["DAY_MARKET"], { onClose: release });
    expect(limiter.count("client")).toBe(0);
    await up.close();
  });

  it("gives back the slots of streams that outlived their socket, at the next heartbeat (the close was never seen)", async () => {
    /** A response whose socket takes every byte at once, open while `open` says so. */
    const socketSink = (open: () => boolean) => ({ write: () => {}, end: () => {}, destroy: () => {}, buffered: () => 0, open });
    const up = await fakeUpstream();
    const hub = makeHub(up.url, { heartbeatMs: 40 });
    const limiter = new StreamLimiter(20);
    // 20 browsers whose sockets die without the abort ever reaching the relay (a close the server missed).
    const sockets = Array.from({ length: 20 }, () => ({ open: true }));
    for (const socket of sockets) {
      const release = limiter.acquire("client")!;
      hub.open(new AbortController().signal, ["DAY_MARKET"], { onClose: release, sink: socketSink(() => socket.open) });
    }
    expect(limiter.acquire("client")).toBeNull();
    for (const socket of sockets) socket.open = false;
    const dropped = Date.now();
    await until(() => limiter.count("client") === 0, 1000, "the slots freed by the heartbeat");
    expect(Date.now() - dropped).toBeLessThan(40 * 3);
    expect(hub.stats().streams).toBe(0);
    // The 21st is accepted, and a healthy stream is left alone by the heartbeat.
    const release = limiter.acquire("client");
    expect(release).not.toBeNull();
    const { sse } = hub.open(new AbortController().signal, ["DAY_MARKET"], { onClose: release!, sink: socketSink(() => true) });
    await new Promise((r) => setTimeout(r, 100));
    expect(sse.closed).toBe(false);
    expect(limiter.count("client")).toBe(1);
    await up.close();
  });

  it("relays upstream messages with ids, and sends retry and heartbeats", async () => {
    const up = await fakeUpstream();
    const hub = makeHub(up.url, { heartbeatMs: 30 });
    const b = browser(hub.open(new AbortController().signal, ["DAY_MARKET"]).sse.body);
    await until(() => b.json("DAY_MARKET").length === 2, 3000, "DAY_MARKET snapshot");
    up.send({ type: "DAY_MARKET", currency_match_id: 1, symbol: "BTC/USDT", quotation: { close: "2" } });
    await until(() => b.json("DAY_MARKET").length === 3);
    await until(() => parseSse(b.text).comments.includes("hb"), 1000, "heartbeat");
    expect(b.text.startsWith("retry: 3000\n\n")).toBe(true);
    const ids = b.events().map((e) => e.id!);
    expect(ids.every((id) => id.startsWith(`${hub.bootId}-`))).toBe(true);
    const seqs = ids.map((id) => Number(id.split("-")[1]));
    expect([...seqs].sort((x, y) => x - y)).toEqual(seqs);
    expect(new Set(seqs).size).toBe(seqs.length);
    expect(b.json("DAY_MARKET").at(-1)!.data).toMatchObject({ currency_match_id: 1, quotation: { close: "2" } });
    await up.close();
  });

  it("reference-counts subscriptions: two browsers, one leaves (still subscribed), both leave (unsubscribed)", async () => {
    const up = await fakeUpstream();
    const hub = makeHub(up.url);
    const a = new AbortController();
    const b = new AbortController();
    const ba = browser(hub.open(a.signal, ["GLOBAL_TX.BTCUSDT", "DAY_MARKET"]).sse.body);
    const bb = browser(hub.open(b.signal, ["GLOBAL_TX.BTCUSDT"]).sse.body);
    await until(() => up.log.some((m) => m.type === "sub" && m.channel === "GLOBAL_TX.BTCUSDT"));
    await until(() => bb.json("snapshot").length > 0 && ba.json("snapshot").length > 0, 3000, "snapshots");
    expect(up.log.filter((m) => m.type === "sub" && m.channel === "GLOBAL_TX.BTCUSDT")).toHaveLength(1);

    a.abort();
    await new Promise((r) => setTimeout(r, 50));
    expect(up.log.filter((m) => m.type === "unsub" && m.channel === "GLOBAL_TX.BTCUSDT")).toHaveLength(0);
    // A left DAY_MARKET as its only browser: that one is unsubscribed.
    await until(() => up.log.some((m) => m.type === "unsub" && m.channel === "DAY_MARKET"));
    expect(hub.upstreamChannels()).toEqual(["GLOBAL_TX.BTCUSDT"]);
    up.send({ type: "GLOBAL_TX", currency_match_id: 1, symbol: "BTC/USDT", completes: [{ price: "9" }] });
    await until(() => bb.json("GLOBAL_TX.BTCUSDT").length === 1);
    expect(ba.done).toBe(true);

    b.abort();
    await until(() => up.log.some((m) => m.type === "unsub" && m.channel === "GLOBAL_TX.BTCUSDT"));
    expect(hub.upstreamChannels()).toEqual([]);
    expect(hub.stats().streams).toBe(0);
    await up.close();
  });

  it("keeps a lingering channel subscribed when a browser comes back within lingerMs", async () => {
    const up = await fakeUpstream();
    const hub = makeHub(up.url, { lingerMs: 200 });
    const a = new AbortController();
    const first = browser(hub.open(a.signal, ["DAY_MARKET"]).sse.body);
    await until(() => first.json("DAY_MARKET").length === 2);
    a.abort();
    const b = browser(hub.open(new AbortController().signal, ["DAY_MARKET"]).sse.body);
    await new Promise((r) => setTimeout(r, 300));
    expect(up.log.filter((m) => m.type === "unsub")).toHaveLength(0);
    // The newcomer got the relay's state at once, as a snapshot.
    expect(b.json("snapshot")[0].data).toMatchObject({
      channel: "DAY_MARKET",
      messages: [{ currency_match_id: 1 }, { currency_match_id: 2 }],
    });
    await up.close();
  });

  it("opens one socket per signed-in user for private channels, logged in with the token, closed when the last browser leaves", async () => {
    const up = await fakeUpstream();
    const hub = makeHub(up.url);
    const a = new AbortController();
    const b = new AbortController();
    const user = { key: "7", token: "tok-7" };
    const ba = browser(hub.open(a.signal, ["DAY_MARKET", "TX_MATCHED"], { user }).sse.body);
    hub.open(b.signal, ["TX_MATCHED", "TX_SUBMIT"], { user });
    const anon = browser(hub.open(new AbortController().signal, ["TX_MATCHED", "DAY_MARKET"]).sse.body);
    await until(() => up.connections === 2 && up.log.filter((m) => m.type === "sub").length === 3, 3000, "subs");
    expect(up.log.filter((m) => m.type === "login")).toEqual([{ type: "login", token: "tok-7" }]);
    expect(hub.upstreamChannels("7").sort()).toEqual(["TX_MATCHED", "TX_SUBMIT"]);
    expect(hub.upstreamChannels()).toEqual(["DAY_MARKET"]); // the anonymous TX_MATCHED was dropped

    // A private push reaches the user's browser only.
    for (const s of up.loggedIn) s.send(JSON.stringify({ type: "TX_MATCHED", way: 1 }));
    await until(() => ba.json("TX_MATCHED").length === 1 || anon.text.includes("TX_MATCHED"));
    expect(anon.text).not.toContain("TX_MATCHED");

    a.abort();
    await new Promise((r) => setTimeout(r, 50));
    expect(hub.stats().userSockets).toBe(1);
    b.abort();
    await until(() => hub.stats().userSockets === 0 && up.sockets.size === 1, 3000, "user socket closed");
    await up.close();
  });

  it("tells a user's browsers of a gap (an empty private snapshot) when their upstream socket comes back", async () => {
    const up = await fakeUpstream();
    const hub = makeHub(up.url);
    const b = browser(hub.open(new AbortController().signal, ["TX_MATCHED"], { user: { key: "5", token: "tok-5" } }).sse.body);
    await until(() => up.loggedIn.size === 1 && up.log.some((m) => m.type === "sub"), 3000, "subscribed");
    await new Promise((r) => setTimeout(r, 50));
    expect(b.json("snapshot")).toEqual([]); // the first subscription is no gap
    for (const s of up.loggedIn) s.terminate();
    await until(() => b.json("snapshot").length === 1, 3000, "gap snapshot");
    expect(b.json("snapshot")[0].data).toEqual({ channel: "TX_MATCHED", messages: [] });
    // And the channel goes on.
    const live = () => [...up.loggedIn].filter((s) => s.readyState === 1);
    await until(() => live().length === 1, 3000, "logged in again");
    for (const s of live()) s.send(JSON.stringify({ type: "TX_MATCHED", way: 2 }));
    await until(() => b.json("TX_MATCHED").length === 1, 3000, "message after the gap");
    await up.close();
  });

  it("when the exchange refuses a user's token, logs in with another open session's token and subscribes again", async () => {
    const up = await fakeUpstream();
    const hub = makeHub(up.url);
    hub.open(new AbortController().signal, ["TX_SUBMIT"], { user: { key: "9", token: "bad" } });
    hub.open(new AbortController().signal, ["TX_SUBMIT"], { user: { key: "9", token: "good" } });
    await until(() => up.log.some((m) => m.type === "login" && m.token === "good"), 3000, "second login");
    expect(up.log.filter((m) => m.type === "login").map((m) => m.token)).toEqual(["bad", "good"]);
    await until(() => up.log.filter((m) => m.type === "sub" && m.channel === "TX_SUBMIT").length === 2);
    expect(up.loggedIn.size).toBe(1);
    await up.close();
  });

  it("leaks nothing for a request already aborted", async () => {
    const up = await fakeUpstream();
    const hub = makeHub(up.url);
    const ac = new AbortController();
    ac.abort();
    const { sse } = hub.open(ac.signal, ["DAY_MARKET", "TX_MATCHED"], { user: { key: "3", token: "t" } });
    expect(sse.closed).toBe(true);
    expect(hub.stats()).toMatchObject({ streams: 0, channels: 0, userSockets: 0 });
    await up.close();
  });

  it("resumes from Last-Event-ID through the ring, or sends a fresh snapshot when the id is unknown or too old", async () => {
    const up = await fakeUpstream();
    const hub = makeHub(up.url, { ringSize: 5 });
    const keeper = browser(hub.open(new AbortController().signal, ["DAY_MARKET"]).sse.body);
    await until(() => keeper.json("DAY_MARKET").length === 2);
    const push = (close: string) => up.send({ type: "DAY_MARKET", currency_match_id: 1, symbol: "BTC/USDT", quotation: { close } });
    push("a");
    await until(() => keeper.json("DAY_MARKET").length === 3);
    const lastSeen = keeper.events().at(-1)!.id!;
    push("b");
    push("c");
    await until(() => keeper.json("DAY_MARKET").length === 5);

    // Resume: exactly the missed events, same ids, in order.
    const resumed = browser(hub.open(new AbortController().signal, ["DAY_MARKET"], { lastEventId: lastSeen }).sse.body);
    await until(() => resumed.events().length === 2);
    expect(resumed.events()).toEqual(keeper.events().slice(-2));
    expect(resumed.json().map((e) => e.data.quotation.close)).toEqual(["b", "c"]);

    // Too old: the ring (5) no longer holds what follows that id.
    for (const c of ["d", "e", "f", "g", "h"]) push(c);
    await until(() => keeper.json("DAY_MARKET").length === 10);
    const stale = browser(hub.open(new AbortController().signal, ["DAY_MARKET"], { lastEventId: lastSeen }).sse.body);
    await until(() => stale.events().length > 0);
    expect(stale.events()).toHaveLength(1);
    const snap = stale.json("snapshot")[0];
    expect(snap.data.channel).toBe("DAY_MARKET");
    expect(snap.data.messages.map((m: Msg) => [m.currency_match_id, m.quotation.close])).toEqual([
      [1, "h"],
      [2, "snap"],
    ]);
    expect(Number(snap.id!.split("-")[1])).toBeGreaterThan(Number(keeper.events().at(-1)!.id!.split("-")[1]));

    // Unknown (another boot's) id: snapshot too.
    const foreign = browser(hub.open(new AbortController().signal, ["DAY_MARKET"], { lastEventId: "deadbeef-3" }).sse.body);
    await until(() => foreign.events().length > 0);
    expect(foreign.events().map((e) => e.event)).toEqual(["snapshot"]);
    await up.close();
  });

  it("keeps the current bar of every interval for a KLINE snapshot", async () => {
    const up = await fakeUpstream();
    const hub = makeHub(up.url);
    const first = browser(hub.open(new AbortController().signal, ["KLINE.BTCUSDT"]).sse.body);
    await until(() => up.log.some((m) => m.type === "sub"), 3000, "subscribed");
    const bar = (period: string, close: string) => up.send({ type: "KLINE", symbol: "BTC/USDT", currency_match_id: 1, period, close });
    bar("1min", "a");
    bar("1day", "b");
    bar("1min", "c");
    await until(() => first.events().length === 3, 3000, "bars");
    const late = browser(hub.open(new AbortController().signal, ["KLINE.BTCUSDT"]).sse.body);
    await until(() => late.events().length > 0, 3000, "snapshot");
    expect(late.json("snapshot")[0].data.messages.map((m: Msg) => [m.period, m.close])).toEqual([
      ["1min", "c"],
      ["1day", "b"],
    ]);
    await up.close();
  });

  it("cuts off a browser that stops reading, without touching the others", async () => {
    const up = await fakeUpstream();
    const hub = makeHub(up.url, { maxBufferedBytes: 64 * 1024 });
    const slow = hub.open(new AbortController().signal, ["DAY_MARKET"]).sse;
    const slowReader = slow.body.getReader(); // never reads
    const fine = browser(hub.open(new AbortController().signal, ["DAY_MARKET"]).sse.body);
    await until(() => fine.json("DAY_MARKET").length === 2);
    const big = "x".repeat(4000);
    for (let i = 0; i < 40; i++) up.send({ type: "DAY_MARKET", currency_match_id: 1, symbol: "BTC/USDT", quotation: { close: big } });
    await until(() => fine.json("DAY_MARKET").length === 42, 5000, "fast reader");
    expect(slow.closed).toBe(true);
    expect(slow.queuedBytes).toBe(0);
    await expect(slowReader.read()).rejects.toThrow(/stopped reading/);
    expect(hub.stats().streams).toBe(1);
    await up.close();
  });

  it("treats a silent upstream as dead and reconnects", async () => {
    const up = await fakeUpstream({ silent: true });
    const hub = makeHub(up.url, { pingMs: 20, deadAfterMs: 100 });
    hub.open(new AbortController().signal, ["DAY_MARKET"]);
    await until(() => up.connections >= 2, 3000, "reconnect after silence");
    expect(up.log.filter((m) => m.type === "ping").length).toBeGreaterThan(2);
    await up.close();
  });

  it("ends every stream and closes upstream sockets on close()", async () => {
    const up = await fakeUpstream();
    const hub = makeHub(up.url);
    const b = browser(hub.open(new AbortController().signal, ["DAY_MARKET", "TX_SUBMIT"], { user: { key: "1", token: "t" } }).sse.body);
    await until(() => up.sockets.size === 2);
    await hub.close();
    await until(() => b.done && up.sockets.size === 0, 3000, "closed");
    await up.close();
  });
});

describe("LiveHub against the real exchange", () => {
  let url: string;
  let ex: Exchange;
  let serverSockets: Set<Duplex>;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ url, ex, sockets: serverSockets, close } = await socketExchange("live-relay-", { simulator: true, tickMs: 100, log: () => {} }));
  });
  afterAll(() => close());

  it("a session signed out from another ends its streams at once; the owner's keep the user's events", async () => {
    const c = moneyClient(ex);
    const signIn = () => c.login("alice@example.com", "Alice2026");
    const [copied, owner] = [await signIn(), await signIn()];
    const hub = makeHub(url);
    const uid = ((await c.call("userInfo", {}, { token: owner })).data as { uid: string }).uid;
    const open = (token: string) =>
      browser(hub.open(new AbortController().signal, ["TX_SUBMIT"], { user: { key: sessionStreamKey(uid, token), token } }).sse.body);
    const [thief, mine] = [open(copied), open(owner)];
    await until(() => thief.text.includes("retry:") && mine.text.includes("retry:"), 3000, "both streams open");
    // Both sessions' sockets are signed in and subscribed before the owner acts.
    await new Promise((r) => setTimeout(r, 300));
    expect((await c.call("sessionRevoke", { all: 1 }, { token: owner })).code).toBe(1);
    await until(() => thief.done, 3000, "the copied session's stream to end");
    const order = await c.call("txInAdd", { currency_match_id: 2, number: "0.01", type: "limit", price: "100" }, { token: owner });
    expect(order.code).toBe(1);
    const orderId = (order.data as { id: number }).id;
    await until(() => mine.json("TX_SUBMIT").some((e) => e.data.order?.id === orderId), 3000, "the owner's event");
    expect(thief.json("TX_SUBMIT")).toEqual([]);
    expect(mine.done).toBe(false);
    expect((await c.call("txInCancel", { id: orderId }, { token: owner })).code).toBe(1);
  });

  it("survives 5 upstream kills in a row: backs off more each time, re-subscribes and relays fresh snapshots", async () => {
    // (A generous deadAfterMs: the exchange shares this process, and its start-up backfill can stall the loop.)
    const hub = makeHub(url, {
      backoffBaseMs: 20,
      backoffMaxMs: 200,
      stableAfterMs: 60_000,
      random: () => 1,
      pingMs: 500,
      deadAfterMs: 10_000,
    });
    const retries: Array<{ attempt: number; delay: number; at: number }> = [];
    const opens: number[] = [];
    hub.events.on("upstream:retry", (r) => retries.push({ ...r, at: Date.now() }));
    hub.events.on("upstream:open", () => opens.push(Date.now()));
    const b = browser(hub.open(new AbortController().signal, ["DAY_MARKET", "GLOBAL_TX.BTCUSDT"]).sse.body);
    await until(() => b.json("snapshot").length === 1 && b.json("DAY_MARKET").length > 0, 5000, "first snapshots");

    for (let kill = 1; kill <= 5; kill++) {
      const snapshotsBefore = b.json("snapshot").length;
      const dayBefore = b.json("DAY_MARKET").length;
      for (const s of serverSockets) s.destroy(); // the network drops
      await until(() => opens.length === kill + 1, 5000, `reconnect #${kill}`);
      await until(() => b.json("snapshot").length === snapshotsBefore + 1, 5000, `fresh snapshot #${kill}`);
      await until(() => b.json("DAY_MARKET").length > dayBefore, 5000, `DAY_MARKET after reconnect #${kill}`);
      const snap = b.json("snapshot").at(-1)!.data;
      expect(snap.channel).toBe("GLOBAL_TX.BTCUSDT");
      expect(snap.messages[0]).toMatchObject({ type: "GLOBAL_TX", symbol: "BTC/USDT" });
      // It waited at least the backoff before reconnecting.
      expect(opens[kill] - retries[kill - 1].at).toBeGreaterThanOrEqual(retries[kill - 1].delay - 5);
    }
    expect(retries.map((r) => r.delay)).toEqual([20, 40, 80, 160, 200]);
    expect(b.done).toBe(false);
    // The browser's ids stayed increasing across all five drops.
    const seqs = b.events().map((e) => Number(e.id!.split("-")[1]));
    expect([...seqs].sort((x, y) => x - y)).toEqual(seqs);
  });
});
