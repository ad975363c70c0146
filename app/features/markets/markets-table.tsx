import { Link } from "@remix-run/react";
import { phoneHide } from "~/styles/card-table.css";
import { useTranslation } from "~/lib/translate";
import { marketsSearch, nextOrder, type MarketRow as Row, type Sort, type SortKey } from "~/lib/markets";
import { MarketRow } from "./market-row";
import * as s from "./markets.css";

function SortHeader({ column, label, tab, sort }: { column: SortKey; label: string; tab: string; sort: Sort }) {
  const { t } = useTranslation("markets");
  const active = sort?.key === column ? sort.order : null;
  const next = nextOrder(sort, column);
  return (
    <th scope="col" className={s.th} aria-sort={active === "asc" ? "ascending" : active === "desc" ? "descending" : undefined}>
      <Link to={`/markets${marketsSearch(tab, { key: column, order: next })}`} className={s.sortLink} preventScrollReset replace>
        {label}
        <span className="sr-only">, {t(next === "asc" ? "table.sortAsc" : "table.sortDesc")}</span>
        <span aria-hidden="true">{active === "asc" ? "▲" : active === "desc" ? "▼" : "↕"}</span>
      </Link>
    </th>
  );
}

export function MarketsTable({
  rows,
  tab,
  tabLabel,
  sort,
  favs,
  emptyText,
  live,
}: {
  rows: Row[];
  tab: string;
  tabLabel: string;
  sort: Sort;
  favs: number[];
  emptyText: string;
  /** Newer quotations by pair id from the live feed; rows keep the server's order (sorting is server-side). */
  live?: Record<number, Row["quotation"]>;
}) {
  const { t } = useTranslation("markets");
  const favSet = new Set(favs);
  return (
    // A focusable, labelled region, so keyboard users can scroll the table sideways on a phone.
    <div className={s.scroller} tabIndex={0} role="region" aria-label={t("table.scroll", { tab: tabLabel })}>
      <table className={s.table}>
        <caption className="sr-only">{t("table.caption", { tab: tabLabel })}</caption>
        <thead>
          <tr>
            <th scope="col" className={s.th}>
              <span className="sr-only">{t("table.favourite")}</span>
            </th>
            <SortHeader column="pair" label={t("table.pair")} tab={tab} sort={sort} />
            <SortHeader column="price" label={t("table.price")} tab={tab} sort={sort} />
            <SortHeader column="change" label={t("table.change")} tab={tab} sort={sort} />
            <th scope="col" className={`${s.th} ${phoneHide}`}>
              {t("table.high")}
            </th>
            <th scope="col" className={`${s.th} ${phoneHide}`}>
              {t("table.low")}
            </th>
            <th scope="col" className={`${s.th} ${phoneHide}`}>
              {t("table.volume")}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={7} className={s.empty}>
                {emptyText}
              </td>
            </tr>
          ) : (
            rows.map((row) => <MarketRow key={row.id} row={row} favourite={favSet.has(row.id)} quotation={live?.[row.id]} />)
          )}
        </tbody>
      </table>
    </div>
  );
}
