import { describe, expect, it } from "vitest";
import { openDatabase } from "../db/index";
import { seedIfEmpty } from "../db/seed";
import { LedgerBatch, ledgerApply, ledgerCredit, LedgerError } from "./ledger";

describe("ledger", () => {
  const db = openDatabase(":memory:");
  seedIfEmpty(db);
  const alice = (db.prepare("SELECT id FROM users WHERE email = 'alice@example.com'").get() as { id: number }).id;
  const logCount = () => (db.prepare("SELECT COUNT(*) AS n FROM account_log WHERE user_id = ?").get(alice) as { n: number }).n;

  it("credits and debits with a log row each, in exact decimals", () => {
    const before = logCount();
    const a = ledgerCredit(db, { userId: alice, currencyId: 2, accountCode: "change_account", amount: "0.1", type: "test" });
    const b = ledgerCredit(db, { userId: alice, currencyId: 2, accountCode: "change_account", amount: "0.2", type: "test" });
    expect(a.balance).toBe("0.1");
    expect(b.balance).toBe("0.3");
    const c = ledgerApply(db, { userId: alice, currencyId: 2, accountCode: "change_account", amount: "-0.3", type: "test" });
    expect(c.balance).toBe("0");
    expect(logCount()).toBe(before + 3);
    const last = db.prepare("SELECT value, balance_after FROM account_log WHERE id = ?").get(c.logId);
    expect(last).toEqual({ value: "-0.3", balance_after: "0" });
  });

  it("never lets a balance go below zero and writes nothing then", () => {
    const before = logCount();
    expect(() => ledgerApply(db, { userId: alice, currencyId: 1, accountCode: "change_account", amount: "-5000.000001", type: "test" })).toThrow(LedgerError);
    expect(logCount()).toBe(before);
    const bal = db.prepare("SELECT balance FROM accounts WHERE user_id = ? AND currency_id = 1 AND account_code = 'change_account'").get(alice);
    expect(bal).toEqual({ balance: "5000" });
  });

  it("refuses non-positive or malformed credits", () => {
    for (const amount of ["0", "-1", "abc", ""]) {
      expect(() => ledgerCredit(db, { userId: alice, currencyId: 1, accountCode: "change_account", amount, type: "test" })).toThrow(LedgerError);
    }
  });

  it("LedgerBatch: one read and one write per account, a log row per change, same rules", () => {
    const batch = new LedgerBatch(db);
    const before = logCount();
    const bal = () => db.prepare("SELECT balance, lock_balance FROM accounts WHERE user_id = ? AND currency_id = 3 AND account_code = 'change_account'").get(alice);
    expect(() => batch.apply({ userId: alice, currencyId: 3, accountCode: "change_account", amount: "-1", type: "test" })).toThrow("outside a transaction");
    db.transaction(() => {
      batch.apply({ userId: alice, currencyId: 3, accountCode: "change_account", amount: "-0.5", type: "spot_lock", extraJson: '{"order_id":1}' });
      batch.apply({ userId: alice, currencyId: 3, accountCode: "change_account", amount: "0.5", field: "lock_balance", type: "spot_lock" });
      expect(() => batch.apply({ userId: alice, currencyId: 3, accountCode: "change_account", amount: "-0.50000000000000001", field: "lock_balance", type: "x" })).toThrow(
        LedgerError,
      );
      batch.apply({ userId: alice, currencyId: 3, accountCode: "change_account", amount: "-0.1234567890123456", field: "lock_balance", type: "spot_trade" });
      batch.flush();
    })();
    batch.clear();
    expect(bal()).toEqual({ balance: "1.5", lock_balance: "0.3765432109876544" });
    expect(logCount()).toBe(before + 3);
    const rows = db.prepare("SELECT field, value, balance_after, extra_data FROM account_log WHERE user_id = ? ORDER BY id DESC LIMIT 3").all(alice);
    expect(rows).toEqual([
      { field: "lock_balance", value: "-0.1234567890123456", balance_after: "0.3765432109876544", extra_data: "{}" },
      { field: "lock_balance", value: "0.5", balance_after: "0.5", extra_data: "{}" },
      { field: "balance", value: "-0.5", balance_after: "1.5", extra_data: '{"order_id":1}' },
    ]);
  });

  it("keeps balances exact beyond 20 significant digits", () => {
    const r = ledgerCredit(db, { userId: alice, currencyId: 1, accountCode: "lever_account", amount: "123456789012.1234567890123456", type: "test" });
    const r2 = ledgerApply(db, { userId: alice, currencyId: 1, accountCode: "lever_account", amount: "0.0000000000000001", type: "test" });
    expect(r.balance).toBe("123456789012.1234567890123456");
    expect(r2.balance).toBe("123456789012.1234567890123457");
  });
});
