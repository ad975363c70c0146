import type { KlineBar } from "~/contract/entities";

/**
 * The server-rendered chart (no JavaScript, and until chart.js has loaded): the same bars as SVG path data.
 *
 * Prices are decimal strings everywhere else; here, and only here, they become JavaScript numbers, because
 * their one use is a pixel position in a drawing (an error of 1e-12 of a pixel is invisible). Nothing computed
 * here is ever shown as a price or sent anywhere as money.
 */
export type CandleGeometry = {
  /** Wicks and bodies of rising (close ≥ open) bars, one path. */
  up: string;
  /** Wicks and bodies of falling bars, one path. */
  down: string;
  /** Line through the closes (the 'time' interval). */
  line: string;
  /** Lowest low and highest high drawn (as the strings the bars had), for the axis labels. */
  min: string;
  max: string;
  count: number;
};

const EMPTY: CandleGeometry = { up: "", down: "", line: "", min: "", max: "", count: 0 };

/** One decimal place is enough for a pixel. */
function px(n: number): string {
  const r = Math.round(n * 10) / 10;
  return Object.is(r, -0) ? "0" : String(r);
}

/** Pixel positions only (see above). */
function num(v: string): number {
  return Number(v);
}

export function candleGeometry(bars: KlineBar[], opts: { width: number; height: number; padding?: number; max?: number }): CandleGeometry {
  const shown = bars.slice(-(opts.max ?? 300));
  if (shown.length === 0) return EMPTY;
  const pad = opts.padding ?? 8;
  const h = opts.height - pad * 2;
  let lo = Infinity;
  let hi = -Infinity;
  let minText = "";
  let maxText = "";
  for (const b of shown) {
    const l = num(b.low);
    const hh = num(b.high);
    if (l < lo) (lo = l), (minText = b.low);
    if (hh > hi) (hi = hh), (maxText = b.high);
  }
  const span = hi - lo || Math.abs(hi) || 1;
  const y = (v: string) => pad + h - ((num(v) - lo) / span) * h;
  const step = opts.width / shown.length;
  const body = Math.max(1, step * 0.7);
  const up: string[] = [];
  const down: string[] = [];
  const line: string[] = [];
  shown.forEach((b, i) => {
    const cx = step * i + step / 2;
    const yo = y(b.open);
    const yc = y(b.close);
    const rising = num(b.close) >= num(b.open);
    const top = Math.min(yo, yc);
    const bodyH = Math.max(1, Math.abs(yc - yo));
    const left = cx - body / 2;
    const out = rising ? up : down;
    // Wick: a 1-pixel-wide rectangle from high to low, then the body.
    out.push(`M${px(cx - 0.5)} ${px(y(b.high))}h1V${px(y(b.low))}h-1Z`);
    out.push(`M${px(left)} ${px(top)}h${px(body)}v${px(bodyH)}h${px(-body)}Z`);
    line.push(`${i === 0 ? "M" : "L"}${px(cx)} ${px(yc)}`);
  });
  return { up: up.join(""), down: down.join(""), line: line.join(""), min: minText, max: maxText, count: shown.length };
}
