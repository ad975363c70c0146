import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useCallback, useMemo, useState } from "react";
import { useTranslation } from "~/lib/translate";
import { tradeAction } from "~/features/trade/actions.server";
import { tradePage } from "~/features/trade/page.server";
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
import { ordersPanel, h2, muted } from "~/styles/pair-screen.css";
import { useTradeLive } from "~/features/trade/use-trade-live";
import { bestPrice } from "~/features/trade/order-input";
import { CancelAllConfirm } from "~/components/cancel-all-confirm";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { JumpNav } from "~/components/jump-nav";
import { PairRoute, PairScreen } from "~/components/pair-screen";
import { pageMeta } from "~/lib/page-meta";
import { pairData } from "~/lib/pair-page.server";

export type { PairView } from "~/lib/pair-view";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { view, setCookie } = await tradePage({ request, context });
  return pairData(view, setCookie);
}

export async function action({ request, context }: ActionFunctionArgs) {
  // Signing in is checked inside, once the form says which screen to come back to.
  return tradeAction({ request, context });
}

export default function TradeRoute() {
  return <PairRoute kind="trade" screen={TradeScreen} />;
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

  return (
    <PairScreen
      header={<ChartHeader pair={pair} quotation={live.quotation} />}
      formId="order-form"
      form={
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
      }
      jump={<JumpNav list={{ id: "orders", label: t("orders.title") }} />}
      chart={<ChartPanel pair={pair} period={data.period} bars={live.bars} lang={data.lang} />}
      book={
        <>
          <OrderBook depth={live.depth} pair={pair} latest={live.quotation?.close ?? null} onPick={onPick} />
          <DepthChart depth={live.depth} pair={pair} />
        </>
      }
      trades={<RecentTrades trades={live.trades} pair={pair} />}
      listId="orders"
      list={
        orders ? (
          <>
            <OrdersPanel orders={orders} pair={pair} />
            <section className={ordersPanel}>
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
          <section className={ordersPanel} aria-labelledby="orders-title">
            <h2 id="orders-title" className={h2}>
              {t("orders.title")}
            </h2>
            <p className={muted}>{t("orders.loginToSee")}</p>
          </section>
        )
      }
      pairs={<PairList pairs={data.pairs} quotes={data.quotes} tab={data.tab} current={pair.id} live={live.quotes} />}
      after={data.cancelAll ? <CancelAllConfirm ask={data.cancelAll} focusId="orders-title" /> : null}
    />
  );
}

/** The order form is far down the tab order (the header, the chart's intervals): the page's second skip link. */
export const handle: SkipLinksHandle = { skipLinks: [{ href: "#order-form", labelKey: "skip.orderForm" }] };

export const meta: MetaFunction<typeof loader> = pageMeta("Spot trade");

export function ErrorBoundary() {
  return <GeneralErrorBoundary back={{ href: "/trade", labelKey: "nav.trade" }} />;
}
