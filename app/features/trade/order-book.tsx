import { memo } from "react";
import { useLocation } from "@remix-run/react";
import { useTranslation } from "~/lib/translate";
import type { Depth, DepthEntry } from "~/contract/entities";
import { formatAmount, formatPrice } from "~/lib/money";
import { floorQty } from "./order-input";
import { screenOf, tradeUrl } from "~/lib/pair-links";
import * as ps from "~/styles/pair-screen.css";
import * as s from "./trade.css";
import { TableHead } from "~/components/table-head";

const LEVELS = 15;

/**
 * One level. A plain <a> (not a router Link: 30 of them re-render four times a second): without JavaScript it
 * navigates to `?price=`; with it, a click fills both forms in place. Memoized, so only changed levels re-render.
 */
const Level = memo(function Level({
  kind,
  price,
  amount,
  decimals,
  href,
  onPick,
}: {
  kind: "ask" | "bid";
  price: string;
  amount: string;
  decimals: number;
  href: string;
  onPick: (price: string) => void;
}) {
  const { t, i18n } = useTranslation("trade");
  const shown = formatPrice(price, decimals, i18n.language);
  return (
    <tr>
      <td className={ps.tdLeft}>
        <a
          href={href}
          className={s.bookPrice[kind]}
          aria-label={t("book.pick", { price: shown })}
          onClick={(e) => {
            if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
            e.preventDefault();
            onPick(price);
          }}
        >
          {shown}
        </a>
      </td>
      <td className={ps.td}>{formatAmount(floorQty(amount), { lang: i18n.language, minDp: 0 })}</td>
    </tr>
  );
});

/**
 * Asks reversed above the latest price, bids below (aggregated levels of market/deal). Each price is a link
 * (`?price=`) that prefills both forms without JavaScript; with it, a click fills both forms in place.
 */
export const OrderBook = memo(function OrderBook({
  depth,
  pair,
  latest,
  onPick,
}: {
  depth: Depth;
  pair: { base: string; quote: string; decimals: number };
  latest: string | null;
  onPick: (price: string) => void;
}) {
  const { t, i18n } = useTranslation("trade");
  const { search, pathname } = useLocation();
  const asks = depth.out.slice(0, LEVELS).reverse();
  const bids = depth.in.slice(0, LEVELS);
  const row = (l: DepthEntry, kind: "ask" | "bid") => (
    <Level
      key={`${kind}-${l.price}`}
      kind={kind}
      price={l.price}
      amount={l.amount}
      decimals={pair.decimals}
      href={tradeUrl(search, { price: l.price }, screenOf(pathname))}
      onPick={onPick}
    />
  );
  return (
    <section className={ps.panel} aria-labelledby="book-title">
      <h2 id="book-title" className={ps.h2}>
        {t("book.title")}
      </h2>
      <table className={ps.table}>
        <caption className="sr-only">{t("book.caption")}</caption>
        <TableHead
          className={ps.th}
          columns={[
            { head: t("book.price", { quote: pair.quote }), className: ps.thLeft },
            { head: t("book.amount", { base: pair.base }) },
          ]}
        />
        <tbody aria-label={t("book.asks")}>
          {asks.length ? (
            asks.map((l) => row(l, "ask"))
          ) : (
            <tr>
              <td colSpan={2} className={ps.muted}>
                {t("book.noAsks")}
              </td>
            </tr>
          )}
        </tbody>
        <tbody>
          <tr>
            <th scope="row" colSpan={2} className={s.bookLatest}>
              <span className="sr-only">{t("header.latest")} </span>
              {formatPrice(latest, pair.decimals, i18n.language)}
            </th>
          </tr>
        </tbody>
        <tbody aria-label={t("book.bids")}>
          {bids.length ? (
            bids.map((l) => row(l, "bid"))
          ) : (
            <tr>
              <td colSpan={2} className={ps.muted}>
                {t("book.noBids")}
              </td>
            </tr>
          )}
        </tbody>
      </table>
    </section>
  );
});
