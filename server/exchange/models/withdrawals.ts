import type { DB } from "../db/index";
import type { WithdrawalRow } from "../money/review";

export type NewWithdrawal = Pick<WithdrawalRow, "user_id" | "currency_id" | "protocol_id" | "address" | "memo" | "amount" | "fee" | "received" | "rate" | "created_at">;

export function insertWithdrawal(db: DB, w: NewWithdrawal): number {
  const r = db
    .prepare("INSERT INTO withdrawals (user_id, currency_id, protocol_id, address, memo, amount, fee, received, rate, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")
    .run(w.user_id, w.currency_id, w.protocol_id, w.address, w.memo, w.amount, w.fee, w.received, w.rate, w.created_at);
  return Number(r.lastInsertRowid);
}
