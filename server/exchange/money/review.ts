import type { Deposit, ReviewStatus, Withdrawal } from "../../../app/contract/index";
import type { DB } from "../db/index";
import { SPOT_ACCOUNT, type AccountCode } from "../../../app/contract/core/index";
import { credit, post, type UserLeg } from "../ledger/index";
import type { Translate } from "../lib/i18n";
import type { MoneySystem } from "./system";
import { queueUserPush } from "../pushes";

/** Tells the owner's open pages (ACCOUNT_REVIEW), in the decision's transaction. */
function pushReview(db: DB, kind: "deposit" | "withdrawal", row: DepositRow | WithdrawalRow, result: "approved" | "rejected", now: number) {
  queueUserPush(
    db,
    row.user_id,
    { type: "ACCOUNT_REVIEW", kind, id: row.id, result },
    { key: `review_push_${kind}_${result}`, vars: { id: row.id, amount: row.amount, code: row.code } },
    now,
  );
}

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

export interface WithdrawalRow {
  id: number;
  user_id: number;
  currency_id: number;
  protocol_id: number;
  address: string;
  memo: string;
  amount: string;
  fee: string;
  received: string;
  rate: string;
  status: ReviewStatus;
  created_at: number;
  reviewed_at: number | null;
  code: string;
  chain: string;
}

const DEPOSIT_SELECT = `SELECT d.*, c.code, ch.code AS chain FROM deposits d JOIN currencies c ON c.id = d.currency_id
  LEFT JOIN currency_protocols cp ON cp.id = d.protocol_id LEFT JOIN chain_protocols ch ON ch.id = cp.chain_protocol_id`;
const WITHDRAWAL_SELECT = `SELECT w.*, c.code, ch.code AS chain FROM withdrawals w JOIN currencies c ON c.id = w.currency_id
  JOIN currency_protocols cp ON cp.id = w.protocol_id JOIN chain_protocols ch ON ch.id = cp.chain_protocol_id`;

export function findDeposit(db: DB, id: number): DepositRow | undefined {
  return db.prepare(`${DEPOSIT_SELECT} WHERE d.id = ?`).get(id) as DepositRow | undefined;
}
export function findWithdrawal(db: DB, id: number): WithdrawalRow | undefined {
  return db.prepare(`${WITHDRAWAL_SELECT} WHERE w.id = ?`).get(id) as WithdrawalRow | undefined;
}

export function listDeposits(
  db: DB,
  opts: { status?: string; userId?: number; limit: number; offset?: number },
): { total: number; rows: DepositRow[] } {
  const where: string[] = [];
  const args: unknown[] = [];
  if (opts.status) (where.push("d.status = ?"), args.push(opts.status));
  if (opts.userId !== undefined) (where.push("d.user_id = ?"), args.push(opts.userId));
  const w = where.length ? `WHERE ${where.join(" AND ")}` : "";
  const { total } = db.prepare(`SELECT COUNT(*) AS total FROM deposits d ${w}`).get(...args) as { total: number };
  const rows = db
    .prepare(`${DEPOSIT_SELECT} ${w} ORDER BY d.id DESC LIMIT ? OFFSET ?`)
    .all(...args, opts.limit, opts.offset ?? 0) as DepositRow[];
  return { total, rows };
}

export function listWithdrawals(
  db: DB,
  opts: { status?: string; userId?: number; limit: number; offset?: number },
): { total: number; rows: WithdrawalRow[] } {
  const where: string[] = [];
  const args: unknown[] = [];
  if (opts.status) (where.push("w.status = ?"), args.push(opts.status));
  if (opts.userId !== undefined) (where.push("w.user_id = ?"), args.push(opts.userId));
  const w = where.length ? `WHERE ${where.join(" AND ")}` : "";
  const { total } = db.prepare(`SELECT COUNT(*) AS total FROM withdrawals w ${w}`).get(...args) as { total: number };
  const rows = db
    .prepare(`${WITHDRAWAL_SELECT} ${w} ORDER BY w.id DESC LIMIT ? OFFSET ?`)
    .all(...args, opts.limit, opts.offset ?? 0) as WithdrawalRow[];
  return { total, rows };
}

export function toDeposit(r: DepositRow, t: Translate): Deposit {
  return {
    id: r.id,
    currency: { id: r.currency_id, code: r.code },
    chain: r.chain ?? "",
    amount: r.amount,
    in_address: r.in_address,
    wallet_address: r.wallet_address,
    status: r.status,
    status_name: t(`review_${r.status}`),
    created_at: r.created_at,
    reviewed_at: r.reviewed_at,
  };
}

export function toWithdrawal(r: WithdrawalRow, t: Translate): Withdrawal {
  return {
    id: r.id,
    currency: { id: r.currency_id, code: r.code },
    chain: r.chain,
    address: r.address,
    memo: r.memo,
    number: r.amount,
    fee: r.fee,
    received: r.received,
    rate: r.rate,
    status: r.status,
    status_name: t(`review_${r.status}`),
    created_at: r.created_at,
    reviewed_at: r.reviewed_at,
  };
}

