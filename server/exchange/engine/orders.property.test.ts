import Database from "better-sqlite3";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { SPOT_ORDER_STATUS } from "../../../app/contract/core/index";
import { openDatabase, type DB } from "../db/index";
import { seedIfEmpty } from "../db/seed";
import { registerDecimalFunctions } from "../db/decimal-sql";
import { Hub } from "../hub";
import { Market } from "../market";
import { expectLockedIsHeld, heldFor } from "../../../tests/helpers/holds";
import { cancelArb, fundedTraders, limitArb, marketArb, SOL, SOL_ID, spotOrder, spotTotals, USDT_ID, type SpotWorld } from "./test-support";
import { BUY, SELL, type Way } from "./book";
import { SpotEngine, type Command, type EngineEvent, type OrderRow } from "./engine";
import { formatScaled, parseScaled, QUOTE_DIGITS } from "./fixed";
import { ensureSystemUsers } from "./market-maker";

// Stop-limit and OCO orders under random sequences of limits, markets, stops, OCOs, cancels and cancel-alls, with a
// restart of the engine in the middle: the invariants of docs/decisions/022-stop-and-oco-orders.md.

const TICK = parseScaled("0.25");
const { OPEN, COMPLETED, CANCELLED, REVOKED, UNTRIGGERED } = SPOT_ORDER_STATUS;

interface World extends SpotWorld {
  clock: { t: number };
  events: EngineEvent[];
}

function makeEngine(w: Omit<World, "engine">): SpotEngine {
  const engine = new SpotEngine(w.db, w.market, { feeUserId: w.feeUser, now: () => ++w.clock.t });
  engine.onEvents = (evs) => w.events.push(...evs);
  return engine;
}

/** The seeded database with four funded traders, made once; each run starts from a copy of it. */
const template = (() => {
  const db = openDatabase(":memory:");
  seedIfEmpty(db);
  const sys = ensureSystemUsers(db);
  const users = fundedTraders(db, "stops", { [USDT_ID]: "3000.5", [SOL_ID]: "21.25" }, 1);
  const image = db.serialize();
  db.close();
  return { image, users, feeUser: sys.feeCollectorId };
})();

function world(): World {
  const db = new Database(template.image);
  db.pragma("foreign_keys = ON");
  registerDecimalFunctions(db);
  const market = new Market(db, new Hub());
  const partial = { db, market, users: template.users, feeUser: template.feeUser, clock: { t: 1_000_000 }, events: [] as EngineEvent[] };
  return { ...partial, engine: makeEngine(partial) };
}

const orders = (db: DB) => db.prepare("SELECT * FROM spot_orders WHERE match_id = ? ORDER BY id").all(SOL) as OrderRow[];

/** What a working order needs held: a buy its limit price × what is left, a sell what is left. */
function need(o: OrderRow): bigint {
  const left = parseScaled(o.number) - parseScaled(o.transacted_amount);
  return o.way === BUY ? parseScaled(o.price) * left : left;
}
const lockedOf = (o: OrderRow) => parseScaled(o.locked, o.way === BUY ? QUOTE_DIGITS : 8);

const op = (nUsers: number) =>
  fc.oneof(
    { weight: 5, arbitrary: limitArb(nUsers, 6, 3_000_000) },
    { weight: 2, arbitrary: marketArb(nUsers, 4_000_000) },
    {
      weight: 3,
      arbitrary: fc.record({
        kind: fc.constant("stop" as const),
        user: fc.nat(nUsers - 1),
        way: fc.constantFrom(BUY, SELL),
        // The trigger's distance from the last price (0 or less: the wrong side, refused).
        away: fc.integer({ min: -1, max: 6 }),
        // The limit price's distance from the trigger, past it (the order is meant to fill) or short of it.
        slip: fc.integer({ min: -2, max: 4 }),
        micro: fc.integer({ min: 1, max: 2_000_000 }),
      }),
    },
    {
      weight: 2,
      arbitrary: fc.record({
        kind: fc.constant("oco" as const),
        user: fc.nat(nUsers - 1),
        way: fc.constantFrom(BUY, SELL),
        profit: fc.integer({ min: 0, max: 5 }),
        away: fc.integer({ min: 1, max: 5 }),
        slip: fc.integer({ min: -1, max: 3 }),
        micro: fc.integer({ min: 1, max: 2_000_000 }),
      }),
    },
    { weight: 2, arbitrary: cancelArb(nUsers) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant("cancelAll" as const), user: fc.nat(nUsers - 1), all: fc.boolean() }) },
  );
