import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Decimal from "decimal.js";
import { afterAll, describe, expect, it } from "vitest";
import { SavingsHoldingPageSchema } from "../../../app/contract/index";
import { createExchange, type Exchange } from "../index";
import { credit, post } from "../ledger/index";
import { reconcile } from "../ledger/reconcile";
import { DAY } from "../lib/time";
import { moneyClient } from "../../../tests/helpers/money-client";
import { buyHolding, findProduct, valueDateOf } from "./savings";

const dir = mkdtempSync(join(tmpdir(), "exchange-savings-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let clock = Date.UTC(2026, 0, 10, 23, 30, 0); // 23:30 UTC: the value date is 30 minutes away
function open(): Exchange {
  return createExchange({ dataDir: dir, simulator: false, marketMaker: false, log: () => {}, now: () => clock, savingsScheduler: false });
}

function holding(ex: Exchange, id: number) {
  return ex.db.prepare("SELECT * FROM savings_holdings WHERE id = ?").get(id) as {
    days_accrued: number;
    interest_total: string;
    next_accrual_at: number | null;
    status: string;
    value_date: number;
    end_at: number;
  };
}

describe("savings accrual on the stored schedule", () => {
  it("starts at the next 00:00 UTC, pays once per day, catches up after a restart and returns the principal at expiry", async () => {
    let ex = open();
    const c = moneyClient(ex);
    const token = await c.login("demo@example.com", "Trade2026");
    const uid = c.userId("demo@example.com");
    const product = ex.db.prepare("SELECT id FROM lock_products WHERE limit_days = 7").get() as { id: number };
    const bought = await c.call("submitLock", { id: product.id, number: "1000" }, { token });
    expect(bought.code).toBe(1);
    const id = (bought.data as { id: number }).id;
    const h0 = holding(ex, id);
    expect(h0.value_date).toBe(Date.UTC(2026, 0, 11));
    expect(h0.value_date).toBe(valueDateOf(clock));
    expect(h0.next_accrual_at).toBe(Date.UTC(2026, 0, 12));
    expect(h0.end_at).toBe(Date.UTC(2026, 0, 18));
    const daily = "0.123287"; // 1000 × 4.5 % / 365, floored to 6 decimals

    // Crossing midnight does not pay yet (interest starts at the value date; day 1 is paid after it has passed).
    clock = Date.UTC(2026, 0, 11, 12);
    expect(ex.savings.runNow().paid).toBe(0);
    // Day 1 due at 2026-01-12 00:00.
    clock = Date.UTC(2026, 0, 12, 0, 0, 1);
    expect(ex.savings.runNow().paid).toBe(1);
    expect(ex.savings.runNow().paid).toBe(0); // idempotent: the same day is never paid twice
    expect(c.balances(uid, 1, "financial_account").balance).toBe(String(500 + Number(daily))); // demo starts with 500 USDT there
    expect(holding(ex, id)).toMatchObject({ days_accrued: 1, interest_total: daily, next_accrual_at: Date.UTC(2026, 0, 13) });

    // Down for three days: nothing runs.
    await ex.close();
    clock = Date.UTC(2026, 0, 15, 6);
    ex = open();
    // The first run after the restart pays the three days missed (13th, 14th, 15th), exactly once.
    expect(ex.savings.runNow()).toMatchObject({ paid: 3, expired: 0 });
    expect(ex.savings.runNow().paid).toBe(0);
    expect(holding(ex, id)).toMatchObject({ days_accrued: 4, next_accrual_at: Date.UTC(2026, 0, 16) });
    const rows = ex.db.prepare("SELECT day FROM savings_accruals WHERE holding_id = ? ORDER BY day").all(id) as { day: number }[];
    expect(rows.map((r) => r.day)).toEqual([1, 2, 3, 4]);

    const c2 = moneyClient(ex);
    const token2 = await c2.login("demo@example.com", "Trade2026");
    const list = SavingsHoldingPageSchema.parse((await c2.call("currentSetting", {}, { token: token2 })).data);
    expect(list.data[0]).toMatchObject({ days_accrued: 4, remaining_days: 3, cumulative_income: "0.493148", status: "active" });

    // Long after expiry: the last three days and the principal, once.
    await ex.close();
    clock = Date.UTC(2026, 1, 1);
    ex = open();
    const spotBefore = moneyClient(ex).balances(uid, 1).balance;
    expect(ex.savings.runNow()).toMatchObject({ paid: 3, expired: 1 });
    expect(ex.savings.runNow()).toMatchObject({ paid: 0, expired: 0 });
    const h = holding(ex, id);
    expect(h).toMatchObject({ days_accrued: 7, status: "expired", next_accrual_at: null, interest_total: "0.863009" });
    const c3 = moneyClient(ex);
    expect(c3.balances(uid, 1, "financial_account")).toEqual({ balance: "500.863009", lock_balance: "0" });
    expect(Number(c3.balances(uid, 1).balance) - Number(spotBefore)).toBe(1000);
    const types = ex.db
      .prepare("SELECT type, COUNT(*) AS n FROM account_log WHERE user_id = ? AND type LIKE 'savings_%' GROUP BY type ORDER BY type")
      .all(uid) as { type: string; n: number }[];
    expect(types).toEqual([
      { type: "savings_interest", n: 7 },
      { type: "savings_lock", n: 2 },
      { type: "savings_return", n: 2 },
    ]);
    await ex.close();
  });

  it("pays what fell due while the exchange was down as soon as it starts, without an operator", async () => {
    let ex = open();
    const uid = moneyClient(ex).userId("alice@example.com");
    const p = findProduct(
      ex.db,
      (ex.db.prepare("SELECT id FROM lock_products WHERE limit_days = 30 AND currency_id = 1").get() as { id: number }).id,
    )!;
    const id = ex.db.transaction(() => buyHolding(ex.db, uid, p, "500", clock))();
    await ex.close();
    const valueDate = valueDateOf(clock);
    clock = valueDate + 2 * DAY + 1000;
    // The scheduler's timer is on: its first run happens during start-up.
    ex = createExchange({ dataDir: dir, simulator: false, marketMaker: false, log: () => {}, now: () => clock });
    expect(holding(ex, id)).toMatchObject({ days_accrued: 2, next_accrual_at: valueDate + 3 * DAY, status: "active" });
    await ex.close();
  });
});

describe("savings accrual when the treasury is short", () => {
  it("pays the holdings it can, leaves the one it cannot with its principal held, and pays it once credited", async () => {
    const own = mkdtempSync(join(tmpdir(), "exchange-savings-short-"));
    let at = Date.UTC(2026, 2, 1, 12);
    const ex = createExchange({
      dataDir: own,
      simulator: false,
      marketMaker: false,
      log: () => {},
      now: () => at,
      savingsScheduler: false,
    });
    try {
      const c = moneyClient(ex);
      const uid = c.userId("demo@example.com");
      const treasury = ex.system.treasuryId;
      const p = findProduct(
        ex.db,
        (ex.db.prepare("SELECT id FROM lock_products WHERE limit_days = 7 AND currency_id = 1").get() as { id: number }).id,
      )!;
      credit(ex.db, { userId: uid, currencyId: 1, accountCode: "change_account", amount: "101000", type: "seed" });
      const large = ex.db.transaction(() => buyHolding(ex.db, uid, p, "100000", at))(); // 12.328767 a day
      const small = ex.db.transaction(() => buyHolding(ex.db, uid, p, "1000", at))(); // 0.123287 a day
      // The treasury keeps 1 USDT: the small holding's 7 days (0.863009), not one day of the large one's.
      const held = new Decimal(c.balances(treasury, 1, "change_account").balance).minus(1).toFixed();
      post(ex.db, {
        type: "test",
        legs: [
          { userId: treasury, currencyId: 1, accountCode: "change_account", amount: `-${held}` },
          { system: "external", currencyId: 1, amount: held },
        ],
      });
      at = valueDateOf(at) + 7 * DAY + 1000;
      expect(ex.savings.runNow()).toEqual({ paid: 7, expired: 1, failed: 1 });
      expect(holding(ex, small)).toMatchObject({ days_accrued: 7, status: "expired" });
      // The principal returns with the last day's interest (docs/product.md), so it waits with it.
      expect(holding(ex, large)).toMatchObject({ days_accrued: 0, status: "active" });
      expect(c.balances(uid, 1, "financial_account").lock_balance).toBe("100000");
      expect(c.balances(treasury, 1, "change_account").balance).toBe("0.136991");

      credit(ex.db, { userId: treasury, currencyId: 1, accountCode: "change_account", amount: "100", type: "admin_credit" });
      expect(ex.savings.runNow()).toEqual({ paid: 7, expired: 1, failed: 0 });
      expect(ex.savings.runNow()).toEqual({ paid: 0, expired: 0, failed: 0 });
      expect(holding(ex, large)).toMatchObject({ days_accrued: 7, interest_total: "86.301369", status: "expired" });
      expect(c.balances(uid, 1, "financial_account").lock_balance).toBe("0");
      expect(reconcile(ex.db).mismatches).toEqual([]);
    } finally {
      await ex.close();
      rmSync(own, { recursive: true, force: true });
    }
  });
});
