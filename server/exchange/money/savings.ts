import Decimal from "decimal.js";
import { dailyInterest, type LockProduct, type SavingsHolding } from "../../../app/contract/index";
import type { DB } from "../db/index";
import { post, whyNotPaid } from "../ledger/index";
import { holdLegs, openHoldOf, voidLegs } from "../ledger/holds";
import type { Translate } from "../lib/i18n";
import { DAY } from "../lib/time";
import { currencyRef } from "./currencies";
import {
  dueHoldingIds,
  holdingRow,
  insertHolding,
  nextAccrualDue,
  recordAccrual,
  setHoldingProgress,
  type HoldingRow,
  type ProductRow,
} from "../models/savings";

export { findHolding, findProduct, listProducts, type HoldingRow, type ProductRow } from "../models/savings";

export function displayRate(annualRate: string): string {
  return new Decimal(annualRate).times(100).toFixed(2);
}

export function productName(t: Translate, code: string, days: number): string {
  return t("savings_product_name", { code, days });
}

export function toLockProduct(p: ProductRow, t: Translate): LockProduct {
  return {
    id: p.id,
    name: productName(t, p.code, p.limit_days),
    limit_days: p.limit_days,
    display_rate: displayRate(p.annual_rate),
    annual_rate: p.annual_rate,
    limit_number: p.limit_number,
    max_number: p.max_number,
    daily_dividend: dailyInterest(p.limit_number, p.annual_rate, p.decimals),
    currency: currencyRef(p),
  };
}

export function toHolding(h: HoldingRow & { code: string }, t: Translate): SavingsHolding {
  return {
    id: h.id,
    product_id: h.product_id,
    name: productName(t, h.code, h.limit_days),
    currency: currencyRef(h),
    number: h.principal,
    display_rate: displayRate(h.annual_rate),
    limit_days: h.limit_days,
    daily_dividend: h.daily_interest,
    cumulative_income: h.interest_total,
    days_accrued: h.days_accrued,
    remaining_days: h.limit_days - h.days_accrued,
    status: h.status,
    status_name: t(`savings_status_${h.status}`),
    created_at: h.created_at,
    value_date: h.value_date,
    end_at: h.end_at,
    next_accrual_at: h.next_accrual_at,
  };
}

/** 00:00 UTC of the day after `now`: interest starts there (T+1). */
export function valueDateOf(now: number): number {
  return Math.floor(now / DAY) * DAY + DAY;
}

/**
 * Buys a holding (inside the caller's transaction): the principal leaves the spot account's available balance
 * for a hold of the holding on financial_account (type 'savings_lock'). Throws LedgerError('insufficient_balance').
 */
export function buyHolding(db: DB, userId: number, p: ProductRow, principal: string, now: number): number {
  const valueDate = valueDateOf(now);
  const id = insertHolding(db, {
    user_id: userId,
    product_id: p.id,
    currency_id: p.currency_id,
    principal,
    annual_rate: p.annual_rate,
    daily_interest: dailyInterest(principal, p.annual_rate, p.decimals),
    limit_days: p.limit_days,
    created_at: now,
    value_date: valueDate,
    end_at: valueDate + p.limit_days * DAY,
    next_accrual_at: valueDate + DAY,
  });
  const owner = { userId, currencyId: p.currency_id };
  post(db, {
    type: "savings_lock",
    memo: `savings #${id}`,
    extra: { holding_id: id, product_id: p.id },
    now,
    legs: holdLegs({ ...owner, accountCode: "financial_account" }, "savings", id, principal, { ...owner, accountCode: "change_account" }),
  });
  return id;
}

export interface AccrualReport {
  /** Interest days paid in this run. */
  paid: number;
  /** Holdings whose principal returned in this run. */
  expired: number;
  /** Holdings that could not be paid (treasury short); retried on the next run. */
  failed: number;
}

/**
 * Pays every accrual due at `now`, catching up missed days after downtime. Each holding is handled in its own
 * transaction: for each due day k (next_accrual_at ≤ now), a `savings_accruals` row (holding, k) is inserted —
 * the primary key makes a day payable exactly once even if two runs race — then the day's interest moves from
 * the treasury's spot account to the user's financial_account (type 'savings_interest'), and next_accrual_at
 * advances one day. With the last day the principal's hold is voided back to the spot account (type
 * 'savings_return') and the holding expires.
 */
export function runDueAccruals(db: DB, treasuryId: number, now: number, log: (line: string) => void = () => {}): AccrualReport {
  const report: AccrualReport = { paid: 0, expired: 0, failed: 0 };
  for (const id of dueHoldingIds(db, now)) {
    try {
      db.transaction(() => {
        const h = holdingRow(db, id);
        let days = h.days_accrued;
        let next = h.next_accrual_at;
        let total = new Decimal(h.interest_total);
        while (h.status === "active" && next !== null && next <= now && days < h.limit_days) {
          const day = days + 1;
          const inserted = recordAccrual(db, id, day, h.daily_interest, now);
          if (inserted && new Decimal(h.daily_interest).gt(0)) {
            post(db, {
              type: "savings_interest",
              memo: `savings #${id} day ${day}`,
              extra: { holding_id: id, day },
              now,
              legs: [
                { userId: treasuryId, currencyId: h.currency_id, accountCode: "change_account", amount: `-${h.daily_interest}` },
                { userId: h.user_id, currencyId: h.currency_id, accountCode: "financial_account", amount: h.daily_interest },
              ],
            });
          }
          if (inserted) {
            total = total.plus(h.daily_interest);
            report.paid++;
          }
          days = day;
          next += DAY;
        }
        const expired = days >= h.limit_days;
        if (expired) {
          post(db, {
            type: "savings_return",
            memo: `savings #${id} principal returned`,
            extra: { holding_id: id },
            now,
            legs: voidLegs(openHoldOf(db, "savings", id), h.principal, "change_account"),
          });
          report.expired++;
        }
        setHoldingProgress(db, id, {
          daysAccrued: days,
          interestTotal: total.toFixed(),
          nextAccrualAt: expired ? null : next,
          status: expired ? "expired" : "active",
        });
      })();
    } catch (err) {
      report.failed++;
      log(`[savings] holding #${id} not paid: ${whyNotPaid(err)}`);
    }
  }
  return report;
}

/**
 * Savings accruals on the stored schedule: the exchange's scheduler runs `runNow` at the earliest stored due time
 * (`nextDue`); the due times are in SQLite, so a restart loses nothing and the first run after start pays every day
 * missed while it was down. The operator's `accrue` runs the same work.
 */
export class SavingsAccruals {
  constructor(
    private readonly db: DB,
    private readonly treasuryId: number,
    private readonly clock: () => number,
    private readonly log: (line: string) => void,
  ) {}

  /** The earliest stored due time (null when nothing is active). */
  nextDue(): number | null {
    return nextAccrualDue(this.db);
  }

  /** Runs what is due at `now` (default the exchange's clock). */
  runNow(now = this.clock()): AccrualReport {
    const r = runDueAccruals(this.db, this.treasuryId, now, this.log);
    if (r.paid + r.expired + r.failed > 0)
      this.log(`[savings] paid ${r.paid} interest day(s), returned ${r.expired} principal(s)${r.failed ? `, ${r.failed} failed` : ""}`);
    return r;
  }
}
