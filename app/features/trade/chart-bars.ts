import type { KlineBar, KlinePeriod } from "~/contract/entities";

/**
 * The chart's bars travel apart from the page (issue 14): a compact, HTTP-cacheable resource shared by every
 * visitor (`/resources/kline`), fetched by the live chart after hydration. The page's loader data no longer
 * carries ~300 bars of objects; the server renders the same bars as SVG for a browser without JavaScript.
 *
 * Compact form: `[time, open, high, low, close, volume]` per bar, prices and volumes as decimal strings.
 */
export type CompactBar = [number, string, string, string, string, string];
export type CompactBars = { period: string; bars: CompactBar[] };

export function encodeBars(bars: KlineBar[], period: string): CompactBars {
  return { period, bars: bars.map((b) => [b.time, b.open, b.high, b.low, b.close, b.volume]) };
}

const DECIMAL = /^-?\d+(\.\d+)?$/;

/** Bars from the compact form; anything malformed is dropped (the resource could be a proxy's error page). */
export function decodeBars(input: unknown, period: KlinePeriod): KlineBar[] {
  const rows = (input as { bars?: unknown } | null)?.bars;
  if (!Array.isArray(rows)) return [];
  const out: KlineBar[] = [];
  for (const r of rows) {
    if (!Array.isArray(r) || r.length !== 6 || !Number.isSafeInteger(r[0])) continue;
    const [time, open, high, low, close, volume] = r as CompactBar;
    if (![open, high, low, close, volume].every((v) => typeof v === "string" && DECIMAL.test(v))) continue;
    out.push({ time, open, high, low, close, volume, period });
  }
  return out;
}

export function chartBarsUrl(pairId: number, period: KlinePeriod): string {
  return `/resources/kline?pair=${pairId}&period=${encodeURIComponent(period)}`;
}

/** The bars of a pair and interval, from the shared resource. */
export async function fetchChartBars(pairId: number, period: KlinePeriod, signal?: AbortSignal): Promise<KlineBar[]> {
  const r = await fetch(chartBarsUrl(pairId, period), { signal, headers: { Accept: "application/json" } });
  if (!r.ok) throw new Error(`kline ${r.status}`);
  return decodeBars(await r.json(), period);
}

/**
 * The server's drawing of a chart as an image (`/resources/chart.svg`): the chart a browser shows without JavaScript, and
 * until the live chart has loaded. `version` names the drawing (`chartImageVersion`), so a URL is one drawing.
 */
export function chartImageUrl(pairId: number, period: string, theme: "dark" | "light", version: string): string {
  return `/resources/chart.svg?pair=${pairId}&period=${encodeURIComponent(period)}&theme=${theme}&v=${version}`;
}
