import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SPOT_ORDER_STATUS } from "../../../app/contract/core/index";
import { openDatabase, type DB } from "../db/index";
import { seedIfEmpty } from "../db/seed";
import { Hub } from "../hub";
import { credit as ledgerCredit } from "../ledger/index";
import { Market } from "../market";
import { createUser } from "../models/users";
import { createExchange } from "../index";
import { expectLockedIsHeld, heldFor } from "../../../tests/helpers/holds";
import { BUY, SELL } from "./book";
import { SpotEngine, type Command, type CommandResult, type EngineEvent, type OrderRow } from "./engine";
import { parseScaled } from "./fixed";
import { ensureSystemUsers } from "./market-maker";
import { StopBook, type Stop } from "./stops";

const SOL = 3; // SOL/USDT: price precision 2
const SOL_ID = 5;
const USDT_ID = 1;
const { OPEN, COMPLETED, CANCELLED, UNTRIGGERED } = SPOT_ORDER_STATUS;

describe("StopBook", () => {
  const s = (id: number, way: 1 | 2, trigger: string): Stop => ({ id, way, trigger: parseScaled(trigger) });

  it("gives the stops a price reached in the order they fire: sells highest trigger first, buys lowest first, equal triggers oldest first", () => {
    const book = new StopBook();
    for (const x of [
      s(1, SELL, "95"),
      s(2, SELL, "98"),
      s(3, SELL, "98"),
      s(4, SELL, "90"),
      s(5, BUY, "105"),
      s(6, BUY, "102"),
      s(7, BUY, "102"),
    ])
      book.add(x);
    expect(book.size).toBe(7);
    expect(book.next()).toEqual({ sell: parseScaled("98"), buy: parseScaled("102") });
    // Nothing reached between the triggers.
    expect(book.reached(parseScaled("99"), parseScaled("101"))).toEqual([]);
    // A trade at 95 (low) and 102 (high): sells at 98, 98, 95 and buys at 102, 102, in firing order.
    expect(book.reached(parseScaled("95"), parseScaled("102")).map((x) => x.id)).toEqual([2, 3, 1, 6, 7]);
    expect(book.reached(parseScaled("1"), parseScaled("1000")).map((x) => x.id)).toEqual([4, 5]);
    expect(book.size).toBe(0);
  });

  it("removes a stop wherever it sits, and only once", () => {
    const book = new StopBook();
    const stops = [s(1, SELL, "95"), s(2, SELL, "95"), s(3, SELL, "96"), s(4, BUY, "101")];
    for (const x of stops) book.add(x);
    expect(book.remove(stops[1])).toBe(true);
    expect(book.remove(stops[1])).toBe(false);
    expect(book.remove(stops[3])).toBe(true);
    expect(book.reached(parseScaled("1"), parseScaled("0")).map((x) => x.id)).toEqual([3, 1]);
  });
});

interface World {
  db: DB;
  market: Market;
  engine: SpotEngine;
  users: number[];
  events: EngineEvent[];
}

function world(): World {
  const db = openDatabase(":memory:");
  seedIfEmpty(db);
  const sys = ensureSystemUsers(db);
  const market = new Market(db, new Hub());
  const engine = new SpotEngine(db, market, { feeUserId: sys.feeCollectorId });
  const events: EngineEvent[] = [];
  engine.onEvents = (e) => events.push(...e);
  const users: number[] = [];
  for (let i = 0; i < 4; i++) {
    const id = createUser(db, { email: `stop-unit${i}@example.com`, passwordHash: "!", now: 1 });
    ledgerCredit(db, { userId: id, currencyId: USDT_ID, accountCode: "change_account", amount: "10000", type: "test" });
    ledgerCredit(db, { userId: id, currencyId: SOL_ID, accountCode: "change_account", amount: "100", type: "test" });
    users.push(id);
  }
  return { db, market, engine, users, events };
}

