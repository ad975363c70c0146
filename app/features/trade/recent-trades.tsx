import { isBuyTrade } from "~/contract/core/trading";
import { memo } from "react";
import { useTranslation } from "~/lib/translate";
import type { Trade } from "~/contract/entities";
import { formatAmount, formatPrice } from "~/lib/money";
import { floorQty } from "./order-input";
import { useClock } from "~/lib/time";
import * as ps from "~/styles/pair-screen.css";
import * as s from "./trade.css";
import { TableHead } from "~/components/table-head";

/** A trade never changes: rendered once. */
const TradeRow = memo(function TradeRow({ trade: x, decimals }: { trade: Trade; decimals: number }) {
  const { t, i18n } = useTranslation("trade");
  const clock = useClock();
  // A trade's way: 2 = the taker bought (green), otherwise sold (red).
  const buy = isBuyTrade(x);
  return (
    <tr>
      <td className={ps.tdLeft}>{clock(x.time)}</td>
      <td className={`${ps.td} ${buy ? ps.up : ps.down}`}>
        {/* The side as a letter too (B / S), not only as green or red; the whole word for screen readers. */}
        <span className={s.side} aria-hidden="true">
          {t(buy ? "trades.buyShort" : "trades.sellShort")}
        </span>
        <span className="sr-only">{t(buy ? "trades.buy" : "trades.sell")} </span>
        {formatPrice(x.price, decimals, i18n.language)}
      </td>
      <td className={ps.td}>{formatAmount(floorQty(x.number), { lang: i18n.language, minDp: 0 })}</td>
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
    <section className={ps.panel}>
      <h2 id="trades-title" className={ps.h2}>
        {t("trades.title")}
      </h2>
      <div className={s.trades} tabIndex={0} role="region" aria-labelledby="trades-title">
        <table className={ps.table}>
          <caption className="sr-only">{t("trades.caption")}</caption>
          <TableHead
            className={ps.th}
            columns={[
              { head: t("trades.time"), className: ps.thLeft },
              { head: t("trades.price", { quote: pair.quote }) },
              { head: t("trades.amount", { base: pair.base }) },
            ]}
          />
          <tbody>
            {trades.length === 0 ? (
              <tr>
                <td colSpan={3} className={ps.muted}>
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
