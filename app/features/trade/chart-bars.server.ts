import type { AppLoadContext } from "@remix-run/node";
import type { KlineBar } from "~/contract/entities";
import { api, type ApiArgs } from "~/lib/api.server";
import { memoOn } from "~/lib/memo-on";
import { chartImageVersion } from "./chart-image.server";
import { CHART_BARS_MAX, klinePeriod, klineWindow, normalizePeriod, type TradePeriod } from "./chart-periods";

/** The bars a chart of `period` shows (the last CHART_BARS_MAX), or [] when the exchange could not answer. */
export async function loadChartBars(args: ApiArgs, pairId: number, period: TradePeriod): Promise<KlineBar[]> {
  const win = klineWindow(period, Date.now());
  const r = await api(args, "kline", { currency_match_id: pairId, period: klinePeriod(period), from: win.from, to: win.to });
  return r.ok ? latestBars(r.data) : [];
}

// The same answer (shared for its half second) gives the same array, so the chart drawn from it is drawn once.
const latestBars = memoOn((bars: readonly KlineBar[]) => bars.slice(-CHART_BARS_MAX));

/**
 * For a screen with a chart: its bars go to the server render only (the chart's image URL and its table without
 * JavaScript), not into the loader data; the live chart fetches them from /resources/kline after hydration.
 */
export async function renderChartOnServer(
  args: ApiArgs & { context: Pick<AppLoadContext, "serverOnly"> },
  pairId: number,
  period: TradePeriod,
): Promise<void> {
  const bars = await loadChartBars(args, pairId, period);
  if (args.context.serverOnly) {
    args.context.serverOnly.chartBars = bars;
    args.context.serverOnly.chartVersion = chartImageVersion(bars);
  }
}

/**
 * For a pair screen whose page data take their chart from outside (/lever, /second): the interval the address asks
 * for, and the server render of that chart for a pair, to start with the page's other calls.
 */
export function serverChart(args: ApiArgs & { context: Pick<AppLoadContext, "serverOnly"> }) {
  const period = normalizePeriod(new URL(args.request.url).searchParams.get("period"));
  return { period, chart: (pairId: number) => renderChartOnServer(args, pairId, period) };
}
