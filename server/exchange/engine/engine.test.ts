import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../db/index";
import { seedIfEmpty } from "../db/seed";
import { Hub } from "../hub";
import { Market } from "../market";
import { createExchange } from "../index";
import { BUY, SELL, type Way } from "./book";
import { SpotEngine, type AddCommand, type CancelCommand, type CommandResult } from "./engine";

type Command = AddCommand | CancelCommand;
import { formatScaled, parseScaled, QUOTE_DIGITS } from "./fixed";
import { ensureSystemUsers } from "./market-maker";
import { expectLockedIsHeld, heldFor } from "../../../tests/helpers/holds";
import { cancelArb, fundedTraders, limitArb, marketArb, SOL, SOL_ID, spotOrder, spotTotals, USDT_ID, type SpotWorld } from "./test-support";

const BTC_ID = 2;
const SOL_BTC = 12; // price precision 7: price × quantity carries up to 13 decimals

function world(): SpotWorld {
  const db = openDatabase(":memory:");
  seedIfEmpty(db);
  const sys = ensureSystemUsers(db);
  const market = new Market(db, new Hub());
  const engine = new SpotEngine(db, market, { feeUserId: sys.feeCollectorId, feeExempt: [], marketMakerIds: [] });
  const users = fundedTraders(db, "trader", { [USDT_ID]: "2500.5", [SOL_ID]: "17.25", [BTC_ID]: "0.0375" }, Date.now());
  return { db, market, engine, users, feeUser: sys.feeCollectorId };
}

/** A naive reference book: price-time priority by sorting on every call. */
interface ModelOrder {
  id: number;
  way: Way;
  price: bigint;
  remaining: bigint;
}

function modelView(orders: Map<number, ModelOrder>, way: Way): Array<[string, Array<[number, string]>]> {
  const list = [...orders.values()]
    .filter((o) => o.way === way)
    .sort((a, b) => (a.price === b.price ? a.id - b.id : way === BUY ? (a.price > b.price ? -1 : 1) : a.price < b.price ? -1 : 1));
  const out: Array<[string, Array<[number, string]>]> = [];
  for (const o of list) {
    const price = formatScaled(o.price);
    if (out.length === 0 || out[out.length - 1][0] !== price) out.push([price, []]);
    out[out.length - 1][1].push([o.id, formatScaled(o.remaining)]);
  }
  return out;
}

function engineView(engine: SpotEngine, matchId: number) {
  const v = engine.book(matchId)!.view();
  const side = (levels: typeof v.bids) =>
    levels.map((l) => [formatScaled(l.price), l.orders.map((o) => [o.id, formatScaled(o.remaining)])]);
  return { bids: side(v.bids), asks: side(v.asks) };
}

const commandArb = (nUsers: number) =>
  fc.oneof(
    { weight: 5, arbitrary: limitArb(nUsers, 8, 4_000_000) },
    { weight: 1, arbitrary: marketArb(nUsers, 6_000_000) },
    { weight: 3, arbitrary: cancelArb(nUsers) },
  );

