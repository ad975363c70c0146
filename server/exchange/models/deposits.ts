import type { ReviewStatus } from "../../../app/contract/index";
import type { DB } from "../db/index";

/** A row of `deposits` with its currency's and chain's codes. */
export interface DepositRow {
  id: number;
  user_id: number;
  currency_id: number;
  protocol_id: number | null;
  amount: string;
  in_address: string;
  wallet_address: string;
  status: ReviewStatus;
  created_at: number;
  reviewed_at: number | null;
  code: string;
  chain: string | null;
}

export interface NewDeposit {
  userId: number;
  currencyId: number;
  protocolId: number | null;
  amount: string;
  inAddress: string | undefined;
  walletAddress: string | undefined;
  now: number;
}

const DEPOSIT_SELECT = `SELECT d.*, c.code, ch.code AS chain FROM deposits d JOIN currencies c ON c.id = d.currency_id
  LEFT JOIN currency_protocols cp ON cp.id = d.protocol_id LEFT JOIN chain_protocols ch ON ch.id = cp.chain_protocol_id`;

export function insertDeposit(db: DB, d: NewDeposit): number {
  const r = db
    .prepare(
      "INSERT INTO deposits (user_id, currency_id, protocol_id, amount, in_address, wallet_address, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
    )
    .run(d.userId, d.currencyId, d.protocolId, d.amount, d.inAddress, d.walletAddress, d.now);
  return Number(r.lastInsertRowid);
}

export function findDeposit(db: DB, id: number): DepositRow | undefined {
  return db.prepare(`${DEPOSIT_SELECT} WHERE d.id = ?`).get(id) as DepositRow | undefined;
}

export function listDeposits(
  db: DB,
  opts: { status?: string; userId?: number; limit: number; offset?: number },
): { total: number; rows: DepositRow[] } {
  const where: string[] = [];
  const args: unknown[] = [];
  if (opts.status) {
    where.push("d.status = ?");
    args.push(opts.status);
  }
  if (opts.userId !== undefined) {
    where.push("d.user_id = ?");
    args.push(opts.userId);
  }
  const w = where.length ? `WHERE ${where.join(" AND ")}` : "";
  const { total } = db.prepare(`SELECT COUNT(*) AS total FROM deposits d ${w}`).get(...args) as { total: number };
  const rows = db
    .prepare(`${DEPOSIT_SELECT} ${w} ORDER BY d.id DESC LIMIT ? OFFSET ?`)
    .all(...args, opts.limit, opts.offset ?? 0) as DepositRow[];
  return { total, rows };
}

/** A pending deposit gets the operator's decision; false if it was not pending (decided once only). */
export function decideDeposit(db: DB, id: number, status: "approved" | "rejected", now: number): boolean {
  return (
    db.prepare("UPDATE deposits SET status = ?, reviewed_at = ? WHERE id = ? AND status = 'pending'").run(status, now, id).changes === 1
  );
}

/** Up to `limit` of a user's deposits with an id below `before`, newest first: an export's page. */
export function depositsBefore(db: DB, userId: number, before: number | undefined, limit: number): DepositRow[] {
  return db
    .prepare(`${DEPOSIT_SELECT} WHERE d.user_id = ? AND d.id < ? ORDER BY d.id DESC LIMIT ?`)
    .all(userId, before ?? Number.MAX_SAFE_INTEGER, limit) as DepositRow[];
}
