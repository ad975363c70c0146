import type { TFunction } from "i18next";
import { renderToStaticMarkup } from "react-dom/server";
import { ASSET_HISTORY_DAYS } from "~/contract/core/notifications";
import type { AssetSummary } from "~/contract/notifications";
import { formatAmount } from "~/lib/amount";
import * as s from "./assets.css";
import * as g from "./glance.css";
import { valueChartPaths, valuePoints, valueSummary, VALUE_CHART_BOX, type ValuePoint } from "./value-chart";

/**
 * The value of all accounts at a glance, at the top of the account pages (docs/product.md, "/assets"): the total in
 * USD and its 30-day chart, drawn by the server. The page carries it as markup (like the QR codes), so neither this
 * code nor the chart's geometry is in the browser's JavaScript; nothing in it changes after it is drawn.
 */

const dayOf = (t: number) => new Date(t).toISOString().slice(0, 10);

/** The inside of the glance section (labelled by `#glance-label`), as HTML. */
export function glanceHtml(summary: AssetSummary, now: number, lang: string, t: TFunction): string {
  return renderToStaticMarkup(<Glance summary={summary} now={now} lang={lang} t={t} />);
}

function Glance({ summary, now, lang, t }: { summary: AssetSummary; now: number; lang: string; t: TFunction }) {
  const money = (value: string, signed = false) => formatAmount(value, { lang, dp: 2, signed });
  const usd = (value: string, signed = false) => t("account.usd", { value: money(value, signed) });
  // The value now closes the chart, so it ends where the total says.
  const points = valuePoints(summary.history, { t: now, usd: summary.total_usd });
  const sum = valueSummary(points);
  const paths = valueChartPaths(points);
  const dayText = (p: ValuePoint) => (p.t === now ? t("glance.now") : dayOf(p.t));
  return (
    <>
      <div>
        <p id="glance-label" className={s.muted}>
          {t("glance.label")}
        </p>
        <p className={s.total}>{usd(summary.total_usd)}</p>
      </div>
      {points.length > 1 && sum && paths ? (
        <figure className={g.chart}>
          <figcaption id="value-chart-title" className={s.muted}>
            {t("glance.chartTitle", { count: ASSET_HISTORY_DAYS })}
          </figcaption>
          <div className={g.plot}>
            <svg
              viewBox={`0 0 ${VALUE_CHART_BOX.width} ${VALUE_CHART_BOX.height}`}
              preserveAspectRatio="none"
              role="img"
              aria-labelledby="value-chart-title"
              aria-describedby="value-chart-summary"
              className={sum.rising ? g.rising : g.falling}
            >
              <path d={paths.area} className={g.area} />
              <path d={paths.line} className={g.line} />
            </svg>
            <span className={`${g.axisLabel} ${g.axisTop}`} aria-hidden="true">
              {money(sum.high.usd)}
            </span>
            <span className={`${g.axisLabel} ${g.axisBottom}`} aria-hidden="true">
              {money(sum.low.usd)}
            </span>
          </div>
          <div className={g.xAxis} aria-hidden="true">
            <span>{dayText(sum.start)}</span>
            <span>{t("glance.now")}</span>
          </div>
          <dl id="value-chart-summary" className={g.figures}>
            <div>
              <dt>{t("glance.start", { day: dayText(sum.start) })}</dt>
              <dd>{usd(sum.start.usd)}</dd>
            </div>
            <div>
              <dt>{t("glance.now")}</dt>
              <dd>{usd(sum.end.usd)}</dd>
            </div>
            <div>
              <dt>{t("glance.change")}</dt>
              <dd className={sum.rising ? g.rising : g.falling}>
                {usd(sum.change, true)}
                {sum.percent === null ? "" : ` (${money(sum.percent, true)}%)`}
              </dd>
            </div>
            <div>
              <dt>{t("glance.high", { day: dayText(sum.high) })}</dt>
              <dd>{usd(sum.high.usd)}</dd>
            </div>
            <div>
              <dt>{t("glance.low", { day: dayText(sum.low) })}</dt>
              <dd>{usd(sum.low.usd)}</dd>
            </div>
          </dl>
          {/* Hidden by a block around it: a table keeps its content's width whatever its own, so a hidden table
              with a long caption widened a tablet's page (768 px) in Spanish, French and Polish. */}
          <div className="sr-only">
            <table>
              <caption>{t("glance.tableCaption")}</caption>
              <thead>
                <tr>
                  <th scope="col">{t("glance.day")}</th>
                  <th scope="col">{t("account.usdValue")}</th>
                </tr>
              </thead>
              <tbody>
                {points.map((p) => (
                  <tr key={p.t}>
                    <th scope="row">{dayText(p)}</th>
                    <td>{money(p.usd)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </figure>
      ) : (
        <p className={s.muted}>{t("glance.noHistory")}</p>
      )}
    </>
  );
}
