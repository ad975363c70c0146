import type { KlineBar } from "~/contract/entities";

/**
 * The server-rendered chart (no JavaScript, and until chart.js has loaded): the same bars as SVG path data.
 *
 * Prices are decimal strings everywhere else; here, and only here, they become JavaScript numbers, because
 * their one use is a pixel position in a drawing (an error of 1e-12 of a pixel is invisible). Nothing computed
 * here is ever shown as a price or sent anywhere as money.
 */
export type CandleGeometry = {
  /**
   * Rising (close ≥ open) bars: wicks as vertical strokes (`M x y V y`), bodies as rectangle outlines (`M x y H x V y
   * H x Z`), drawn hollow: up and down differ in shape, not only in hue (WCAG 1.4.1).
   */
  upWicks: string;
  upBodies: string;
  /** Falling bars: wicks, and bodies as one thick vertical stroke each (drawn filled). */
  downWicks: string;
  downBodies: string;
  /** The bodies' stroke width (70 % of a bar's step). */
  body: number;
  /** Line through the closes (the 'time' interval). */
  line: string;
  /** Lowest low and highest high drawn (as the strings the bars had), for the axis labels. */
  min: string;
  max: string;
  count: number;
};

const EMPTY: CandleGeometry = { upWicks: "", upBodies: "", downWicks: "", downBodies: "", body: 0, line: "", min: "", max: "", count: 0 };

/** One decimal place is enough for a pixel. */
function px(n: number): string {
  const r = Math.round(n * 10) / 10;
  return Object.is(r, -0) ? "0" : String(r);
}

/** Pixel positions only (see above). */
function num(v: string): number {
  return Number(v);
}

/**
 * Each bar is a vertical stroke (the wick) and its body at its centre: a falling bar's body one thick stroke (about 20
 * bytes a bar), a rising bar's a rectangle outline (about 30), so 300 bars weigh ~10 KB (an image of its own URL,
 * decision 035). Heights are whole units of a 516-unit box.
 */
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
    if (l < lo) {
      lo = l;
      minText = b.low;
    }
    if (hh > hi) {
      hi = hh;
      maxText = b.high;
    }
  }
  const span = hi - lo || Math.abs(hi) || 1;
  const y = (v: string) => Math.round(pad + h - ((num(v) - lo) / span) * h);
  const step = opts.width / shown.length;
  const body = Math.max(1, Math.round(step * 0.7 * 10) / 10);
  const half = body / 2;
  const upWicks: string[] = [];
  const upBodies: string[] = [];
  const downWicks: string[] = [];
  const downBodies: string[] = [];
  const line: string[] = [];
  shown.forEach((b, i) => {
    const cx = px(step * i + step / 2);
    const yo = y(b.open);
    const yc = y(b.close);
    const rising = num(b.close) >= num(b.open);
    const top = Math.min(yo, yc);
    // A body is at least one unit tall, so a bar that did not move still shows.
    const bottom = Math.max(top + 1, Math.max(yo, yc));
    if (rising) {
      // The wick stops at the hollow body's edges (it would read as a fill through it).
      const yh = y(b.high);
      const yl = y(b.low);
      if (yh < top) upWicks.push(`M${cx} ${yh}V${top}`);
      if (yl > bottom) upWicks.push(`M${cx} ${bottom}V${yl}`);
      const x = step * i + step / 2;
      upBodies.push(`M${px(x - half)} ${top}H${px(x + half)}V${bottom}H${px(x - half)}Z`);
    } else {
      downWicks.push(`M${cx} ${y(b.high)}V${Math.max(y(b.low), y(b.high) + 1)}`);
      downBodies.push(`M${cx} ${top}V${bottom}`);
    }
    line.push(`${i === 0 ? "M" : "L"}${cx} ${yc}`);
  });
  return {
    upWicks: upWicks.join(""),
    upBodies: upBodies.join(""),
    downWicks: downWicks.join(""),
    downBodies: downBodies.join(""),
    body,
    line: line.join(""),
    min: minText,
    max: maxText,
    count: shown.length,
  };
}

/** The server's chart drawing: its box (stretched to the chart's box on the page, `preserveAspectRatio="none"`). */
export const CHART_IMAGE_BOX = { width: 800, height: 516 } as const;

/** The colours of a drawing in one theme: rising bars, falling bars, the line of closes. */
export type ChartInk = { up: string; down: string; line: string };

/**
 * The chart as an SVG document of its own (an image: the page's CSS does not reach it, so its colours are written
 * in). Rising bars hollow and falling ones filled, as on the live chart; the 'time' interval draws the line of
 * closes. No text: the page's <img> carries the chart's words.
 */
export function candlesSvgDocument(g: CandleGeometry, line: boolean, ink: ChartInk): string {
  const { width, height } = CHART_IMAGE_BOX;
  const path = (d: string, colour: string, width: number | string, scaled: boolean) =>
    d
      ? `<path d="${d}" fill="none" stroke="${colour}" stroke-width="${width}"${scaled ? "" : ' vector-effect="non-scaling-stroke"'}/>`
      : "";
  const body = line
    ? path(g.line, ink.line, 1.5, false)
    : path(g.upWicks, ink.up, 1, true) +
      path(g.upBodies, ink.up, 1, false) +
      path(g.downWicks, ink.down, 1, true) +
      path(g.downBodies, ink.down, g.body, true);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" preserveAspectRatio="none">${body}</svg>`;
}
