import type { LoaderFunctionArgs } from "@remix-run/node";
import { encodeBars } from "~/features/trade/chart-bars";
import { loadChartBars } from "~/features/trade/chart-bars.server";
import { klinePeriod, normalizePeriod } from "~/features/trade/chart-periods";

/**
 * GET /resources/kline?pair=<id>&period=<interval>: a chart's bars in the compact form (features/trade/chart-bars),
 * the same for every visitor, so browsers and a reverse proxy may keep it for two seconds; live KLINE pushes
 * carry the chart on from there.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const q = new URL(request.url).searchParams;
  const pairId = Number(q.get("pair"));
  if (!Number.isSafeInteger(pairId) || pairId <= 0)
    return new Response("Bad Request: pair", { status: 400, headers: { "Content-Type": "text/plain" } });
  const period = normalizePeriod(q.get("period"));
  // Public market data: the API client asks it without the visitor's token, so the answer is the same for everyone.
  const bars = await loadChartBars({ request, context }, pairId, period);
  return new Response(JSON.stringify(encodeBars(bars, klinePeriod(period))), {
    headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "public, max-age=2" },
  });
}