type Add = Omit<Extract<Command, { kind: "add" }>, "kind" | "matchId" | "type"> & { type?: "limit" | "market" };
const add = (w: World, c: Add) => w.engine.submit({ kind: "add", matchId: SOL, type: "limit", ...c });
const ok = (r: CommandResult): OrderRow => {
  if (!r.ok) throw new Error(`refused: ${r.error}`);
  return r.order;
};
const row = (w: World, id: number) => w.db.prepare("SELECT * FROM spot_orders WHERE id = ?").get(id) as OrderRow;
const balance = (w: World, u: number, c: number) =>
  w.db
    .prepare("SELECT balance, lock_balance FROM accounts WHERE user_id = ? AND currency_id = ? AND account_code = 'change_account'")
    .get(u, c) as {
    balance: string;
    lock_balance: string;
  };

/** The last price is 100: a trade between users 2 and 3. */
async function at100(w: World) {
  const [, , c, d] = w.users;
  ok(await add(w, { userId: c, way: SELL, price: "100", number: "1" }));
  ok(await add(w, { userId: d, way: BUY, price: "100", number: "1" }));
  expect(w.market.price(SOL)).toBe("100.00");
}

describe("stop-limit orders", () => {
  it("wait untriggered with their funds held, then go on the book in the batch of the trade that reaches the trigger", async () => {
    const w = world();
    const [a, b, c] = w.users;
    await at100(w);
    const stop = ok(await add(w, { userId: a, way: SELL, price: "94", number: "2", trigger: "95" }));
    expect(stop).toMatchObject({ status: UNTRIGGERED, trigger_price: "95.00", triggered_at: null, locked: "2" });
    expect(heldFor(w.db, "spot_order", stop.id)).toBe("2");
    expect(balance(w, a, SOL_ID)).toEqual({ balance: "98", lock_balance: "2" });
    expect(w.engine.book(SOL)!.size).toBe(0);
    // A trade at 96 does not reach it; bids wait at 95 and 94.5.
    ok(await add(w, { userId: b, way: BUY, price: "96", number: "0.5" }));
    ok(await add(w, { userId: c, way: SELL, price: "96", number: "0.5" }));
    expect(row(w, stop.id).status).toBe(UNTRIGGERED);
    ok(await add(w, { userId: b, way: BUY, price: "95", number: "1" }));
    ok(await add(w, { userId: b, way: BUY, price: "94.5", number: "0.5" }));
    w.events.length = 0;
    // A market sell hits 95: the stop fires in this batch, before the taker's answer, and sells 1 at 95 and 94.5.
    const taker = ok(await add(w, { userId: c, way: SELL, type: "market", number: "0.5" }));
    expect(taker.transacted_amount).toBe("0.5");
    const fired = row(w, stop.id);
    expect(fired).toMatchObject({ status: OPEN, transacted_amount: "1", triggered_at: taker.created_at, locked: "1" });
    // Its rest (0.5 at 94) is on the book, queued as of its trigger.
    expect(w.engine.book(SOL)!.view().asks).toEqual([
      { price: parseScaled("94"), total: parseScaled("1"), orders: [{ id: stop.id, userId: a, remaining: parseScaled("1") }] },
    ]);
    const trigger = w.events.find((e) => e.kind === "trigger");
    expect(trigger).toMatchObject({ kind: "trigger", userId: a, trigger: "95.00", order: { id: stop.id, status: OPEN } });
    // Its fills were a taker's.
    const fills = w.db.prepare("SELECT role, price, number, fee FROM spot_fills WHERE order_id = ? ORDER BY id").all(stop.id);
    expect(fills).toEqual([
      { role: "taker", price: "95.00", number: "0.5", fee: "0.0475" },
      { role: "taker", price: "94.50", number: "0.5", fee: "0.04725" },
    ]);
    expectLockedIsHeld(w.db);
    w.db.close();
  });

  it("cascade: a triggered stop's own trades fire the stops they reach, in the same batch, in price order", async () => {
    const w = world();
    const [a, b, c] = w.users;
    await at100(w);
    // Sell stops at 99 (its order sells down to 97) and 98 and 97.5; bids at 99, 98, 97.
    const s99 = ok(await add(w, { userId: a, way: SELL, price: "97", number: "2", trigger: "99" }));
    const s98 = ok(await add(w, { userId: a, way: SELL, price: "90", number: "1", trigger: "98" }));
    const s975 = ok(await add(w, { userId: b, way: SELL, price: "90", number: "1", trigger: "97.5" }));
    const s90 = ok(await add(w, { userId: b, way: SELL, price: "80", number: "1", trigger: "90" }));
    for (const p of ["99", "98", "97", "96"]) ok(await add(w, { userId: c, way: BUY, price: p, number: "1" }));
    // A sale at 99 reaches only the 99 stop; its order takes 98 and 97, which reach the 98 and 97.5 stops; theirs take 96.
    const first = ok(await add(w, { userId: c, way: SELL, price: "99", number: "1" }));
    expect(first.transacted_amount).toBe("1");
    const [r99, r98, r975, r90] = [s99, s98, s975, s90].map((s) => row(w, s.id));
    expect([r99.triggered_at, r98.triggered_at, r975.triggered_at]).toEqual([first.created_at, first.created_at, first.created_at]);
    expect(r99).toMatchObject({ status: COMPLETED, transacted_amount: "2", transacted_volume: "195" });
    // The 98 stop fired before the 97.5 one (the price reaches the higher sell trigger first): it took the bid at 96.
    expect(r98).toMatchObject({ status: COMPLETED, transacted_volume: "96" });
    expect(r975).toMatchObject({ status: OPEN, transacted_amount: "0", queued: expect.any(Number) });
    expect(r90).toMatchObject({ status: UNTRIGGERED, triggered_at: null });
    const triggers = w.events.filter((e) => e.kind === "trigger").map((e) => (e as { order: OrderRow }).order.id);
    expect(triggers).toEqual([s99.id, s98.id, s975.id]);
    expectLockedIsHeld(w.db);
    w.db.close();
  });

  it("refuses a trigger on the wrong side of the last price, a stop without a limit price, and more than the balance, on their fields, moving nothing", async () => {
    const w = world();
    const [a] = w.users;
    await at100(w);
    const before = balance(w, a, SOL_ID);
    expect(await add(w, { userId: a, way: SELL, price: "99", number: "1", trigger: "100" })).toEqual({
      ok: false,
      error: "trigger_below_last",
      vars: { price: "100.00" },
      field: "trigger_price",
    });
    expect(await add(w, { userId: a, way: BUY, price: "101", number: "1", trigger: "99.99" })).toMatchObject({
      ok: false,
      error: "trigger_above_last",
      field: "trigger_price",
    });
    expect(await add(w, { userId: a, way: SELL, price: undefined, number: "1", trigger: "90" })).toMatchObject({
      error: "price_required",
      field: "price",
    });
    expect(await add(w, { userId: a, way: SELL, price: "89", number: "1", trigger: "90.001" })).toMatchObject({
      error: "trigger_precision",
      field: "trigger_price",
    });
    expect(await add(w, { userId: a, way: SELL, price: "89", number: "101", trigger: "90" })).toMatchObject({
      error: "insufficient_balance",
      field: "number",
    });
    expect(balance(w, a, SOL_ID)).toEqual(before);
    expect(w.db.prepare("SELECT COUNT(*) AS n FROM spot_orders WHERE user_id = ?").get(a)).toEqual({ n: 0 });
    w.db.close();
  });
});

