import type { DB } from "../db/index";
import type { HoldingRow } from "../money/savings";

/** A user's holdings, active ones first, newest first. */
export function listHoldings(
  db: DB,
  userId: number,
  limit: number,
  offset: number,
): { total: number; rows: (HoldingRow & { code: string })[] } {
  const { total } = db.prepare("SELECT COUNT(*) AS total FROM savings_holdings WHERE user_id = ?").get(userId) as { total: number };
  const rows = db
    .prepare(
      `SELECT h.*, c.code FROM savings_holdings h JOIN currencies c ON c.id = h.currency_id WHERE h.user_id = ?
       ORDER BY h.status = 'active' DESC, h.id DESC LIMIT ? OFFSET ?`,
    )
    .all(userId, limit, offset) as (HoldingRow & { code: string })[];
  return { total, rows };
}
