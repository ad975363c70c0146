import DecimalBase from "decimal.js";
import { ASSET_HISTORY_DAYS, NOTIFY_RETENTION_DAYS, utcDayStart } from "../../../app/contract/core/index";
import type { DB } from "../db/index";
import { statement } from "../db/statements";
import { DAY } from "../lib/time";
import type { Market } from "../market";
import {
  assetSnapshots,
  deleteNotificationsBefore,
  deleteSnapshotsBefore,
  lastDailyRun,
  markDailyRun,
  nonEmptyAccounts,
  oldestNotification,
  putAssetSnapshot,
  recentlyValuedUsers,
} from "../models/notifications";
import { usdPriceOf } from "./currencies";

const Decimal = DecimalBase.clone({ precision: 60, toExpNeg: -60, toExpPos: 60 });

/** Each currency's USD price now (stablecoins 1; others from their USDT pair's last trade, else the listing's price). */
function usdPrices(db: DB, market: Market): Map<number, string> {
  const out = new Map<number, string>();
  for (const c of statement(db, "SELECT id, is_stable FROM currencies").all() as { id: number; is_stable: number }[])
    out.set(c.id, usdPriceOf(market, c.id, c.is_stable === 1));
  return out;
}

/** What all of a user's accounts hold (available and locked) is worth in USD now, floored to 2 decimals. */
export function accountsUsdTotal(db: DB, market: Market, userId: number): string {
  const rows = statement(db, "SELECT currency_id, balance, lock_balance FROM accounts WHERE user_id = ?").all(userId) as {
    currency_id: number;
    balance: string;
    lock_balance: string;
  }[];
  let sum = new Decimal(0);
  let prices: Map<number, string> | null = null;
  for (const r of rows) {
    const amount = new Decimal(r.balance).plus(r.lock_balance);
    if (amount.isZero()) continue;
    prices ??= usdPrices(db, market);
    sum = sum.plus(amount.times(prices.get(r.currency_id) ?? "0"));
  }
  return sum.toDecimalPlaces(2, Decimal.ROUND_DOWN).toFixed(2);
}

/** The user's daily values of the last ASSET_HISTORY_DAYS days (oldest first). */
export function assetHistory(db: DB, userId: number, now: number): { day: number; usd: string }[] {
  return assetSnapshots(db, userId, utcDayStart(now) - (ASSET_HISTORY_DAYS - 1) * DAY);
}

export const SNAPSHOT_JOB = "asset snapshots";

/**
 * The daily snapshot of every account's value (the /assets chart): taken once per UTC day, at the scheduler's first
 * run of that day (at start, for a day the process was down at midnight). Snapshots older than the chart are dropped.
 * Someone who holds nothing is not valued, unless something they held is still on their chart: then the day reads 0
 * (a day without a snapshot is one the chart cannot tell, and it would draw the old value across it).
 */
export class AssetSnapshots {
  constructor(
    private readonly db: DB,
    private readonly market: Market,
  ) {}

  /** The start of the next day to snapshot (now, if today's is not taken yet). */
  nextDue(now: number): number {
    const last = lastDailyRun(this.db, SNAPSHOT_JOB);
    return last === null ? now : last + DAY;
  }

  /** Takes today's snapshot if it is not taken yet; answers how many users it valued (at least 1 when it ran). */
  run(now: number): number {
    const day = utcDayStart(now);
    const last = lastDailyRun(this.db, SNAPSHOT_JOB);
    if (last !== null && last >= day) return 0;
    const prices = usdPrices(this.db, this.market);
    const totals = new Map<number, InstanceType<typeof Decimal>>();
    for (const r of nonEmptyAccounts(this.db)) {
      const v = new Decimal(r.balance).plus(r.lock_balance).times(prices.get(r.currency_id) ?? "0");
      totals.set(r.user_id, (totals.get(r.user_id) ?? new Decimal(0)).plus(v));
    }
    for (const userId of recentlyValuedUsers(this.db, day - (ASSET_HISTORY_DAYS - 1) * DAY))
      if (!totals.has(userId)) totals.set(userId, new Decimal(0));
    this.db.transaction(() => {
      for (const [userId, v] of totals) putAssetSnapshot(this.db, userId, day, v.toDecimalPlaces(2, Decimal.ROUND_DOWN).toFixed(2));
      deleteSnapshotsBefore(this.db, day - ASSET_HISTORY_DAYS * DAY);
      markDailyRun(this.db, SNAPSHOT_JOB, day);
    })();
    return Math.max(1, totals.size);
  }
}

/** Notifications are kept NOTIFY_RETENTION_DAYS: the job is due when the oldest one is that old. */
export const notificationRetention = {
  next(db: DB): number | null {
    const oldest = oldestNotification(db);
    return oldest === null ? null : oldest + NOTIFY_RETENTION_DAYS * DAY;
  },
  run(db: DB, now: number): number {
    let total = 0;
    for (;;) {
      const n = deleteNotificationsBefore(db, now - NOTIFY_RETENTION_DAYS * DAY);
      total += n;
      if (n < 5000) return total;
    }
  },
};
