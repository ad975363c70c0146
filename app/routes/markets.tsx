import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/lib/translate";
import { MarketsTable } from "~/features/markets/markets-table";
import * as s from "~/features/markets/markets.css";
import { getT } from "~/lib/i18next.server";
import { api, loaded } from "~/lib/api.server";
import { useLiveQuotations } from "~/lib/use-live";
import {
  ALL_TAB,
  FAV_TAB,
  marketsSearch,
  normalizeQuery,
  normalizeSort,
  normalizeTab,
  parseFavs,
  quoteTabs,
  rowsForTab,
  searchRows,
  sortRows,
} from "~/lib/markets";
import { getToken } from "~/lib/session.server";
import { PriceAlertForm } from "~/components/price-alert-form";
import { SearchForm } from "~/components/search-form";
import { container, formError } from "~/styles/ui.css";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { pageMeta } from "~/lib/page-meta";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const [markets, t] = await Promise.all([api({ request, context }, "currencyMatches", {}).then(loaded), getT(request, "markets")]);
  const groups = markets.ok ? markets.data : [];
  const quotes = quoteTabs(groups);
  const tab = normalizeTab(url.searchParams.get("tab"), quotes);
  const sort = normalizeSort(url.searchParams.get("sort"), url.searchParams.get("order"));
  const favs = parseFavs(request.headers.get("Cookie"));
  const q = normalizeQuery(url.searchParams.get("q"));
  const signedIn = !!(await getToken(request));
  return data({
    q,
    // Signed in: a price alert can be set here (it posts to /notifications and comes back).
    alertPairs: signedIn
      ? groups.flatMap((g) => g.matches.filter((m) => m.open_change === 1).map((m) => ({ id: m.id, symbol: m.symbol })))
      : null,
    title: t("meta.title"),
    description: t("meta.description"),
    quotes,
    tab,
    sort,
    favs,
    rows: searchRows(sortRows(rowsForTab(groups, tab, favs), sort), q),
    error: markets.ok ? null : markets.msg || null,
  });
}

export default function MarketsRoute() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation("markets");
  // DAY_MARKET over /events while this screen is open; the rows start from the loader's quotations.
  const live = useLiveQuotations();
  const tabs = [
    { id: ALL_TAB, label: t("tabs.all") },
    { id: FAV_TAB, label: t("tabs.fav") },
    ...data.quotes.map((q) => ({ id: q, label: q })),
  ];
  const current = tabs.find((x) => x.id === data.tab) ?? tabs[0];
  return (
    <main className={`${container} ${s.page}`}>
      <h1 className={s.h1}>{t("title")}</h1>
      <nav aria-label={t("tabs.label")}>
        <ul className={s.tabs}>
          {tabs.map((x) => (
            <li key={x.id}>
              <Link
                to={`/markets${marketsSearch(x.id, data.sort)}`}
                className={s.tab}
                aria-current={x.id === data.tab ? "page" : undefined}
                preventScrollReset
              >
                {x.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <SearchForm
        id="markets-search"
        label={t("search.label")}
        button={t("search.button")}
        value={data.q}
        result={t("common:search.matches", { count: data.rows.length, q: data.q })}
        keep={{ tab: data.tab === ALL_TAB ? undefined : data.tab, sort: data.sort?.key, order: data.sort?.order }}
      />
      {data.error ? (
        <p className={formError} role="alert">
          {data.error}
        </p>
      ) : null}
      <MarketsTable
        rows={data.rows}
        tab={data.tab}
        tabLabel={current.label}
        sort={data.sort}
        favs={data.favs}
        emptyText={data.q ? t("search.none", { q: data.q }) : data.tab === FAV_TAB ? t("empty.fav") : t("empty.all")}
        live={live}
      />
      {data.alertPairs && data.alertPairs.length > 0 ? (
        <section className={s.alerts}>
          <PriceAlertForm pairs={data.alertPairs} redirectTo="/markets" idPrefix="markets-alert" />
        </section>
      ) : null}
    </main>
  );
}

export const meta: MetaFunction<typeof loader> = pageMeta("Markets");

export function ErrorBoundary() {
  return <GeneralErrorBoundary back={{ href: "/markets", labelKey: "nav.markets" }} />;
}
