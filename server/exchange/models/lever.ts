import type { DB } from "../db/index";

/** A row of `lever_orders` (migration 007). */
export interface LeverRow {
  id: number;
  user_id: number;
  currency_match_id: number;
  currency_id: number;
  type: 1 | 2;
  status: 0 | 1 | 2 | 3 | 4;
  share: number;
  multiple: number;
  number: string;
  price: string;
  origin_price: string;
  update_price: string;
  target_profit_price: string;
  stop_loss_price: string;
  caution_money: string;
  origin_caution_money: string;
  trade_fee: string;
  overnight_money: string;
  profits: string;
  absorbed: string;
  close_reason: string | null;
  created_at: number;
  opened_at: number | null;
  closed_at: number | null;
  next_overnight_at: number | null;
}

/** The pair terms a lever order needs. */
export interface LeverPairRow {
  id: number;
  base_currency_id: number;
  quote_currency_id: number;
  base_code: string;
  quote_code: string;
  open_lever: number;
  price_precision: number;
  lever_point_rate: string;
  lever_share_num: string;
  lever_fee_rate: string;
}

export function leverPair(db: DB, id: number): LeverPairRow | undefined {
  return db
    .prepare(
      `SELECT m.id, m.base_currency_id, m.quote_currency_id, b.code AS base_code, q.code AS quote_code, m.open_lever, m.price_precision,
              m.lever_point_rate, m.lever_share_num, m.lever_fee_rate
       FROM currency_matches m JOIN currencies b ON b.id = m.base_currency_id JOIN currencies q ON q.id = m.quote_currency_id WHERE m.id = ?`,
    )
    .get(id) as LeverPairRow | undefined;
}

export function leverOrder(db: DB, id: number): LeverRow | undefined {
  return db.prepare("SELECT * FROM lever_orders WHERE id = ?").get(id) as LeverRow | undefined;
}

export function insertLeverOrder(
  db: DB,
  r: Omit<LeverRow, "id" | "profits" | "absorbed" | "close_reason" | "closed_at" | "overnight_money">,
): number {
  const res = db
    .prepare(
      `INSERT INTO lever_orders (user_id, currency_match_id, currency_id, type, status, share, multiple, number, price, origin_price, update_price,
         target_profit_price, stop_loss_price, caution_money, origin_caution_money, trade_fee, created_at, opened_at, next_overnight_at)
       VALUES (@user_id, @currency_match_id, @currency_id, @type, @status, @share, @multiple, @number, @price, @origin_price, @update_price,
         @target_profit_price, @stop_loss_price, @caution_money, @origin_caution_money, @trade_fee, @created_at, @opened_at, @next_overnight_at)`,
    )
    .run(r);
  return Number(res.lastInsertRowid);
}

/** Every pending order and open position (the engine's working set, loaded at start). */
export function liveLeverOrders(db: DB): LeverRow[] {
  return db.prepare("SELECT * FROM lever_orders WHERE status IN (0, 1) ORDER BY id").all() as LeverRow[];
}

export function leverAvailable(db: DB, userId: number, currencyId: number): string {
  const r = db
    .prepare("SELECT balance FROM accounts WHERE user_id = ? AND currency_id = ? AND account_code = 'lever_account'")
    .get(userId, currencyId) as { balance: string } | undefined;
  return r?.balance ?? "0";
}

export function leverPage(
  db: DB,
  where: { userId: number; statuses: number[]; matchId?: number },
  page: number,
  perPage: number,
): { rows: LeverRow[]; total: number } {
  const cond = `user_id = ? AND status IN (${where.statuses.map(() => "?").join(",")})${where.matchId ? " AND currency_match_id = ?" : ""}`;
  const args: number[] = [where.userId, ...where.statuses, ...(where.matchId ? [where.matchId] : [])];
  const { total } = db.prepare(`SELECT COUNT(*) AS total FROM lever_orders WHERE ${cond}`).get(...args) as { total: number };
  const rows = db
    .prepare(`SELECT * FROM lever_orders WHERE ${cond} ORDER BY COALESCE(closed_at, opened_at, created_at) DESC, id DESC LIMIT ? OFFSET ?`)
    .all(...args, perPage, (page - 1) * perPage) as LeverRow[];
  return { rows, total };
}
