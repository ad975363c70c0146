import Decimal from "decimal.js";
import type { KlineBar, KlinePeriod } from "../../app/contract/index";
import { DAY, MINUTE } from "./lib/time";

/** A stored candle (all money fields decimal strings). */
export interface Bar {
  time: number;
  open: string;
  high: string;
  low: string;
  close: string;
  volume: string;
}

/** Candles are stored for two base periods; every other period is aggregated from one of them. */
export type BasePeriod = "1min" | "1day";

const MINUTE_PERIODS: Record<string, number> = {
  "1min": 1,
  "3min": 3,
  "5min": 5,
  "15min": 15,
  "30min": 30,
  "60min": 60,
  "120min": 120,
  "240min": 240,
  "360min": 360,
  "720min": 720,
};
const WEEK = 7 * DAY;
/** 1970-01-05 was a Monday: weeks start on Monday, UTC. */
const MONDAY_OFFSET = 4 * DAY;

export function basePeriodOf(period: KlinePeriod): BasePeriod {
  return period in MINUTE_PERIODS ? "1min" : "1day";
}

/** Start (unix ms, UTC) of the bar of `period` that contains `time`. */
export function bucketStart(period: KlinePeriod | BasePeriod, time: number): number {
  const minutes = MINUTE_PERIODS[period];
  if (minutes) return Math.floor(time / (minutes * MINUTE)) * minutes * MINUTE;
  if (period === "1day") return Math.floor(time / DAY) * DAY;
  // Three-day bars count from the epoch (1970-01-01), so every pair and every request cuts them alike.
  if (period === "3day") return Math.floor(time / (3 * DAY)) * 3 * DAY;
  if (period === "1week") return Math.floor((time - MONDAY_OFFSET) / WEEK) * WEEK + MONDAY_OFFSET;
  const d = new Date(time);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
}

/** Nominal length of a bar, used to bound how much history one query reads. */
export function nominalPeriodMs(period: KlinePeriod): number {
  const minutes = MINUTE_PERIODS[period];
  if (minutes) return minutes * MINUTE;
  return period === "1day" ? DAY : period === "3day" ? 3 * DAY : period === "1week" ? WEEK : 31 * DAY;
}

/** Folds a trade into the bar it belongs to (or opens that bar). */
export function mergeTrade(bar: Bar | undefined, bucket: number, price: string, number: string): Bar {
  if (!bar || bar.time !== bucket) return { time: bucket, open: price, high: price, low: price, close: price, volume: number };
  const p = new Decimal(price);
  return {
    time: bar.time,
    open: bar.open,
    high: p.gt(bar.high) ? price : bar.high,
    low: p.lt(bar.low) ? price : bar.low,
    close: price,
    volume: new Decimal(bar.volume).plus(number).toFixed(),
  };
}

/** Folds `b` (later) into `a` (earlier) when both belong to the same bucket. */
export function mergeBars(a: Bar, b: Bar): Bar {
  return {
    time: a.time,
    open: a.open,
    high: new Decimal(b.high).gt(a.high) ? b.high : a.high,
    low: new Decimal(b.low).lt(a.low) ? b.low : a.low,
    close: b.close,
    volume: new Decimal(a.volume).plus(b.volume).toFixed(),
  };
}

/**
 * Aggregates ascending base bars into bars of `period`: open of the first, close of the last,
 * highest high, lowest low, summed volume. The input must be ascending by time.
 */
export function aggregateBars(bars: readonly Bar[], period: KlinePeriod): KlineBar[] {
  const out: KlineBar[] = [];
  let cur: Bar | undefined;
  for (const b of bars) {
    const bucket = bucketStart(period, b.time);
    if (cur && cur.time === bucket) cur = mergeBars(cur, b);
    else {
      if (cur) out.push({ ...cur, period });
      cur = { ...b, time: bucket };
    }
  }
  if (cur) out.push({ ...cur, period });
  return out;
}
