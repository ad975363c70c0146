import { Link, useLocation, useRouteLoaderData } from "@remix-run/react";
import { lazy, memo, Suspense, useEffect, useId, useMemo, useRef, useState, useSyncExternalStore, type RefObject } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { useResolvedTheme } from "~/lib/theme";
import { useTranslation } from "~/lib/translate";
import type { KlineBar } from "~/contract/entities";
import { candleGeometry } from "./candles-svg";
import { MA_PERIODS, MACD_FAST, MACD_SIGNAL, MACD_SLOW, STUDY_COLOURS } from "./indicators";
import { formatPrice } from "~/lib/money";
import { useServerOnly } from "~/lib/server-only";
import { chartLocale, klinePeriod, MORE_PERIODS, TRADE_PERIODS, TRADE_TIME_ZONE, type TradePeriod } from "./chart-periods";
import type { RootData } from "~/root";
import { screenOf, tradeUrl } from "./links";
import * as s from "./trade.css";

// chart.js, its financial controllers and the luxon adapter: only on this route, only in the browser,
// in their own chunk loaded after hydration (not in any route's first-load JavaScript).
const CandleChart = lazy(() => import("./candle-chart.client"));

/** SPEC §9: the studies show on wide screens. */
const WIDE = "(min-width: 1024px)";
function useWide(): boolean {
  return useSyncExternalStore(
    (notify) => {
      const mq = window.matchMedia(WIDE);
      mq.addEventListener("change", notify);
      return () => mq.removeEventListener("change", notify);
    },
    () => window.matchMedia(WIDE).matches,
    () => false,
  );
}

/**
 * Whether the element is in or near the viewport (once true, stays true). On a phone the chart sits below the
 * order form: chart.js is then fetched and started when the trader scrolls towards it, not while the page is
 * becoming usable (issue 14: that start was most of /trade's blocking time on a throttled phone).
 */
function useNearViewport(ref: RefObject<Element>): boolean {
  const [near, setNear] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (near || !el) return undefined;
    if (typeof IntersectionObserver === "undefined") {
      setNear(true);
      return undefined;
    }
    const io = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          setNear(true);
          io.disconnect();
        }
      },
      { rootMargin: "300px 0px" },
    );
    io.observe(el);
    return () => io.disconnect();
  }, [ref, near]);
  return near;
}

/** What the chart's lines are (the canvas itself is one image to assistive technology). */
function StudiesLegend({ theme }: { theme: "dark" | "light" }) {
  const { t } = useTranslation("trade");
  const colours = STUDY_COLOURS[theme];
  return (
    <ul className={s.legend} aria-label={t("chart.studies")}>
      {MA_PERIODS.map((period, i) => (
        <li key={period}>
          <span className={s.swatch} style={{ background: colours[i] }} aria-hidden="true" />
          {t("chart.ma", { period })}
        </li>
      ))}
      <li>{t("chart.macd", { fast: MACD_FAST, slow: MACD_SLOW, signal: MACD_SIGNAL })}</li>
    </ul>
  );
}

function LiveChart({
  bars,
  line,
  lang,
  label,
  theme,
  pairKey,
}: {
  bars: KlineBar[];
  line: boolean;
  lang: string;
  label: string;
  theme: "dark" | "light";
  pairKey: string;
}) {
  const { t } = useTranslation("trade");
  // Drawn live from here on: the page's server drawing is out of date and never shown again.
  useEffect(forgetServerSvg, []);
  const wide = useWide();
  const studies = wide && !line;
  return (
    <>
      <CandleChart
        key={`${pairKey}-${theme}-${studies}`}
        bars={bars}
        line={line}
        locale={chartLocale(lang)}
        label={label}
        studies={
          studies
            ? {
                ma: MA_PERIODS.map((period) => t("chart.ma", { period })),
                macd: t("chart.macdLine"),
                signal: t("chart.signal"),
                histogram: t("chart.histogram"),
                panel: t("chart.macd", { fast: MACD_FAST, slow: MACD_SLOW, signal: MACD_SIGNAL }),
              }
            : null
        }
      />
      {studies ? <StudiesLegend theme={theme} /> : null}
    </>
  );
}

const SVG_W = 800;
const SVG_H = 516;

/** The same candles as SVG: the chart without JavaScript, and until chart.js has loaded. */
export function CandlesSvg({ bars, line, label, decimals }: { bars: KlineBar[]; line: boolean; label: string; decimals: number }) {
  const { t, i18n } = useTranslation("trade");
  const lang = i18n.language;
  const id = useId();
  const g = useMemo(() => candleGeometry(bars, { width: SVG_W, height: SVG_H }), [bars]);
  if (g.count === 0) return <p className={s.chartEmpty}>{t("chart.empty")}</p>;
  const last = bars[bars.length - 1];
  return (
    <svg className={s.chartSvg} viewBox={`0 0 ${SVG_W} ${SVG_H}`} preserveAspectRatio="none" role="img" aria-labelledby={`${id}-t ${id}-d`}>
      <title id={`${id}-t`}>{label}</title>
      <desc id={`${id}-d`}>
        {t("chart.desc", {
          count: g.count,
          low: formatPrice(g.min, decimals, lang),
          high: formatPrice(g.max, decimals, lang),
          close: formatPrice(last.close, decimals, lang),
        })}
      </desc>
      {line ? (
        <path d={g.line} className={s.svgLine} vectorEffect="non-scaling-stroke" />
      ) : (
        <>
          <path d={g.upWicks} className={s.svgUp} strokeWidth={1} />
          <path d={g.upBodies} className={s.svgUp} strokeWidth={g.body} />
          <path d={g.downWicks} className={s.svgDown} strokeWidth={1} />
          <path d={g.downBodies} className={s.svgDown} strokeWidth={g.body} />
        </>
      )}
    </svg>
  );
}

