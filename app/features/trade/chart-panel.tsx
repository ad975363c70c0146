import { useLocation } from "@remix-run/react";
import { lazy, memo, Suspense, useEffect, useRef, useState, useSyncExternalStore, type RefObject } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { usePickedTheme, useResolvedTheme, type ThemeSetting } from "~/lib/theme";
import { useTranslation } from "~/lib/translate";
import type { KlineBar } from "~/contract/entities";
import { memoOn } from "~/lib/memo-on";
import { MA_PERIODS, MACD_FAST, MACD_SIGNAL, MACD_SLOW, STUDY_COLOURS } from "./indicators";
import { compareDecimal, formatAmount, formatPrice } from "~/lib/money";
import { useServerOnly } from "~/lib/server-only";
import {
  CHART_BARS_MAX,
  chartLocale,
  formatTradeTime,
  klinePeriod,
  MORE_PERIODS,
  TRADE_PERIODS,
  TRADE_TIME_ZONE,
  type TradePeriod,
} from "./chart-periods";
import type { TFunction } from "~/lib/translate";
import { chartImageUrl } from "./chart-bars";
import { screenOf, tradeUrl } from "~/lib/pair-links";
import * as ps from "~/styles/pair-screen.css";
import * as s from "./trade.css";
import { TableHead } from "~/components/table-head";
import { ListTab } from "~/components/list-tabs";

// chart.js, its financial controllers and the luxon adapter: only on this route, only in the browser,
// in their own chunk loaded after hydration (not in any route's first-load JavaScript).
// The chart's time axis (luxon) makes the page's first Intl object, and the first one loads the browser's
// locale data: 58-77 ms on a phone's CPU (4× slowdown), inside the chart's first draw, one task Lighthouse counts
// as blocking. Made in a task of its own while the chunk downloads, the draw no longer pays it.
const warmIntl = () => void new Intl.DateTimeFormat().resolvedOptions();
const CandleChart = lazy(() => {
  setTimeout(warmIntl, 0);
  return import("./candle-chart.client");
});

/** The studies show on wide screens (docs/product.md, "/trade"). */
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
 * Whether a quarter of the element is in the viewport (once true, stays true). On a phone the chart sits below the
 * order form: chart.js is then fetched and started when the trader scrolls it into view, not while the page is
 * becoming usable (issue 14: that start was most of /trade's blocking time on a throttled phone). A strip of it at
 * the screen's bottom edge (/second's top 52 of 340 px on a 412 × 823 phone) shows the server's drawing until then.
 */
const IN_VIEW = 0.25;
function useInViewport(ref: RefObject<Element>): boolean {
  const [inView, setInView] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (inView || !el) return undefined;
    if (typeof IntersectionObserver === "undefined") {
      setInView(true);
      return undefined;
    }
    const io = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting && e.intersectionRatio >= IN_VIEW)) {
          setInView(true);
          io.disconnect();
        }
      },
      // In the viewport, not near it: until then the server's drawing of the same bars is there to see. With a 300 px
      // margin a phone's chart (158 px below the first screen on a 412 × 823 phone) started with the page anyway:
      // its first draw, a 160 ms task on a throttled phone, was most of /trade's blocking time.
      { rootMargin: "0px", threshold: IN_VIEW },
    );
    io.observe(el);
    return () => io.disconnect();
  }, [ref, inView]);
  return inView;
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

/** The first and last of the bars a chart shows, and their lowest and highest price: once per set of bars. */
const barsRange = memoOn((bars: KlineBar[]) => {
  const shown = bars.slice(-CHART_BARS_MAX);
  if (shown.length === 0) return null;
  let low = shown[0].low;
  let high = shown[0].high;
  for (const b of shown) {
    if (compareDecimal(b.low, low) < 0) low = b.low;
    if (compareDecimal(b.high, high) > 0) high = b.high;
  }
  return { first: shown[0], last: shown[shown.length - 1], low, high };
});

/** The chart's text alternative, the live canvas's and the server image's alike: its name, then its figures. */
export function chartDescription(t: TFunction, label: string, bars: KlineBar[], decimals: number, lang: string): string {
  return t("chart.described", { label, summary: barsSummary(t, bars, decimals, lang) });
}