export type ReviewResult<R> = { ok: true; row: R } | { ok: false; reason: "not_found" | "not_pending" };

/** Approves a pending deposit: the amount is credited to the user's spot account (type 'deposit'). */
export function approveDeposit(db: DB, id: number, now = Date.now()): ReviewResult<DepositRow> {
  return db.transaction((): ReviewResult<DepositRow> => {
    const d = findDeposit(db, id);
    if (!d) return { ok: false, reason: "not_found" };
    if (
      db.prepare("UPDATE deposits SET status = 'approved', reviewed_at = ? WHERE id = ? AND status = 'pending'").run(now, id).changes !== 1
    ) {
      return { ok: false, reason: "not_pending" };
    }
    credit(db, {
      userId: d.user_id,
      currencyId: d.currency_id,
      accountCode: SPOT_ACCOUNT,
      amount: d.amount,
      type: "deposit",
      memo: `deposit #${d.id}`,
      extra: { deposit_id: d.id, chain: d.chain ?? "" },
      now,
    });
    pushReview(db, "deposit", d, "approved", now);
    return { ok: true, row: findDeposit(db, id)! };
  })();
}

/** Rejects a pending deposit (nothing was credited, nothing moves). */
export function rejectDeposit(db: DB, id: number, now = Date.now()): ReviewResult<DepositRow> {
  return db.transaction((): ReviewResult<DepositRow> => {
    const d = findDeposit(db, id);
    if (!d) return { ok: false, reason: "not_found" };
    if (
      db.prepare("UPDATE deposits SET status = 'rejected', reviewed_at = ? WHERE id = ? AND status = 'pending'").run(now, id).changes !== 1
    ) {
      return { ok: false, reason: "not_pending" };
    }
    pushReview(db, "deposit", d, "rejected", now);
    return { ok: true, row: findDeposit(db, id)! };
  })();
}

/**
 * Approves a pending withdrawal: the locked amount leaves the user's spot account — `received` is paid out
 * (type 'withdrawal'), `fee` goes to the fee collector (type 'withdrawal_fee').
 */
export function approveWithdrawal(
  db: DB,
  system: Pick<MoneySystem, "feeCollectorId">,
  id: number,
  now = Date.now(),
): ReviewResult<WithdrawalRow> {
  return db.transaction((): ReviewResult<WithdrawalRow> => {
    const w = findWithdrawal(db, id);
    if (!w) return { ok: false, reason: "not_found" };
    if (
      db.prepare("UPDATE withdrawals SET status = 'approved', reviewed_at = ? WHERE id = ? AND status = 'pending'").run(now, id).changes !==
      1
    ) {
      return { ok: false, reason: "not_pending" };
    }
    const base = {
      userId: w.user_id,
      currencyId: w.currency_id,
      accountCode: SPOT_ACCOUNT as AccountCode,
      field: "lock_balance" as const,
      extra: { withdrawal_id: w.id, stage: "paid" },
    };
    if (w.received !== "0") {
      // Paid out: the lock leaves for the outside world.
      const memo = `withdrawal #${w.id} paid out`;
      post(db, {
        type: "withdrawal",
        memo,
        now,
        legs: [
          { ...base, amount: `-${w.received}` },
          { system: "external", currencyId: w.currency_id, amount: w.received, extra: base.extra },
        ],
      });
    }
    if (w.fee !== "0") {
      const fee: UserLeg = {
        userId: system.feeCollectorId,
        currencyId: w.currency_id,
        accountCode: SPOT_ACCOUNT,
        amount: w.fee,
        extra: { withdrawal_id: w.id },
      };
      post(db, { type: "withdrawal_fee", memo: `withdrawal #${w.id} fee`, now, legs: [{ ...base, amount: `-${w.fee}` }, fee] });
    }
    pushReview(db, "withdrawal", w, "approved", now);
    return { ok: true, row: findWithdrawal(db, id)! };
  })();
}

/** Rejects a pending withdrawal: the locked amount returns to the available balance (type 'withdrawal_refund'). */
export function rejectWithdrawal(db: DB, id: number, now = Date.now()): ReviewResult<WithdrawalRow> {
  return db.transaction((): ReviewResult<WithdrawalRow> => {
    const w = findWithdrawal(db, id);
    if (!w) return { ok: false, reason: "not_found" };
    if (
      db.prepare("UPDATE withdrawals SET status = 'rejected', reviewed_at = ? WHERE id = ? AND status = 'pending'").run(now, id).changes !==
      1
    ) {
      return { ok: false, reason: "not_pending" };
    }
    const account = { userId: w.user_id, currencyId: w.currency_id, accountCode: SPOT_ACCOUNT } as const;
    post(db, {
      type: "withdrawal_refund",
      memo: `withdrawal #${w.id} rejected`,
      extra: { withdrawal_id: w.id, stage: "rejected" },
      now,
      legs: [
        { ...account, field: "lock_balance", amount: `-${w.amount}` },
        { ...account, amount: w.amount },
      ],
    });
    pushReview(db, "withdrawal", w, "rejected", now);
    return { ok: true, row: findWithdrawal(db, id)! };
  })();
}
