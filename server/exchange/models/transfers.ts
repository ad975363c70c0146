import type { AccountCode } from "../../../app/contract/core/index";
import type { DB } from "../db/index";

export interface TransferRow {
  id: number;
  currency_id: number;
  code: string;
  from_code: AccountCode;
  to_code: AccountCode;
  amount: string;
  created_at: number;
}

export function insertTransfer(
  db: DB,
  t: { userId: number; currencyId: number; from: AccountCode; to: AccountCode; amount: string; now: number },
): number {
  const r = db
    .prepare("INSERT INTO transfers (user_id, currency_id, from_code, to_code, amount, created_at) VALUES (?, ?, ?, ?, ?, ?)")
    .run(t.userId, t.currencyId, t.from, t.to, t.amount, t.now);
  return Number(r.lastInsertRowid);
}

export function listTransfers(
  db: DB,
  userId: number,
  currencyId: number | undefined,
  limit: number,
  offset: number,
): { total: number; rows: TransferRow[] } {
  const where = ["t.user_id = ?"];
  const args: unknown[] = [userId];
  if (currencyId !== undefined) {
    where.push("t.currency_id = ?");
    args.push(currencyId);
  }
  const w = where.join(" AND ");
  const { total } = db.prepare(`SELECT COUNT(*) AS total FROM transfers t WHERE ${w}`).get(...args) as { total: number };
  const rows = db
    .prepare(`SELECT t.*, c.code FROM transfers t JOIN currencies c ON c.id = t.currency_id WHERE ${w} ORDER BY t.id DESC LIMIT ? OFFSET ?`)
    .all(...args, limit, offset) as TransferRow[];
  return { total, rows };
}

/** Up to `limit` of a user's transfers (one currency or all) with an id below `before`, newest first: an export's page. */
export function transfersBefore(
  db: DB,
  userId: number,
  currencyId: number | undefined,
  before: number | undefined,
  limit: number,
): TransferRow[] {
  const where = ["t.user_id = ?", "t.id < ?"];
  const args: unknown[] = [userId, before ?? Number.MAX_SAFE_INTEGER];
  if (currencyId !== undefined) {
    where.push("t.currency_id = ?");
    args.push(currencyId);
  }
  return db
    .prepare(
      `SELECT t.*, c.code FROM transfers t JOIN currencies c ON c.id = t.currency_id WHERE ${where.join(" AND ")} ORDER BY t.id DESC LIMIT ?`,
    )
    .all(...args, limit) as TransferRow[];
}
