import type { DB } from "../db/index";
import { sqlLimit, statement } from "../db/statements";

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
  return statement(
    db,
    `SELECT m.id, m.base_currency_id, m.quote_currency_id, b.code AS base_code, q.code AS quote_code, m.open_lever, m.price_precision,
              m.lever_point_rate, m.lever_share_num, m.lever_fee_rate
       FROM currency_matches m JOIN currencies b ON b.id = m.base_currency_id JOIN currencies q ON q.id = m.quote_currency_id WHERE m.id = ?`,
  ).get(id) as LeverPairRow | undefined;
}

export function leverOrder(db: DB, id: number): LeverRow | undefined {
  return statement(db, "SELECT * FROM lever_orders WHERE id = ?").get(id) as LeverRow | undefined;
}

export function insertLeverOrder(
  db: DB,
  r: Omit<LeverRow, "id" | "profits" | "absorbed" | "close_reason" | "closed_at" | "overnight_money">,
): number {
  const res = statement(
    db,
    `INSERT INTO lever_orders (user_id, currency_match_id, currency_id, type, status, share, multiple, number, price, origin_price, update_price,
         target_profit_price, stop_loss_price, caution_money, origin_caution_money, trade_fee, created_at, opened_at, next_overnight_at)
       VALUES (@user_id, @currency_match_id, @currency_id, @type, @status, @share, @multiple, @number, @price, @origin_price, @update_price,
         @target_profit_price, @stop_loss_price, @caution_money, @origin_caution_money, @trade_fee, @created_at, @opened_at, @next_overnight_at)`,
  ).run(r);
  return Number(res.lastInsertRowid);
}

/** Every pending order and open position (the engine's working set, loaded at start). */
export function liveLeverOrders(db: DB): LeverRow[] {
  return statement(db, "SELECT * FROM lever_orders WHERE status IN (0, 1) ORDER BY id").all() as LeverRow[];
}

export function leverAvailable(db: DB, userId: number, currencyId: number): string {
  const r = statement(db, "SELECT balance FROM accounts WHERE user_id = ? AND currency_id = ? AND account_code = 'lever_account'").get(
    userId,
    currencyId,
  ) as { balance: string } | undefined;
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
  const { total } = statement(db, `SELECT COUNT(*) AS total FROM lever_orders WHERE ${cond}`).get(...args) as { total: number };
  const rows = statement(
    db,
    `SELECT * FROM lever_orders WHERE ${cond} ORDER BY COALESCE(closed_at, opened_at, created_at) DESC, id DESC LIMIT ${sqlLimit(perPage)} OFFSET ?`,
  ).all(...args, (page - 1) * perPage) as LeverRow[];
  return { rows, total };
}

/** A user's open positions on a pair (of one side, or both), oldest first. */
export function openLeverPositions(db: DB, userId: number, matchId: number, type?: number): LeverRow[] {
  return statement(
    db,
    `SELECT * FROM lever_orders WHERE user_id = ? AND currency_match_id = ? AND status = 1${type ? " AND type = ?" : ""} ORDER BY id`,
  ).all(...[userId, matchId, ...(type ? [type] : [])]) as LeverRow[];
}

/** The user's latest openings and closings on a pair (leverDeal's 'my transactions'). */
export function recentLeverDeals(
  db: DB,
  userId: number,
  matchId: number,
): { id: number; type: number; status: number; price: string; update_price: string; number: string; time: number }[] {
  return statement(
    db,
    `SELECT id, type, status, price, update_price, number, COALESCE(closed_at, opened_at) AS time FROM lever_orders
       WHERE user_id = ? AND currency_match_id = ? AND status IN (1, 3) ORDER BY time DESC, id DESC LIMIT 30`,
  ).all(userId, matchId) as {
    id: number;
    type: number;
    status: number;
    price: string;
    update_price: string;
    number: string;
    time: number;
  }[];
}

/** New stops of a pending order or open position; false if it is neither any more. */
export function setLeverStops(db: DB, id: number, takeProfit: string, stopLoss: string): boolean {
  return (
    statement(db, "UPDATE lever_orders SET target_profit_price = ?, stop_loss_price = ? WHERE id = ? AND status IN (0, 1)").run(
      takeProfit,
      stopLoss,
      id,
    ).changes === 1
  );
}

/** A pending order cancelled by its owner; false if it was no longer pending. */
export function cancelPendingLever(db: DB, id: number, now: number): boolean {
  return (
    statement(db, "UPDATE lever_orders SET status = 4, close_reason = 'cancel', closed_at = ? WHERE id = ? AND status = 0").run(now, id)
      .changes === 1
  );
}

/** A pending order opens (its price was reached); false if it was no longer pending. */
export function openPendingLever(db: DB, id: number, now: number, nextOvernightAt: number): boolean {
  return (
    statement(db, "UPDATE lever_orders SET status = 1, opened_at = ?, next_overnight_at = ? WHERE id = ? AND status = 0").run(
      now,
      nextOvernightAt,
      id,
    ).changes === 1
  );
}

/** An open position closes at `price` with its realized result. */
export function closeLeverPosition(
  db: DB,
  id: number,
  c: { price: string; profits: string; absorbed: string; reason: string; now: number },
): boolean {
  return (
    statement(
      db,
      "UPDATE lever_orders SET status = 3, update_price = ?, profits = ?, absorbed = ?, close_reason = ?, closed_at = ?, next_overnight_at = NULL WHERE id = ? AND status = 1",
    ).run(c.price, c.profits, c.absorbed, c.reason, c.now, id).changes === 1
  );
}

/** Open positions whose overnight fee is due at `now`. */
export function overnightDue(db: DB, now: number): LeverRow[] {
  return statement(db, "SELECT * FROM lever_orders WHERE status = 1 AND next_overnight_at <= ? ORDER BY id").all(now) as LeverRow[];
}

export function setOvernightCharged(db: DB, r: Pick<LeverRow, "id" | "caution_money" | "overnight_money" | "next_overnight_at">): void {
  statement(db, "UPDATE lever_orders SET caution_money = ?, overnight_money = ?, next_overnight_at = ? WHERE id = ? AND status = 1").run(
    r.caution_money,
    r.overnight_money,
    r.next_overnight_at,
    r.id,
  );
}

/** The earliest stored overnight due time of an open position (null when none is open). */
export function nextOvernightDue(db: DB): number | null {
  return (statement(db, "SELECT MIN(next_overnight_at) AS n FROM lever_orders WHERE status = 1").get() as { n: number | null }).n;
}
