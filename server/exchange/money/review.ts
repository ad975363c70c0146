import type { Deposit, Withdrawal } from "../../../app/contract/index";
import type { DB } from "../db/index";
import { SPOT_ACCOUNT } from "../../../app/contract/core/index";
import { credit, post, type UserLeg } from "../ledger/index";
import { openHoldOf, releaseLeg, voidLegs } from "../ledger/holds";
import type { Translate } from "../lib/i18n";
import { decideDeposit, findDeposit, type DepositRow } from "../models/deposits";
import { decideWithdrawal, findWithdrawal, type WithdrawalRow } from "../models/withdrawals";
import { currencyRef } from "./currencies";
import type { MoneySystem } from "./system";
import { queueUserPush } from "../pushes";
import { noticeDepositReviewed, noticeWithdrawalReviewed } from "../notices";

/** Tells the owner's open pages (ACCOUNT_REVIEW) and notifications, in the decision's transaction. */
function pushReview(db: DB, kind: "deposit" | "withdrawal", row: DepositRow | WithdrawalRow, result: "approved" | "rejected", now: number) {
  if (kind === "deposit") noticeDepositReviewed({ db, now }, row, result);
  else noticeWithdrawalReviewed({ db, now }, row, result);
  queueUserPush(
    db,
    row.user_id,
    { type: "ACCOUNT_REVIEW", kind, id: row.id, result },
    { key: `review_push_${kind}_${result}`, vars: { id: row.id, amount: row.amount, code: row.code } },
    now,
  );
}

// The operator's review of deposits and withdrawals: what a decision moves. The rows and their SQL are the models'.

// The operator CLI reads the review queues through these names.
export { listDeposits, type DepositRow } from "../models/deposits";
export { listWithdrawals, type WithdrawalRow } from "../models/withdrawals";

export function toDeposit(r: DepositRow, t: Translate): Deposit {
  return {
    id: r.id,
    currency: currencyRef(r),
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
    currency: currencyRef(r),
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
    if (!decideDeposit(db, id, "approved", now)) return { ok: false, reason: "not_pending" };
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
    if (!decideDeposit(db, id, "rejected", now)) return { ok: false, reason: "not_pending" };
    pushReview(db, "deposit", d, "rejected", now);
    return { ok: true, row: findDeposit(db, id)! };
  })();
}

/**
 * Approves a pending withdrawal: its hold is posted — `received` is paid out (type 'withdrawal'), `fee` goes to the
 * fee collector (type 'withdrawal_fee').
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
    if (!decideWithdrawal(db, id, "approved", now)) return { ok: false, reason: "not_pending" };
    const hold = openHoldOf(db, "withdrawal", w.id);
    const extra = { withdrawal_id: w.id, stage: "paid" };
    if (w.received !== "0") {
      // Paid out: the held amount leaves for the outside world.
      post(db, {
        type: "withdrawal",
        memo: `withdrawal #${w.id} paid out`,
        extra,
        now,
        legs: [releaseLeg(hold, w.received, "post"), { system: "external", currencyId: w.currency_id, amount: w.received, extra }],
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
      post(db, { type: "withdrawal_fee", memo: `withdrawal #${w.id} fee`, extra, now, legs: [releaseLeg(hold, w.fee, "post"), fee] });
    }
    pushReview(db, "withdrawal", w, "approved", now);
    return { ok: true, row: findWithdrawal(db, id)! };
  })();
}

/** Rejects a pending withdrawal: its hold is voided, the amount returns to the available balance (type 'withdrawal_refund'). */
export function rejectWithdrawal(db: DB, id: number, now = Date.now()): ReviewResult<WithdrawalRow> {
  return db.transaction((): ReviewResult<WithdrawalRow> => {
    const w = findWithdrawal(db, id);
    if (!w) return { ok: false, reason: "not_found" };
    if (!decideWithdrawal(db, id, "rejected", now)) return { ok: false, reason: "not_pending" };
    post(db, {
      type: "withdrawal_refund",
      memo: `withdrawal #${w.id} rejected`,
      extra: { withdrawal_id: w.id, stage: "rejected" },
      now,
      legs: voidLegs(openHoldOf(db, "withdrawal", w.id), w.amount),
    });
    pushReview(db, "withdrawal", w, "rejected", now);
    return { ok: true, row: findWithdrawal(db, id)! };
  })();
}
