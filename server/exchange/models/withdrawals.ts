import type { DB } from "../db/index";
import type { WithdrawalRow } from "../money/review";

export type NewWithdrawal = Pick<
  WithdrawalRow,
  "user_id" | "currency_id" | "protocol_id" | "address" | "memo" | "amount" | "fee" | "received" | "rate" | "created_at"
>;

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
  const dayStart = Math.floor(now / 86_400_000) * 86_400_000;
  return db
    .prepare("SELECT currency_id, amount FROM withdrawals WHERE user_id = ? AND created_at >= ? AND status <> 'rejected'")
    .all(userId, dayStart) as Array<{ currency_id: number; amount: string }>;
}
