import { SPOT_ORDER_STATUS, type OrderWay } from "../../../app/contract/core/index";
import type { DB } from "../db/index";
import type { OrderRow } from "../engine/engine";

// Spot orders as the lists read them (the matching engine writes them, with its own prepared statements, in its batch).

/** Which of a user's orders on a pair: one side (open ones only, or all), or the finished ones of both sides. */
export type SpotOrderFilter = { way: OrderWay; openOnly: boolean } | { finished: true };

export function spotOrderPage(
  db: DB,
  userId: number,
  matchId: number,
  filter: SpotOrderFilter,
  limit: number,
  offset: number,
): { total: number; rows: OrderRow[] } {
  const open = SPOT_ORDER_STATUS.OPEN;
  const [where, args]: [string, unknown[]] =
    "finished" in filter
      ? ["status <> ?", [open]]
      : filter.openOnly
        ? ["way = ? AND status = ?", [filter.way, open]]
        : ["way = ?", [filter.way]];
  const { total } = db
    .prepare(`SELECT COUNT(*) AS total FROM spot_orders WHERE user_id = ? AND match_id = ? AND ${where}`)
    .get(userId, matchId, ...args) as { total: number };
  const rows = db
    .prepare(`SELECT * FROM spot_orders WHERE user_id = ? AND match_id = ? AND ${where} ORDER BY id DESC LIMIT ? OFFSET ?`)
    .all(userId, matchId, ...args, limit, offset) as OrderRow[];
  return { total, rows };
}
