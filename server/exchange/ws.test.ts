import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WebSocket } from "ws";
import {
  KLINE_PERIODS,
  WsDayMarketSchema,
  WsGlobalTxSchema,
  WsKlineSchema,
  WsMarketDepthSchema,
  WsSpotOrdersSchema,
  WsTxMatchedSchema,
  WsTxSubmitSchema,
} from "../../app/contract/index";
import { recordTrade, type Exchange } from "./index";
import { moneyClient } from "../../tests/helpers/money-client";
import { socketExchange } from "../../tests/helpers/socket-exchange";

let ex: Exchange;
let url: string;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ ex, url, close } = await socketExchange("exchange-ws-", { simulator: false, log: () => {} }));
  await ex.ready;
});
afterAll(() => close());

/** A client that queues messages and lets a test wait for the next one matching a predicate. */
async function connect() {
  const ws = new WebSocket(url);
  const inbox: any[] = [];
  const waiters: Array<{ pred: (m: any) => boolean; resolve: (m: any) => void }> = [];
  ws.on("message", (raw) => {
    const m = JSON.parse(raw.toString());
    const i = waiters.findIndex((w) => w.pred(m));
    if (i >= 0) waiters.splice(i, 1)[0].resolve(m);
    else inbox.push(m);
  });
  await new Promise((r, j) => (ws.once("open", r), ws.once("error", j)));
  return {
    ws,
    send: (m: unknown) => ws.send(JSON.stringify(m)),
    /** What arrived and no waiter took. */
    inbox: () => [...inbox],
    next(pred: (m: any) => boolean): Promise<any> {
      const i = inbox.findIndex(pred);
      if (i >= 0) return Promise.resolve(inbox.splice(i, 1)[0]);
      return new Promise((resolve, reject) => {
        waiters.push({ pred, resolve });
        // Generous: under a loaded machine (the whole suite on 2 cores) a push can take seconds; a pass never waits for it.
        setTimeout(() => reject(new Error("timeout waiting for message")), 10_000);
      });
    },
  };
}

