import type { DB } from "../db/index";

/** A lock product with its currency's code and decimals. */
export interface ProductRow {
  id: number;
  currency_id: number;
  code: string;
  decimals: number;
  limit_days: number;
  annual_rate: string;
  limit_number: string;
  max_number: string;
  open: number;
  sort: number;
}

/** A row of `savings_holdings` (migration 003). */
export interface HoldingRow {
  id: number;
  user_id: number;
  product_id: number;
  currency_id: number;
  principal: string;
  annual_rate: string;
  daily_interest: string;
  limit_days: number;
  days_accrued: number;
  interest_total: string;
  created_at: number;
  value_date: number;
  end_at: number;
  next_accrual_at: number | null;
  status: "active" | "expired";
  code?: string;
}

export type NewHolding = Pick<
  HoldingRow,
  | "user_id"
  | "product_id"
  | "currency_id"
  | "principal"
  | "annual_rate"
  | "daily_interest"
  | "limit_days"
  | "created_at"
  | "value_date"
  | "end_at"
> & { next_accrual_at: number };

const PRODUCT_SELECT = `SELECT p.*, c.code, c.decimals FROM lock_products p JOIN currencies c ON c.id = p.currency_id`;

export function listProducts(db: DB, limit: number, offset: number): { total: number; rows: ProductRow[] } {
  const { total } = db.prepare("SELECT COUNT(*) AS total FROM lock_products WHERE open = 1").get() as { total: number };
  const rows = db.prepare(`${PRODUCT_SELECT} WHERE p.open = 1 ORDER BY p.sort, p.id LIMIT ? OFFSET ?`).all(limit, offset) as ProductRow[];
  return { total, rows };
}

export function findProduct(db: DB, id: number): ProductRow | undefined {
  return db.prepare(`${PRODUCT_SELECT} WHERE p.id = ?`).get(id) as ProductRow | undefined;
}

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

export function findHolding(db: DB, id: number): (HoldingRow & { code: string }) | undefined {
  return db.prepare("SELECT h.*, c.code FROM savings_holdings h JOIN currencies c ON c.id = h.currency_id WHERE h.id = ?").get(id) as
    (HoldingRow & { code: string }) | undefined;
}

export function insertHolding(db: DB, h: NewHolding): number {
  const r = db
    .prepare(
      `INSERT INTO savings_holdings (user_id, product_id, currency_id, principal, annual_rate, daily_interest, limit_days, created_at, value_date, end_at, next_accrual_at)
       VALUES (@user_id, @product_id, @currency_id, @principal, @annual_rate, @daily_interest, @limit_days, @created_at, @value_date, @end_at, @next_accrual_at)`,
    )
    .run(h);
  return Number(r.lastInsertRowid);
}

/** Active holdings with an accrual due at `now`, earliest first. */
export function dueHoldingIds(db: DB, now: number): number[] {
  return (
    db
      .prepare("SELECT id FROM savings_holdings WHERE status = 'active' AND next_accrual_at <= ? ORDER BY next_accrual_at, id")
      .all(now) as {
      id: number;
    }[]
  ).map((r) => r.id);
}

export function holdingRow(db: DB, id: number): HoldingRow {
  return db.prepare("SELECT * FROM savings_holdings WHERE id = ?").get(id) as HoldingRow;
}

/** Records day `day` of a holding as paid; false if it was already (the primary key makes a day payable once). */
export function recordAccrual(db: DB, holdingId: number, day: number, amount: string, now: number): boolean {
  return (
    db
      .prepare("INSERT OR IGNORE INTO savings_accruals (holding_id, day, amount, paid_at) VALUES (?, ?, ?, ?)")
      .run(holdingId, day, amount, now).changes === 1
  );
}

export function setHoldingProgress(
  db: DB,
  id: number,
  p: { daysAccrued: number; interestTotal: string; nextAccrualAt: number | null; status: HoldingRow["status"] },
): void {
  db.prepare("UPDATE savings_holdings SET days_accrued = ?, interest_total = ?, next_accrual_at = ?, status = ? WHERE id = ?").run(
    p.daysAccrued,
    p.interestTotal,
    p.nextAccrualAt,
    p.status,
    id,
  );
}

/** The earliest stored accrual due time (null when nothing is active). */
export function nextAccrualDue(db: DB): number | null {
  return (db.prepare("SELECT MIN(next_accrual_at) AS t FROM savings_holdings WHERE status = 'active'").get() as { t: number | null }).t;
}
