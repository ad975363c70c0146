import { memo } from "react";
import { Link, useLocation } from "@remix-run/react";
import { useTranslation } from "~/lib/translate";
import { formatChange, formatPrice } from "~/lib/money";
import { normalizeSymbol } from "~/contract/core/channels";
import type { LiveQuotation } from "~/lib/use-live";
import { screenOf, tradeUrl } from "~/lib/pair-links";
import * as ps from "~/styles/pair-screen.css";
import * as s from "./trade.css";
import { SearchForm } from "~/components/search-form";
import { searchRows } from "~/lib/search";
import { TableHead } from "~/components/table-head";
import { ListTabs } from "~/components/list-tabs";

type PairRow = { id: number; symbol: string; base: string; quote: string; decimals: number; quotation: { close: string; change: string } };

/** Left column: open pairs by quote-currency tab (links `?tab=`), each with its latest price and change %. */
export const PairList = memo(function PairList({
  pairs,
  quotes,
  tab,
  current,
  live,
}: {
  pairs: PairRow[];
  quotes: string[];
  tab: string;
  current: number;
  live: Record<number, LiveQuotation>;
}) {
  const { t, i18n } = useTranslation("trade");
  const { search, pathname } = useLocation();
  // ?q= searches the pairs (a GET form; with JavaScript it filters as one types).
  const params = new URLSearchParams(search);
  const q = params.get("q") ?? "";
  const shown = searchRows(pairs, q);
  const keep = Object.fromEntries([...params.entries()].filter(([k]) => k !== "q" && k !== "page" && k !== "price"));
  return (
    <section className={s.pairs} aria-labelledby="pairs-title">
      <h2 id="pairs-title" className={ps.h2}>
        {t("pairs.title")}
      </h2>
      <ListTabs
        label={t("pairs.tabs")}
        tabs={quotes}
        current={(q) => q === tab}
        href={(q) => tradeUrl(search, { tab: q }, screenOf(pathname))}
        name={(q) => q}
      />
      <SearchForm
        id="pairs-search"
        label={t("pairs.search")}
        button={t("pairs.searchButton")}
        value={q}
        keep={keep}
        action={pathname}
        result={t("common:search.matches", { count: shown.length, q })}
      />
      {/* A focusable region, so the list scrolls with the keyboard. */}
      <div className={s.pairList} tabIndex={0} role="region" aria-label={t("pairs.caption", { quote: tab })}>
        <table className={ps.table}>
          <caption className="sr-only">{t("pairs.caption", { quote: tab })}</caption>
          <TableHead
            className={ps.th}
            columns={[{ head: t("pairs.pair"), className: ps.thLeft }, { head: t("pairs.price") }, { head: t("pairs.change") }]}
          />
          <tbody>
            {shown.length === 0 ? (
              <tr>
                <td colSpan={3} className={ps.td}>
                  {t("pairs.none", { q })}
                </td>
              </tr>
            ) : null}
            {shown.map((p) => {
              const q = live[p.id] ?? p.quotation;
              const change = formatChange(q.change);
              const here = p.id === current;
              return (
                <tr key={p.id} className={here ? s.currentRow : undefined}>
                  <th scope="row" className={ps.tdLeft}>
                    <Link
                      to={tradeUrl(search, { symbol: normalizeSymbol(p.symbol), price: null, page: null }, screenOf(pathname))}
                      className={s.rowLink}
                      aria-current={here ? "page" : undefined}
                      preventScrollReset
                    >
                      {p.base}
                      <span className={ps.muted}>/{p.quote}</span>
                    </Link>
                  </th>
                  <td className={ps.td}>{formatPrice(q.close, p.decimals, i18n.language)}</td>
                  <td className={`${ps.td} ${change.rising ? ps.up : ps.down}`}>{change.text}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
});
