import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useLocation } from "@remix-run/react";
import type { SpotFill, SpotOrder } from "~/contract/entities";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { Pager } from "~/components/pager";
import { cancelAllHref, type CancelAllAsk } from "~/lib/cancel-all";
import { CancelAllAskBox } from "~/features/orders/cancel-all-ask";
import { FilterForm } from "~/features/orders/filter-form";
import { exportUrl, MY_ORDERS_PAGE_SIZE, ORDERS_VIEWS, ordersUrl, parseOrdersQuery } from "~/features/orders/filters";
import { cancelCallOf, ordersFilter, parseOrdersForm } from "~/features/orders/forms.server";
import { FillsTable, OrdersTable } from "~/features/orders/lists";
import { fillRows, orderRows, type PairDecimals } from "~/features/orders/rows.server";
import * as s from "~/features/orders/orders.css";
import { api, loaded } from "~/lib/api.server";
import { getLang, getT } from "~/lib/i18next.server";
import { pagerOf } from "~/lib/pager";
import { backOnScreen } from "~/lib/pair-links";
import { safeRedirect } from "~/lib/safe-redirect";
import { redirectWithToast, requireToken } from "~/lib/session.server";
import { useTranslation } from "~/lib/translate";
import { button } from "~/styles/ui.css";

