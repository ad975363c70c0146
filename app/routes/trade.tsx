import { ORDER_WAY } from "~/contract/core/trading";
import type { TradeActionData } from "~/features/trade/action-data";
import { pairById } from "~/features/trade/pairs.server";
import { pairView } from "~/lib/pair-view";
import { JumpNav } from "~/features/trade/jump-nav";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useCallback, useMemo, useState } from "react";
import { useTranslation } from "~/lib/translate";
import { ChartHeader } from "~/features/trade/chart-header";
import { ChartPanel } from "~/features/trade/chart-panel";
import type { SkipLinksHandle } from "~/components/skip-links";
import { OrderBook } from "~/features/trade/order-book";
import { DepthChart } from "~/features/trade/depth-chart";
import { OrdersPanel } from "~/features/trade/orders-panel";
import { PriceAlertForm } from "~/components/price-alert-form";
import { PairList } from "~/features/trade/pair-list";
import { RecentTrades } from "~/features/trade/recent-trades";
import { TradeForms } from "~/features/trade/trade-form";
import * as s from "~/features/trade/trade.css";
import { useTradeLive } from "~/features/trade/use-trade-live";
import type { Deal, SpotBalances, SpotOrderPage } from "~/contract/entities";
import { getLang, getT } from "~/lib/i18next.server";
import { api, type ApiArgs, loaded } from "~/lib/api.server";
import { refusalMessage } from "~/lib/refusals.server";
import { readCookie } from "~/lib/cookies";
import { quoteTabs } from "~/lib/markets";
import { safeRedirect } from "~/lib/safe-redirect";
import { getToken, requireToken } from "~/lib/session.server";
import { redirectOrData } from "~/lib/answer.server";
import {
  bestPrice,
  holdPrice,
  ORDER_TYPES,
  PRICE_DECIMALS,
  sanitizePriceInput,
  sliderQuantity,
  snapPercent,
  type OrderType,
  type Side,
} from "~/features/trade/order-input";
import { CancelAllConfirm, type CancelAllAsk } from "~/components/cancel-all-confirm";
import { fieldOfReason } from "~/contract/core/codes";
import { ORDER_FIELD_REASONS } from "~/features/trade/schema";
import { normalizePeriod } from "~/features/trade/chart-periods";
import { renderChartOnServer } from "~/features/trade/chart-bars.server";
import { mergeOrderPages, ORDERS_PAGE_SIZE, ORDERS_TABS, type OrdersSide, type OrdersTab } from "~/features/trade/live-state";
import { parseTradeInfo, pickPair, serializeTradeInfo, TRADEINFO_COOKIE, tradeInfoOf } from "~/features/trade/pair-choice";
import { parseCancel, parseOrder } from "~/features/trade/forms.server";
import type { Translate } from "~/features/trade/schema";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { NoPairPage } from "~/components/no-pair-page";
import { canonicalAddress, pageParam } from "~/lib/pair-links";

export type { PairView } from "~/lib/pair-view";

async function tradeT(request: Request): Promise<Translate> {
  const t = await getT(request, "trade");
  return (key, options) => t(key, options) as string;
}

function emptyPage(): SpotOrderPage {
  return { total: 0, per_page: ORDERS_PAGE_SIZE, last_page: 1, current_page: 1, data: [] };
}

