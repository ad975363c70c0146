import { describe, expect, it } from "vitest";
import { openDatabase } from "../db/index";
import { seedIfEmpty } from "../db/seed";
import { credit, globalTotals, Ledger, LedgerError, openSystemAccounts, post } from "./index";
import { lockLeg, openedHold } from "./holds";

/** A one-sided change balanced against the outside world (what the old one-sided entry was). */
function ledgerApply(
  db: ReturnType<typeof openDatabase>,
  e: { userId: number; currencyId: number; accountCode: "change_account" | "lever_account"; amount: string; type: string },
) {
  const world = e.amount.startsWith("-") ? e.amount.slice(1) : `-${e.amount}`;
  return post(db, { type: e.type, legs: [e, { system: "external", currencyId: e.currencyId, amount: world }] })[0];
}
const ledgerCredit = credit;

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
    const last = db.prepare("SELECT value, balance_after FROM account_log WHERE user_id = ? ORDER BY id DESC LIMIT 1").get(alice);
    expect(last).toEqual({ value: "-0.3", balance_after: "0" });
  });

  it("never lets a balance go below zero and writes nothing then", () => {
    const before = logCount();
    expect(() =>
      ledgerApply(db, { userId: alice, currencyId: 1, accountCode: "change_account", amount: "-5000.000001", type: "test" }),
    ).toThrow(LedgerError);
    expect(logCount()).toBe(before);
    const bal = db
      .prepare("SELECT balance FROM accounts WHERE user_id = ? AND currency_id = 1 AND account_code = 'change_account'")
      .get(alice);
    expect(bal).toEqual({ balance: "5000" });
  });

  it("refuses non-positive or malformed credits", () => {
    for (const amount of ["0", "-1", "abc", ""]) {
      expect(() => ledgerCredit(db, { userId: alice, currencyId: 1, accountCode: "change_account", amount, type: "test" })).toThrow(
        LedgerError,
      );
    }
  });

  it("Ledger (batch): one read and one write per account, a log row per leg, same rules", () => {
    const batch = new Ledger(db);
    const before = logCount();
    const bal = () =>
      db
        .prepare("SELECT balance, lock_balance FROM accounts WHERE user_id = ? AND currency_id = 3 AND account_code = 'change_account'")
        .get(alice);
    const acc = { userId: alice, currencyId: 3, accountCode: "change_account" as const };
    expect(() =>
      batch.post({
        type: "test",
        legs: [{ ...acc, amount: "-1" }, lockLeg(acc, "spot_order", 1, "1")],
      }),
    ).toThrow("outside a transaction");
    db.transaction(() => {
      const hold = openedHold(
        batch.post({
          type: "spot_lock",
          legs: [{ ...acc, amount: "-0.5", extraJson: '{"order_id":1}' }, lockLeg(acc, "spot_order", 1, "0.5")],
        }),
      );
      expect(() =>
        batch.post({
          type: "x",
          legs: [
            {
              ...acc,
              amount: "-0.50000000000000001",
              field: "lock_balance",
              holds: [{ hold, amount: "-0.50000000000000001" }],
            },
            { system: "external", currencyId: 3, amount: "0.50000000000000001" },
          ],
        }),
      ).toThrow(LedgerError);
      batch.post({
        type: "spot_trade",
        legs: [
          { ...acc, amount: "-0.1234567890123456", field: "lock_balance", holds: [{ hold, amount: "-0.1234567890123456" }] },
          { system: "external", currencyId: 3, amount: "0.1234567890123456" },
        ],
      });
      batch.flush();
    })();
    batch.clear();
    expect(bal()).toEqual({ balance: "1.5", lock_balance: "0.3765432109876544" });
    expect(logCount()).toBe(before + 3);
    const rows = db
      .prepare("SELECT field, value, balance_after, extra_data FROM account_log WHERE user_id = ? ORDER BY id DESC LIMIT 3")
      .all(alice);
    expect(rows).toEqual([
      { field: "lock_balance", value: "-0.1234567890123456", balance_after: "0.3765432109876544", extra_data: "{}" },
      { field: "lock_balance", value: "0.5", balance_after: "0.5", extra_data: "{}" },
      { field: "balance", value: "-0.5", balance_after: "1.5", extra_data: '{"order_id":1}' },
    ]);
  });

  it("keeps balances exact beyond 20 significant digits", () => {
    const r = ledgerCredit(db, {
      userId: alice,
      currencyId: 1,
      accountCode: "lever_account",
      amount: "123456789012.1234567890123456",
      type: "test",
    });
    const r2 = ledgerApply(db, { userId: alice, currencyId: 1, accountCode: "lever_account", amount: "0.0000000000000001", type: "test" });
    expect(r.balance).toBe("123456789012.1234567890123456");
    expect(r2.balance).toBe("123456789012.1234567890123457");
  });

  it("refuses a posting whose legs do not sum to zero per currency, before anything is written", () => {
    const before = logCount();
    const bal = () =>
      db
        .prepare("SELECT balance, lock_balance FROM accounts WHERE user_id = ? AND currency_id = 1 AND account_code = 'change_account'")
        .get(alice);
    const was = bal();
    const acc = { userId: alice, currencyId: 1, accountCode: "change_account" as const };
    const refused = (legs: Parameters<typeof post>[1]["legs"]) => {
      let err: unknown;
      try {
        post(db, { type: "test", legs });
      } catch (e) {
        err = e;
      }
      expect(err).toBeInstanceOf(LedgerError);
      expect((err as LedgerError).reason).toBe("unbalanced");
    };
    refused([{ ...acc, amount: "-1" }]);
    refused([
      { ...acc, amount: "-1" },
      { ...acc, amount: "0.999999", field: "lock_balance" },
    ]);
    // Balanced in total but not per currency.
    refused([
      { ...acc, amount: "-1" },
      { userId: alice, currencyId: 2, accountCode: "change_account", amount: "1" },
    ]);
    expect(logCount()).toBe(before);
    expect(bal()).toEqual(was);
  });

  it("refuses a whole posting when one leg would go below zero", () => {
    const before = logCount();
    expect(() =>
      post(db, {
        type: "test",
        legs: [
          { userId: alice, currencyId: 1, accountCode: "change_account", amount: "1000000000" },
          { userId: alice, currencyId: 1, accountCode: "micro_account", amount: "-1000000000" },
        ],
      }),
    ).toThrow(LedgerError);
    expect(logCount()).toBe(before);
  });

  it("the system accounts make every currency's global total zero", () => {
    for (const [currency, total] of globalTotals(db)) expect([currency, total]).toEqual([currency, "0"]);
  });

  it("gives a database from before balanced postings the external account's opening balance, once", () => {
    const old = openDatabase(":memory:");
    seedIfEmpty(old);
    // As a database from before migration 006: balances without their external legs.
    old.exec("DELETE FROM system_accounts; DELETE FROM system_log;");
    expect([...globalTotals(old).values()].some((v) => v !== "0")).toBe(true);
    openSystemAccounts(old, 1);
    openSystemAccounts(old, 2);
    for (const [currency, total] of globalTotals(old)) expect([currency, total]).toEqual([currency, "0"]);
    const openings = old.prepare("SELECT COUNT(*) AS n FROM system_log WHERE type = 'opening'").get() as { n: number };
    const accounts = old.prepare("SELECT COUNT(*) AS n FROM system_accounts").get() as { n: number };
    expect(openings.n).toBe(accounts.n);
    expect(openings.n).toBeGreaterThan(0);
    old.close();
  });
});
