import {
  BarController,
  BarElement,
  Chart as ChartJS,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  TimeSeriesScale,
  Tooltip,
  type ChartData,
  type ChartOptions,
} from "chart.js";
import "chartjs-adapter-luxon";
import { CandlestickController, CandlestickElement } from "chartjs-chart-financial";
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import { Chart } from "react-chartjs-2";
import type { KlineBar } from "~/contract/entities";
import { macd, MA_PERIODS, STUDY_COLOURS } from "./indicators";
import { CHART_BARS_MAX } from "./chart-periods";
import { vars } from "~/styles/theme.css";
import { documentTheme } from "~/lib/theme";
import { TRADE_TIME_ZONE } from "./chart-periods";
import { axisNumber } from "./chart-axis";

// Only what this chart uses, so the bundler drops the rest of chart.js.
ChartJS.register(
  CandlestickController,
  CandlestickElement,
  LineController,
  LineElement,
  PointElement,
  BarController,
  BarElement,
  LinearScale,
  TimeSeriesScale,
  Tooltip,
);

/** The screen's one time zone (docs/decisions/010). */
const CHART_ZONE = TRADE_TIME_ZONE;

type Point = { x: number; o: number; h: number; l: number; c: number };
type LinePoint = { x: number; y: number };
type StudyPoint = { x: number; y: number | null };

/**
 * chart.js draws with numbers: a price becomes a JavaScript number here ONLY to place it in pixels.
 * The numbers never come back as money (the header, book and forms show the decimal strings).
 */
function candle(b: KlineBar): Point {
  return { x: b.time, o: Number(b.open), h: Number(b.high), l: Number(b.low), c: Number(b.close) };
}
function closePoint(b: KlineBar): LinePoint {
  return { x: b.time, y: Number(b.close) };
}

/** The theme's colours, read from the CSS variables of the vanilla-extract theme on <html>. */
export function themeColours() {
  const style = getComputedStyle(document.documentElement);
  const read = (v: string) => style.getPropertyValue(v.replace(/^var\((--[^),]+).*$/, "$1")).trim();
  return {
    up: read(vars.color.up),
    down: read(vars.color.down),
    text: read(vars.color.muted),
    grid: read(vars.color.border),
    line: read(vars.color.accentStrong),
    studies: STUDY_COLOURS[documentTheme()],
  };
}

const closes = (bars: KlineBar[]) => bars.map((b) => Number(b.close));

/** MA 15 and the 10/20 cross over the shown bars, as chart points. */
function maPoints(shown: KlineBar[]): StudyPoint[][] {
  const c = closes(shown);
  return MA_PERIODS.map((period) => {
    let sum = 0;
    return shown.map((b, i) => {
      sum += c[i];
      if (i >= period) sum -= c[i - period];
      return { x: b.time, y: i >= period - 1 ? sum / period : null };
    });
  });
}

function macdPoints(shown: KlineBar[]): StudyPoint[][] {
  const m = macd(closes(shown));
  return [m.hist, m.macd, m.signal].map((series) => shown.map((b, i) => ({ x: b.time, y: series[i] })));
}

/** The studies' names (translated by the page): tooltips show them. */
export type StudyLabels = { ma: string[]; macd: string; signal: string; histogram: string; panel: string };

function buildData(
  bars: KlineBar[],
  line: boolean,
  labels: StudyLabels | null,
): ChartData<"candlestick" | "line", (Point | LinePoint | StudyPoint)[]> {
  const shown = bars.slice(-CHART_BARS_MAX);
  const main = { data: line ? shown.map(closePoint) : shown.map(candle) };
  if (!labels || line) return { datasets: [main as never] };
  const c = themeColours();
  return {
    datasets: [
      main as never,
      ...maPoints(shown).map(
        (data, i) =>
          ({
            type: "line",
            data,
            borderColor: c.studies[i],
            borderWidth: 1,
            pointRadius: 0,
            spanGaps: false,
            label: labels.ma[i],
          }) as never,
      ),
    ],
  };
}

function buildMacdData(bars: KlineBar[], labels: StudyLabels): ChartData<"bar" | "line", StudyPoint[]> {
  const c = themeColours();
  const [hist, line, signal] = macdPoints(bars.slice(-CHART_BARS_MAX));
  return {
    datasets: [
      { type: "bar", data: hist, backgroundColor: hist.map((p) => ((p.y ?? 0) >= 0 ? c.up : c.down)), label: labels.histogram } as never,
      { type: "line", data: line, borderColor: c.studies[0], borderWidth: 1, pointRadius: 0, label: labels.macd } as never,
      { type: "line", data: signal, borderColor: c.studies[1], borderWidth: 1, pointRadius: 0, label: labels.signal } as never,
    ],
  };
}

/** What both charts share: sized by their box, no animation, data already parsed, one tooltip for all series. */
function baseOptions(locale: string) {
  return {
    responsive: true,
    maintainAspectRatio: false,
    animation: false,
    parsing: false as never,
    normalized: true,
    locale,
    plugins: { legend: { display: false }, tooltip: { enabled: true, intersect: false, mode: "index" } },
  } as const;
}

