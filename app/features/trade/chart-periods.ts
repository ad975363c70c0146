import type { KlinePeriod } from "~/contract/entities";

/** The chart's periods and window (docs/product.md, "/trade"): which bars a period draws and how many. */

/** The chart draws at most this many bars (the ones in view). */
export const CHART_BARS_MAX = 300;

/** The nine interval buttons (docs/product.md, "/trade"). */
export const TRADE_PERIODS = ["time", "1min", "5min", "15min", "30min", "60min", "1day", "1week", "1mon"] as const;
/** The other resolutions, one step away (under 'More'; docs/product.md, "/trade"). */
export const MORE_PERIODS = ["3min", "120min", "240min", "360min", "720min", "3day"] as const;
export const CHART_PERIODS = [...TRADE_PERIODS, ...MORE_PERIODS] as const;
export type TradePeriod = (typeof CHART_PERIODS)[number];
/** Default interval 1 minute (docs/product.md, "/trade"). */
export const DEFAULT_PERIOD: TradePeriod = "1min";

export function normalizePeriod(v: string | null | undefined): TradePeriod {
  return (CHART_PERIODS as readonly string[]).includes(v ?? "") ? (v as TradePeriod) : DEFAULT_PERIOD;
}

/** The bars a period draws: 'time' (labelled "Line") is the line of 1-minute closes. */
export function klinePeriod(p: TradePeriod): KlinePeriod {
  return p === "time" ? "1min" : p;
}

const PERIOD_SECONDS: Record<KlinePeriod, number> = {
  "1min": 60,
  "3min": 180,
  "5min": 300,
  "15min": 900,
  "30min": 1800,
  "60min": 3600,
  "120min": 7200,
  "240min": 14400,
  "360min": 21600,
  "720min": 43200,
  "1day": 86400,
  "3day": 259200,
  "1week": 604800,
  "1mon": 2678400,
};

/** The kline request window (unix seconds) that covers the last `bars` bars of a period. */
export function klineWindow(p: TradePeriod, nowMs: number, bars = CHART_BARS_MAX): { from: number; to: number } {
  const to = Math.floor(nowMs / 1000);
  return { from: to - PERIOD_SECONDS[klinePeriod(p)] * (bars + 1), to };
}

// The screen's one time zone and its clock are every pair screen's (app/lib/time.ts).
export { formatTradeTime, TRADE_TIME_ZONE } from "~/lib/time";

/** The chart's locale follows the language (hk → zh-TW, jp → ja, kr → ko, zh → zh-CN; docs/product.md, "/trade"). */
export function chartLocale(lang: string): string {
  const map: Record<string, string> = { hk: "zh-TW", jp: "ja", kr: "ko", zh: "zh-CN" };
  return map[lang] ?? lang;
}