async function loadOrders(args: ApiArgs, pairId: number, tab: OrdersTab, way: OrdersSide, page: number) {
  const payload = { currency_match_id: pairId, page, limit: ORDERS_PAGE_SIZE };
  if (tab === "history") {
    const r = await api(args, "txHistoryList", payload).then(loaded);
    return r.ok ? r.data : emptyPage();
  }
  const status = tab === "current" ? "open" : "all";
  if (way !== null) {
    const r = await api(args, way === ORDER_WAY.BUY ? "txInList" : "txOutList", { ...payload, status });
    return r.ok ? r.data : emptyPage();
  }
  // Both sides (the default): the first `page` pages of each side, merged newest first, then this page of them.
  const limit = Math.min(page * ORDERS_PAGE_SIZE, 100);
  const [buys, sells] = await Promise.all([
    api(args, "txInList", { ...payload, page: 1, limit, status }).then(loaded),
    api(args, "txOutList", { ...payload, page: 1, limit, status }).then(loaded),
  ]);
  return mergeOrderPages(buys.ok ? buys.data : emptyPage(), sells.ok ? sells.data : emptyPage(), page);
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const q = url.searchParams;
  const args = { request, context };
  const [markets, t, lang, token] = await Promise.all([
    api(args, "currencyMatches", {}).then(loaded),
    getT(request, "trade"),
    getLang(request),
    getToken(request),
  ]);
  const groups = markets.ok ? markets.data : [];
  const saved = parseTradeInfo(readCookie(request.headers.get("Cookie"), TRADEINFO_COOKIE));
  const pair = pickPair(groups, { symbol: q.get("symbol"), tradeinfo: saved });
  const canonical = markets.ok ? canonicalAddress(url, pair?.symbol ?? null, "/trade") : null;
  if (canonical) throw redirect(canonical);
  const quotes = quoteTabs(groups);
  const tab = quotes.includes((q.get("tab") ?? "").toUpperCase())
    ? (q.get("tab") ?? "").toUpperCase()
    : (pair?.quote_currency_code.toUpperCase() ?? quotes[0] ?? "");
  const pairs = groups
    .filter((g) => g.code.toUpperCase() === tab)
    .flatMap((g) => g.matches.filter((p) => p.open_change === 1))
    .map(pairView);

  const period = normalizePeriod(q.get("period"));
  const ordersTab: OrdersTab = (ORDERS_TABS as string[]).includes(q.get("orders") ?? "") ? (q.get("orders") as OrdersTab) : "current";
  const way: OrdersSide = q.get("way") === "sell" ? ORDER_WAY.SELL : q.get("way") === "buy" ? ORDER_WAY.BUY : null;
  const page = pageParam(q);
  const otype: OrderType = (ORDER_TYPES as readonly string[]).includes(q.get("otype") ?? "") ? (q.get("otype") as OrderType) : "limit";
  const side: Side = q.get("side") === "sell" ? "sell" : "buy";

  let deal: Deal | null = null;
  let balances: SpotBalances | null = null;
  let orders: SpotOrderPage | null = null;
  // 'Cancel all' asks first (`?confirm=cancel-all&scope=pair|all`): how many working orders it would cancel.
  let cancelAll: CancelAllAsk | null = null;
  if (pair && token && q.get("confirm") === "cancel-all") {
    const scope = q.get("scope") === "all" ? "all" : "pair";
    const n = await api(args, "spotOrders", { status: "open", currency_match_id: scope === "pair" ? pair.id : undefined, limit: 1 });
    cancelAll = {
      scope,
      pair: scope === "pair" ? { id: pair.id, symbol: pair.symbol } : null,
      count: n.ok ? n.data.total : 0,
      key: crypto.randomUUID(),
    };
  }
  if (pair) {
    const [dealResult, , balancesResult, ordersResult] = await Promise.all([
      api(args, "deal", { currency_match_id: pair.id }).then(loaded),
      renderChartOnServer(args, pair.id, period),
      token ? api(args, "spotBalances", { currency_match_id: pair.id }).then(loaded) : null,
      token ? loadOrders(args, pair.id, ordersTab, way, page) : null,
    ]);
    deal = dealResult.ok ? dealResult.data : null;
    balances = balancesResult?.ok ? balancesResult.data : null;
    orders = ordersResult;
  }
  const decimals = pair?.price_precision ?? PRICE_DECIMALS;
  const headers = new Headers({ "Cache-Control": "private, no-store" });
  // Choosing a pair saves it (the tradeinfo cookie), so the next visit to /trade opens on it.
  if (pair && (saved?.mathid !== pair.id || saved.symbol !== pair.symbol))
    headers.append("Set-Cookie", serializeTradeInfo(tradeInfoOf(pair)));

  return data(
    {
      title: pair ? t("meta.titlePair", { symbol: pair.symbol }) : t("meta.title"),
      description: t("meta.description"),
      lang,
      loggedIn: Boolean(token),
      quotes,
      tab,
      pairs,
      pair: pair ? pairView(pair) : null,
      period,
      otype,
      side,
      depth: deal?.depth ?? { in: [], out: [] },
      trades: deal?.tx_completes ?? [],
      quotation: deal?.quotation ?? pair?.currency_quotation ?? null,
      balances,
      orders: orders ? { tab: ordersTab, way, page, ...orders } : null,
      cancelAll,
      ordersView: { tab: ordersTab, way, page },
      // One-time keys: a double click or a resubmitted POST places one order (ARCHITECTURE: idempotency).
      keys: { buy: crypto.randomUUID(), sell: crypto.randomUUID() },
      prefillPrice: sanitizePriceInput(q.get("price") ?? "", decimals),
      error: markets.ok ? null : markets.msg || null,
    },
    { headers },
  );
}