/**
 * /orders: every spot order of mine across pairs — the open ones (stops waiting included), the history, and my fills —
 * with filters (pair, side, status, days in UTC), pages of 20, a CSV download of what the filters show, and cancel
 * (one order, or all of them after a confirmation). Server-rendered; every control is a link or a form.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  await requireToken(request, { returnTo: url.pathname + url.search });
  const args = { request, context };
  const query = parseOrdersQuery(url.searchParams);
  const filter = ordersFilter(query);
  const page = { page: query.page, limit: MY_ORDERS_PAGE_SIZE };
  const [markets, t, list] = await Promise.all([
    api(args, "currencyMatches", {}).then(loaded),
    getT(request, "trade"),
    query.view === "fills"
      ? api(args, "spotFills", { ...filter, ...page }).then(loaded)
      : api(args, "spotOrders", { ...filter, ...page }).then(loaded),
  ]);
  const pairs = (markets.ok ? markets.data : []).flatMap((g) =>
    g.matches.filter((p) => p.open_change === 1).map((p) => ({ id: p.id, symbol: p.symbol, decimals: p.price_precision })),
  );
  pairs.sort((a, b) => a.symbol.localeCompare(b.symbol));
  // Every pair's decimals, a closed one's too (an order of mine may be on a pair no longer traded).
  const decimals: PairDecimals = Object.fromEntries(
    (markets.ok ? markets.data : []).flatMap((g) => g.matches.map((p) => [p.id, p.price_precision] as const)),
  );
  const lang = await getLang(request);
  // 'Cancel all' asks first (`?confirm=cancel-all&scope=pair|all`): how many working orders it would cancel.
  let confirm: CancelAllAsk | null = null;
  if (url.searchParams.get("confirm") === "cancel-all") {
    const pair = url.searchParams.get("scope") === "pair" ? (pairs.find((p) => p.id === query.pairId) ?? null) : null;
    const n = await api(args, "spotOrders", { status: "open", currency_match_id: pair?.id, limit: 1 });
    confirm = {
      scope: pair ? "pair" : "all",
      pair: pair ? { id: pair.id, symbol: pair.symbol } : null,
      count: n.ok ? n.data.total : 0,
      key: crypto.randomUUID(),
    };
  }
  const body = list.ok ? list.data : null;
  return data(
    {
      title: t("myOrders.meta"),
      query,
      pairs: pairs.map(({ id, symbol }) => ({ id, symbol })),
      orders: query.view !== "fills" && body ? orderRows(body.data as SpotOrder[], decimals, lang, t) : [],
      fills: query.view === "fills" && body ? fillRows(body.data as SpotFill[], decimals, lang) : [],
      total: body?.total ?? 0,
      page: body?.current_page ?? 1,
      perPage: body?.per_page ?? MY_ORDERS_PAGE_SIZE,
      csv: exportUrl(query),
      confirm,
      error: list.ok ? null : list.msg || null,
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await request.formData();
  const args = { request, context };
  const raw = safeRedirect(formData.get("back"), "/orders");
  const back = backOnScreen(raw, "/orders");
  await requireToken(request, { returnTo: back });
  const [t, tc] = await Promise.all([getT(request, "trade"), getT(request)]);
  const parsed = parseOrdersForm(formData);
  if (!parsed.success) throw await redirectWithToast(request, back, { kind: "error", message: t("errors.failed") });
  const f = parsed.data;
  // Both answers go back to the list with the result in a toast (with JavaScript too: the list is loaded again).
  if (f.intent === "cancel") {
    const r = await api(args, cancelCallOf(f.way), { id: f.id });
    throw await redirectWithToast(
      request,
      back,
      r.ok ? { kind: "success", message: t("toast.cancelled") } : { kind: "error", message: r.msg || t("errors.failed") },
    );
  }
  const r = await api(args, "txCancelAll", { currency_match_id: f.currency_match_id });
  throw await redirectWithToast(
    request,
    back,
    r.ok
      ? { kind: "success", message: tc("cancelAll.done", { count: r.data.cancelled }) }
      : { kind: "error", message: r.msg || t("errors.failed") },
  );
}

export default function OrdersRoute() {
  const d = useLoaderData<typeof loader>();
  const { t } = useTranslation("trade");
  const tc = useTranslation().t;
  const { pathname, search } = useLocation();
  const q = d.query;
  const viewLabel = t(`myOrders.views.${q.view}`);
  const pairFilter = q.pairId !== null ? d.pairs.find((p) => p.id === q.pairId) : undefined;
  return (
    <main className={s.page}>
      <div className={s.head}>
        <h1 className={s.h1}>{t("myOrders.title")}</h1>
        <Link to="/trade">{t("myOrders.toTrade")}</Link>
      </div>
      <nav aria-label={t("myOrders.viewsLabel")}>
        <ul className={s.tabs}>
          {ORDERS_VIEWS.map((v) => (
            <li key={v}>
              <Link to={ordersUrl(search, { view: v, status: null })} className={s.tab} aria-current={v === q.view ? "page" : undefined}>
                {t(`myOrders.views.${v}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <section className={s.section} aria-labelledby="list-title">
        <h2 id="list-title" className={s.h1} tabIndex={-1}>
          {viewLabel}
        </h2>
        <FilterForm query={q} pairs={d.pairs} />
        <div className={s.tools}>
          {d.total > 0 ? (
            <a href={d.csv} download className={button.secondary}>
              {t(q.view === "fills" ? "myOrders.csvFills" : "myOrders.csvOrders")}
            </a>
          ) : null}
          {q.view === "open" && d.total > 0 ? (
            <>
              {pairFilter ? (
                <Link to={cancelAllHref(pathname, search, "pair")} className={button.secondary} preventScrollReset>
                  {tc("cancelAll.pair", { symbol: pairFilter.symbol })}
                </Link>
              ) : null}
              <Link to={cancelAllHref(pathname, search, "all")} className={button.secondary} preventScrollReset>
                {tc("cancelAll.all")}
              </Link>
            </>
          ) : null}
          <span className={s.muted} data-testid="orders-total">
            {t("myOrders.count", { count: d.total })}
          </span>
        </div>
        {d.confirm ? <CancelAllAskBox ask={d.confirm} back={pathname + search} /> : null}
        {d.error ? <p role="alert">{d.error}</p> : null}
        {q.view === "fills" ? <FillsTable fills={d.fills} caption={viewLabel} /> : <OrdersTable orders={d.orders} caption={viewLabel} />}
        <Pager pager={pagerOf(d.total, d.page, d.perPage)} href={(p) => ordersUrl(search, { page: p })} />
        <p className={s.small}>{t("myOrders.utc")}</p>
      </section>
    </main>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "My orders" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary back={{ href: "/trade", labelKey: "nav.trade" }} />;
}