describe("OCO orders", () => {
  it("a fill of the limit order, even partial, cancels the stop and gives back what the stop's dearer price held", async () => {
    const w = world();
    const [a, , c] = w.users;
    await at100(w);
    const before = balance(w, a, USDT_ID);
    // A buy OCO: limit 95 below the price, stop at 105 with a limit of 106. One hold: 106 × 2 = 212.
    const r = await w.engine.submit({
      kind: "oco",
      userId: a,
      matchId: SOL,
      way: BUY,
      number: "2",
      price: "95",
      trigger: "105",
      stopPrice: "106",
    });
    if (!r.ok) throw new Error(r.error);
    const [limit, stop] = [r.order, r.linked!];
    expect(limit).toMatchObject({ status: OPEN, oco_id: limit.id, locked: "212" });
    expect(stop).toMatchObject({ status: UNTRIGGERED, oco_id: limit.id, trigger_price: "105.00", locked: "0", id: limit.id + 1 });
    expect(heldFor(w.db, "spot_order", limit.id)).toBe("212");
    expect(balance(w, a, USDT_ID).lock_balance).toBe("212");
    // 0.5 fills at 95: the stop is cancelled, the hold keeps 95 × 1.5 for the rest of the limit order.
    ok(await add(w, { userId: c, way: SELL, price: "95", number: "0.5" }));
    expect(row(w, stop.id)).toMatchObject({ status: CANCELLED, triggered_at: null });
    expect(row(w, limit.id)).toMatchObject({ status: OPEN, transacted_amount: "0.5", locked: "142.5" });
    expect(heldFor(w.db, "spot_order", limit.id)).toBe("142.5");
    expect(balance(w, a, USDT_ID)).toEqual({ balance: String(Number(before.balance) - 47.5 - 142.5), lock_balance: "142.5" });
    // The price then rises past 105: nothing fires.
    ok(await add(w, { userId: c, way: SELL, price: "110", number: "1" }));
    ok(await add(w, { userId: w.users[3], way: BUY, price: "110", number: "1" }));
    expect(row(w, stop.id).status).toBe(CANCELLED);
    expectLockedIsHeld(w.db);
    w.db.close();
  });

  it("a trigger of the stop cancels the limit order; the stop's order takes over the one hold", async () => {
    const w = world();
    const [a, b, c] = w.users;
    await at100(w);
    // A sell OCO: take profit at 110, stop at 95 selling down to 94.
    const r = await w.engine.submit({
      kind: "oco",
      userId: a,
      matchId: SOL,
      way: SELL,
      number: "1",
      price: "110",
      trigger: "95",
      stopPrice: "94",
    });
    if (!r.ok) throw new Error(r.error);
    const [limit, stop] = [r.order, r.linked!];
    expect(heldFor(w.db, "spot_order", limit.id)).toBe("1");
    ok(await add(w, { userId: b, way: BUY, price: "94.5", number: "3" }));
    ok(await add(w, { userId: c, way: SELL, type: "market", number: "1" }));
    expect(row(w, limit.id)).toMatchObject({ status: CANCELLED, transacted_amount: "0", locked: "0" });
    expect(row(w, stop.id)).toMatchObject({ status: COMPLETED, transacted_amount: "1", transacted_volume: "94.5" });
    expect(w.engine.book(SOL)!.view().asks).toEqual([]);
    expect(heldFor(w.db, "spot_order", limit.id)).toBe("0");
    expect(balance(w, a, SOL_ID)).toEqual({ balance: "99", lock_balance: "0" });
    expectLockedIsHeld(w.db);
    w.db.close();
  });

  it("refuses a limit price on the wrong side, and cancelling either order cancels both and frees the hold once", async () => {
    const w = world();
    const [a] = w.users;
    await at100(w);
    const oco = (price: string) =>
      w.engine.submit({ kind: "oco", userId: a, matchId: SOL, way: SELL, number: "1", price, trigger: "95", stopPrice: "94" });
    expect(await oco("99")).toMatchObject({ ok: false, error: "oco_price_below_last", field: "price" });
    expect(
      await w.engine.submit({ kind: "oco", userId: a, matchId: SOL, way: SELL, number: "1", price: "110", trigger: "95", stopPrice: "" }),
    ).toMatchObject({
      ok: false,
      error: "price_required",
      field: "stop_price",
    });
    const r = await oco("110");
    if (!r.ok) throw new Error(r.error);
    const c = await w.engine.submit({ kind: "cancel", userId: a, orderId: r.linked!.id });
    expect(c).toMatchObject({ ok: true, order: { id: r.linked!.id, status: CANCELLED }, linked: { id: r.order.id, status: CANCELLED } });
    expect(balance(w, a, SOL_ID)).toEqual({ balance: "100", lock_balance: "0" });
    expect(await w.engine.submit({ kind: "cancel", userId: a, orderId: r.order.id })).toMatchObject({ ok: false, error: "order_not_open" });
    expectLockedIsHeld(w.db);
    w.db.close();
  });
});

