import { memo } from "react";
import type { Depth } from "~/contract/entities";
import { formatAmount, formatPrice } from "~/lib/money";
import { useTranslation } from "~/lib/translate";
import { depthGeometry } from "./depth-geometry";
import { memoOn } from "~/lib/memo-on";
import * as ps from "~/styles/pair-screen.css";
import * as s from "./trade.css";

/** The drawing's box (it stretches to the panel's width; the text sits outside it, so nothing is distorted). */
const W = 300;
const H = 120;

// One drawing per book for every page that shows it (the server's book is shared for half a second).
const geometry = memoOn((depth: Depth) => depthGeometry(depth, { width: W, height: H, pad: 2 }));

/**
 * The depth chart: cumulative bids (left) and asks (right) around the mid price, an SVG the server renders (it needs
 * no JavaScript) and the live book redraws (MARKET_DEPTH). Its name says what it is; the text under it says what a
 * screen reader cannot see in it: best bid and ask, the spread, and what the book holds within 1 % of the mid price.
 */
export const DepthChart = memo(function DepthChart({
  depth,
  pair,
}: {
  depth: Depth;
  pair: { symbol: string; base: string; decimals: number };
}) {
  const { t, i18n } = useTranslation("trade");
  const lang = i18n.language;
  const g = geometry(depth);
  const m = g.summary;
  const price = (v: string | null) => (v === null ? "—" : formatPrice(v, pair.decimals, lang));
  const qty = (v: string) => `${formatAmount(v, { lang, minDp: 0, maxDp: 6 })} ${pair.base}`;
  return (
    <section className={s.depthPanel} aria-labelledby="depth-title">
      <h2 id="depth-title" className={ps.h2}>
        {t("depth.title")}
      </h2>
      <svg
        className={s.depthSvg}
        viewBox={`0 0 ${W} ${H}`}
        preserveAspectRatio="none"
        role="img"
        aria-label={t("depth.chartLabel", { symbol: pair.symbol })}
        aria-describedby="depth-summary"
        data-testid="depth-chart"
      >
        {g.bids ? <path d={g.bids} className={s.depthBids} data-side="bids" /> : null}
        {g.asks ? <path d={g.asks} className={s.depthAsks} data-side="asks" /> : null}
        {m.mid !== null ? <line x1={g.midX} x2={g.midX} y1={0} y2={H} className={s.depthMid} vectorEffect="non-scaling-stroke" /> : null}
      </svg>
      {m.mid !== null ? (
        <p className={s.depthAxis} aria-hidden="true">
          <span>{price(g.left)}</span>
          <span>{price(m.mid)}</span>
          <span>{price(g.right)}</span>
        </p>
      ) : (
        <p className={ps.muted}>{t("depth.empty")}</p>
      )}
      <dl id="depth-summary" className={s.depthSummary}>
        <div>
          <dt>{t("depth.bestBid")}</dt>
          <dd className={ps.up}>{price(m.bestBid)}</dd>
        </div>
        <div>
          <dt>{t("depth.bestAsk")}</dt>
          <dd className={ps.down}>{price(m.bestAsk)}</dd>
        </div>
        <div>
          <dt>{t("depth.spread")}</dt>
          <dd>{m.spread === null ? "—" : `${price(m.spread)} (${formatAmount(m.spreadPercent ?? "0", { lang, dp: 2 })} %)`}</dd>
        </div>
        <div>
          <dt>{t("depth.bidsWithin")}</dt>
          <dd>{qty(m.bidsWithin1)}</dd>
        </div>
        <div>
          <dt>{t("depth.asksWithin")}</dt>
          <dd>{qty(m.asksWithin1)}</dd>
        </div>
      </dl>
    </section>
  );
});
