import Decimal from "decimal.js";
import type { Depth } from "~/contract/entities";

/**
 * The depth chart: the book's cumulative bids (left of the mid price, growing leftwards) and asks (right, growing
 * rightwards) as two stepped areas, and the figures its text says. The figures (best bid and ask, spread, depth
 * within 1 % of the mid price) are exact decimals; only the drawing turns prices into JavaScript numbers, for pixel
 * positions (an error of 1e-12 of a pixel is invisible), and nothing drawn is shown as money.
 */

export type DepthSummary = {
  bestBid: string | null;
  bestAsk: string | null;
  /** bestAsk − bestBid, and that as a percent of the mid price (2 decimals); null without both sides. */
  spread: string | null;
  spreadPercent: string | null;
  /** (bestBid + bestAsk) / 2, or the one side there is; null for an empty book. */
  mid: string | null;
  /** Base quantity bid at prices ≥ mid × 0.99 and offered at prices ≤ mid × 1.01 (what the book's 20 levels show). */
  bidsWithin1: string;
  asksWithin1: string;
};

export type DepthGeometry = {
  /** Closed path data of the bids' and the asks' areas ('' when a side is empty). */
  bids: string;
  asks: string;
  /** The x of the mid price (the chart is centred on it), and the plot's edges. */
  midX: number;
  /** Prices at the left and right edges, and the largest cumulative quantity (the top), as decimal strings. */
  left: string;
  right: string;
  top: string;
  summary: DepthSummary;
};

/** One decimal place is enough for a pixel. */
function px(n: number): string {
  const r = Math.round(n * 10) / 10;
  return Object.is(r, -0) ? "0" : String(r);
}

/** The figures of the text summary, exact. */
export function depthSummary(depth: Depth): DepthSummary {
  const bid = depth.in[0]?.price ?? null;
  const ask = depth.out[0]?.price ?? null;
  const D = (v: string) => new Decimal(v);
  const mid = bid !== null && ask !== null ? D(bid).plus(ask).div(2) : bid !== null ? D(bid) : ask !== null ? D(ask) : null;
  const spread = bid !== null && ask !== null ? D(ask).minus(bid) : null;
  const within = (rows: Depth["in"], inside: (p: Decimal) => boolean) =>
    rows.reduce((sum, r) => (inside(D(r.price)) ? sum.plus(r.amount) : sum), new Decimal(0)).toFixed();
  return {
    bestBid: bid,
    bestAsk: ask,
    spread: spread ? spread.toFixed() : null,
    spreadPercent: spread && mid && mid.gt(0) ? spread.div(mid).times(100).toFixed(2) : null,
    mid: mid ? mid.toFixed() : null,
    bidsWithin1: mid ? within(depth.in, (p) => p.gte(mid.times("0.99"))) : "0",
    asksWithin1: mid ? within(depth.out, (p) => p.lte(mid.times("1.01"))) : "0",
  };
}

/**
 * The drawing in a `width` × `height` box (`pad` inside each edge). The x scale is centred on the mid price and
 * reaches the farther of the two sides' last levels, so both sides share one scale; the y scale goes from 0 at the
 * bottom to the larger side's total at the top. Each side steps at each of its levels: the bids' height at a price is
 * everything bid at that price or above, the asks' everything offered at that price or below.
 */
export function depthGeometry(depth: Depth, opts: { width: number; height: number; pad?: number }): DepthGeometry {
  const summary = depthSummary(depth);
  const pad = opts.pad ?? 8;
  const w = opts.width - pad * 2;
  const h = opts.height - pad * 2;
  const empty = { bids: "", asks: "", midX: pad + w / 2, left: "", right: "", top: "0", summary };
  if (summary.mid === null) return empty;
  const mid = Number(summary.mid);
  const lowest = depth.in.length ? Number(depth.in[depth.in.length - 1].price) : mid;
  const highest = depth.out.length ? Number(depth.out[depth.out.length - 1].price) : mid;
  // Half the width: the farther last level, or 1 % of the price for a single level (so it still has a width).
  const half = Math.max(mid - lowest, highest - mid) || Math.abs(mid) * 0.01 || 1;
  const x = (price: number) => pad + ((price - (mid - half)) / (2 * half)) * w;
  const cumulative = (rows: Depth["in"]) => {
    let total = new Decimal(0);
    return rows.map((r) => (total = total.plus(r.amount)));
  };
  const bidTotals = cumulative(depth.in);
  const askTotals = cumulative(depth.out);
  const topDec = Decimal.max(bidTotals.at(-1) ?? 0, askTotals.at(-1) ?? 0);
  const top = topDec.toNumber() || 1;
  const y = (q: Decimal) => pad + h - (q.toNumber() / top) * h;
  const base = pad + h;
  const side = (rows: Depth["in"], totals: Decimal[], edge: number) => {
    if (rows.length === 0) return "";
    let d = `M${px(x(Number(rows[0].price)))} ${px(base)}`;
    rows.forEach((r, i) => {
      d += `V${px(y(totals[i]))}`;
      const next = i + 1 < rows.length ? x(Number(rows[i + 1].price)) : edge;
      d += `H${px(next)}`;
    });
    return `${d}V${px(base)}Z`;
  };
  return {
    bids: side(depth.in, bidTotals, pad),
    asks: side(depth.out, askTotals, pad + w),
    midX: Number(px(x(mid))),
    left: new Decimal(summary.mid).minus(half).toFixed(),
    right: new Decimal(summary.mid).plus(half).toFixed(),
    top: topDec.toFixed(),
    summary,
  };
}