type Op = typeof op extends (n: number) => fc.Arbitrary<infer T> ? T : never;

function command(w: World, c: Op): Command {
  const userId = w.users[c.user];
  const last = parseScaled(w.market.price(SOL));
  const price = (ticks: number) => formatScaled(last + BigInt(ticks) * TICK > TICK ? last + BigInt(ticks) * TICK : TICK);
  switch (c.kind) {
    case "cancel": {
      const mine = w.engine.openOrdersOf(userId, SOL);
      return { kind: "cancel", userId, orderId: mine.length ? mine[c.pick % mine.length].id : 999_999 };
    }
    case "cancelAll":
      return { kind: "cancel_all", userId, matchId: c.all ? undefined : SOL };
    case "market":
      return spotOrder(SOL, userId, c);
    case "limit":
      return spotOrder(SOL, userId, c, { price: price(c.ticks), timeInForce: c.tif });
    case "stop": {
      // A sell stop waits below the last price, a buy stop above it.
      const dir = c.way === SELL ? -1 : 1;
      const trigger = dir * c.away;
      return spotOrder(SOL, userId, c, { trigger: price(trigger), price: price(trigger + dir * c.slip) });
    }
    case "oco": {
      // A sell OCO takes profit above the last price and stops below it; a buy OCO the other way round.
      const dir = c.way === SELL ? 1 : -1;
      return {
        kind: "oco",
        userId,
        matchId: SOL,
        way: c.way,
        number: formatScaled(BigInt(c.micro) * 100n),
        price: price(dir * (1 + c.profit)),
        trigger: price(-dir * c.away),
        stopPrice: price(-dir * (c.away + c.slip)),
      };
    }
  }
}

/** What the runs did, summed over all of them (the property must exercise what it claims to check). */
const seen = { triggered: 0, cascades: 0, ocoLimitFilled: 0, ocoStopTriggered: 0, restarts: 0 };

