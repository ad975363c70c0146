import Decimal from "decimal.js";
import type { AccountCode } from "../../../app/contract/core/index";
import type { DB } from "../db/index";

export interface AccountRow {
  id: number;
  user_id: number;
  currency_id: number;
  account_code: AccountCode;
  balance: string;
  lock_balance: string;
}

/** Every account a user can hold exists (balance 0 until something moves): ids are stable for the screens. */
export function ensureAccounts(db: DB, userId: number): void {
  db.prepare(
    `INSERT INTO accounts (user_id, currency_id, account_code) SELECT ?, currency_id, account_code FROM currency_account_types WHERE true
     ON CONFLICT (user_id, currency_id, account_code) DO NOTHING`,
  ).run(userId);
}

export function listAccounts(db: DB, userId: number): AccountRow[] {
  return db
    .prepare("SELECT id, user_id, currency_id, account_code, balance, lock_balance FROM accounts WHERE user_id = ?")
    .all(userId) as AccountRow[];
}

/** The user's account of a currency and code, created (at zero) if missing. */
export function accountOf(db: DB, userId: number, currencyId: number, code: AccountCode): AccountRow {
  db.prepare(
    "INSERT INTO accounts (user_id, currency_id, account_code) VALUES (?, ?, ?) ON CONFLICT (user_id, currency_id, account_code) DO NOTHING",
  ).run(userId, currencyId, code);
  return db
    .prepare("SELECT * FROM accounts WHERE user_id = ? AND currency_id = ? AND account_code = ?")
    .get(userId, currencyId, code) as AccountRow;
}

/** The available balance (0 for an account that does not exist yet). */
export function availableOf(db: DB, userId: number, currencyId: number, code: AccountCode): Decimal {
  const row = db
    .prepare("SELECT balance FROM accounts WHERE user_id = ? AND currency_id = ? AND account_code = ?")
    .get(userId, currencyId, code) as { balance: string } | undefined;
  return new Decimal(row?.balance ?? "0");
}

export function currencyCode(db: DB, id: number): string {
  return (db.prepare("SELECT code FROM currencies WHERE id = ?").get(id) as { code: string } | undefined)?.code ?? "";
}

/** Currency codes by id. */
export function currencyCodes(db: DB): Map<number, string> {
  return new Map((db.prepare("SELECT id, code FROM currencies").all() as { id: number; code: string }[]).map((r) => [r.id, r.code]));
}

export interface LogRow {
  id: number;
  currency_id: number;
  code: string;
  account_code: AccountCode;
  field: "balance" | "lock_balance";
  value: string;
  balance_after: string;
  type: string;
  memo: string;
  extra_data: string;
  created_at: number;
}

/** A page of account_log rows matching `where` (over alias `l`), newest first. */
export function listLog(db: DB, where: string, args: unknown[], limit: number, offset: number): { total: number; rows: LogRow[] } {
  const { total } = db.prepare(`SELECT COUNT(*) AS total FROM account_log l WHERE ${where}`).get(...args) as { total: number };
  const rows = db
    .prepare(
      `SELECT l.id, l.currency_id, c.code, l.account_code, l.field, l.value, l.balance_after, l.type, l.memo, l.extra_data, l.created_at
       FROM account_log l JOIN currencies c ON c.id = l.currency_id WHERE ${where} ORDER BY l.id DESC LIMIT ? OFFSET ?`,
    )
    .all(...args, limit, offset) as LogRow[];
  return { total, rows };
}

/**
 * Up to `limit` account_log rows of one user's account (one currency or all) with an id below `before`, newest first:
 * an export's page. Each currency is read along its own index range and the ranges merged, so a page costs the same
 * however deep the export is (a single query over all currencies would sort the whole account every page).
 */
export function logBefore(
  db: DB,
  userId: number,
  accountCode: AccountCode,
  currencyId: number | undefined,
  before: number | undefined,
  limit: number,
): LogRow[] {
  const currencies =
    currencyId !== undefined
      ? [currencyId]
      : (
          db.prepare("SELECT currency_id FROM accounts WHERE user_id = ? AND account_code = ?").all(userId, accountCode) as {
            currency_id: number;
          }[]
        ).map((r) => r.currency_id);
  const st = db.prepare(
    `SELECT l.id, l.currency_id, c.code, l.account_code, l.field, l.value, l.balance_after, l.type, l.memo, l.extra_data, l.created_at
     FROM account_log l JOIN currencies c ON c.id = l.currency_id
     WHERE l.user_id = ? AND l.account_code = ? AND l.currency_id = ? AND l.id < ? ORDER BY l.id DESC LIMIT ?`,
  );
  const rows: LogRow[] = [];
  for (const c of currencies) rows.push(...(st.all(userId, accountCode, c, before ?? Number.MAX_SAFE_INTEGER, limit) as LogRow[]));
  return rows.sort((a, b) => b.id - a.id).slice(0, limit);
}

/** Up to `limit` account_log rows matching `where` (over alias `l`) with an id below `before`, newest first. */
export function logWhereBefore(db: DB, where: string, args: unknown[], before: number | undefined, limit: number): LogRow[] {
  return db
    .prepare(
      `SELECT l.id, l.currency_id, c.code, l.account_code, l.field, l.value, l.balance_after, l.type, l.memo, l.extra_data, l.created_at
       FROM account_log l JOIN currencies c ON c.id = l.currency_id WHERE ${where} AND l.id < ? ORDER BY l.id DESC LIMIT ?`,
    )
    .all(...args, before ?? Number.MAX_SAFE_INTEGER, limit) as LogRow[];
}
