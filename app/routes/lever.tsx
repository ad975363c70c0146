import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useCallback, useState } from "react";
import { LEVER_HANDS_DEFAULT } from "~/contract/core/lever";
import { ChartHeader } from "~/features/trade/chart-header";
import { ChartPanel } from "~/features/trade/chart-panel";
import { OrderBook } from "~/features/trade/order-book";
import { PairList } from "~/features/trade/pair-list";
import { RecentTrades } from "~/features/trade/recent-trades";
import { useMarketLive } from "~/features/trade/use-market-live";
import { serverChart } from "~/features/trade/chart-bars.server";
import { leverAction } from "~/features/lever/actions.server";
import { leverPage } from "~/features/lever/page.server";
import { CloseConfirm } from "~/features/lever/close-confirm";
import { LeverOrderForm } from "~/features/lever/order-form";
import { PositionsPanel } from "~/features/lever/positions-panel";
import { RiskHeader } from "~/features/lever/risk-header";
import { useLeverLive } from "~/features/lever/use-lever-live";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { JumpNav } from "~/components/jump-nav";
import { PairRoute, PairScreen } from "~/components/pair-screen";
import { pageMeta } from "~/lib/page-meta";
import { pairData } from "~/lib/pair-page.server";
import { requireToken } from "~/lib/session.server";
import { useTranslation } from "~/lib/translate";

export async function loader({ request, context }: LoaderFunctionArgs) {
  // The lever screen requires a token, else 'please login to trade' and the login page (docs/product.md, "Session").
  await requireToken(request, { messageKey: "common:errors.pleaseLoginToTrade" });
  const page = await leverPage({ request, context }, serverChart({ request, context }));
  return pairData(page);
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requireToken(request, { messageKey: "common:errors.pleaseLoginToTrade" });
  return leverAction({ request, context });
}

export default function LeverRoute() {
  return <PairRoute kind="lever" screen={LeverScreen} />;
}

function LeverScreen() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation("lever");
  const pair = data.pair!;
  const live = useMarketLive({ pair, period: data.period, depth: data.depth, trades: data.trades, quotation: data.quotation });
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
    <PairScreen
      header={
        <>
          <ChartHeader pair={pair} quotation={live.quotation} />
          <RiskHeader
            pairId={pair.id}
            risk={lever.risk}
            currency={data.order?.currency.code ?? pair.quote}
            line={data.order?.liquidation_line ?? "20"}
          />
        </>
      }
      form={
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
      }
      jump={<JumpNav list={{ id: "positions", label: t("tabs.title") }} />}
      chart={<ChartPanel pair={pair} period={data.period} bars={live.bars} lang={data.lang} />}
      book={<OrderBook depth={live.depth} pair={pair} latest={live.quotation?.close ?? null} onPick={onPick} />}
      trades={<RecentTrades trades={live.trades} pair={pair} />}
      listId="positions"
      list={lever.list ? <PositionsPanel list={lever.list} pair={pair} /> : null}
      dialog={data.confirm ? <CloseConfirm confirm={data.confirm} pair={pair} currency={data.order?.currency.code ?? pair.quote} /> : null}
      pairs={<PairList pairs={data.pairs} quotes={data.quotes} tab={data.tab} current={pair.id} live={live.quotes} />}
    />
  );
}

export const meta: MetaFunction<typeof loader> = pageMeta("Contracts");

export function ErrorBoundary() {
  return <GeneralErrorBoundary back={{ href: "/lever", labelKey: "nav.lever" }} />;
}
