import { Link } from "@remix-run/react";
import { useTranslation } from "~/lib/translate";
import type { MarketRow } from "~/lib/markets";
import { tradeHref } from "~/lib/markets";
import { formatChange, formatPrice, formatVolume } from "~/lib/decimal-text";
import * as s from "./market-tile.css";

/**
 * One home tile. `quotation` defaults to the row's own; a live feed passes a newer one.
 */
export function MarketTile({ row, quotation = row.quotation }: { row: MarketRow; quotation?: MarketRow["quotation"] }) {
  const { t, i18n } = useTranslation("home");
  const change = formatChange(quotation.change);
  return (
    <Link to={tradeHref(row.symbol)} className={s.tile} prefetch="intent">
      <span className={s.head}>
        <span className={s.name}>{row.base}</span>
        <span className={`${s.change} num ${change.rising ? "up" : "down"}`}>
          <span className="sr-only">{t("markets.change")}: </span>
          {change.text}
        </span>
      </span>
      <span className={s.symbol}>
        {row.symbol}
        {row.name && row.name !== row.symbol ? ` · ${row.name}` : ""}
      </span>
      <span className={`${s.price} num`}>
        <span className="sr-only">{t("markets.price")}: </span>
        {formatPrice(quotation.close, row.pricePrecision, i18n.language)}
      </span>
      <span className={`${s.meta} num`}>
        {t("markets.volume")} {formatVolume(quotation.volume, i18n.language)}
      </span>
    </Link>
  );
}

/** `live`: newer quotations by pair id from the live feed (the tiles keep the server's order). */
export function MarketTiles({ rows, live }: { rows: MarketRow[]; live?: Record<number, MarketRow["quotation"]> }) {
  return (
    <ul className={s.grid}>
      {rows.map((row) => (
        <li key={row.id}>
          <MarketTile row={row} quotation={live?.[row.id]} />
        </li>
      ))}
    </ul>
  );
}
