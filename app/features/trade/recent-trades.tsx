import { isBuyTrade } from "~/contract/core/trading";
import { memo } from "react";
import { useTranslation } from "~/lib/translate";
import { useHydrated } from "remix-utils/use-hydrated";
import type { Trade } from "~/contract/entities";
import { formatPrice } from "~/lib/money";
import { floorQty } from "./order-input";
import * as s from "./trade.css";

// Built once: toLocaleTimeString builds a new formatter per call, and a page has dozens of rows.
const CLOCK_OPTIONS: Intl.DateTimeFormatOptions = { hour: "2-digit", minute: "2-digit", second: "2-digit", hour12: false };
const utcClock = new Intl.DateTimeFormat("en-GB", { ...CLOCK_OPTIONS, timeZone: "UTC" });
let localClock: Intl.DateTimeFormat | undefined;

const DATE_OPTIONS: Intl.DateTimeFormatOptions = { month: "2-digit", day: "2-digit" };
const utcDate = new Intl.DateTimeFormat("en-CA", { ...DATE_OPTIONS, timeZone: "UTC" });
let localDate: Intl.DateTimeFormat | undefined;

/**
 * hh:mm:ss: UTC on the server and while hydrating (same text both sides), the browser's zone after.
 * `withDate` puts MM-DD before it (order lists reach back past today).
 */
export function useClock({ withDate = false } = {}) {
  const hydrated = useHydrated();
  const time = hydrated ? (localClock ??= new Intl.DateTimeFormat("en-GB", CLOCK_OPTIONS)) : utcClock;
  const date = hydrated ? (localDate ??= new Intl.DateTimeFormat("en-CA", DATE_OPTIONS)) : utcDate;
  return (ms: number) => (withDate ? `${date.format(ms)} ${time.format(ms)}` : time.format(ms));
}

/** A trade never changes: rendered once. */
const TradeRow = memo(function TradeRow({ trade: x, decimals }: { trade: Trade; decimals: number }) {
  const { t } = useTranslation("trade");
  const clock = useClock();
  // A trade's way: 2 = the taker bought (green), otherwise sold (red).
  const buy = isBuyTrade(x);
  return (
    <tr>
      <td className={s.tdLeft}>{clock(x.time)}</td>
      <td className={`${s.td} ${buy ? s.up : s.down}`}>
        <span className="sr-only">{t(buy ? "trades.buy" : "trades.sell")} </span>
        {formatPrice(x.price, decimals)}
      </td>
      <td className={s.td}>{floorQty(x.number)}</td>
    </tr>
  );
});

/** The pair's latest trades on the whole site (at most 30): time, price coloured by side (2 = buy, green), amount. */
export const RecentTrades = memo(function RecentTrades({ trades, pair }: { trades: Trade[]; pair: { base: string; quote: string; decimals: number } }) {
  const { t } = useTranslation("trade");
  return (
    <section className={s.panel} aria-labelledby="trades-title">
      <h2 id="trades-title" className={s.h2}>
        {t("trades.title")}
      </h2>
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
      <div className={s.trades} tabIndex={0} role="region" aria-label={t("trades.title")}>
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
