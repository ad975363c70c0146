import type { MicroType } from "../../../app/contract/index";
import { MICRO_STATUS } from "../../../app/contract/index";
import type { DB } from "../db/index";
import { sqlLimit, statement } from "../db/statements";

/** A row of `micro_orders` (migration 008). */
export interface MicroRow {
  id: number;
  user_id: number;
  match_id: number;
  currency_id: number;
  type: MicroType;
  status: 1 | 3;
  seconds: number;
  number: string;
  profit_ratio: string;
  fee: string;
  open_price: string;
  end_price: string | null;
  result: "win" | "lose" | "tie" | null;
  fact_profits: string | null;
  created_at: number;
  due_at: number;
  settled_at: number | null;
}

/** A pair as the second contract sees it. */
export interface MicroPairRow {
  id: number;
  open_microtrade: number;
  quote: string;
}

/** A currency one can stake from (it has a micro account). */
export interface MicroWalletRow {
  id: number;
  code: string;
  decimals: number;
}

export function microPair(db: DB, matchId: number): MicroPairRow | undefined {
  return statement(
    db,
    "SELECT m.id, m.open_microtrade, q.code AS quote FROM currency_matches m JOIN currencies q ON q.id = m.quote_currency_id WHERE m.id = ?",
  ).get(matchId) as MicroPairRow | undefined;
}

/** Currencies with a micro account (the wallets one can pay from). */
export function microWallets(db: DB): MicroWalletRow[] {
  return statement(
    db,
    `SELECT c.id, c.code, c.decimals FROM currencies c JOIN currency_account_types t ON t.currency_id = c.id AND t.account_code = 'micro_account' ORDER BY c.sort, c.id`,
  ).all() as MicroWalletRow[];
}

export function microAvailable(db: DB, userId: number, currencyId: number): string {
  const r = statement(db, "SELECT balance FROM accounts WHERE user_id = ? AND currency_id = ? AND account_code = 'micro_account'").get(
    userId,
    currencyId,
  ) as { balance: string } | undefined;
  return r?.balance ?? "0";
}

export function runningMicroCount(db: DB, userId: number): number {
  return (
    statement(db, "SELECT COUNT(*) AS n FROM micro_orders WHERE user_id = ? AND status = ?").get(userId, MICRO_STATUS.RUNNING) as {
      n: number;
    }
  ).n;
}

export function insertMicroOrder(db: DB, row: Omit<MicroRow, "id">): number {
  return Number(
    statement(
      db,
      `INSERT INTO micro_orders (user_id, match_id, currency_id, type, status, seconds, number, profit_ratio, fee, open_price, created_at, due_at)
         VALUES (@user_id, @match_id, @currency_id, @type, @status, @seconds, @number, @profit_ratio, @fee, @open_price, @created_at, @due_at)`,
    ).run(row).lastInsertRowid,
  );
}

export function microPage(
  db: DB,
  where: { userId: number; status: number; matchId?: number },
  limit: number,
  offset: number,
): { total: number; rows: MicroRow[] } {
  const cond = `user_id = ? AND status = ?${where.matchId ? " AND match_id = ?" : ""}`;
  const args = [where.userId, where.status, ...(where.matchId ? [where.matchId] : [])];
  const { total } = statement(db, `SELECT COUNT(*) AS total FROM micro_orders WHERE ${cond}`).get(...args) as { total: number };
  const rows = statement(db, `SELECT * FROM micro_orders WHERE ${cond} ORDER BY id DESC LIMIT ${sqlLimit(limit)} OFFSET ?`).all(
    ...args,
    offset,
  ) as MicroRow[];
  return { total, rows };
}

/** Running orders due at `now` or before, oldest due first, each with the id of its stake's hold (0 if none). */
export function dueMicroOrders(db: DB, now: number, limit: number): (MicroRow & { hold_id: number })[] {
  return statement(
    db,
    `SELECT o.*, COALESCE(h.id, 0) AS hold_id FROM micro_orders o
       LEFT JOIN holds h ON h.kind = 'micro_order' AND h.ref_id = o.id AND h.status = 'pending'
       WHERE o.status = ? AND o.due_at <= ? ORDER BY o.due_at, o.id LIMIT ${sqlLimit(limit)}`,
  ).all(MICRO_STATUS.RUNNING, now) as (MicroRow & { hold_id: number })[];
}

/** Closes a running order with its result; false if it was no longer running (settled once only). */
export function closeMicroOrder(
  db: DB,
  id: number,
  r: { endPrice: string; result: "win" | "lose" | "tie"; profit: string; now: number },
): boolean {
  return (
    statement(
      db,
      "UPDATE micro_orders SET status = ?, end_price = ?, result = ?, fact_profits = ?, settled_at = ? WHERE id = ? AND status = ?",
    ).run(MICRO_STATUS.CLOSED, r.endPrice, r.result, r.profit, r.now, id, MICRO_STATUS.RUNNING).changes === 1
  );
}

/** The earliest due time of a running order (null when none runs). */
export function nextMicroDue(db: DB): number | null {
  return (statement(db, "SELECT MIN(due_at) AS n FROM micro_orders WHERE status = ?").get(MICRO_STATUS.RUNNING) as { n: number | null }).n;
}
