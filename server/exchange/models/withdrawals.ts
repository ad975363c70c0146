import type { ReviewStatus } from "../../../app/contract/index";
import type { DB } from "../db/index";
import { DAY } from "../lib/time";

/** Where a user sends a coin on chain: the coin, its network, the address and its memo (a withdrawal, a saved address). */
export interface Destination {
  user_id: number;
  currency_id: number;
  protocol_id: number;
  address: string;
  memo: string;
}

/** A row of `withdrawals` with its currency's and chain's codes. */
export interface WithdrawalRow extends Destination {
  id: number;
  amount: string;
  fee: string;
  received: string;
  rate: string;
  status: ReviewStatus;
  created_at: number;
  reviewed_at: number | null;
  code: string;
  chain: string;
}

export type NewWithdrawal = Pick<
  WithdrawalRow,
  "user_id" | "currency_id" | "protocol_id" | "address" | "memo" | "amount" | "fee" | "received" | "rate" | "created_at"
>;

const WITHDRAWAL_SELECT = `SELECT w.*, c.code, ch.code AS chain FROM withdrawals w JOIN currencies c ON c.id = w.currency_id
  JOIN currency_protocols cp ON cp.id = w.protocol_id JOIN chain_protocols ch ON ch.id = cp.chain_protocol_id`;

export function insertWithdrawal(db: DB, w: NewWithdrawal): number {
  const r = db
    .prepare(
      "INSERT INTO withdrawals (user_id, currency_id, protocol_id, address, memo, amount, fee, received, rate, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
    )
    .run(w.user_id, w.currency_id, w.protocol_id, w.address, w.memo, w.amount, w.fee, w.received, w.rate, w.created_at);
  return Number(r.lastInsertRowid);
}

/** The user's withdrawals of the current UTC day that count against the daily limit (all but rejected ones). */
export function withdrawnToday(db: DB, userId: number, now: number): Array<{ currency_id: number; amount: string }> {
  const dayStart = Math.floor(now / DAY) * DAY;
  return db
    .prepare("SELECT currency_id, amount FROM withdrawals WHERE user_id = ? AND created_at >= ? AND status <> 'rejected'")
    .all(userId, dayStart) as Array<{ currency_id: number; amount: string }>;
}

export function findWithdrawal(db: DB, id: number): WithdrawalRow | undefined {
  return db.prepare(`${WITHDRAWAL_SELECT} WHERE w.id = ?`).get(id) as WithdrawalRow | undefined;
}

export function listWithdrawals(
  db: DB,
  opts: { status?: string; userId?: number; limit: number; offset?: number },
): { total: number; rows: WithdrawalRow[] } {
  const where: string[] = [];
  const args: unknown[] = [];
  if (opts.status) {
    where.push("w.status = ?");
    args.push(opts.status);
  }
  if (opts.userId !== undefined) {
    where.push("w.user_id = ?");
    args.push(opts.userId);
  }
  const w = where.length ? `WHERE ${where.join(" AND ")}` : "";
  const { total } = db.prepare(`SELECT COUNT(*) AS total FROM withdrawals w ${w}`).get(...args) as { total: number };
  const rows = db
    .prepare(`${WITHDRAWAL_SELECT} ${w} ORDER BY w.id DESC LIMIT ? OFFSET ?`)
    .all(...args, opts.limit, opts.offset ?? 0) as WithdrawalRow[];
  return { total, rows };
}

/** A pending withdrawal gets the operator's decision; false if it was not pending (decided once only). */
export function decideWithdrawal(db: DB, id: number, status: "approved" | "rejected", now: number): boolean {
  return (
    db.prepare("UPDATE withdrawals SET status = ?, reviewed_at = ? WHERE id = ? AND status = 'pending'").run(status, now, id).changes === 1
  );
}

/** Up to `limit` of a user's withdrawals with an id below `before`, newest first: an export's page. */
export function withdrawalsBefore(db: DB, userId: number, before: number | undefined, limit: number): WithdrawalRow[] {
  return db
    .prepare(`${WITHDRAWAL_SELECT} WHERE w.user_id = ? AND w.id < ? ORDER BY w.id DESC LIMIT ?`)
    .all(userId, before ?? Number.MAX_SAFE_INTEGER, limit) as WithdrawalRow[];
}
