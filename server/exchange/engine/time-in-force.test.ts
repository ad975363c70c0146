import { describe, expect, it } from "vitest";
import { SPOT_ORDER_STATUS } from "../../../app/contract/core/index";
import { openDatabase } from "../db/index";
import { seedIfEmpty } from "../db/seed";
import { Hub } from "../hub";
import { Market } from "../market";
import { heldFor } from "../../../tests/helpers/holds";
import { BUY, SELL } from "./book";
import { SpotEngine, type AddCommand, type CommandResult, type OrderRow } from "./engine";
import { ensureSystemUsers } from "./market-maker";
import { fundedTraders, SOL, SOL_ID, spotTotals, USDT_ID } from "./test-support";

const { OPEN, COMPLETED, REVOKED } = SPOT_ORDER_STATUS;

/** A seeded exchange with four traders, each with 10,000 USDT and 100 SOL, and asks of 1 SOL at 100 and at 101. */
async function world() {
  const db = openDatabase(":memory:");
  seedIfEmpty(db);
  const sys = ensureSystemUsers(db);
  const market = new Market(db, new Hub());
  const engine = new SpotEngine(db, market, { feeUserId: sys.feeCollectorId });
  const users = fundedTraders(db, "tif", { [USDT_ID]: "10000", [SOL_ID]: "100" }, 1);
  const add = (c: Omit<AddCommand, "kind" | "matchId" | "type">) => engine.submit({ kind: "add", matchId: SOL, type: "limit", ...c });
  const [maker] = users;
  ok(await add({ userId: maker!, way: SELL, price: "100", number: "1" }));
  ok(await add({ userId: maker!, way: SELL, price: "101", number: "1" }));
  const balance = (u: number, c: number) =>
    db
      .prepare("SELECT balance, lock_balance FROM accounts WHERE user_id = ? AND currency_id = ? AND account_code = 'change_account'")
      .get(u, c);
  const orders = (u: number) => db.prepare("SELECT id, status FROM spot_orders WHERE user_id = ? ORDER BY id").all(u);
  return { db, market, feeUserId: sys.feeCollectorId, engine, users, add, balance, orders };
}

const ok = (r: CommandResult): OrderRow => {
  if (!r.ok) throw new Error(`refused: ${r.error}`);
  return r.order;
};

describe("a limit order's time in force", () => {
  it("post only: refused with the best price it would take, nothing held or stored; below the ask it rests", async () => {
    const w = await world();
    const [, b] = w.users;
    const totals = spotTotals(w.db);
    expect(await w.add({ userId: b!, way: BUY, price: "100", number: "1", timeInForce: "post_only" })).toEqual({
      ok: false,
      error: "post_only_would_take",
      vars: { price: "100.00" },
      field: "price",
    });
    expect(w.orders(b!)).toEqual([]);
    expect(w.balance(b!, USDT_ID)).toEqual({ balance: "10000", lock_balance: "0" });
    const rests = ok(await w.add({ userId: b!, way: BUY, price: "99.99", number: "1", timeInForce: "post_only" }));
    expect(rests).toMatchObject({ status: OPEN, transacted_amount: "0", time_in_force: "post_only" });
    expect(w.engine.book(SOL)!.bestBid()).toBe(9_999_000_000n);
    // The row keeps it, through a restart too (a new engine over the same database).
    expect(w.db.prepare("SELECT time_in_force FROM spot_orders WHERE id = ?").get(rests.id)).toEqual({ time_in_force: "post_only" });
    const again = new SpotEngine(w.db, w.market, { feeUserId: w.feeUserId });
    expect(again.openOrdersOf(b!)).toMatchObject([{ id: rests.id, time_in_force: "post_only" }]);
    // A sell that would meet that bid is refused the same way.
    expect(await w.add({ userId: w.users[2]!, way: SELL, price: "99", number: "1", timeInForce: "post_only" })).toMatchObject({
      ok: false,
      error: "post_only_would_take",
      vars: { price: "99.99" },
    });
    expect(spotTotals(w.db)).toEqual(totals);
  });

  it("immediate or cancel: takes what the book has at its price or better, the rest revoked and its funds back at once", async () => {
    const w = await world();
    const [, b] = w.users;
    const ioc = ok(await w.add({ userId: b!, way: BUY, price: "100.50", number: "3", timeInForce: "ioc" }));
    // 1 SOL at 100 fills; the ask at 101 is beyond the price; the other 2 are not left on the book.
    expect(ioc).toMatchObject({ status: REVOKED, transacted_amount: "1", transacted_volume: "100", time_in_force: "ioc" });
    expect(w.engine.book(SOL)!.bestBid()).toBeNull();
    expect(w.engine.openOrdersOf(b!)).toEqual([]);
    expect(heldFor(w.db, "spot_order", ioc.id)).toBe("0");
    expect(w.balance(b!, USDT_ID)).toEqual({ balance: "9900", lock_balance: "0" });
    // Nothing to take at its price: refused, nothing stored.
    expect(await w.add({ userId: b!, way: BUY, price: "100.50", number: "1", timeInForce: "ioc" })).toEqual({
      ok: false,
      error: "ioc_nothing_to_take",
      vars: { price: "100.50" },
      field: "price",
    });
    expect(w.orders(b!)).toEqual([{ id: ioc.id, status: REVOKED }]);
  });

  it("fill or kill: fills whole at once, or is refused with what the book could fill, nothing taken", async () => {
    const w = await world();
    const [, b, c] = w.users;
    const totals = spotTotals(w.db);
    expect(await w.add({ userId: b!, way: BUY, price: "101", number: "2.5", timeInForce: "fok" })).toEqual({
      ok: false,
      error: "fok_not_filled",
      vars: { price: "101.00", available: "2" },
      field: "number",
    });
    expect(
      w.engine
        .book(SOL)!
        .view()
        .asks.map((l) => l.total),
    ).toEqual([100_000_000n, 100_000_000n]);
    expect(w.orders(b!)).toEqual([]);
    // Nothing at its price or better: refused on the price, as an immediate-or-cancel order would be.
    expect(await w.add({ userId: b!, way: BUY, price: "99", number: "1", timeInForce: "fok" })).toEqual({
      ok: false,
      error: "fok_nothing_to_take",
      vars: { price: "99.00" },
      field: "price",
    });
    expect(w.orders(b!)).toEqual([]);
    expect(spotTotals(w.db)).toEqual(totals);
    const fok = ok(await w.add({ userId: c!, way: BUY, price: "101", number: "2", timeInForce: "fok" }));
    expect(fok).toMatchObject({ status: COMPLETED, transacted_amount: "2", transacted_volume: "201", time_in_force: "fok" });
    expect(w.balance(c!, USDT_ID)).toEqual({ balance: "9799", lock_balance: "0" });
  });

  it("is a limit order's: a market order ignores it", async () => {
    const w = await world();
    const [, b] = w.users;
    const market = ok(
      await w.engine.submit({ kind: "add", matchId: SOL, userId: b!, way: BUY, type: "market", number: "0.5", timeInForce: "fok" }),
    );
    expect(market).toMatchObject({ status: COMPLETED, transacted_amount: "0.5", time_in_force: null });
  });
});