describe("stop-limit and OCO orders, property", () => {
  it("fire once, in the trade's batch; an OCO never runs both; every decimal is conserved and every hold is what its orders need", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(op(4), { minLength: 1, maxLength: 5 }), { minLength: 2, maxLength: 18 }),
        fc.nat(17),
        async (chunks, restartAt) => {
          const w = world();
          const start = spotTotals(w.db);
          const triggered = new Map<number, number>();
          for (let i = 0; i < chunks.length; i++) {
            if (i === restartAt) {
              // A restart: a new engine over the same database keeps every stop, OCO and resting order.
              const stopsBefore = [...w.engine.stops.get(SOL)!.sells, ...w.engine.stops.get(SOL)!.buys].map((s) => s.id).sort();
              const bookBefore = w.engine.book(SOL)!.view();
              w.engine = makeEngine(w);
              seen.restarts++;
              expect([...w.engine.stops.get(SOL)!.sells, ...w.engine.stops.get(SOL)!.buys].map((s) => s.id).sort()).toEqual(stopsBefore);
              expect(w.engine.book(SOL)!.view()).toEqual(bookBefore);
            }
            const cmds = chunks[i].map((c) => command(w, c));
            const results = await Promise.all(cmds.map((c) => w.engine.submit(c)));
            results.forEach((r, j) => {
              const c = cmds[j];
              if (r.ok || c.kind === "cancel_all" || c.kind === "cancel") return;
              // Refusals: a trigger on the wrong side of the price as it was, what the balance cannot pay, or what a
              // time in force does not allow (a post-only order that would take, an immediate one with nothing to take, a
              // fill-or-kill order the book cannot fill whole).
              expect([
                "post_only_would_take",
                "ioc_nothing_to_take",
                "fok_not_filled",
                "fok_nothing_to_take",
                "insufficient_balance",
                "no_best_price",
                "trigger_above_last",
                "trigger_below_last",
                "oco_price_above_last",
                "oco_price_below_last",
              ]).toContain(r.error);
            });
            check(w, triggered);
          }
          // Everything cancelled: every currency's total is what it was, to the last decimal, and nothing is held.
          for (const u of w.users) expect((await w.engine.submit({ kind: "cancel_all", userId: u })).ok).toBe(true);
          expect(spotTotals(w.db)).toEqual(start);
          expect((w.db.prepare("SELECT COUNT(*) AS n FROM accounts WHERE lock_balance <> '0'").get() as { n: number }).n).toBe(0);
          expect((w.db.prepare("SELECT COUNT(*) AS n FROM holds WHERE status = 'pending'").get() as { n: number }).n).toBe(0);
          const rows = orders(w.db);
          seen.triggered += rows.filter((o) => o.triggered_at !== null).length;
          // A cascade: a stop fired by a trade of another stop's order.
          const fired = new Set(rows.filter((o) => o.triggered_at !== null).map((o) => o.id));
          const byTrigger = w.db
            .prepare(
              "SELECT COUNT(*) AS n FROM trades WHERE match_id = ? AND (buy_order_id IN (SELECT value FROM json_each(?)) OR sell_order_id IN (SELECT value FROM json_each(?)))",
            )
            .get(SOL, JSON.stringify([...fired]), JSON.stringify([...fired])) as { n: number };
          if (fired.size > 1 && byTrigger.n > 0) seen.cascades++;
          for (const o of rows)
            if (o.oco_id === o.id) {
              if (o.transacted_amount !== "0") seen.ocoLimitFilled++;
              if (rows.find((x) => x.id === o.id + 1)?.triggered_at) seen.ocoStopTriggered++;
            }
          w.db.close();
        },
      ),
      { numRuns: 80 },
    );
    expect(seen.triggered).toBeGreaterThan(20);
    expect(seen.ocoLimitFilled).toBeGreaterThan(0);
    expect(seen.ocoStopTriggered).toBeGreaterThan(0);
    expect(seen.cascades).toBeGreaterThan(0);
    expect(seen.restarts).toBeGreaterThan(0);
  }, 120_000);
});