type ActionData = TradeActionData;

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await request.formData();
  const args = { request, context };
  const t = await tradeT(request);
  const back = safeRedirect(formData.get("back"), "/trade");
  const backTo = back.startsWith("/trade") ? back : "/trade";
  // Logged-out users cannot submit orders (docs/product.md, "/trade").
  await requireToken(request, { messageKey: "common:errors.pleaseLoginToTrade", returnTo: backTo });
  const intent = formData.get("intent");

  switch (intent) {
    case "buy":
    case "sell": {
      const side: Side = intent;
      const pairId = Number.parseInt(String(formData.get("currency_match_id") ?? ""), 10);
      const pair = await pairById(args, pairId);
      const decimals = pair?.price_precision ?? PRICE_DECIMALS;
      const rawType = String(formData.get("type") ?? "");
      const type: OrderType = (ORDER_TYPES as readonly string[]).includes(rawType) ? (rawType as OrderType) : "limit";

      // A market order takes the best price of the book (none → 'no best price at the moment', before
      // the quantity is looked at). Unknown when the book could not be read: the exchange decides then.
      // A stop's trigger (and an OCO's limit price) is checked against the last price, as the exchange checks it.
      const deal = type !== "limit" && pair ? await api(args, "deal", { currency_match_id: pair.id }) : null;
      const best = type === "market" && deal?.ok ? bestPrice(deal.data.depth, side) : undefined;
      const lastPrice = (type === "stop_limit" || type === "oco") && deal?.ok ? deal.data.quotation.close : undefined;

      // Without JavaScript the slider cannot fill the quantity: a position with an empty quantity means that share.
      const percent = snapPercent(String(formData.get("percent") ?? "0"));
      if (!String(formData.get("number") ?? "").trim() && percent > 0 && pair) {
        const bal = await api(args, "spotBalances", { currency_match_id: pair.id });
        const price =
          type === "market"
            ? (best ?? null)
            : holdPrice(type, side, String(formData.get("price") ?? ""), String(formData.get("stop_price") ?? ""));
        if (bal.ok) {
          const available = side === "buy" ? bal.data.quote.balance : bal.data.base.balance;
          const qty = sliderQuantity({ side, percent, available, price });
          if (qty && qty !== "0") formData.set("number", qty);
        }
      }

      const submission = parseOrder(formData, t, { decimals, bestPrice: best, lastPrice });
      if (submission.status !== "success") {
        return data<ActionData>({ intent: side, ok: false, result: submission.reply() }, { status: 400 });
      }
      const v = submission.value;
      const placed =
        v.type === "oco"
          ? await api(args, side === "buy" ? "txInOco" : "txOutOco", {
              currency_match_id: v.currency_match_id,
              number: v.number ?? "",
              price: v.price,
              trigger_price: v.trigger_price,
              stop_price: v.stop_price,
              idempotency_key: v.idempotency_key,
            })
          : await api(args, side === "buy" ? "txInAdd" : "txOutAdd", {
              currency_match_id: v.currency_match_id,
              number: v.number ?? "",
              price: v.type === "market" ? undefined : v.price,
              type: v.type,
              trigger_price: v.type === "stop_limit" ? v.trigger_price : undefined,
              idempotency_key: v.idempotency_key,
            });
      if (!placed.ok) {
        const msg = await refusalMessage(request, placed, async () => {
          const bal = await api(args, "spotBalances", { currency_match_id: v.currency_match_id });
          if (!bal.ok) return null;
          const account = side === "buy" ? bal.data.quote : bal.data.base;
          return { amount: account.balance, code: account.currency_code };
        });
        // A refusal that names a field of the form goes on it (a trigger on the wrong side, more than the balance).
        const field = fieldOfReason(placed.reason, ORDER_FIELD_REASONS);
        const text = msg || t("errors.failed");
        return data<ActionData>(
          {
            intent: side,
            ok: false,
            result: submission.reply(field ? { fieldErrors: { [field]: [text] } } : { formErrors: [text] }),
          },
          { status: 400 },
        );
      }
      const placedMessage = t(
        v.type === "oco" ? "conditional.ocoPlaced" : v.type === "stop_limit" ? "conditional.stopPlaced" : "toast.placed",
      );
      // With JavaScript the page stays; the same words as the redirect's toast are announced (features/trade/trade-form).
      return redirectOrData<ActionData>(request, formData, {
        to: backTo,
        toast: { kind: "success", message: placedMessage },
        data: {
          intent: side,
          ok: true,
          result: submission.reply({ resetForm: true }),
          orderId: "limit" in placed.data ? placed.data.limit.id : placed.data.id,
          message: placedMessage,
        },
      });
    }
    case "cancel": {
      const parsed = parseCancel(formData);
      if (!parsed.success) return data<ActionData>({ intent: "cancel", ok: false, id: 0, msg: t("errors.failed") }, { status: 400 });
      const { id, way } = parsed.data;
      const r = await api(args, way === ORDER_WAY.BUY ? "txInCancel" : "txOutCancel", { id });
      if (r.ok) {
        const message = t("toast.cancelled");
        return redirectOrData<ActionData>(request, formData, {
          to: backTo,
          toast: { kind: "success", message },
          data: { intent: "cancel", ok: true, id, message },
        });
      }
      const msg = r.msg || t("errors.failed");
      return redirectOrData<ActionData>(request, formData, {
        to: backTo,
        toast: { kind: "error", message: msg },
        data: { intent: "cancel", ok: false, id, msg },
      });
    }
    case "cancel-all": {
      const raw = String(formData.get("currency_match_id") ?? "");
      const pairId = /^\d{1,9}$/.test(raw) ? Number(raw) : undefined;
      const r = await api(args, "txCancelAll", { currency_match_id: pairId });
      const tc = await getT(request);
      const message = r.ok ? tc("cancelAll.done", { count: r.data.cancelled }) : r.msg || t("errors.failed");
      return redirectOrData<ActionData>(request, formData, {
        to: backTo,
        toast: { kind: r.ok ? "success" : "error", message },
        data: r.ok ? { intent: "cancel-all", ok: true, message } : { intent: "cancel-all", ok: false, msg: message },
      });
    }
    default:
      return data<ActionData>({ intent: "cancel", ok: false, id: 0, msg: t("errors.failed") }, { status: 400 });
  }
}

