// Test helpers for the ledger's invariants (imported by *.test.ts only), checked after every step of a property test.
import { expect } from "vitest";
import type { DB } from "../../server/exchange/db/index";
import { globalTotals } from "../../server/exchange/ledger/index";

/** Funds are conserved (every currency sums to exactly 0 over all accounts) and no balance, available or locked, is below 0. */
export function expectConservedAndNonNegative(db: DB): void {
  for (const total of globalTotals(db).values()) expect(total).toBe("0");
  const negative = db.prepare("SELECT COUNT(*) AS n FROM accounts WHERE balance LIKE '-%' OR lock_balance LIKE '-%'").get() as {
    n: number;
  };
  expect(negative.n).toBe(0);
}

/** The locked balance of one user's account of a currency. */
export function lockedOf(db: DB, userId: number, currencyId: number, accountCode: string): string {
  const row = db
    .prepare("SELECT lock_balance FROM accounts WHERE user_id = ? AND currency_id = ? AND account_code = ?")
    .get(userId, currencyId, accountCode) as { lock_balance: string };
  return row.lock_balance;
}
