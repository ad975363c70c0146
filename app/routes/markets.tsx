import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/lib/translate";
import { MarketsTable } from "~/features/markets/markets-table";
import * as s from "~/features/markets/markets.css";
import { getT } from "~/i18next.server";
import { api } from "~/lib/api.server";
import { useLiveQuotations } from "~/lib/use-live";
import { ALL_TAB, FAV_TAB, marketsSearch, normalizeSort, normalizeTab, parseFavs, quoteTabs, rowsForTab, sortRows } from "~/lib/markets";
import { container, formError } from "~/styles/ui.css";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const [markets, t] = await Promise.all([api({ request, context }, "currencyMatches", {}), getT(request, "markets")]);
  const groups = markets.ok ? markets.data : [];
  const quotes = quoteTabs(groups);
  const tab = normalizeTab(url.searchParams.get("tab"), quotes);
  const sort = normalizeSort(url.searchParams.get("sort"), url.searchParams.get("order"));
  const favs = parseFavs(request.headers.get("Cookie"));
  return data({
    title: t("meta.title"),
    description: t("meta.description"),
    quotes,
    tab,
    sort,
    favs,
    rows: sortRows(rowsForTab(groups, tab, favs), sort),
    error: markets.ok ? null : markets.msg || null,
  });
}

export default function MarketsRoute() {
  const d = useLoaderData<typeof loader>();
  const { t } = useTranslation("markets");
  // DAY_MARKET over /events while this screen is open; the rows start from the loader's quotations.
  const live = useLiveQuotations();
  const tabs = [
    { id: ALL_TAB, label: t("tabs.all") },
    { id: FAV_TAB, label: t("tabs.fav") },
    ...d.quotes.map((q) => ({ id: q, label: q })),
  ];
  const current = tabs.find((x) => x.id === d.tab) ?? tabs[0];
  return (
    <main className={`${container} ${s.page}`}>
      <h1 className={s.h1}>{t("title")}</h1>
      <nav aria-label={t("tabs.label")}>
        <ul className={s.tabs}>
          {tabs.map((x) => (
            <li key={x.id}>
              <Link to={`/markets${marketsSearch(x.id, d.sort)}`} className={s.tab} aria-current={x.id === d.tab ? "page" : undefined} preventScrollReset>
                {x.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {d.error ? (
        <p className={formError} role="alert">
          {d.error}
        </p>
      ) : null}
      <MarketsTable
        rows={d.rows}
        tab={d.tab}
        tabLabel={current.label}
        sort={d.sort}
        favs={d.favs}
        emptyText={d.tab === FAV_TAB ? t("empty.fav") : t("empty.all")}
        live={live}
      />
    </main>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.title ?? "Markets" },
  ...(data?.description ? [{ name: "description", content: data.description }] : []),
];
