import Decimal from "decimal.js";
import { dailyInterest, type LockProduct, type SavingsHolding } from "../../../app/contract/index";
import type { DB } from "../db/index";
import { LedgerError, post } from "../ledger/index";
import type { Translate } from "../lib/i18n";
import { DAY } from "../lib/time";

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

const PRODUCT_SELECT = `SELECT p.*, c.code, c.decimals FROM lock_products p JOIN currencies c ON c.id = p.currency_id`;

export function listProducts(db: DB, limit: number, offset: number): { total: number; rows: ProductRow[] } {
  const { total } = db.prepare("SELECT COUNT(*) AS total FROM lock_products WHERE open = 1").get() as { total: number };
  const rows = db.prepare(`${PRODUCT_SELECT} WHERE p.open = 1 ORDER BY p.sort, p.id LIMIT ? OFFSET ?`).all(limit, offset) as ProductRow[];
  return { total, rows };
}

export function findProduct(db: DB, id: number): ProductRow | undefined {
  return db.prepare(`${PRODUCT_SELECT} WHERE p.id = ?`).get(id) as ProductRow | undefined;
}

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
    currency: { id: p.currency_id, code: p.code },
  };
}

export function toHolding(h: HoldingRow & { code: string }, t: Translate): SavingsHolding {
  return {
    id: h.id,
    product_id: h.product_id,
    name: productName(t, h.code, h.limit_days),
    currency: { id: h.currency_id, code: h.code },
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

export function findHolding(db: DB, id: number): (HoldingRow & { code: string }) | undefined {
  return db.prepare("SELECT h.*, c.code FROM savings_holdings h JOIN currencies c ON c.id = h.currency_id WHERE h.id = ?").get(id) as
    (HoldingRow & { code: string }) | undefined;
}

/** 00:00 UTC of the day after `now`: interest starts there (T+1). */
export function valueDateOf(now: number): number {
  return Math.floor(now / DAY) * DAY + DAY;
}

/**
 * Buys a holding (inside the caller's transaction): the principal leaves the spot account's available balance
 * and is locked in financial_account (type 'savings_lock'). Throws LedgerError('insufficient_balance').
 */
export function buyHolding(db: DB, userId: number, p: ProductRow, principal: string, now: number): number {
  const valueDate = valueDateOf(now);
  const r = db
    .prepare(
      `INSERT INTO savings_holdings (user_id, product_id, currency_id, principal, annual_rate, daily_interest, limit_days, created_at, value_date, end_at, next_accrual_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    .run(
      userId,
      p.id,
      p.currency_id,
      principal,
      p.annual_rate,
      dailyInterest(principal, p.annual_rate, p.decimals),
      p.limit_days,
      now,
      valueDate,
      valueDate + p.limit_days * DAY,
      valueDate + DAY,
    );
  const id = Number(r.lastInsertRowid);
  post(db, {
    type: "savings_lock",
    memo: `savings #${id}`,
    extra: { holding_id: id, product_id: p.id },
    now,
    legs: [
      { userId, currencyId: p.currency_id, accountCode: "change_account", amount: `-${principal}` },
      { userId, currencyId: p.currency_id, accountCode: "financial_account", field: "lock_balance", amount: principal },
    ],
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
 * advances one day. With the last day the principal returns from financial_account (locked) to the spot
 * account (type 'savings_return') and the holding expires.
 */
export function runDueAccruals(db: DB, treasuryId: number, now: number, log: (line: string) => void = () => {}): AccrualReport {
  const report: AccrualReport = { paid: 0, expired: 0, failed: 0 };
  const due = db
    .prepare("SELECT id FROM savings_holdings WHERE status = 'active' AND next_accrual_at <= ? ORDER BY next_accrual_at, id")
    .all(now) as { id: number }[];
  for (const { id } of due) {
    try {
      db.transaction(() => {
        const h = db.prepare("SELECT * FROM savings_holdings WHERE id = ?").get(id) as HoldingRow;
        let days = h.days_accrued;
        let next = h.next_accrual_at;
        let total = new Decimal(h.interest_total);
        while (h.status === "active" && next !== null && next <= now && days < h.limit_days) {
          const day = days + 1;
          const inserted = db
            .prepare("INSERT OR IGNORE INTO savings_accruals (holding_id, day, amount, paid_at) VALUES (?, ?, ?, ?)")
            .run(id, day, h.daily_interest, now).changes;
          if (inserted === 1 && new Decimal(h.daily_interest).gt(0)) {
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
          if (inserted === 1) {
            total = total.plus(h.daily_interest);
            report.paid++;
          }
          days = day;
          next += DAY;
        }
        const expired = days >= h.limit_days;
        if (expired) {
          const account = { userId: h.user_id, currencyId: h.currency_id };
          post(db, {
            type: "savings_return",
            memo: `savings #${id} principal returned`,
            extra: { holding_id: id },
            now,
            legs: [
              { ...account, accountCode: "financial_account", field: "lock_balance", amount: `-${h.principal}` },
              { ...account, accountCode: "change_account", amount: h.principal },
            ],
          });
          report.expired++;
        }
        db.prepare("UPDATE savings_holdings SET days_accrued = ?, interest_total = ?, next_accrual_at = ?, status = ? WHERE id = ?").run(
          days,
          total.toFixed(),
          expired ? null : next,
          expired ? "expired" : "active",
          id,
        );
      })();
    } catch (err) {
      report.failed++;
      log(
        `[savings] holding #${id} not paid: ${err instanceof LedgerError ? err.reason : err instanceof Error ? err.message : String(err)}`,
      );
    }
  }
  return report;
}

/** The earliest stored due time (null when nothing is active). */
export function nextDueAt(db: DB): number | null {
  const row = db.prepare("SELECT MIN(next_accrual_at) AS t FROM savings_holdings WHERE status = 'active'").get() as { t: number | null };
  return row.t;
}

/**
 * Wakes at the earliest stored due time (at most every `maxSleepMs`) and runs the due accruals. The due times are
 * in SQLite, so a restart loses nothing: the first run after start pays every day missed while it was down.
 */
export class SavingsScheduler {
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;

  constructor(
    private readonly db: DB,
    private readonly treasuryId: number,
    private readonly clock: () => number,
    private readonly log: (line: string) => void,
    private readonly maxSleepMs = 60_000,
  ) {}

  /** Runs what is due now (also the operator's `accrue`). */
  runNow(): AccrualReport {
    const r = runDueAccruals(this.db, this.treasuryId, this.clock(), this.log);
    if (r.paid + r.expired + r.failed > 0)
      this.log(`[savings] paid ${r.paid} interest day(s), returned ${r.expired} principal(s)${r.failed ? `, ${r.failed} failed` : ""}`);
    return r;
  }

  start(): void {
    this.tick();
  }

  private tick(): void {
    if (this.stopped) return;
    try {
      this.runNow();
    } catch (err) {
      this.log(`[savings] run failed: ${err instanceof Error ? err.stack : String(err)}`);
    }
    const next = nextDueAt(this.db);
    const wait = next === null ? this.maxSleepMs : Math.min(this.maxSleepMs, Math.max(1_000, next - this.clock()));
    this.timer = setTimeout(() => this.tick(), wait);
    this.timer.unref?.();
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}
