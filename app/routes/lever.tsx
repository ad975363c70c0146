import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useCallback, useState } from "react";
import { LEVER_HANDS_DEFAULT } from "~/contract/core/lever";
import { ChartHeader } from "~/features/trade/chart-header";
import { ChartPanel } from "~/features/trade/chart-panel";
import { OrderBook } from "~/features/trade/order-book";
import { PairList } from "~/features/trade/pair-list";
import { RecentTrades } from "~/features/trade/recent-trades";
import * as s from "~/features/trade/trade.css";
import { useTradeLive } from "~/features/trade/use-trade-live";
import { normalizePeriod } from "~/features/trade/chart-periods";
import { renderChartOnServer } from "~/features/trade/chart-bars.server";
import { JumpNav } from "~/features/trade/jump-nav";
import { leverAction } from "~/features/lever/actions.server";
import { leverPage } from "~/features/lever/page.server";
import { CloseConfirm } from "~/features/lever/close-confirm";
import { LeverOrderForm } from "~/features/lever/order-form";
import { PositionsPanel } from "~/features/lever/positions-panel";
import { RiskHeader } from "~/features/lever/risk-header";
import { useLeverLive } from "~/features/lever/use-lever-live";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { NoPairPage } from "~/components/no-pair-page";
import { pairData } from "~/lib/pair-page.server";
import { requireToken } from "~/lib/session.server";
import { useTranslation } from "~/lib/translate";

export async function loader({ request, context }: LoaderFunctionArgs) {
  // The lever screen requires a token, else 'please login to trade' and the login page (docs/product.md, "Session").
  await requireToken(request, { messageKey: "common:errors.pleaseLoginToTrade" });
  const args = { request, context };
  const period = normalizePeriod(new URL(request.url).searchParams.get("period"));
  const page = await leverPage(args, { period, chart: (pairId) => renderChartOnServer(args, pairId, period) });
  return pairData(page);
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requireToken(request, { messageKey: "common:errors.pleaseLoginToTrade" });
  return leverAction({ request, context });
}

export default function LeverRoute() {
  const data = useLoaderData<typeof loader>();
  return data.pair ? <LeverScreen key={data.pair.id} /> : <NoPairPage ns="lever" error={data.error} />;
}

function LeverScreen() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation("lever");
  const pair = data.pair!;
  const live = useTradeLive({
    pair,
    period: data.period,
    loggedIn: false,
    depth: data.depth,
    trades: data.trades,
    quotation: data.quotation,
    balances: null,
    orders: null,
    ordersView: { tab: "current", way: null, page: 1 },
  });
  const lever = useLeverLive({
    pairId: pair.id,
    risk: data.risk,
    list: data.list,
  });
  const [picked, setPicked] = useState<{ price: string; n: number }>({
    price: "",
    n: 0,
  });
  const onPick = useCallback((price: string) => setPicked((p) => ({ price, n: p.n + 1 })), []);

  return (
    <main className={s.page}>
      <div className={s.layout}>
        <div className={s.area.header}>
          <ChartHeader pair={pair} quotation={live.quotation} />
          <RiskHeader
            pairId={pair.id}
            risk={lever.risk}
            currency={data.order?.currency.code ?? pair.quote}
            line={data.order?.liquidation_line ?? "20"}
          />
        </div>
        <div className={s.area.forms}>
          <LeverOrderForm
            pair={pair}
            order={data.order}
            otype={data.otype}
            side={data.side}
            idemKey={data.key}
            picked={picked}
            defaultHands={LEVER_HANDS_DEFAULT}
            latest={live.quotation?.close ?? null}
          />
        </div>
        <JumpNav orders={{ id: "positions", label: t("tabs.title") }} />
        <div className={s.area.chart} id="chart">
          <ChartPanel pair={pair} period={data.period} bars={live.bars} lang={data.lang} />
        </div>
        <div className={s.area.book} id="book">
          <OrderBook depth={live.depth} pair={pair} latest={live.quotation?.close ?? null} onPick={onPick} />
        </div>
        <div className={s.area.trades} id="trades">
          <RecentTrades trades={live.trades} pair={pair} />
        </div>
        <div className={s.area.orders} id="positions">
          {lever.list ? <PositionsPanel list={lever.list} pair={pair} /> : null}
        </div>
        {data.confirm ? <CloseConfirm confirm={data.confirm} pair={pair} currency={data.order?.currency.code ?? pair.quote} /> : null}
        <div className={s.area.pairs} id="pairs">
          <PairList pairs={data.pairs} quotes={data.quotes} tab={data.tab} current={pair.id} live={live.quotes} />
        </div>
      </div>
    </main>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.title ?? "Contracts" },
  ...(data?.description ? [{ name: "description", content: data.description }] : []),
];

export function ErrorBoundary() {
  return <GeneralErrorBoundary back={{ href: "/lever", labelKey: "nav.lever" }} />;
}
