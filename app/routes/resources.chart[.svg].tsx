import type { LoaderFunctionArgs } from "@remix-run/node";
import { loadChartBars } from "~/features/trade/chart-bars.server";
import { chartImageSvg, chartImageVersion } from "~/features/trade/chart-image.server";
import { normalizePeriod } from "~/features/trade/chart-periods";

const text = (status: number, body: string) =>
  new Response(body, { status, headers: { "Content-Type": "text/plain", "Cache-Control": "no-store" } });

/**
 * GET /resources/chart.svg?pair=<id>&period=<interval>&theme=<dark|light>&v=<version>: the server's drawing of a chart as
 * an SVG image, what a browser shows without JavaScript and until the live chart has loaded (decision 035). The page
 * carries an <img> of this URL instead of the drawing itself (10 KB of markup on every /trade, /lever and /second).
 *
 * The bars are the exchange's public answer, the same for every visitor. `v` names the drawing the page was rendered
 * with (`chartImageVersion`): while it is the current one the image may be kept by browsers and a proxy; a `v` the
 * bars have moved on from is answered with the current drawing, never kept, so a URL always shows its own drawing.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const q = new URL(request.url).searchParams;
  const pairId = Number(q.get("pair"));
  if (!Number.isSafeInteger(pairId) || pairId <= 0) return text(400, "Bad Request: pair");
  const period = normalizePeriod(q.get("period"));
  const theme = q.get("theme") === "light" ? "light" : "dark";
  const bars = await loadChartBars({ request, context }, pairId, period);
  const version = chartImageVersion(bars);
  if (version === null) return text(404, "Not Found");
  return new Response(chartImageSvg(bars, period === "time", theme), {
    headers: {
      "Content-Type": "image/svg+xml",
      "Cache-Control": q.get("v") === version ? "public, max-age=3600" : "no-store",
    },
  });
}