function buildMacdOptions(locale: string, lang: string): ChartOptions<"bar" | "line"> {
  const c = themeColours();
  return {
    ...baseOptions(locale),
    scales: {
      x: {
        type: "timeseries",
        adapters: { date: { locale, zone: CHART_ZONE } },
        ticks: { display: false, maxTicksLimit: 8 },
        grid: { display: false },
      },
      y: {
        type: "linear",
        position: "right",
        ticks: { color: c.text, maxTicksLimit: 3, sampleSize: 4, callback: axisNumber(lang) },
        grid: { color: c.grid },
      },
    },
  };
}

function buildOptions(line: boolean, locale: string, lang: string): ChartOptions<"candlestick" | "line"> {
  const c = themeColours();
  return {
    ...baseOptions(locale),
    elements: line ? { point: { radius: 0 }, line: { borderColor: c.line, borderWidth: 1.5 } } : {},
    datasets: {
      // Rising candles hollow, falling ones filled (as the server's SVG): up and down differ in shape, not only hue.
      candlestick: {
        backgroundColors: { up: "transparent", down: c.down, unchanged: c.text },
        borderColors: { up: c.up, down: c.down, unchanged: c.text },
      },
    } as never,
    scales: {
      x: {
        type: "timeseries",
        adapters: { date: { locale, zone: CHART_ZONE } },
        // Few ticks, and label sizes measured on a sample: the layout is most of an update's cost.
        ticks: { color: c.text, maxRotation: 0, autoSkip: true, maxTicksLimit: 8, sampleSize: 8 },
        grid: { color: c.grid },
      },
      // Headroom above and below the bars: a tick that moves the forming candle a little stays inside the scale
      // and redraws that candle only, instead of a layout pass (the slow ticks of issue 14's p95).
      y: {
        type: "linear",
        position: "right",
        grace: "8%",
        ticks: { color: c.text, sampleSize: 8, callback: axisNumber(lang) },
        grid: { color: c.grid },
      },
    },
  };
}

/** Moves a study's last point (the bar still forming) without touching the others. */
function setLast(points: StudyPoint[], y: number | null) {
  const p = points[points.length - 1];
  if (p) points[points.length - 1] = { x: p.x, y };
}

/** Averages of the last closes for the forming bar: O(period), not a pass over every bar. */
function lastAverages(bars: KlineBar[]): (number | null)[] {
  return MA_PERIODS.map((period) => {
    if (bars.length < period) return null;
    let sum = 0;
    for (let i = bars.length - period; i < bars.length; i++) sum += Number(bars[i].close);
    return sum / period;
  });
}

/**
 * The live chart. Its data object is built once per pair, interval, theme and screen width (the parent
 * keys it); after that a tick touches only the last bar (or appends one) and redraws without animation:
 * `update('none')` when the bar is new or moves the price scale, otherwise only the last candle's element
 * (and the studies' last points) are recomputed before `render()`.
 * On wide screens (`studies`, their names) the candles carry MA 15 and the MA 10/20 cross, and a MACD 12/26 panel
 * sits below (docs/product.md, "/trade"), moved the same way in the following animation frame.
 */
