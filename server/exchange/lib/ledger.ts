import Decimal from "decimal.js";
import type { DB } from "../db/index";

export const ACCOUNT_CODES = ["change_account", "legal_account", "lever_account", "micro_account", "financial_account"] as const;
export type AccountCode = (typeof ACCOUNT_CODES)[number];

export function isAccountCode(v: string): v is AccountCode {
  return (ACCOUNT_CODES as readonly string[]).includes(v);
}

export class LedgerError extends Error {
  constructor(
    public readonly reason: "insufficient_balance" | "invalid_amount",
    message?: string,
  ) {
    super(message ?? reason);
  }
}

export interface LedgerEntry {
  userId: number;
  currencyId: number;
  accountCode: AccountCode;
  /** Signed decimal string: positive credits, negative debits. */
  amount: string;
  /** Which column moves (default the available balance). */
  field?: "balance" | "lock_balance";
  /** What kind of movement: seed, admin_credit, … */
  type: string;
  memo?: string;
  extra?: Record<string, unknown>;
  now?: number;
}

export interface LedgerResult {
  accountId: number;
  balance: string;
  lockBalance: string;
  logId: number;
}

/**
 * The one place balances change. The account row and its account_log row are written in one
 * transaction (nested calls join the caller's transaction); neither column may go below zero.
 */
export function ledgerApply(db: DB, e: LedgerEntry): LedgerResult {
  let amount: Decimal;
  try {
    amount = new Decimal(e.amount);
  } catch {
    throw new LedgerError("invalid_amount");
  }
  if (!amount.isFinite() || amount.isZero()) throw new LedgerError("invalid_amount");
  const field = e.field ?? "balance";
  const now = e.now ?? Date.now();
  return db.transaction((): LedgerResult => {
    db.prepare(
      "INSERT INTO accounts (user_id, currency_id, account_code) VALUES (?, ?, ?) ON CONFLICT (user_id, currency_id, account_code) DO NOTHING",
    ).run(e.userId, e.currencyId, e.accountCode);
    const acc = db
      .prepare("SELECT id, balance, lock_balance FROM accounts WHERE user_id = ? AND currency_id = ? AND account_code = ?")
      .get(e.userId, e.currencyId, e.accountCode) as { id: number; balance: string; lock_balance: string };
    const before = new Decimal(field === "balance" ? acc.balance : acc.lock_balance);
    const after = before.plus(amount);
    if (after.isNegative()) throw new LedgerError("insufficient_balance");
    const afterStr = after.toFixed();
    db.prepare(`UPDATE accounts SET ${field === "balance" ? "balance" : "lock_balance"} = ? WHERE id = ?`).run(afterStr, acc.id);
    const log = db
      .prepare(
        `INSERT INTO account_log (account_id, user_id, currency_id, account_code, field, value, balance_after, type, memo, extra_data, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(acc.id, e.userId, e.currencyId, e.accountCode, field, amount.toFixed(), afterStr, e.type, e.memo ?? "", JSON.stringify(e.extra ?? {}), now);
    return {
      accountId: acc.id,
      balance: field === "balance" ? afterStr : acc.balance,
      lockBalance: field === "lock_balance" ? afterStr : acc.lock_balance,
      logId: Number(log.lastInsertRowid),
    };
  })();
}

/** Credits a positive amount (seed balances, operator credit). */
export function ledgerCredit(db: DB, e: LedgerEntry): LedgerResult {
  let amount: Decimal;
  try {
    amount = new Decimal(e.amount);
  } catch {
    throw new LedgerError("invalid_amount");
  }
  if (!amount.isFinite() || amount.lte(0)) throw new LedgerError("invalid_amount");
  return ledgerApply(db, e);
}
