import { SPOT_ORDER_STATUS, type FillRole, type OrderWay, type SpotOrderFilterName } from "../../../app/contract/core/index";
import type { DB } from "../db/index";
import { sqlLimit, statement } from "../db/statements";
import type { OrderRow } from "../engine/engine";

const { OPEN, COMPLETED, CANCELLED, REVOKED, UNTRIGGERED } = SPOT_ORDER_STATUS;

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
  // A pair's lists on /trade: 'open' is every working order (on the book, or a stop waiting for its trigger).
  const [where, args]: [string, unknown[]] =
    "finished" in filter
      ? ["status NOT IN (?, ?)", [OPEN, UNTRIGGERED]]
      : filter.openOnly
        ? ["way = ? AND status IN (?, ?)", [filter.way, OPEN, UNTRIGGERED]]
        : ["way = ?", [filter.way]];
  // `where` is one of three texts above and the limit one of the page sizes: a bounded set of kept statements.
  const { total } = statement(db, `SELECT COUNT(*) AS total FROM spot_orders WHERE user_id = ? AND match_id = ? AND ${where}`).get(
    userId,
    matchId,
    ...args,
  ) as { total: number };
  const rows = statement(
    db,
    `SELECT * FROM spot_orders WHERE user_id = ? AND match_id = ? AND ${where} ORDER BY id DESC LIMIT ${sqlLimit(limit)} OFFSET ?`,
  ).all(userId, matchId, ...args, offset) as OrderRow[];
  return { total, rows };
}

// ---------------------------------------------------------------- my orders and fills across pairs (/orders, CSV)

/** The filters of /orders (the contract's SpotOrdersFilter): pair, side, status group, creation times [from, to). */
export interface OrdersFilter {
  currency_match_id?: number;
  way?: OrderWay;
  status?: SpotOrderFilterName;
  from?: number;
  to?: number;
}

/** The statuses each status filter stands for. */
const STATUS_GROUPS: Record<SpotOrderFilterName, number[]> = {
  open: [OPEN, UNTRIGGERED],
  untriggered: [UNTRIGGERED],
  completed: [COMPLETED],
  cancelled: [CANCELLED, REVOKED],
  history: [COMPLETED, CANCELLED, REVOKED],
};

/** The WHERE of a user's rows in `table` under a filter; `time` is the column the [from, to) range applies to. */
function filterWhere(userId: number, f: OrdersFilter, time: "created_at" | "time"): [string, unknown[]] {
  const where = ["user_id = ?"];
  const args: unknown[] = [userId];
  const add = (clause: string, ...values: unknown[]) => {
    where.push(clause);
    args.push(...values);
  };
  if (f.currency_match_id !== undefined) add("match_id = ?", f.currency_match_id);
  if (f.way !== undefined) add("way = ?", f.way);
  if (f.status !== undefined) {
    const group = STATUS_GROUPS[f.status];
    add(`status IN (${group.map(() => "?").join(", ")})`, ...group);
  }
  if (f.from !== undefined) add(`${time} >= ?`, f.from);
  if (f.to !== undefined) add(`${time} < ?`, f.to);
  return [where.join(" AND "), args];
}

/** One page (newest first) and the total of the rows of `table` that `where` selects. */
function page<T>(db: DB, table: "spot_orders" | "spot_fills", [where, args]: [string, unknown[]], limit: number, offset: number) {
  const { total } = db.prepare(`SELECT COUNT(*) AS total FROM ${table} WHERE ${where}`).get(...args) as { total: number };
  const rows = db.prepare(`SELECT * FROM ${table} WHERE ${where} ORDER BY id DESC LIMIT ? OFFSET ?`).all(...args, limit, offset) as T[];
  return { total, rows };
}

/** Up to `limit` rows of `table` that `where` selects with an id below `before` (all when absent), newest first. */
function pageBefore<T>(
  db: DB,
  table: "spot_orders" | "spot_fills",
  [where, args]: [string, unknown[]],
  before: number | undefined,
  limit: number,
) {
  const below = before !== undefined ? " AND id < ?" : "";
  return db
    .prepare(`SELECT * FROM ${table} WHERE ${where}${below} ORDER BY id DESC LIMIT ?`)
    .all(...args, ...(before !== undefined ? [before] : []), limit) as T[];
}

/** A page of a user's orders on every pair (or one), newest first, with the filter's total. */
export function myOrdersPage(db: DB, userId: number, f: OrdersFilter, limit: number, offset: number): { total: number; rows: OrderRow[] } {
  return page<OrderRow>(db, "spot_orders", filterWhere(userId, f, "created_at"), limit, offset);
}

/** Up to `limit` of a user's orders with an id below `before` (all when absent), newest first: an export's page. */
export function myOrdersBefore(db: DB, userId: number, f: OrdersFilter, before: number | undefined, limit: number): OrderRow[] {
  return pageBefore<OrderRow>(db, "spot_orders", filterWhere(userId, f, "created_at"), before, limit);
}

/** A row of spot_fills: one side of one trade. */
export interface FillRow {
  id: number;
  user_id: number;
  order_id: number;
  trade_id: number;
  match_id: number;
  way: OrderWay;
  role: FillRole;
  price: string;
  number: string;
  /** As booked (a buy's in base, a sell's in quote); null for a fill from before fees were kept per fill. */
  fee: string | null;
  time: number;
}

/** A page of a user's fills, newest first, with the filter's total. */
export function myFillsPage(
  db: DB,
  userId: number,
  f: Omit<OrdersFilter, "status">,
  limit: number,
  offset: number,
): { total: number; rows: FillRow[] } {
  return page<FillRow>(db, "spot_fills", filterWhere(userId, f, "time"), limit, offset);
}

/** Up to `limit` of a user's fills with an id below `before` (all when absent), newest first: an export's page. */
export function myFillsBefore(
  db: DB,
  userId: number,
  f: Omit<OrdersFilter, "status">,
  before: number | undefined,
  limit: number,
): FillRow[] {
  return pageBefore<FillRow>(db, "spot_fills", filterWhere(userId, f, "time"), before, limit);
}
