import { describe, expect, it } from "vitest";
import { openDatabase } from "../db/index";
import { seedIfEmpty } from "../db/seed";
import { ledgerApply, ledgerCredit, LedgerError } from "./ledger";

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
});