/** The invariants after every batch. */
function check(w: World, triggered: Map<number, number>): void {
  const rows = orders(w.db);
  const byId = new Map(rows.map((o) => [o.id, o]));
  const fills = new Map<number, bigint>();
  for (const f of w.db.prepare("SELECT order_id, number FROM spot_fills WHERE match_id = ?").all(SOL) as {
    order_id: number;
    number: string;
  }[])
    fills.set(f.order_id, (fills.get(f.order_id) ?? 0n) + parseScaled(f.number));
  const trades = w.db.prepare("SELECT price, time FROM trades WHERE match_id = ? ORDER BY id").all(SOL) as {
    price: string;
    time: number;
  }[];
  const working = new Set(w.engine.openOrdersOf(w.users[0], SOL).map((o) => o.id));
  for (const u of w.users.slice(1)) for (const o of w.engine.openOrdersOf(u, SOL)) working.add(o.id);

  for (const o of rows) {
    const filled = parseScaled(o.transacted_amount);
    // No order fills past its amount, and its fills add up to what it says it filled.
    expect(filled <= parseScaled(o.number)).toBe(true);
    expect(fills.get(o.id) ?? 0n).toBe(filled);
    expect(working.has(o.id)).toBe(o.status === OPEN || o.status === UNTRIGGERED);
    if (o.trigger_price) {
      const trigger = parseScaled(o.trigger_price);
      const reaches = (t: { price: string }) => (o.way === SELL ? parseScaled(t.price) <= trigger : parseScaled(t.price) >= trigger);
      if (o.status === UNTRIGGERED) {
        // Waiting: nothing filled, and no trade since it was placed has reached its trigger.
        expect(o.triggered_at).toBeNull();
        expect(filled).toBe(0n);
        expect(trades.filter((t) => t.time > o.created_at).some(reaches)).toBe(false);
      }
      if (o.triggered_at !== null) {
        // It fired once, and at the first trade that reached its trigger (that trade's batch, same clock tick).
        const before = triggered.get(o.id);
        if (before !== undefined) expect(o.triggered_at).toBe(before);
        triggered.set(o.id, o.triggered_at);
        const first = trades.find((t) => t.time > o.created_at && reaches(t));
        expect(first?.time).toBe(o.triggered_at);
      } else {
        expect(triggered.has(o.id)).toBe(false);
        // A stop never triggered never traded.
        expect(filled).toBe(0n);
      }
    }
    if (o.oco_id !== null && o.id !== o.oco_id && o.status === UNTRIGGERED) {
      // An OCO's stop still waiting: its limit order is on the book, untouched, and holds for both.
      const limit = byId.get(o.oco_id)!;
      expect(limit.status).toBe(OPEN);
      expect(limit.transacted_amount).toBe("0");
      expect(o.locked).toBe("0");
      continue;
    }
    if (o.oco_id !== null && o.id === o.oco_id) {
      // The OCO's two orders: at most one of them ever executes.
      const stop = byId.get(o.id + 1)!;
      expect(stop.oco_id).toBe(o.id);
      const limitRan = parseScaled(o.transacted_amount) > 0n;
      const stopRan = stop.triggered_at !== null;
      expect(limitRan && stopRan).toBe(false);
      if (limitRan) expect(stop.status).toBe(CANCELLED);
      if (stopRan) {
        expect(o.status).toBe(CANCELLED);
        expect(o.transacted_amount).toBe("0");
      }
      if (o.status === OPEN && stop.status === UNTRIGGERED) {
        // Both waiting: one hold, under the OCO's id, for what the dearer of the two needs; the limit order holds it.
        const needBoth = need(o) > need(stop) ? need(o) : need(stop);
        expect(lockedOf(o)).toBe(needBoth);
        expect(lockedOf(stop)).toBe(0n);
        expect(heldFor(w.db, "spot_order", o.id)).toBe(o.locked);
        continue;
      }
    }
    if (o.status === OPEN || o.status === UNTRIGGERED) {
      // A working order holds exactly what it needs, in its own hold (an OCO survivor: the OCO's).
      expect(lockedOf(o)).toBe(need(o));
      expect(heldFor(w.db, "spot_order", o.oco_id ?? o.id)).toBe(o.locked);
    } else {
      expect([COMPLETED, CANCELLED, REVOKED]).toContain(o.status);
      expect(o.locked).toBe("0");
    }
  }
  // Each account's locked balance is the sum of its open holds, and of its working orders' locks.
  expectLockedIsHeld(w.db);
  for (const u of w.users) {
    const mine = rows.filter((o) => o.user_id === u && (o.status === OPEN || o.status === UNTRIGGERED));
    const acc = (c: number) =>
      (
        w.db
          .prepare("SELECT lock_balance FROM accounts WHERE user_id = ? AND currency_id = ? AND account_code = 'change_account'")
          .get(u, c) as {
          lock_balance: string;
        }
      ).lock_balance;
    const sum = (way: Way) => mine.filter((o) => o.way === way).reduce((s, o) => s + lockedOf(o), 0n);
    expect(parseScaled(acc(USDT_ID), QUOTE_DIGITS)).toBe(sum(BUY));
    expect(parseScaled(acc(SOL_ID))).toBe(sum(SELL));
  }
  const neg = w.db.prepare("SELECT COUNT(*) AS n FROM accounts WHERE balance LIKE '-%' OR lock_balance LIKE '-%'").get() as { n: number };
  expect(neg.n).toBe(0);
  // The book is never crossed.
  const book = w.engine.book(SOL)!;
  const bb = book.bestBid();
  const ba = book.bestAsk();
  if (bb !== null && ba !== null) expect(bb < ba).toBe(true);
}
