import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoExchange, leverTrader, type MoneyClient } from "../../../tests/helpers/money-client";
import { removeExchange } from "../../../tests/helpers/quiet-exchange";
import { expectLockedIsHeld } from "../../../tests/helpers/holds";
import { recordTrade, type Exchange } from "../index";
import { credit, post } from "../ledger/index";
import { reconcile } from "../ledger/reconcile";

const BTC = 1; // BTC/USDT: lever_point_rate 0.05 %, lever_share_num 0.01, lever_fee_rate 0.001

const now = Date.UTC(2026, 10, 24, 12, 0, 0);
let ex: Exchange, dir: string, c: MoneyClient, demo: string, usdt: number;
const logs: string[] = [];

function price(p: string) {
  recordTrade(ex, BTC, { way: 2, price: p, number: "0.01", time: now });
  ex.lever.evaluate(BTC, now);
}
const row = (id: number) =>
  ex.db.prepare("SELECT status, close_reason, profits, absorbed FROM lever_orders WHERE id = ?").get(id) as {
    status: number;
    close_reason: string | null;
    profits: string;
    absorbed: string;
  };
const house = () => c.balances(ex.system.treasuryId, usdt, "change_account").balance;
const lever = (email: string) => c.balances(c.userId(email), usdt, "lever_account");

const trader = (email: string, leverUsdt: string) => leverTrader(ex, c, email, leverUsdt, now);

async function open(token: string, p: Record<string, string | number>): Promise<number> {
  const r = await c.call(
    "leverSubmit",
    { currency_match_id: BTC, type: 1, status: 1, multiple: 10, share: 1, password: "Trade123", ...p },
    { token },
  );
  expect(r.code).toBe(1);
  return (r.data as { id: number }).id;
}

/** The treasury gives back all its USDT (a live exchange's starts empty and holds what the operator credits). */
function emptyHouse() {
  const held = house();
  if (held === "0") return;
  post(ex.db, {
    type: "test",
    legs: [
      { userId: ex.system.treasuryId, currencyId: usdt, accountCode: "change_account", amount: `-${held}` },
      { system: "external", currencyId: usdt, amount: held },
    ],
  });
}

beforeAll(async () => {
  ({ ex, dir, c, usdt, demo } = await demoExchange("lever-close", { now: () => now, log: (line) => logs.push(line) }, "Trade123"));
  price("60000");
});
afterAll(() => removeExchange(ex, dir));

