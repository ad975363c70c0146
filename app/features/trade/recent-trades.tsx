import { isBuyTrade } from "~/contract/core/trading";
import { memo } from "react";
import { useTranslation } from "~/lib/translate";
import type { Trade } from "~/contract/entities";
import { formatAmount, formatPrice } from "~/lib/money";
import { floorQty } from "./order-input";
import { useClock } from "~/lib/time";
import * as s from "./trade.css";

/** A trade never changes: rendered once. */
const TradeRow = memo(function TradeRow({ trade: x, decimals }: { trade: Trade; decimals: number }) {
  const { t, i18n } = useTranslation("trade");
  const clock = useClock();
  // A trade's way: 2 = the taker bought (green), otherwise sold (red).
  const buy = isBuyTrade(x);
  return (
    <tr>
      <td className={s.tdLeft}>{clock(x.time)}</td>
      <td className={`${s.td} ${buy ? s.up : s.down}`}>
        {/* The side as a letter too (B / S), not only as green or red; the whole word for screen readers. */}
        <span className={s.side} aria-hidden="true">
          {t(buy ? "trades.buyShort" : "trades.sellShort")}
        </span>
        <span className="sr-only">{t(buy ? "trades.buy" : "trades.sell")} </span>
        {formatPrice(x.price, decimals, i18n.language)}
      </td>
      <td className={s.td}>{formatAmount(floorQty(x.number), { lang: i18n.language, minDp: 0 })}</td>
    </tr>
  );
});

/** The pair's latest trades on the whole site (at most 30): time, price coloured by side (2 = buy, green), amount. */
export const RecentTrades = memo(function RecentTrades({
  trades,
  pair,
}: {
  trades: Trade[];
  pair: { base: string; quote: string; decimals: number };
}) {
  const { t } = useTranslation("trade");
  return (
    // One region for the trades: the scrolling box (focusable, so the keyboard can scroll it) is it; the panel
    // around it is a plain section with the heading.
    <section className={s.panel}>
      <h2 id="trades-title" className={s.h2}>
        {t("trades.title")}
      </h2>
      <div className={s.trades} tabIndex={0} role="region" aria-labelledby="trades-title">
        <table className={s.table}>
          <caption className="sr-only">{t("trades.caption")}</caption>
          <thead>
            <tr>
              <th scope="col" className={s.thLeft}>
                {t("trades.time")}
              </th>
              <th scope="col" className={s.th}>
                {t("trades.price", { quote: pair.quote })}
              </th>
              <th scope="col" className={s.th}>
                {t("trades.amount", { base: pair.base })}
              </th>
            </tr>
          </thead>
          <tbody>
            {trades.length === 0 ? (
              <tr>
                <td colSpan={3} className={s.muted}>
                  {t("trades.empty")}
                </td>
              </tr>
            ) : (
              trades.map((x) => <TradeRow key={x.id} trade={x} decimals={pair.decimals} />)
            )}
          </tbody>
        </table>
      </div>
    </section>
  );
});
