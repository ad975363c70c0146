// Times as every screen shows them: one time zone, UTC (decision 010). No imports, so any page can use it.

/** A record's time for the tables, in UTC so the server's render and the browser's agree ('2026-11-21 22:15 UTC'). */
export function formatTime(ms: number): string {
  if (!Number.isFinite(ms) || ms <= 0) return "";
  const iso = new Date(ms).toISOString();
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}

/**
 * The one time zone of the pair screens (/trade, /lever, /second): the chart's axis and tooltips, recent trades and
 * the order lists all show UTC and say so, as every other time on the site does (records, news, the exchange's day
 * candles starting 00:00 UTC; docs/decisions/010: the first design named America/New_York for the chart).
 */
export const TRADE_TIME_ZONE = "UTC";

/**
 * A trade's or an order's time, hh:mm:ss (with `withDate`, MM-DD hh:mm:ss), in TRADE_TIME_ZONE. The zone is UTC,
 * so the text is cut from the ISO form: no Intl.DateTimeFormat, whose construction cost a throttled phone about 50 ms
 * of a page's start (its time-zone data) before any row was drawn.
 */
export function formatTradeTime(ms: number, withDate = false): string {
  const iso = new Date(ms).toISOString();
  return withDate ? `${iso.slice(5, 10)} ${iso.slice(11, 19)}` : iso.slice(11, 19);
}

/**
 * hh:mm:ss in the screen's one time zone (UTC, docs/decisions/010), the same text on the server and in the browser;
 * the column headings say the zone. `withDate` puts MM-DD before it (order lists reach back past today).
 */
export function useClock({ withDate = false } = {}) {
  return (ms: number) => formatTradeTime(ms, withDate);
}