export default function CandleChart({
  bars,
  line,
  locale,
  lang,
  label,
  studies = null,
}: {
  bars: KlineBar[];
  line: boolean;
  /** The time axis's locale (BCP 47); `lang`, the app language, formats the value axes' numbers. */
  locale: string;
  lang: string;
  label: string;
  /** On wide screens: the studies' names, which also turns them on. */
  studies?: StudyLabels | null;
}) {
  const labels = line ? null : studies;
  const withStudies = labels !== null;
  const ref = useRef<ChartJS<"candlestick" | "line", (Point | LinePoint | StudyPoint)[]> | null>(null);
  const macdRef = useRef<ChartJS<"bar" | "line", StudyPoint[]> | null>(null);
  const [initial] = useState(() => ({
    labels,
    data: buildData(bars, line, labels),
    options: buildOptions(line, locale, lang),
    macd: labels ? { data: buildMacdData(bars, labels), options: buildMacdOptions(locale, lang) } : null,
  }));
  const applied = useRef<KlineBar[]>(bars);

  // The MACD panel is redrawn in the next animation frame, not in the tick's: two short frames rather
  // than one long one. Ticks that arrive before that frame are folded into one redraw.
  const macdQueued = useRef<{ bars: KlineBar[]; full: boolean; frame: number } | null>(null);
  const drawMacd = useCallback(() => {
    const q = macdQueued.current;
    macdQueued.current = null;
    const m = macdRef.current;
    if (!q || !m || !initial.labels) return;
    const t0 = performance.now();
    const next = buildMacdData(q.bars, initial.labels);
    const lastValues = next.datasets.map((d) => d.data[d.data.length - 1]?.y ?? null);
    const my = m.scales.y;
    const colours = (m.data.datasets[0] as { backgroundColor?: string[] }).backgroundColor;
    const inRange = !q.full && my && colours && lastValues.every((v) => v === null || (v <= my.max && v >= my.min));
    if (inRange) {
      // The forming bar only: its three points and its histogram colour move, no layout pass.
      next.datasets.forEach((d, i) => setLast(m.data.datasets[i].data, d.data[d.data.length - 1]?.y ?? null));
      const nextColours = (next.datasets[0] as { backgroundColor?: string[] }).backgroundColor!;
      colours[colours.length - 1] = nextColours[nextColours.length - 1];
      for (let i = 0; i < m.data.datasets.length; i++) {
        const meta = m.getDatasetMeta(i);
        meta.controller.updateElements(meta.data, m.data.datasets[i].data.length - 1, 1, "none");
      }
      m.render();
    } else {
      next.datasets.forEach((d, i) => {
        m.data.datasets[i].data = d.data;
        if (i === 0)
          (m.data.datasets[0] as { backgroundColor?: unknown }).backgroundColor = (d as { backgroundColor?: unknown }).backgroundColor;
      });
      m.update("none");
    }
    performance.measure("chart-macd", { start: t0, end: performance.now() });
    performance.clearMeasures("chart-macd");
  }, [initial]);
  const queueMacd = useCallback(
    (next: KlineBar[], full: boolean) => {
      const q = macdQueued.current;
      if (q) {
        q.bars = next;
        q.full = q.full || full;
        return;
      }
      macdQueued.current = { bars: next, full, frame: requestAnimationFrame(drawMacd) };
    },
    [drawMacd],
  );
  useEffect(
    () => () => {
      if (macdQueued.current) cancelAnimationFrame(macdQueued.current.frame);
    },
    [],
  );

  // Layout effect: the canvas is redrawn in the same frame as the React commit that carried the tick.
  useLayoutEffect(() => {
    const chart = ref.current;
    const prev = applied.current;
    if (!chart || prev === bars) return;
    applied.current = bars;
    const data = chart.data.datasets[0].data;
    const toPoint = (b: KlineBar): Point | LinePoint => (line ? closePoint(b) : candle(b));
    const last = bars[bars.length - 1];
    const prevLast = prev[prev.length - 1];
    const t0 = performance.now();
    const shown = () => bars.slice(-CHART_BARS_MAX);
    const restudy = () => {
      if (!withStudies) return;
      maPoints(shown()).forEach((points, i) => (chart.data.datasets[i + 1].data = points));
      queueMacd(bars, true);
    };
    if (last && prevLast && last.time === prevLast.time && bars.length === prev.length) {
      data[data.length - 1] = toPoint(last);
      const averages = withStudies ? lastAverages(bars) : [];
      averages.forEach((y, i) => setLast(chart.data.datasets[i + 1].data as StudyPoint[], y));
      const y = chart.scales.y;
      // Numbers for pixel positions only (see `candle`).
      const inRange =
        !line &&
        y &&
        Number(last.high) <= y.max &&
        Number(last.low) >= y.min &&
        averages.every((a) => a === null || (a <= y.max && a >= y.min));
      if (inRange) {
        // The tick stays inside the price scale: recompute the last candle (and the studies' last points)
        // only and redraw, no layout pass (about a fifth of a full update on this chart). parsing: false
        // means the dataset arrays are the parsed data, so the controllers see the new points as they are.
        for (let i = 0; i < chart.data.datasets.length; i++) {
          const meta = chart.getDatasetMeta(i);
          meta.controller.updateElements(meta.data, chart.data.datasets[i].data.length - 1, 1, "none");
        }
        chart.render();
      } else {
        chart.update("none");
      }
      if (withStudies) queueMacd(bars, false);
    } else if (last && prevLast && bars.length >= 2 && bars[bars.length - 2].time === prevLast.time) {
      data.push(toPoint(last));
      if (data.length > CHART_BARS_MAX) data.shift();
      restudy();
      chart.update("none");
    } else {
      chart.data.datasets[0].data = shown().map(toPoint);
      restudy();
      chart.update("none");
    }
    performance.measure("chart-draw", { start: t0, end: performance.now() });
    performance.clearMeasures("chart-draw");
    // Cost of a live tick, message to redrawn canvas, for a PerformanceObserver (a test, the DevTools timeline);
    // the entries are cleared at once so a long session does not accumulate them.
    if (performance.getEntriesByName("kline-msg", "mark").length) {
      performance.measure("chart-tick", "kline-msg");
      performance.clearMarks("kline-msg");
      performance.clearMeasures("chart-tick");
    }
  }, [bars, line, withStudies, queueMacd]);

  const main = (
    <Chart
      ref={ref as never}
      type={line ? "line" : "candlestick"}
      data={initial.data as never}
      options={initial.options as never}
      role="img"
      aria-label={label}
      data-testid="candle-chart"
    />
  );
  if (!initial.macd) return main;
  return (
    <div style={{ display: "grid", gridTemplateRows: "1fr 110px", height: "100%", gap: 4 }}>
      <div style={{ position: "relative", minHeight: 0 }}>{main}</div>
      <div style={{ position: "relative", minHeight: 0 }}>
        <Chart
          ref={macdRef as never}
          type="bar"
          data={initial.macd.data as never}
          options={initial.macd.options as never}
          role="img"
          aria-label={initial.labels?.panel}
        />
      </div>
    </div>
  );
}
