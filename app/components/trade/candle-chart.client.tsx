import {
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
import { useLayoutEffect, useRef, useState } from "react";
import { Chart } from "react-chartjs-2";
import type { KlineBar } from "~/contract/entities";
import { CHART_BARS_MAX } from "~/lib/spot";
import { vars } from "~/styles/theme.css";

// Only what this chart uses, so the bundler drops the rest of chart.js.
ChartJS.register(CandlestickController, CandlestickElement, LineController, LineElement, PointElement, LinearScale, TimeSeriesScale, Tooltip);

/** SPEC §9: the chart's time zone. */
const CHART_ZONE = "America/New_York";

type Point = { x: number; o: number; h: number; l: number; c: number };
type LinePoint = { x: number; y: number };

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
function themeColours() {
  const style = getComputedStyle(document.documentElement);
  const read = (v: string) => style.getPropertyValue(v.replace(/^var\((--[^),]+).*$/, "$1")).trim();
  return { up: read(vars.color.up), down: read(vars.color.down), text: read(vars.color.muted), grid: read(vars.color.border), line: read(vars.color.accent) };
}

function buildData(bars: KlineBar[], line: boolean): ChartData<"candlestick" | "line", (Point | LinePoint)[]> {
  const shown = bars.slice(-CHART_BARS_MAX);
  return { datasets: [{ data: line ? shown.map(closePoint) : shown.map(candle) } as never] };
}

function buildOptions(line: boolean, locale: string): ChartOptions<"candlestick" | "line"> {
  const c = themeColours();
  return {
    responsive: true,
    maintainAspectRatio: false,
    animation: false,
    parsing: false as never,
    normalized: true,
    locale,
    plugins: { legend: { display: false }, tooltip: { enabled: true, intersect: false, mode: "index" } },
    elements: line ? { point: { radius: 0 }, line: { borderColor: c.line, borderWidth: 1.5 } } : {},
    datasets: {
      candlestick: {
        backgroundColors: { up: c.up, down: c.down, unchanged: c.text },
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
      y: { type: "linear", position: "right", ticks: { color: c.text, sampleSize: 8 }, grid: { color: c.grid } },
    },
  };
}

/**
 * The live chart. Its data object is built once per pair, interval and theme (the parent keys it); after that
 * a tick touches only the last bar (or appends one) and redraws without animation: `update('none')` when the bar
 * is new or moves the price scale, otherwise only the last candle's element is recomputed before `render()`.
 */
export default function CandleChart({ bars, line, locale, label }: { bars: KlineBar[]; line: boolean; locale: string; label: string }) {
  const ref = useRef<ChartJS<"candlestick" | "line", (Point | LinePoint)[]> | null>(null);
  const [initial] = useState(() => ({ data: buildData(bars, line), options: buildOptions(line, locale) }));
  const applied = useRef<KlineBar[]>(bars);

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
    if (last && prevLast && last.time === prevLast.time && bars.length === prev.length) {
      data[data.length - 1] = toPoint(last);
      const y = chart.scales.y;
      // Numbers for pixel positions only (see `candle`).
      const inRange = !line && y && Number(last.high) <= y.max && Number(last.low) >= y.min;
      if (inRange) {
        // The tick stays inside the price scale: recompute the last candle only and redraw, no layout pass
        // (about a fifth of a full update on this chart). parsing: false means the dataset array is the
        // parsed data, so the controller sees the new point as it is.
        const meta = chart.getDatasetMeta(0);
        meta.controller.updateElements(meta.data, data.length - 1, 1, "none");
        chart.render();
      } else {
        chart.update("none");
      }
    } else if (last && prevLast && bars.length >= 2 && bars[bars.length - 2].time === prevLast.time) {
      data.push(toPoint(last));
      if (data.length > CHART_BARS_MAX) data.shift();
      chart.update("none");
    } else {
      chart.data.datasets[0].data = bars.slice(-CHART_BARS_MAX).map(toPoint);
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
  }, [bars, line]);

  return (
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
}