export default function TradeRoute() {
  const data = useLoaderData<typeof loader>();
  return data.pair ? <TradeScreen key={data.pair.id} /> : <NoPairPage ns="trade" error={data.error} />;
}

function TradeScreen() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation("trade");
  const pair = data.pair!;
  const live = useTradeLive({
    pair,
    period: data.period,
    loggedIn: data.loggedIn,
    depth: data.depth,
    trades: data.trades,
    quotation: data.quotation,
    balances: data.balances,
    orders: data.orders?.data ?? null,
    ordersView: data.ordersView,
  });
  // A price picked in the book fills both forms (JS); without JS the book's links carry ?price=.
  const [picked, setPicked] = useState<{ price: string; n: number }>({ price: data.prefillPrice, n: 0 });
  const bestBuy = bestPrice(live.depth, "buy");
  const bestSell = bestPrice(live.depth, "sell");
  const best = useMemo(() => ({ buy: bestBuy, sell: bestSell }), [bestBuy, bestSell]);
  const onPick = useCallback((price: string) => setPicked((p) => ({ price, n: p.n + 1 })), []);
  // Stable props, so a live tick re-renders only the widget it concerns (the widgets are memoized).
  const orders = useMemo(() => (data.orders ? { ...data.orders, data: live.orders ?? [] } : null), [data.orders, live.orders]);

  // The DOM follows a phone's order (pair and price, order form, the rest); wider screens place the areas in columns.
  return (
    <main className={s.page}>
      <div className={s.layout}>
        <div className={s.area.header}>
          <ChartHeader pair={pair} quotation={live.quotation} />
        </div>
        <div className={s.area.forms} id="order-form">
          <TradeForms
            pair={pair}
            loggedIn={data.loggedIn}
            otype={data.otype}
            side={data.side}
            best={best}
            balances={live.balances}
            keys={data.keys}
            picked={picked}
            last={live.quotation?.close ?? null}
          />
        </div>
        <JumpNav orders={{ id: "orders", label: t("orders.title") }} />
        <div className={s.area.chart} id="chart">
          <ChartPanel pair={pair} period={data.period} bars={live.bars} lang={data.lang} />
        </div>
        <div className={s.area.book} id="book">
          <OrderBook depth={live.depth} pair={pair} latest={live.quotation?.close ?? null} onPick={onPick} />
          <DepthChart depth={live.depth} pair={pair} />
        </div>
        <div className={s.area.trades} id="trades">
          <RecentTrades trades={live.trades} pair={pair} />
        </div>
        <div className={s.area.orders} id="orders">
          {orders ? (
            <>
              <OrdersPanel orders={orders} pair={pair} />
              <section className={s.ordersPanel}>
                <PriceAlertForm
                  pairs={[{ id: pair.id, symbol: pair.symbol }]}
                  pairId={pair.id}
                  lastPrice={live.quotation?.close}
                  redirectTo={`/trade?symbol=${encodeURIComponent(pair.symbol.replace("/", ""))}`}
                  idPrefix="trade-alert"
                />
              </section>
            </>
          ) : (
            <section className={s.ordersPanel} aria-labelledby="orders-title">
              <h2 id="orders-title" className={s.h2}>
                {t("orders.title")}
              </h2>
              <p className={s.muted}>{t("orders.loginToSee")}</p>
            </section>
          )}
        </div>
        <div className={s.area.pairs} id="pairs">
          <PairList pairs={data.pairs} quotes={data.quotes} tab={data.tab} current={pair.id} live={live.quotes} />
        </div>
      </div>
      {data.cancelAll ? <CancelAllConfirm ask={data.cancelAll} focusId="orders-title" /> : null}
    </main>
  );
}

/** The order form is far down the tab order (the header, the chart's intervals): the page's second skip link. */
export const handle: SkipLinksHandle = { skipLinks: [{ href: "#order-form", labelKey: "skip.orderForm" }] };

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.title ?? "Spot trade" },
  ...(data?.description ? [{ name: "description", content: data.description }] : []),
];

export function ErrorBoundary() {
  return <GeneralErrorBoundary back={{ href: "/trade", labelKey: "nav.trade" }} />;
}