/**
 * The chart in words (its text alternative): which bars, from when to when, where the price opened and stands, its
 * lowest and highest. Prices stay the decimal strings the bars carry; numbers only compare them.
 */
export function barsSummary(t: TFunction, bars: KlineBar[], decimals: number, lang: string): string {
  const range = barsRange(bars);
  if (range === null) return t("chart.empty");
  const { first, last, low, high } = range;
  const price = (v: string) => formatPrice(v, decimals, lang);
  return t("chart.summary", {
    from: formatTradeTime(first.time, true),
    to: formatTradeTime(last.time, true),
    open: price(first.open),
    close: price(last.close),
    low: price(low),
    high: price(high),
  });
}

/** How many of the latest bars the table lists. */
export const TABLE_BARS = 30;

/** The latest bars as a table, newest first: the chart's values for the keyboard and screen readers. */
function BarsRows({ bars, decimals, lang }: { bars: KlineBar[]; decimals: number; lang: string }) {
  const { t } = useTranslation("trade");
  const rows = bars.slice(-TABLE_BARS).reverse();
  const price = (v: string) => formatPrice(v, decimals, lang);
  return (
    <table className={ps.table}>
      <caption className="sr-only">{t("chart.tableCaption")}</caption>
      <TableHead
        className={ps.th}
        columns={[
          { head: t("trades.time"), className: ps.thLeft },
          { head: t("chart.open") },
          { head: t("chart.high") },
          { head: t("chart.low") },
          { head: t("chart.close") },
          { head: t("chart.volume") },
        ]}
      />
      <tbody>
        {rows.map((b) => (
          <tr key={b.time}>
            <th scope="row" className={ps.tdLeft}>
              {formatTradeTime(b.time, true)}
            </th>
            <td className={ps.td}>{price(b.open)}</td>
            <td className={ps.td}>{price(b.high)}</td>
            <td className={ps.td}>{price(b.low)}</td>
            <td className={ps.td}>
              {price(b.close)} {/* The way the bar went, in a word too (not only the colour). */}
              <span className={compareDecimal(b.close, b.open) >= 0 ? ps.up : ps.down}>
                {t(compareDecimal(b.close, b.open) >= 0 ? "chart.rose" : "chart.fell")}
              </span>
            </td>
            <td className={ps.td}>{formatAmount(b.volume, { lang, minDp: 0 })}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function LiveChart({
  bars,
  line,
  lang,
  label,
  theme,
  pairKey,
  decimals,
}: {
  bars: KlineBar[];
  line: boolean;
  lang: string;
  label: string;
  theme: "dark" | "light";
  pairKey: string;
  decimals: number;
}) {
  const { t } = useTranslation("trade");
  // The canvas is one image: its name says what it shows, in figures (the table below has each bar's values).
  const described = chartDescription(t, label, bars, decimals, lang);
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
        lang={lang}
        label={described}
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

/**
 * The server's drawing of the chart (decision 035): the chart without JavaScript, and until chart.js has loaded. An
 * image of its own URL (`/resources/chart.svg`, named by the drawing's version), not 10 KB of SVG in every page; its
 * text alternative is the chart's name and its figures. With the system's theme, the browser picks the drawing in
 * its preference's colours.
 */
export function ChartImage({
  pairId,
  period,
  bars,
  version,
  theme,
  label,
  decimals,
}: {
  pairId: number;
  period: TradePeriod;
  bars: KlineBar[];
  version: string | null | undefined;
  theme: ThemeSetting;
  label: string;
  decimals: number;
}) {
  const { t, i18n } = useTranslation("trade");
  if (!version || bars.length === 0) return <ChartEmpty />;
  return (
    <ChartPicture
      pairId={pairId}
      period={period}
      version={version}
      theme={theme}
      alt={chartDescription(t, label, bars, decimals, i18n.language)}
    />
  );
}

function ChartEmpty() {
  const { t } = useTranslation("trade");
  return <p className={s.chartEmpty}>{t("chart.empty")}</p>;
}

function ChartPicture({
  pairId,
  period,
  version,
  theme,
  alt,
}: {
  pairId: number;
  period: string;
  version: string;
  theme: ThemeSetting;
  alt: string;
}) {
  const src = (ink: "dark" | "light") => chartImageUrl(pairId, period, ink, version);
  const img = <img className={s.chartSvg} src={src(theme === "light" ? "light" : "dark")} alt={alt} loading="lazy" decoding="async" />;
  if (theme !== "system") return img;
  return (
    <picture className={s.chartSvg}>
      <source media="(prefers-color-scheme: light)" srcSet={src("light")} />
      {img}
    </picture>
  );
}

/**
 * Markup the server draws from the bars the loader handed to the render (lib/server-only), which the browser does not
 * get as data. On the server its children are rendered (once per shared answer and variant); in the browser it takes
 * over that HTML as it found it in the page, so hydration matches without the bars being sent a second time. Only
 * for the pair and interval the page was rendered with.
 */
const SERVER_SVG_ID = "chart-server-svg";
const SERVER_TABLE_ID = "chart-server-table";
const serverHtml = new Map<string, { key: string; html: string }>();

function ServerHtml({
  id,
  className,
  pairKey,
  sharedOn,
  variant = "",
  children,
}: {
  id: string;
  className?: string;
  pairKey: string;
  /** The shared answer the children are drawn from (the bars): drawn once for every page that has it, per `variant`. */
  sharedOn?: object;
  /** What else the children's markup depends on, besides `sharedOn`, the id, the pair and interval, and the language. */
  variant?: string;
  children?: React.ReactElement;
}) {
  const share = useServerOnly().shareMarkup;
  if (typeof document === "undefined") {
    if (share && sharedOn && children) {
      const html = share(sharedOn, `${id}|${pairKey}|${variant}`, children);
      return <div id={id} className={className} data-chart={pairKey} dangerouslySetInnerHTML={{ __html: html }} />;
    }
    return (
      <div id={id} className={className} data-chart={pairKey}>
        {children}
      </div>
    );
  }
  let found = serverHtml.get(id);
  if (!found) {
    const el = document.getElementById(id);
    found = { key: el?.dataset.chart ?? "", html: el?.innerHTML ?? "" };
    serverHtml.set(id, found);
  }
  const html = found.key === pairKey ? found.html : "";
  return <div id={id} className={className} data-chart={pairKey} dangerouslySetInnerHTML={{ __html: html }} />;
}

/**
 * The server's drawing of the chart, for the pair and interval the page was rendered with. On the server, the image
 * of the bars the loader handed to the render (lib/server-only). In the browser, the same image again from what the
 * page holds (its version and text alternative, read once), in the theme picked now: a theme changed before the live
 * chart has loaded changes the drawing too. It stays until the live chart has its bars and has loaded.
 */
function ServerSvg({
  pairKey,
  pairId,
  period,
  sharedOn,
  variant,
  children,
}: {
  pairKey: string;
  pairId: number;
  period: TradePeriod;
  sharedOn?: object;
  variant?: string;
  children?: React.ReactElement;
}) {
  const picked = usePickedTheme();
  if (typeof document === "undefined")
    return (
      <ServerHtml id={SERVER_SVG_ID} className={s.serverSvg} pairKey={pairKey} sharedOn={sharedOn} variant={variant}>
        {children}
      </ServerHtml>
    );
  const found = pageChartImage(pairKey);
  return (
    <div id={SERVER_SVG_ID} className={s.serverSvg} data-chart={pairKey}>
      {found === "empty" ? (
        <ChartEmpty />
      ) : found ? (
        <ChartPicture pairId={pairId} period={period} version={found.version} theme={picked} alt={found.alt} />
      ) : null}
    </div>
  );
}

/** What the page's drawing was, read from the page once: its pair and interval, then its image's version and text. */
let pageImage: { key: string; image: { version: string; alt: string } | "empty" | null } | null = null;

function pageChartImage(pairKey: string) {
  if (!pageImage) {
    const el = document.getElementById(SERVER_SVG_ID);
    const img = el?.querySelector("img");
    const version = img ? new URL(img.getAttribute("src") ?? "", location.href).searchParams.get("v") : null;
    pageImage = {
      key: el?.dataset.chart ?? "",
      image: img && version ? { version, alt: img.alt } : el?.querySelector("p") ? "empty" : null,
    };
  }
  return pageImage.key === pairKey ? pageImage.image : null;
}

function forgetServerSvg() {
  pageImage = { key: "", image: null };
}

/** Intervals as links (`?period=`), then the chart: chart.js in the browser, SVG on the server. */
export const ChartPanel = memo(function ChartPanel({
  pair,
  period,
  bars,
  lang,
}: {
  pair: { id: number; symbol: string; decimals: number };
  period: TradePeriod;
  bars: KlineBar[] | null;
  lang: string;
}) {
  const { t } = useTranslation("trade");
  const hydrated = useHydrated();
  const { chartBars: serverBars, chartVersion: serverVersion } = useServerOnly();
  const pairKey = `${pair.symbol}-${period}`;
  const box = useRef<HTMLDivElement>(null);
  const inView = useInViewport(box);
  const { search, pathname } = useLocation();
  const picked = usePickedTheme();
  const theme = useResolvedTheme(picked);
  const line = period === "time";
  // The line draws 1-minute closes: its label names that interval, not the button's "Line".
  const label = t(line ? "chart.labelLine" : "chart.label", {
    symbol: pair.symbol,
    period: t(`periods.${line ? klinePeriod(period) : period}`),
  });
  // An interval's link, in the first row or under 'More'.
  const periodItem = (p: TradePeriod) => (
    <ListTab key={p} href={tradeUrl(search, { period: p }, screenOf(pathname))} current={p === period}>
      {t(`periods.${p}`)}
    </ListTab>
  );
  return (
    <section className={ps.panel} aria-labelledby="chart-title">
      <h2 id="chart-title" className="sr-only">
        {t("chart.title")}
      </h2>
      <nav aria-label={t("chart.intervals")}>
        <ul className={ps.tabs}>
          {TRADE_PERIODS.map(periodItem)}
          <li>
            <details className={s.more}>
              <summary className={ps.tab} aria-current={(MORE_PERIODS as readonly string[]).includes(period) ? "true" : undefined}>
                {(MORE_PERIODS as readonly string[]).includes(period) ? t(`periods.${period}`) : t("chart.more")}
              </summary>
              <ul className={s.moreList}>{MORE_PERIODS.map(periodItem)}</ul>
            </details>
          </li>
        </ul>
      </nav>
      <p className={ps.muted}>{t("chart.zone", { zone: TRADE_TIME_ZONE })}</p>
      <div className={s.chartBox} ref={box}>
        {hydrated && bars && inView ? (
          <Suspense fallback={<ServerSvg pairKey={pairKey} pairId={pair.id} period={period} />}>
            <LiveChart pairKey={pairKey} bars={bars} line={line} lang={lang} label={label} theme={theme} decimals={pair.decimals} />
          </Suspense>
        ) : (
          <ServerSvg
            pairKey={pairKey}
            pairId={pair.id}
            period={period}
            sharedOn={serverBars}
            variant={`${picked}|${pair.decimals}|${label}`}
          >
            <ChartImage
              pairId={pair.id}
              period={period}
              bars={serverBars ?? []}
              version={serverVersion}
              theme={picked}
              label={label}
              decimals={pair.decimals}
            />
          </ServerSvg>
        )}
      </div>
      {line ? null : <p className={ps.muted}>{t("chart.candleKey")}</p>}
      <details className={s.barsTable}>
        <summary className={s.barsSummary} id="chart-table-title">
          {t("chart.tableTitle")}
        </summary>
        <div className={s.barsScroll} tabIndex={0} role="region" aria-labelledby="chart-table-title">
          {/* The live bars once the page has them; until then (and without JavaScript) the server's rows. */}
          {hydrated && bars ? (
            <BarsRows bars={bars} decimals={pair.decimals} lang={lang} />
          ) : (
            <ServerHtml id={SERVER_TABLE_ID} pairKey={pairKey} sharedOn={serverBars} variant={String(pair.decimals)}>
              <BarsRows bars={serverBars ?? []} decimals={pair.decimals} lang={lang} />
            </ServerHtml>
          )}
        </div>
      </details>
    </section>
  );
});
