import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import WebSocket from "ws";
import { metrics } from "../app/lib/metrics.server";
import { createLogger } from "../app/lib/log.server";
import { startExchangeThread, type ThreadedExchange } from "./exchange-thread";

/**
 * EXCHANGE_THREAD=on: the embedded exchange on a worker thread, reached from this thread through the same shape the
 * app uses (handle, handleUpgrade, health, close), on a database of its own.
 */
const log = createLogger({ level: "silent" });
let dir = "";
let exchange: ThreadedExchange;
let server: Server;
let wsBase = "";

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "exchange-thread-"));
  exchange = await startExchangeThread({ dataDir: dir, demo: true, simulator: false, marketMaker: true }, log);
  // The app's public port as server/index.ts wires it: /ws upgrades handed to the exchange's handleUpgrade.
  server = createServer((_req, res) => res.writeHead(404).end());
  server.on("upgrade", (req, socket, head) => exchange.handleUpgrade(req, socket, head));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  wsBase = `ws://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 60_000);

afterAll(async () => {
  await exchange?.close();
  server?.close();
  rmSync(dir, { recursive: true, force: true });
});

const api = (path: string, init?: RequestInit) => new Request(`http://exchange.internal/api/${path}`, init);
const json = (body: unknown, headers: Record<string, string> = {}): RequestInit => ({
  method: "POST",
  headers: { "content-type": "application/json", ...headers },
  body: JSON.stringify(body),
});

async function signIn(): Promise<string> {
  const demo = exchange.demoAccounts[0]!;
  const r = await exchange.handle(api("user/login", json({ account: demo.email, password: demo.password, login_type: "email" })));
  const body = (await r.json()) as { code: number; data: string };
  expect([r.status, body.code]).toEqual([200, 1]);
  return body.data;
}

/** Messages of one socket, awaited by a predicate. */
function messagesOf(ws: WebSocket) {
  const seen: Record<string, unknown>[] = [];
  const waiters: (() => void)[] = [];
  ws.on("message", (raw) => {
    seen.push(JSON.parse(raw.toString()));
    for (const w of waiters.splice(0)) w();
  });
  return async (match: (m: Record<string, unknown>) => boolean) => {
    for (;;) {
      const found = seen.find(match);
      if (found) return found;
      await new Promise<void>((resolve) => waiters.push(resolve));
    }
  };
}

describe("the exchange on its own thread", () => {
  it("answers contract calls across the thread: a public market call and a sign-in whose token then works", async () => {
    const pairs = await exchange.handle(api("market/currency_matches"));
    expect(pairs.status).toBe(200);
    expect(pairs.headers.get("content-type")).toMatch(/application\/json/);
    const listed = (await pairs.json()) as { code: number; data: unknown[] };
    expect(listed.code).toBe(1);
    expect(listed.data.length).toBeGreaterThan(0);

    const token = await signIn();
    const info = await exchange.handle(api("user/info", { headers: { authorization: `Bearer ${token}` } }));
    expect(((await info.json()) as { code: number }).code).toBe(1);
  });

  it("asks this thread for a public caller's rate limit, with the call and its payload, and answers 429 when refused", async () => {
    const asked: [string, unknown][] = [];
    const r = await exchange.handle(api("user/login", json({ account: "someone@example.com", password: "Wrong1x", login_type: "email" })), {
      client: { ip: "203.0.113.9", device: "test" },
      limit: (call, payload) => {
        asked.push([call, payload.account]);
        return Promise.resolve({ retryAfter: 42 });
      },
    });
    expect(asked).toEqual([["login", "someone@example.com"]]);
    expect(r.status).toBe(429);
    expect(r.headers.get("retry-after")).toBe("42");
  });

  it("refuses a body over the main thread's limit with 413, as the exchange does on its own thread", async () => {
    const tooLarge = Object.assign(new Error("request body over 10 bytes"), { name: "PayloadTooLargeError" });
    const body = new ReadableStream({ start: (controller) => controller.error(tooLarge) });
    const r = await exchange.handle(
      api("user/login", { method: "POST", headers: { "content-type": "application/json" }, body, duplex: "half" } as RequestInit),
    );
    expect(r.status).toBe(413);
  });

  it("rejects a call whose signal aborts before the answer, as fetch does (the readiness probe's time limit)", async () => {
    const controller = new AbortController();
    const answer = exchange.handle(api("market/currency_matches", { signal: controller.signal }));
    controller.abort();
    await expect(answer).rejects.toThrow(/abort/i);
    // The thread still answers the next call.
    expect((await exchange.handle(api("market/currency_matches"))).status).toBe(200);
  });

  it("pipes a /ws socket to the thread: a public subscription gets its snapshot, a signed-in one its private channel", async () => {
    const token = await signIn();
    const ws = new WebSocket(`${wsBase}/ws`);
    const next = messagesOf(ws);
    await new Promise((resolve, reject) => ws.once("open", resolve).once("error", reject));
    ws.send(JSON.stringify({ type: "sub", channel: "MARKET_DEPTH.BTCUSDT" }));
    expect(await next((m) => m.type === "sub")).toMatchObject({ channel: "MARKET_DEPTH.BTC/USDT", code: 1 });
    expect(await next((m) => m.type === "MARKET_DEPTH")).toMatchObject({ symbol: "BTC/USDT" });
    ws.send(JSON.stringify({ type: "login", token }));
    expect(await next((m) => m.type === "login")).toMatchObject({ code: 1 });
    ws.send(JSON.stringify({ type: "sub", channel: "TX_MATCHED" }));
    expect(await next((m) => m.type === "SPOT_ORDERS")).toMatchObject({ channel: "TX_MATCHED" });
    // The open socket reaches this thread's figures with the thread's next state.
    while (exchange.stats().wsClients < 1) await new Promise((r) => setTimeout(r, 50));
    ws.close();
  });

  it("feeds the engine's batches (the market maker's quotes) into this thread's metrics, and is healthy", async () => {
    const acks = async () => (await metrics().acks.get()).values.reduce((n, v) => n + v.value, 0);
    while ((await acks()) === 0) await new Promise((r) => setTimeout(r, 50));
    expect(await acks()).toBeGreaterThan(0);
    expect(exchange.health()).toEqual({ ok: true });
  });

  it("a start that fails rejects with the exchange's reason and leaves this process running", async () => {
    const other = mkdtempSync(join(tmpdir(), "exchange-thread-"));
    await expect(startExchangeThread({ dataDir: other, demo: false }, log)).rejects.toThrow(/listing|real exchange/i);
    rmSync(other, { recursive: true, force: true });
  });

  it("closes when asked: then unhealthy, and calls answer 503 in the caller's language", async () => {
    const second = await startExchangeThread(
      { dataDir: mkdtempSync(join(tmpdir(), "exchange-thread-")), demo: true, simulator: false, marketMaker: false },
      log,
    );
    expect(second.health()).toEqual({ ok: true });
    await second.close();
    expect(second.health().ok).toBe(false);
    const answer = await second.handle(api("market/currency_matches", { headers: { lang: "de" } }));
    expect(answer.status).toBe(503);
    expect(await answer.json()).toMatchObject({ code: 0, msg: "Serverfehler" });
  });
});