/**
 * The server's drawing of the chart. On the server its children (the SVG of the bars the loader handed to the
 * render, lib/server-only) are rendered; in the browser it takes over that HTML as it found it in the page, so
 * hydration matches without the bars being sent a second time as data. It stays until the live chart has its
 * bars and has loaded, and only for the pair and interval the page was rendered with.
 */
const SERVER_SVG_ID = "chart-server-svg";
let serverSvg: { key: string; html: string } | null = null;

function forgetServerSvg() {
  serverSvg = { key: "", html: "" };
}

function ServerSvg({ pairKey, children }: { pairKey: string; children?: React.ReactNode }) {
  if (typeof document === "undefined") {
    return (
      <div id={SERVER_SVG_ID} className={s.serverSvg} data-chart={pairKey}>
        {children}
      </div>
    );
  }
  if (!serverSvg) {
    const el = document.getElementById(SERVER_SVG_ID);
    serverSvg = { key: el?.dataset.chart ?? "", html: el?.innerHTML ?? "" };
  }
  const html = serverSvg.key === pairKey ? serverSvg.html : "";
  return <div id={SERVER_SVG_ID} className={s.serverSvg} data-chart={pairKey} dangerouslySetInnerHTML={{ __html: html }} />;
}

/** Intervals as links (`?period=`), then the chart: chart.js in the browser, SVG on the server. */
export const ChartPanel = memo(function ChartPanel({
  pair,
  period,
  bars,
  lang,
}: {
  pair: { symbol: string; decimals: number };
  period: TradePeriod;
  bars: KlineBar[] | null;
  lang: string;
}) {
  const { t } = useTranslation("trade");
  const hydrated = useHydrated();
  const serverBars = useServerOnly().chartBars;
  const pairKey = `${pair.symbol}-${period}`;
  const box = useRef<HTMLDivElement>(null);
  const near = useNearViewport(box);
  const { search, pathname } = useLocation();
  const root = useRouteLoaderData<RootData>("root");
  const theme = useResolvedTheme(root?.theme ?? "system");
  const line = period === "time";
  // The line draws 1-minute closes: its label names that interval, not the button's "Line".
  const label = t(line ? "chart.labelLine" : "chart.label", {
    symbol: pair.symbol,
    period: t(`periods.${line ? klinePeriod(period) : period}`),
  });
  return (
    <section className={s.panel} aria-labelledby="chart-title">
      <h2 id="chart-title" className="sr-only">
        {t("chart.title")}
      </h2>
      <nav aria-label={t("chart.intervals")}>
        <ul className={s.tabs}>
          {TRADE_PERIODS.map((p) => (
            <li key={p}>
              <Link
                to={tradeUrl(search, { period: p }, screenOf(pathname))}
                className={s.tab}
                aria-current={p === period ? "page" : undefined}
                preventScrollReset
                replace
              >
                {t(`periods.${p}`)}
              </Link>
            </li>
          ))}
          <li>
            <details className={s.more}>
              <summary className={s.tab} aria-current={(MORE_PERIODS as readonly string[]).includes(period) ? "true" : undefined}>
                {(MORE_PERIODS as readonly string[]).includes(period) ? t(`periods.${period}`) : t("chart.more")}
              </summary>
              <ul className={s.moreList}>
                {MORE_PERIODS.map((p) => (
                  <li key={p}>
                    <Link
                      to={tradeUrl(search, { period: p }, screenOf(pathname))}
                      className={s.tab}
                      aria-current={p === period ? "page" : undefined}
                      preventScrollReset
                      replace
                    >
                      {t(`periods.${p}`)}
                    </Link>
                  </li>
                ))}
              </ul>
            </details>
          </li>
        </ul>
      </nav>
      <p className={s.muted}>{t("chart.zone", { zone: TRADE_TIME_ZONE })}</p>
      <div className={s.chartBox} ref={box}>
        {hydrated && bars && near ? (
          <Suspense fallback={<ServerSvg pairKey={pairKey} />}>
            <LiveChart pairKey={pairKey} bars={bars} line={line} lang={lang} label={label} theme={theme} />
          </Suspense>
        ) : (
          <ServerSvg pairKey={pairKey}>
            <CandlesSvg bars={serverBars ?? []} line={line} label={label} decimals={pair.decimals} />
          </ServerSvg>
        )}
      </div>
    </section>
  );
});
