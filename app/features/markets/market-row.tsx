import { Link, useFetcher, useLocation } from "@remix-run/react";
import { phoneHide } from "~/styles/card-table.css";
import { useTranslation } from "~/lib/translate";
import type { MarketRow as Row } from "~/lib/markets";
import { tradeHref } from "~/lib/markets";
import { cnyValue, formatChange, formatPrice, formatVolume } from "~/lib/decimal-text";
import * as s from "./markets.css";

export const FAVOURITE_ACTION = "/resources/favourite";

/**
 * A star that works as a plain POST (the resource route redirects back) and, with JavaScript,
 * through a fetcher that flips at once (optimistic) and does not navigate.
 */
export function FavouriteButton({ id, symbol, on }: { id: number; symbol: string; on: boolean }) {
  const { t } = useTranslation("markets");
  const fetcher = useFetcher({ key: `favourite-${id}` });
  const location = useLocation();
  const pending = fetcher.formData?.get("on");
  const shown = pending === "1" ? true : pending === "0" ? false : on;
  return (
    <fetcher.Form method="post" action={FAVOURITE_ACTION}>
      <input type="hidden" name="id" value={id} />
      <input type="hidden" name="on" value={shown ? "0" : "1"} />
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      <button type="submit" className={s.star} aria-pressed={shown} aria-label={t(shown ? "fav.remove" : "fav.add", { symbol })}>
        <span aria-hidden="true">{shown ? "★" : "☆"}</span>
      </button>
    </fetcher.Form>
  );
}

/** One table row. `quotation` defaults to the row's own; a live feed passes a newer one. */
export function MarketRow({ row, favourite, quotation = row.quotation }: { row: Row; favourite: boolean; quotation?: Row["quotation"] }) {
  const { t, i18n } = useTranslation("markets");
  const lang = i18n.language;
  const change = formatChange(quotation.change);
  // Floored to 2 by cnyValue (docs/product.md, "Money and rounding"); formatPrice only groups the thousands.
  const cnyRaw = cnyValue(quotation.close, row.cnyPrice);
  const cny = cnyRaw ? formatPrice(cnyRaw, 2, lang) : "";
  return (
    <tr className={s.rowHover}>
      <td className={`${s.td} ${s.tdLeft} ${s.starCell}`}>
        <FavouriteButton id={row.id} symbol={row.symbol} on={favourite} />
      </td>
      <th scope="row" className={`${s.td} ${s.tdLeft}`}>
        <Link to={tradeHref(row.symbol)} className={s.pairLink}>
          {row.base}
          <span className={s.quote}>/{row.quote}</span>
        </Link>
      </th>
      <td className={s.td}>
        <span className="num">{formatPrice(quotation.close, row.pricePrecision, lang)}</span>
        {cny ? (
          <span className={`${s.cny} num`}>
            <span aria-hidden="true">≈ ¥{cny}</span>
            <span className="sr-only">{t("table.cnyLabel", { value: cny })}</span>
          </span>
        ) : null}
      </td>
      <td className={`${s.td} num ${change.rising ? "up" : "down"}`}>{change.text}</td>
      <td className={`${s.td} num ${phoneHide}`}>{formatPrice(quotation.high, row.pricePrecision, lang)}</td>
      <td className={`${s.td} num ${phoneHide}`}>{formatPrice(quotation.low, row.pricePrecision, lang)}</td>
      <td className={`${s.td} num ${phoneHide}`}>{formatVolume(quotation.volume, lang)}</td>
    </tr>
  );
}
