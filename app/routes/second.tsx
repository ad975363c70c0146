import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useEffect, useState } from "react";
import type { MicroOrder } from "~/contract/micro";
import { ChartHeader } from "~/features/trade/chart-header";
import { ChartPanel } from "~/features/trade/chart-panel";
import { PairList } from "~/features/trade/pair-list";
import { useMarketLive } from "~/features/trade/use-market-live";
import { serverChart } from "~/features/trade/chart-bars.server";
import { secondAction } from "~/features/second/actions.server";
import { secondPage } from "~/features/second/page.server";
import { layout } from "~/features/second/second.css";
import { SecondHistory } from "~/features/second/history";
import { LastResult } from "~/features/second/last-result";
import { SecondOrderForm } from "~/features/second/order-form";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { PairRoute, PairScreen } from "~/components/pair-screen";
import { pageMeta } from "~/lib/page-meta";
import { pairData } from "~/lib/pair-page.server";
import { requireToken } from "~/lib/session.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  // The second screen requires a token, else 'please login to trade' and the login page (docs/product.md, "Session").
  await requireToken(request, { messageKey: "common:errors.pleaseLoginToTrade" });
  const page = await secondPage({ request, context }, serverChart({ request, context }));
  return pairData(page);
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requireToken(request, { messageKey: "common:errors.pleaseLoginToTrade" });
  return secondAction({ request, context });
}

export default function SecondRoute() {
  return <PairRoute kind="second" screen={SecondScreen} />;
}

function SecondScreen() {
  const data = useLoaderData<typeof loader>();
  const pair = data.pair!;
  const live = useMarketLive({ pair, period: data.period, quotation: data.quotation });
  // The last result: the server's, then each MICRO_CLOSED as it arrives.
  const [last, setLast] = useState<MicroOrder | null>(data.lastClosed);
  useEffect(() => setLast(data.lastClosed), [data.lastClosed]);
  // Phone: pair and price, the form, then the chart, the history and the pairs; desktop: pairs | chart, form | history.
  return (
    <PairScreen
      grid={layout}
      header={<ChartHeader pair={pair} quotation={live.quotation} />}
      form={
        <>
          <SecondOrderForm pairId={pair.id} wallets={data.wallets} options={data.options} initial={data.initial} idemKey={data.key} />
          <LastResult order={last} decimals={pair.decimals} />
        </>
      }
      chart={<ChartPanel pair={pair} period={data.period} bars={live.bars} lang={data.lang} />}
      listId="history"
      list={
        data.list ? (
          <SecondHistory
            list={data.list}
            decimals={pair.decimals}
            pairId={pair.id}
            price={live.quotation?.close ?? null}
            onResult={setLast}
          />
        ) : null
      }
      pairs={<PairList pairs={data.pairs} quotes={["USDT"]} tab="USDT" current={pair.id} live={live.quotes} />}
    />
  );
}

export const meta: MetaFunction<typeof loader> = pageMeta("Second contract");

export function ErrorBoundary() {
  return <GeneralErrorBoundary back={{ href: "/second", labelKey: "nav.second" }} />;
}