describe("lever closes, one position apart from another", () => {
  it("a take-profit the treasury cannot pay waits while another account is liquidated, and closes once it is credited", async () => {
    // Alice: 2 hands long at 60030, take-profit at 60400. Bob: 1 hand short at 59970 × 100, margin 5.997 and fee
    // 0.5997 all he has; his line is 60449.76.
    const alice = await trader("alice-close@example.com", "200");
    const bob = await trader("bob-close@example.com", "6.5967");
    const long = await open(alice, { share: 2, target_profit_price: "60400" });
    const short = await open(bob, { type: 2, multiple: 100 });
    emptyHouse();

    // At 60500 Alice's take-profit (9.4) finds the treasury empty; Bob's liquidation (a loss of 5.3) goes on.
    price("60500");
    expect(row(short)).toMatchObject({ status: 3, close_reason: "liquidation", profits: "-5.3", absorbed: "0" });
    expect(lever("bob-close@example.com")).toEqual({ balance: "0.697", lock_balance: "0" });
    expect(row(long)).toMatchObject({ status: 1, close_reason: null });
    expect(house()).toBe("5.3");
    expect(logs.filter((l) => l.includes(`#${long} not closed (take_profit): insufficient_balance`))).toHaveLength(1);

    // Still short (5.3 < 9.4): tried again at the next price, still open, not logged again.
    price("60500");
    expect(row(long).status).toBe(1);
    expect(logs.filter((l) => l.includes(`#${long} not closed`))).toHaveLength(1);

    // The operator credits the treasury: the next price closes it, paid once.
    credit(ex.db, { userId: ex.system.treasuryId, currencyId: usdt, accountCode: "change_account", amount: "100", type: "admin_credit" });
    price("60500");
    price("60500");
    expect(row(long)).toMatchObject({ status: 3, close_reason: "take_profit", profits: "9.4" });
    // 200 − 120.06 − 1.2006 + 120.06 + 9.4
    expect(lever("alice-close@example.com")).toEqual({ balance: "208.1994", lock_balance: "0" });
    expect(house()).toBe("95.9");
    expectLockedIsHeld(ex.db);
    expect(reconcile(ex.db).mismatches).toEqual([]);
  });

  it("a liquidation closes all of the account's positions or, when the treasury cannot pay the profitable one, none", async () => {
    price("60000");
    // Carol: 1 hand long at 60030 and 2 hands short at 59970, × 100: margins 6.003 and 11.994, fees 0.6003 and 1.1994.
    const carol = await trader("carol-close@example.com", "19.7967");
    const long = await open(carol, { multiple: 100 });
    const short = await open(carol, { type: 2, multiple: 100, share: 2 });
    emptyHouse();
    // At 62000: long +19.7, short −40.6: below the line. The long's profit is paid first, to cover the short; the
    // treasury cannot pay it, so neither closes (the short alone would leave the long's profit out of the cover).
    price("62000");
    expect([row(long).status, row(short).status]).toEqual([1, 1]);
    expect(logs.filter((l) => l.includes(`#${long}, #${short} not closed (liquidation): insufficient_balance`))).toHaveLength(1);
    credit(ex.db, { userId: ex.system.treasuryId, currencyId: usdt, accountCode: "change_account", amount: "100", type: "admin_credit" });
    price("62000");
    expect(row(long)).toMatchObject({ status: 3, close_reason: "liquidation", profits: "19.7" });
    expect(row(short)).toMatchObject({ status: 3, close_reason: "liquidation", profits: "-37.697", absorbed: "2.903" });
    expect(lever("carol-close@example.com")).toEqual({ balance: "0", lock_balance: "0" });
    expect(house()).toBe("117.997");
    expect(reconcile(ex.db).mismatches).toEqual([]);
  });

  it("a batch close closes the losing position while the profitable one the treasury cannot pay stays open", async () => {
    price("60000");
    const long = await open(demo, { type: 1 });
    const short = await open(demo, { type: 2 });
    emptyHouse();
    price("60100"); // long: +0.7; short: −1.3
    const r = await c.call("leverBatchClose", { type: 0, currency_match_id: BTC }, { token: demo });
    expect(r).toMatchObject({ code: 1, data: { closed: 1 } });
    expect(row(short)).toMatchObject({ status: 3, close_reason: "batch", profits: "-1.3" });
    expect(row(long).status).toBe(1);
    expect(house()).toBe("1.3");
    // The short's loss paid the treasury enough: closing the long now pays its profit.
    expect((await c.call("leverClose", { id: long }, { token: demo })).code).toBe(1);
    expect(row(long)).toMatchObject({ status: 3, close_reason: "close", profits: "0.7" });
    expect(house()).toBe("0.6");
    expectLockedIsHeld(ex.db);
    expect(reconcile(ex.db).mismatches).toEqual([]);
  });

  it("a close the treasury cannot pay answers an error and leaves the position open", async () => {
    price("60000");
    const long = await open(demo, { type: 1 });
    emptyHouse();
    price("60100");
    const r = await c.call("leverClose", { id: long }, { token: demo });
    expect(r.code).not.toBe(1);
    expect(row(long).status).toBe(1);
    credit(ex.db, { userId: ex.system.treasuryId, currencyId: usdt, accountCode: "change_account", amount: "10", type: "admin_credit" });
    expect((await c.call("leverClose", { id: long }, { token: demo })).code).toBe(1);
    expect(row(long)).toMatchObject({ status: 3, profits: "0.7" });
    expect(reconcile(ex.db).mismatches).toEqual([]);
  });

  it("a position closed since it was read is never settled again", async () => {
    price("60000");
    const long = await open(demo, { type: 1 });
    price("60100");
    const stale = ex.db.prepare("SELECT * FROM lever_orders WHERE id = ?").get(long) as Parameters<typeof ex.lever.closeMany>[0][number];
    expect((await c.call("leverClose", { id: long }, { token: demo })).code).toBe(1);
    const after = { lever: lever("demo@example.com"), house: house() };
    // A close from a row read before the first one (the engine's memory behind the database) pays nothing again,
    // even one whose margin overnight fees had used up (no margin hold left to refuse it).
    expect(ex.lever.closeMany([stale], "close", now)).toEqual([]);
    expect(ex.lever.closeMany([{ ...stale, caution_money: "0" }], "close", now)).toEqual([]);
    expect({ lever: lever("demo@example.com"), house: house() }).toEqual(after);
    expect(logs.some((l) => l.includes(`#${long} not closed (close): position #${long} is no longer open`))).toBe(true);
    expect(reconcile(ex.db).mismatches).toEqual([]);
  });
});