describe("/ws", () => {
  it("answers ping with pong and sends a DAY_MARKET snapshot on subscribe", async () => {
    const c = await connect();
    c.send({ type: "ping" });
    expect(await c.next((m) => m.type === "pong")).toEqual({ type: "pong" });
    c.send({ type: "sub", channel: "DAY_MARKET" });
    expect(await c.next((m) => m.type === "sub")).toEqual({ type: "sub", channel: "DAY_MARKET", code: 1 });
    const dm = WsDayMarketSchema.parse(await c.next((m) => m.type === "DAY_MARKET" && m.currency_match_id === 1));
    expect(dm.symbol).toBe("BTC/USDT");
    expect(dm.quotation.close).toBe("64000.00");
    c.ws.close();
  });

  it("pushes trades on GLOBAL_TX.<symbol>, whatever the symbol's spelling", async () => {
    const c = await connect();
    c.send({ type: "sub", channel: "GLOBAL_TX.ethusdt" });
    expect(await c.next((m) => m.type === "sub")).toMatchObject({ channel: "GLOBAL_TX.ETH/USDT", code: 1 });
    await c.next((m) => m.type === "GLOBAL_TX"); // snapshot
    recordTrade(ex, 2, { way: 2, price: "3401.5", number: "0.3" });
    const push = WsGlobalTxSchema.parse(await c.next((m) => m.type === "GLOBAL_TX"));
    expect(push.completes[0]).toMatchObject({ way: 2, price: "3401.50", number: "0.3" });
    c.send({ type: "sub", channel: "NOPE" });
    expect(await c.next((m) => m.type === "sub")).toMatchObject({ code: 0 });
    c.ws.close();
  });

  it("needs a login for private channels", async () => {
    const c = await connect();
    c.send({ type: "sub", channel: "TX_MATCHED" });
    expect(await c.next((m) => m.type === "sub")).toMatchObject({ code: 999 });
    c.send({ type: "login", token: "bad" });
    expect(await c.next((m) => m.type === "login")).toEqual({ type: "login", code: 999 });
    const res = await ex.handle(
      new Request("http://x/api/user/login", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ account: "demo@example.com", password: "Trade2026" }),
      }),
    );
    const token = ((await res.json()) as { data: string }).data;
    c.send({ type: "login", token });
    expect(await c.next((m) => m.type === "login")).toEqual({ type: "login", code: 1 });
    c.send({ type: "sub", channel: "TX_MATCHED" });
    expect(await c.next((m) => m.type === "sub")).toMatchObject({ code: 1 });
    c.ws.close();
  });

  it("a session that ends loses its socket's private channels at once; the user's other sessions keep theirs", async () => {
    const c = moneyClient(ex);
    const signIn = () => c.login("demo@example.com", "Trade2026");
    // A copied session (another device), and the owner's own.
    const copied = await signIn();
    const owner = await signIn();
    const [thief, mine] = [await connect(), await connect()];
    for (const [c, token] of [
      [thief, copied],
      [mine, owner],
    ] as const) {
      c.send({ type: "login", token });
      expect(await c.next((m) => m.type === "login")).toEqual({ type: "login", code: 1 });
      c.send({ type: "sub", channel: "TX_SUBMIT" });
      expect(await c.next((m) => m.type === "sub")).toMatchObject({ code: 1 });
    }
    // The owner signs every other session out: the copied one's socket is told, and its private channel is gone.
    expect((await c.call("sessionRevoke", { all: 1 }, { token: owner })).code).toBe(1);
    expect(await thief.next((m) => m.type === "login")).toEqual({ type: "login", code: 999 });
    const order = await c.call("txInAdd", { currency_match_id: 2, number: "0.01", type: "limit", price: "100" }, { token: owner });
    expect(order.code).toBe(1);
    const orderId = (order.data as { id: number }).id;
    // The owner's socket hears of the order; the copied one does not, and cannot subscribe again.
    expect(await mine.next((m) => m.type === "TX_SUBMIT" && m.order?.id === orderId)).toBeTruthy();
    thief.send({ type: "sub", channel: "TX_SUBMIT" });
    expect(await thief.next((m) => m.type === "sub")).toMatchObject({ code: 999 });
    thief.send({ type: "ping" });
    await thief.next((m) => m.type === "pong");
    expect(thief.inbox().filter((m) => m.type === "TX_SUBMIT" && m.order?.id === orderId)).toEqual([]);
    expect((await c.call("txInCancel", { id: orderId }, { token: owner })).code).toBe(1);
    thief.ws.close();
    mine.ws.close();
  });

  it("streams depth, trades, klines and my private order events; snapshots on subscribe", async () => {
    const login = async (account: string, password: string) => {
      const res = await ex.handle(
        new Request("http://x/api/user/login", {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ account, password }),
        }),
      );
      return ((await res.json()) as { data: string }).data;
    };
    const demoToken = await login("demo@example.com", "Trade2026");
    const aliceToken = await login("alice@example.com", "Alice2026");
    const me = await connect();
    me.send({ type: "login", token: demoToken, lang: "de" });
    await me.next((m) => m.type === "login");
    me.send({ type: "sub", channel: "TX_SUBMIT" });
    me.send({ type: "sub", channel: "TX_MATCHED" });
    expect(WsSpotOrdersSchema.parse(await me.next((m) => m.type === "SPOT_ORDERS" && m.channel === "TX_SUBMIT")).orders).toEqual([]);
    await me.next((m) => m.type === "SPOT_ORDERS" && m.channel === "TX_MATCHED");
    const other = await connect();
    other.send({ type: "login", token: aliceToken });
    await other.next((m) => m.type === "login");
    other.send({ type: "sub", channel: "TX_SUBMIT" });
    await other.next((m) => m.type === "SPOT_ORDERS");

    const pub = await connect();
    pub.send({ type: "sub", channel: "MARKET_DEPTH.ETH_USDT" });
    pub.send({ type: "sub", channel: "KLINE.ETHUSDT" });
    const depth = WsMarketDepthSchema.parse(await pub.next((m) => m.type === "MARKET_DEPTH"));
    expect(depth.depth.in.length).toBeGreaterThanOrEqual(15);
    expect(depth.depth.out.length).toBeGreaterThanOrEqual(15);
    const bestAsk = depth.depth.out[0];
    const bars = [];
    for (let i = 0; i < KLINE_PERIODS.length; i++) bars.push(WsKlineSchema.parse(await pub.next((m) => m.type === "KLINE")));
    expect(bars.map((b) => b.period)).toEqual([...KLINE_PERIODS]);

    const res = await ex.handle(
      new Request("http://x/api/tx_in/add", {
        method: "POST",
        headers: { "content-type": "application/json", authorization: demoToken },
        body: JSON.stringify({ currency_match_id: 2, number: "0.1", type: "market" }),
      }),
    );
    expect(((await res.json()) as { code: number }).code).toBe(1);
    const submit = WsTxSubmitSchema.parse(await me.next((m) => m.type === "TX_SUBMIT"));
    expect(submit.order).toMatchObject({ way: 1, way_name: "Kauf", transacted_amount: "0.1", status: 1 });
    expect(submit.base_account.currency_code).toBe("ETH");
    expect(submit.base_account.balance).toBe("5.0999");
    const matched = WsTxMatchedSchema.parse(await me.next((m) => m.type === "TX_MATCHED"));
    expect(matched).toMatchObject({ id: submit.order.id, way: 1, price: bestAsk.price, number: "0.1", symbol: "ETH/USDT" });
    expect(matched.quote_account.currency_code).toBe("USDT");
    const kline = WsKlineSchema.parse(await pub.next((m) => m.type === "KLINE" && m.period === "1min" && m.close === bestAsk.price));
    expect(kline.symbol).toBe("ETH/USDT");
    const after = WsMarketDepthSchema.parse(await pub.next((m) => m.type === "MARKET_DEPTH"));
    expect(after.depth.out[0].price === bestAsk.price ? after.depth.out[0].amount : "gone").not.toBe(bestAsk.amount);
    // Alice hears nothing of demo's orders.
    await new Promise((r) => setTimeout(r, 100));
    await expect(other.next((m) => m.type === "TX_SUBMIT")).rejects.toThrow();
    for (const c of [me, other, pub]) c.ws.close();
  });
});