describe("cancel all", () => {
  it("cancels every working order of the pair, or of every pair, and answers them", async () => {
    const w = world();
    const [a] = w.users;
    await at100(w);
    ok(await add(w, { userId: a, way: BUY, price: "90", number: "1" }));
    ok(await add(w, { userId: a, way: SELL, price: "90", number: "1", trigger: "95" }));
    await w.engine.submit({ kind: "oco", userId: a, matchId: SOL, way: SELL, number: "1", price: "110", trigger: "95", stopPrice: "94" });
    ok(await w.engine.submit({ kind: "add", userId: a, matchId: 1, way: BUY, type: "limit", price: "100", number: "0.01" }));
    const pair = await w.engine.submit({ kind: "cancel_all", userId: a, matchId: SOL });
    expect(pair.ok && pair.cancelled.map((o) => o.status)).toEqual([CANCELLED, CANCELLED, CANCELLED, CANCELLED]);
    expect(w.engine.openOrdersOf(a)).toHaveLength(1);
    const all = await w.engine.submit({ kind: "cancel_all", userId: a });
    expect(all.ok && all.cancelled.map((o) => o.match_id)).toEqual([1]);
    expect(w.engine.openOrdersOf(a)).toEqual([]);
    expect(w.db.prepare("SELECT COUNT(*) AS n FROM accounts WHERE user_id = ? AND lock_balance <> '0'").get(a)).toEqual({ n: 0 });
    expectLockedIsHeld(w.db);
    w.db.close();
  });
});

