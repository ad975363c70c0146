import { fileURLToPath } from "node:url";
import { chromium } from "@playwright/test";
import { startServer } from "./ssr";

/**
 * The live chart's cost per tick in a real Chromium with the CPU slowed 4× (DevTools' "4× slowdown",
 * a cheap phone): /trade on the real server, the simulator ticking every 250 ms, and the chart's own performance
 * entries read by a PerformanceObserver — "chart-draw" (the redraw in the layout effect) and
 * "chart-tick" (from the KLINE message's arrival to the redrawn canvas, including React's work for
 * every panel the message touches), and "chart-macd" (the MACD panel, redrawn in the next frame).
 * Wide screens draw the studies (MA 15, MA 10/20, MACD); narrow ones the candles alone.
 */
function stats(xs: number[]) {
  const s = [...xs].sort((a, b) => a - b);
  const q = (p: number) => (s.length ? s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] : NaN);
  return { n: s.length, p50: q(50), p95: q(95), max: s.at(-1) ?? NaN };
}

const TICK_MS = 250;

export async function runChartBench(opts: { seconds?: number } = {}): Promise<string[]> {
  const seconds = opts.seconds ?? 30;
  // The simulator ticks four times a second instead of once, so that 30 s give some 40 redraws per screen size
  // (at one a second the BTC/USDT chart got 8-10, and its p95 was its slowest tick).
  const server = await startServer({ SIM_TICK_MS: String(TICK_MS) });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu"],
  });
  const lines = [
    `live chart tick, /trade BTC/USDT 1 min, Chromium with 4× CPU throttling, ${seconds} s per screen size, the simulator ticking every ${TICK_MS} ms`,
  ];
  try {
    for (const [name, width] of [
      ["wide (studies)", 1400],
      ["narrow (candles only)", 800],
    ] as const) {
      const page = await browser.newPage({ viewport: { width, height: 1000 } });
      await page.addInitScript(() => {
        const w = window as unknown as { __chart: Record<string, number[]> };
        w.__chart = { "chart-draw": [], "chart-tick": [], "chart-macd": [] };
        new PerformanceObserver((list) => {
          for (const e of list.getEntries()) w.__chart[e.name]?.push(e.duration);
        }).observe({ entryTypes: ["measure"] });
      });
      const cdp = await page.context().newCDPSession(page);
      await page.goto(`${server.base}/trade?symbol=BTCUSDT&period=1min`);
      // The live chart starts when it comes near the viewport (below the order form on narrow screens).
      await page.locator("#chart").scrollIntoViewIfNeeded();
      await page.waitForSelector("[data-testid=candle-chart]", { timeout: 60_000 });
      await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
      await page.evaluate(() => {
        const w = window as unknown as { __chart: Record<string, number[]> };
        for (const k of Object.keys(w.__chart)) w.__chart[k].length = 0;
      });
      await page.waitForTimeout(seconds * 1000);
      const got = await page.evaluate(() => (window as unknown as { __chart: Record<string, number[]> }).__chart);
      const d = stats(got["chart-draw"]);
      const t = stats(got["chart-tick"]);
      const f = (x: number) => x.toFixed(1);
      lines.push(
        `    ${name.padEnd(22)} redraw: ${d.n} ticks, median ${f(d.p50)} ms, p95 ${f(d.p95)} ms, max ${f(d.max)} ms — goal p95 ≤ 16 ms: ${d.p95 <= 16 ? "met" : "missed"}`,
      );
      lines.push(`    ${"".padEnd(22)} message → canvas: median ${f(t.p50)} ms, p95 ${f(t.p95)} ms`);
      const m = stats(got["chart-macd"]);
      if (m.n) lines.push(`    ${"".padEnd(22)} MACD panel (its own frame): ${m.n} redraws, median ${f(m.p50)} ms, p95 ${f(m.p95)} ms`);
      await page.close();
    }
    lines.push("    goal: a live tick's redraw fits in one frame (p95 ≤ 16 ms) at 4× CPU slowdown");
  } finally {
    await browser.close();
    await server.stop();
  }
  return lines;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  runChartBench({ seconds: Number(process.argv[2] ?? 30) }).then((lines) => {
    console.log(lines.join("\n"));
    process.exit(0);
  });
}