describe("SpotEngine properties", () => {
  it.each([
    { matchId: SOL, quoteId: USDT_ID, mid: "150", tick: "0.25" },
    { matchId: SOL_BTC, quoteId: BTC_ID, mid: "0.0022662", tick: "0.0000013" },
  ])(
    "pair $matchId: keeps the book uncrossed, fills at the maker's price in price-time order, conserves every decimal, never goes negative",
    async ({ matchId, quoteId, mid, tick }) => {
      const SOL = matchId;
      const USDT_ID = quoteId;
      const w = world();
      const start = spotTotals(w.db);
      const model = new Map<number, ModelOrder>();
      const checkBalances = () => {
        const neg = w.db
          .prepare("SELECT COUNT(*) AS n FROM accounts WHERE CAST(balance AS TEXT) LIKE '-%' OR CAST(lock_balance AS TEXT) LIKE '-%'")
          .get() as { n: number };
        expect(neg.n).toBe(0);
        // Every user's locked funds are exactly what their open orders hold.
        for (const u of w.users) {
          const open = w.engine.openOrdersOf(u, SOL);
          const lockedQuote = open.filter((o) => o.way === BUY).reduce((s, o) => s + parseScaled(o.locked, QUOTE_DIGITS), 0n);
          const lockedBase = open.filter((o) => o.way === SELL).reduce((s, o) => s + parseScaled(o.locked), 0n);
          const acc = (c: number) =>
            (
              w.db
                .prepare("SELECT lock_balance FROM accounts WHERE user_id = ? AND currency_id = ? AND account_code = 'change_account'")
                .get(u, c) as { lock_balance: string }
            ).lock_balance;
          expect(parseScaled(acc(USDT_ID), QUOTE_DIGITS)).toBe(lockedQuote);
          expect(parseScaled(acc(SOL_ID))).toBe(lockedBase);
          // Each open order's hold holds exactly what the order has locked.
          for (const o of open) expect(heldFor(w.db, "spot_order", o.id)).toBe(o.locked);
        }
        expectLockedIsHeld(w.db);
      };
      await fc.assert(
        fc.asyncProperty(
          fc.array(fc.array(commandArb(w.users.length), { minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 25 }),
          async (chunks) => {
            for (const chunk of chunks) {
              // A chunk is submitted in one tick: it commits as one group.
              const cmds: Command[] = chunk.map((c) => {
                const userId = w.users[c.user];
                if (c.kind === "cancel") {
                  const mine = [...model.values()].filter((o) => w.engine.openOrdersOf(userId, SOL).some((x) => x.id === o.id));
                  const target = mine.length ? mine[c.pick % mine.length].id : 999_999;
                  return { kind: "cancel", userId, orderId: target };
                }
                if (c.kind === "market") return spotOrder(SOL, userId, c);
                return spotOrder(SOL, userId, c, { price: formatScaled(parseScaled(mid) + BigInt(c.ticks) * parseScaled(tick)) });
              });
              const results = await Promise.all(cmds.map((c) => w.engine.submit(c)));
              cmds.forEach((cmd, i) => applyModel(model, cmd, results[i]));
              const v = engineView(w.engine, SOL);
              expect(v.bids).toEqual(modelView(model, BUY));
              expect(v.asks).toEqual(modelView(model, SELL));
              const bb = w.engine.book(SOL)!.bestBid();
              const ba = w.engine.book(SOL)!.bestAsk();
              if (bb !== null && ba !== null) expect(bb < ba).toBe(true);
              checkBalances();
            }
            // Every trade is at the resting order's price.
            const bad = w.db
              .prepare(
                `SELECT COUNT(*) AS n FROM trades t JOIN spot_orders m ON m.id = CASE WHEN t.way = 2 THEN t.sell_order_id ELSE t.buy_order_id END
             WHERE t.match_id = ? AND CAST(m.price AS REAL) <> CAST(t.price AS REAL)`,
              )
              .get(SOL) as { n: number };
            expect(bad.n).toBe(0);
            // Conservation: with every order cancelled, the totals are the start totals to the last decimal.
            const open = w.users.flatMap((u) => w.engine.openOrdersOf(u, SOL));
            const cancels = await Promise.all(open.map((o) => w.engine.submit({ kind: "cancel", userId: o.user_id, orderId: o.id })));
            expect(cancels.every((r) => r.ok)).toBe(true);
            model.clear();
            expect(spotTotals(w.db)).toEqual(start);
            const locked = w.db.prepare("SELECT COUNT(*) AS n FROM accounts WHERE lock_balance <> '0'").get() as { n: number };
            expect(locked.n).toBe(0);
          },
        ),
        { numRuns: 60 },
      );
      // The run traded and collected fees.
      const fees = w.db.prepare("SELECT COUNT(*) AS n FROM accounts WHERE user_id = ? AND balance <> '0'").get(w.feeUser) as { n: number };
      expect(fees.n).toBeGreaterThan(0);
      w.db.close();
    },
  );
});

/** Applies an acknowledged command to the reference model and checks the taker's fills against it. */
function applyModel(model: Map<number, ModelOrder>, cmd: Command, r: CommandResult): void {
  if (cmd.kind === "cancel") {
    if (r.ok) {
      expect(model.has(cmd.orderId)).toBe(true);
      model.delete(cmd.orderId);
    } else expect(model.has(cmd.orderId) && r.error !== "order_not_found").toBe(false);
    return;
  }
  if (!r.ok) {
    expect(["insufficient_balance", "no_best_price"]).toContain(r.error);
    return;
  }
  const o = r.order;
  const limit = o.type === "limit" ? parseScaled(o.price) : null;
  const opposite = [...model.values()]
    .filter((m) => m.way !== cmd.way && (limit === null || (cmd.way === BUY ? m.price <= limit : m.price >= limit)))
    .sort((a, b) => (a.price === b.price ? a.id - b.id : cmd.way === BUY ? (a.price < b.price ? -1 : 1) : a.price > b.price ? -1 : 1));
  let left = parseScaled(o.number);
  let filled = 0n;
  let volume = 0n;
  for (const m of opposite) {
    if (left === 0n) break;
    const t = m.remaining < left ? m.remaining : left;
    m.remaining -= t;
    left -= t;
    filled += t;
    volume += t * m.price;
    if (m.remaining === 0n) model.delete(m.id);
  }
  expect(o.transacted_amount).toBe(formatScaled(filled));
  expect(o.transacted_volume).toBe(formatScaled(volume, QUOTE_DIGITS));
  if (o.type === "limit" && left > 0n) {
    expect(o.status).toBe(0);
    model.set(o.id, { id: o.id, way: cmd.way, price: limit!, remaining: left });
  } else {
    expect(o.status).toBe(left === 0n ? 1 : 3);
    expect(o.locked).toBe("0");
  }
}

describe("SpotEngine", () => {
  it("charges 0.1 % maker and taker fees (buyer in base, seller in quote) and refunds price improvement", async () => {
    const w = world();
    const [a, b] = w.users;
    const sell = await w.engine.submit({ kind: "add", userId: a, matchId: SOL, way: SELL, type: "limit", price: "150", number: "2" });
    expect(sell.ok).toBe(true);
    const buy = await w.engine.submit({ kind: "add", userId: b, matchId: SOL, way: BUY, type: "limit", price: "151.5", number: "3" });
    expect(buy.ok && buy.order).toMatchObject({
      transacted_amount: "2",
      transacted_volume: "300",
      fee: "0.002",
      status: 0,
      locked: "151.5",
    });
    const bal = (u: number, c: number) =>
      w.db
        .prepare("SELECT balance, lock_balance FROM accounts WHERE user_id = ? AND currency_id = ? AND account_code = 'change_account'")
        .get(u, c);
    // Seller: 2 SOL out of the lock, 300 − 0.3 USDT in.
    expect(bal(a, SOL_ID)).toEqual({ balance: "15.25", lock_balance: "0" });
    expect(bal(a, USDT_ID)).toEqual({ balance: "2800.2", lock_balance: "0" });
    // Buyer: locked 3 × 151.5 = 454.5, paid 300, got back 3 (2 × 1.5 improvement), 151.5 still locked; 2 − 0.002 SOL.
    expect(bal(b, USDT_ID)).toEqual({ balance: "2049", lock_balance: "151.5" });
    expect(bal(b, SOL_ID)).toEqual({ balance: "19.248", lock_balance: "0" });
    expect(bal(w.feeUser, SOL_ID)).toEqual({ balance: "0.002", lock_balance: "0" });
    expect(bal(w.feeUser, USDT_ID)).toEqual({ balance: "0.3", lock_balance: "0" });
    // Every change has its account-log row.
    const logs = w.db.prepare("SELECT COUNT(*) AS n FROM account_log WHERE type LIKE 'spot_%'").get() as { n: number };
    expect(logs.n).toBeGreaterThanOrEqual(8);
    w.db.close();
  });

  it("market orders: a buy locks exactly what the book asks, the rest is revoked; no best price on an empty side", async () => {
    const w = world();
    const [a, b] = w.users;
    expect(await w.engine.submit({ kind: "add", userId: b, matchId: SOL, way: BUY, type: "market", number: "1" })).toEqual({
      ok: false,
      error: "no_best_price",
    });
    await w.engine.submit({ kind: "add", userId: a, matchId: SOL, way: SELL, type: "limit", price: "150", number: "1" });
    await w.engine.submit({ kind: "add", userId: a, matchId: SOL, way: SELL, type: "limit", price: "152", number: "1" });
    const r = await w.engine.submit({ kind: "add", userId: b, matchId: SOL, way: BUY, type: "market", number: "5" });
    expect(r.ok && r.order).toMatchObject({
      type: "market",
      transacted_amount: "2",
      transacted_volume: "302",
      price: "151.00",
      status: 3,
      locked: "0",
    });
    expect(w.db.prepare("SELECT balance, lock_balance FROM accounts WHERE user_id = ? AND currency_id = ?").get(b, USDT_ID)).toEqual({
      balance: "2198.5",
      lock_balance: "0",
    });
    // Too expensive: refused whole, nothing written.
    await w.engine.submit({ kind: "add", userId: a, matchId: SOL, way: SELL, type: "limit", price: "5000", number: "1" });
    expect(await w.engine.submit({ kind: "add", userId: b, matchId: SOL, way: BUY, type: "market", number: "1" })).toEqual({
      ok: false,
      error: "insufficient_balance",
      field: "number",
    });
    w.db.close();
  });

  it("validates price precision and quantity", async () => {
    const w = world();
    const u = w.users[0];
    const add = (price: string | undefined, number: string) =>
      w.engine.submit({ kind: "add", userId: u, matchId: SOL, way: BUY, type: "limit", price, number });
    // Each refusal names the field it concerns.
    expect(await add("150.123", "1")).toEqual({ ok: false, error: "price_precision", vars: { decimals: 2 }, field: "price" });
    expect(await add("150.120", "1")).toMatchObject({ ok: true });
    expect(await add(undefined, "1")).toEqual({ ok: false, error: "price_required", field: "price" });
    expect(await add("0", "1")).toEqual({ ok: false, error: "price_invalid", field: "price" });
    expect(await add("1", "0")).toEqual({ ok: false, error: "number_invalid", field: "number" });
    // The order of the checks: the price (or, for a market order, a best price) before the quantity (docs/product.md, "Spot orders").
    expect(await add(undefined, "0")).toEqual({ ok: false, error: "price_required", field: "price" });
    // (the book holds only bids here, so a market buy has nothing to take)
    expect(await w.engine.submit({ kind: "add", userId: u, matchId: SOL, way: BUY, type: "market", number: "0" })).toEqual({
      ok: false,
      error: "no_best_price",
    });
    expect(await w.engine.submit({ kind: "add", userId: u, matchId: 10, way: BUY, type: "limit", price: "1", number: "1" })).toEqual({
      ok: false,
      error: "pair_not_found",
    });
    w.db.close();
  });

  it("group commit: commands of one tick commit in one transaction, and all are acknowledged", async () => {
    const w = world();
    const before = w.engine.stats.commits;
    const promises: Promise<CommandResult>[] = [];
    for (let i = 0; i < 300; i++) {
      const u = w.users[i % w.users.length];
      promises.push(
        w.engine.submit({
          kind: "add",
          userId: u,
          matchId: SOL,
          way: i % 2 ? BUY : SELL,
          type: "limit",
          price: i % 2 ? "149" : "151",
          number: "0.01",
        }),
      );
    }
    let acknowledged = 0;
    for (const p of promises) void p.then(() => acknowledged++);
    // Nothing is acknowledged before the commit.
    await Promise.resolve();
    expect(acknowledged).toBe(0);
    const results = await Promise.all(promises);
    expect(results.every((r) => r.ok)).toBe(true);
    expect(w.engine.stats.commits - before).toBe(1);
    expect(w.engine.stats.lastBatch).toBe(300);
    // The next tick is another transaction.
    await w.engine.submit({ kind: "cancel", userId: w.users[0], orderId: (results[0] as { order: { id: number } }).order.id });
    expect(w.engine.stats.commits - before).toBe(2);
    w.db.close();
  });

  it("a bad command in a batch does not sink the others", async () => {
    const w = world();
    const u = w.users[0];
    const good = w.engine.submit({ kind: "add", userId: u, matchId: SOL, way: BUY, type: "limit", price: "100", number: "1" });
    // An unknown user id breaks the accounts foreign key inside the transaction.
    const bad = w.engine.submit({ kind: "add", userId: 987654, matchId: SOL, way: BUY, type: "limit", price: "100", number: "1" });
    const good2 = w.engine.submit({ kind: "add", userId: u, matchId: SOL, way: SELL, type: "limit", price: "101", number: "1" });
    const [r1, r2, r3] = await Promise.all([good, bad, good2]);
    expect(r1.ok && r3.ok).toBe(true);
    expect(r2.ok).toBe(false);
    expect(w.engine.openOrdersOf(u, SOL)).toHaveLength(2);
    expect(w.engine.stats.rebuilds).toBeGreaterThan(0);
    w.db.close();
  });
});

describe("restart", () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), "engine-restart-"));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("rebuilds the identical book from the database", async () => {
    const ex = createExchange({ dataDir: dir, simulator: false, marketMaker: false, log: () => {} });
    const demo = (ex.db.prepare("SELECT id FROM users WHERE email = 'demo@example.com'").get() as { id: number }).id;
    const bob = (ex.db.prepare("SELECT id FROM users WHERE email = 'bob@example.com'").get() as { id: number }).id;
    const sub = (c: Command) => ex.engine.submit(c);
    await Promise.all([
      sub({ kind: "add", userId: demo, matchId: 1, way: BUY, type: "limit", price: "63000", number: "0.01" }),
      sub({ kind: "add", userId: bob, matchId: 1, way: BUY, type: "limit", price: "63000", number: "0.02" }),
      sub({ kind: "add", userId: demo, matchId: 1, way: BUY, type: "limit", price: "62990.5", number: "0.03" }),
      sub({ kind: "add", userId: bob, matchId: 1, way: SELL, type: "limit", price: "65000", number: "0.5" }),
      sub({ kind: "add", userId: demo, matchId: 3, way: SELL, type: "limit", price: "150", number: "3" }),
    ]);
    await sub({ kind: "add", userId: bob, matchId: 1, way: SELL, type: "limit", price: "63000", number: "0.015" }); // partial fill
    const before = [1, 3].map((m) => engineView(ex.engine, m));
    await ex.close();
    const again = createExchange({ dataDir: dir, simulator: false, marketMaker: false, log: () => {} });
    expect([1, 3].map((m) => engineView(again.engine, m))).toEqual(before);
    expect(before[0].bids[0]).toEqual(["63000", [[2, "0.015"]]]);
    // And it keeps matching where it left off.
    const r = await again.engine.submit({ kind: "add", userId: bob, matchId: 1, way: SELL, type: "market", number: "0.02" });
    expect(r.ok && r.order.transacted_amount).toBe("0.02");
    expect(r.ok && r.order.id).toBe(7);
    await again.close();
  });
});