describe("stops across a restart", () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), "stops-restart-"));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("keeps untriggered stops and OCOs with their holds, and fires them after the restart", async () => {
    const ex = createExchange({ dataDir: dir, simulator: false, marketMaker: false, log: () => {} });
    const id = (email: string) => (ex.db.prepare("SELECT id FROM users WHERE email = ?").get(email) as { id: number }).id;
    const [demo, bob] = [id("demo@example.com"), id("bob@example.com")];
    const sub = (c: Exclude<Command, { kind: "cancel_all" }>) => ex.engine.submit(c);
    ok(await sub({ kind: "add", userId: demo, matchId: SOL, way: SELL, type: "limit", price: "100", number: "1" }));
    ok(await sub({ kind: "add", userId: bob, matchId: SOL, way: BUY, type: "limit", price: "100", number: "1" }));
    const stop = ok(
      await sub({ kind: "add", userId: demo, matchId: SOL, way: SELL, type: "limit", price: "90", number: "0.5", trigger: "95" }),
    );
    const oco = await sub({
      kind: "oco",
      userId: demo,
      matchId: SOL,
      way: SELL,
      number: "0.25",
      price: "120",
      trigger: "96",
      stopPrice: "90",
    });
    if (!oco.ok) throw new Error(oco.error);
    await ex.close();
    const again = createExchange({ dataDir: dir, simulator: false, marketMaker: false, log: () => {} });
    expect([...again.engine.stops.get(SOL)!.sells].map((s) => s.id).sort()).toEqual([stop.id, oco.linked!.id].sort());
    expect(
      again.engine
        .book(SOL)!
        .view()
        .asks.map((l) => l.orders.map((o) => o.id)),
    ).toEqual([[oco.order.id]]);
    // A sale at 95 after the restart fires both: the OCO's stop cancels its limit order.
    ok(await again.engine.submit({ kind: "add", userId: bob, matchId: SOL, way: BUY, type: "limit", price: "95", number: "2" }));
    ok(await again.engine.submit({ kind: "add", userId: demo, matchId: SOL, way: SELL, type: "limit", price: "95", number: "0.1" }));
    const get = (i: number) => again.db.prepare("SELECT status, transacted_amount FROM spot_orders WHERE id = ?").get(i);
    expect(get(stop.id)).toEqual({ status: COMPLETED, transacted_amount: "0.5" });
    expect(get(oco.linked!.id)).toEqual({ status: COMPLETED, transacted_amount: "0.25" });
    expect(get(oco.order.id)).toEqual({ status: CANCELLED, transacted_amount: "0" });
    expectLockedIsHeld(again.db);
    await again.close();
  });
});
