import Decimal from "decimal.js";
import { PLAIN_DECIMAL } from "~/contract/core/trading";

/**
 * The 30-day value chart of /assets (docs/product.md, "/assets"): the daily snapshots of all accounts' value and the
 * value now, drawn by the server as an SVG. Used by the loader only (through rules.server.ts): the page carries the
 * paths and the figures ready, not this code.
 */

/** A point of the chart: when (unix ms) and what all accounts were worth then (a decimal string, USD). */
export type ValuePoint = { t: number; usd: string };

/** The drawing's own units (the SVG's viewBox); it is stretched to the box it is shown in. */
export const VALUE_CHART_BOX = { width: 600, height: 120, pad: 6 } as const;
export type ChartBox = { width: number; height: number; pad: number };

const round = (n: number) => Math.round(n * 10) / 10;

/**
 * The line through the points and the area under it, as SVG path data. x follows time (a day without a snapshot
 * leaves a longer segment, not an even step), y the value between the lowest (bottom) and the highest (top), `pad`
 * from the edges so the stroke is not cut. One point, or all at the same value or time, draws a level line across
 * the middle. Floats here place pixels only; every figure shown is computed from the decimal strings.
 */
export function valueChartPaths(points: ValuePoint[], box: ChartBox = VALUE_CHART_BOX): { line: string; area: string } | null {
  if (points.length === 0) return null;
  const xs = points.map((p) => p.t);
  const ys = points.map((p) => Number(p.usd));
  const [t0, t1] = [Math.min(...xs), Math.max(...xs)];
  const [lo, hi] = [Math.min(...ys), Math.max(...ys)];
  const y = (v: number) => round(hi === lo ? box.height / 2 : box.pad + ((hi - v) / (hi - lo)) * (box.height - 2 * box.pad));
  const coords =
    t1 === t0
      ? [
          [0, y(ys[ys.length - 1]!)],
          [box.width, y(ys[ys.length - 1]!)],
        ]
      : points.map((p, i) => [round(((p.t - t0) / (t1 - t0)) * box.width), y(ys[i]!)]);
  const line = coords.map(([x, yy], i) => `${i ? "L" : "M"}${x},${yy}`).join("");
  const first = coords[0]![0];
  const last = coords[coords.length - 1]![0];
  return { line, area: `${line}L${last},${box.height}L${first},${box.height}Z` };
}

export type ValueSummary = {
  start: ValuePoint;
  end: ValuePoint;
  /** end − start, exact, with 2 decimals (negative with '-'). */
  change: string;
  /** The change as a percent of the start, 2 decimals half up; null when the start was 0. */
  percent: string | null;
  /** Zero or no change counts as rising. */
  rising: boolean;
  /** The highest and the lowest point (the earliest of equal ones). */
  high: ValuePoint;
  low: ValuePoint;
};

/** Start, end, change, high and low of the points (oldest first), in exact decimals; null without points. */
export function valueSummary(points: ValuePoint[]): ValueSummary | null {
  if (points.length === 0) return null;
  const start = points[0]!;
  const end = points[points.length - 1]!;
  let high = start;
  let low = start;
  for (const p of points) {
    if (new Decimal(p.usd).greaterThan(high.usd)) high = p;
    if (new Decimal(p.usd).lessThan(low.usd)) low = p;
  }
  const change = new Decimal(end.usd).minus(start.usd);
  return {
    start,
    end,
    change: change.toFixed(2, Decimal.ROUND_DOWN),
    percent: new Decimal(start.usd).isZero() ? null : change.div(start.usd).times(100).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2),
    rising: !change.isNegative() || change.isZero(),
    high,
    low,
  };
}

/**
 * The chart's points: the daily snapshots (UTC day starts, oldest first), then the value now — so the chart ends
 * where the total above it says. A snapshot that is not a plain decimal is left out.
 */
export function valuePoints(history: { day: number; usd: string }[], now: ValuePoint): ValuePoint[] {
  return [...history.filter((h) => PLAIN_DECIMAL.test(h.usd) && h.day <= now.t).map((h) => ({ t: h.day, usd: h.usd })), now];
}
