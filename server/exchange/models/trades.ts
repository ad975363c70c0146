import type { DB } from "../db/index";

/** The pair's last trade at or before `at` (null if none). */
export function lastTradePriceAt(db: DB, matchId: number, at: number): string | null {
  const row = db
    .prepare("SELECT price FROM trades WHERE match_id = ? AND time <= ? ORDER BY time DESC, id DESC LIMIT 1")
    .get(matchId, at) as { price: string } | undefined;
  return row?.price ?? null;
}
