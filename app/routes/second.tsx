import Decimal from "decimal.js";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useEffect, useState } from "react";
import { MICRO_OPTIONS, MICRO_PAGE_SIZE, profitPercent } from "~/contract/core/micro";
import type { MicroOrder, MicroSeconds, MicroWallet } from "~/contract/micro";
import { ChartHeader } from "~/features/trade/chart-header";
import { ChartPanel } from "~/features/trade/chart-panel";
import { PairList } from "~/features/trade/pair-list";
import { pairView } from "~/lib/pair-view";
import * as s from "~/features/trade/trade.css";
import { layout } from "~/features/second/second.css";
import { useTradeLive } from "~/features/trade/use-trade-live";
import { normalizePeriod } from "~/features/trade/chart-periods";
import { renderChartOnServer } from "~/features/trade/chart-bars.server";
import { canonicalAddress, pageParam } from "~/lib/pair-links";
import type { MicroReview, SecondActionData } from "~/features/second/action-data";
import { parseMicroOrder, parseMicroReview } from "~/features/second/forms.server";
import { SecondHistory } from "~/features/second/history";
import { LastResult } from "~/features/second/last-result";
import { recentResult } from "~/features/second/live-state";
import { SecondOrderForm } from "~/features/second/order-form";
import { microPairs, pickMicroPair } from "~/features/second/second.server";
import type { Translate } from "~/features/second/schema";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { NoPairPage } from "~/components/no-pair-page";
import { api, loaded } from "~/lib/api.server";
import { getLang, getT } from "~/lib/i18next.server";
import { refusalMessage } from "~/lib/refusals.server";
import { safeRedirect } from "~/lib/safe-redirect";
import { requireToken } from "~/lib/session.server";
import { redirectOrData } from "~/lib/answer.server";

// Stable: the live hook restarts its state whenever a value it was given changes.
const NO_DEPTH = { in: [], out: [] };
const NO_TRADES: never[] = [];

async function secondT(request: Request): Promise<Translate> {
  const t = await getT(request, "second");
  return (key, options) => t(key, options) as string;
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  // The second screen requires a token, else 'please login to trade' and the login page (docs/product.md, "Session").
  await requireToken(request, { messageKey: "common:errors.pleaseLoginToTrade" });
  const url = new URL(request.url);
  const q = url.searchParams;
  const args = { request, context };
  const [markets, t, lang, walletsR, secondsR] = await Promise.all([
    api(args, "currencyMatches", {}).then(loaded),
    getT(request, "second"),
    getLang(request),
    api(args, "microPayableCurrencies", {}).then(loaded),
    api(args, "microSeconds", {}).then(loaded),
  ]);
  const all = microPairs(markets.ok ? markets.data : []);
  const pair = pickMicroPair(all, q.get("symbol"));
  const canonical = markets.ok ? canonicalAddress(url, pair?.symbol ?? null, "/second") : null;
  if (canonical) throw redirect(canonical);
  const options: MicroSeconds[] = secondsR.ok ? secondsR.data : [];
  const wallets: MicroWallet[] = walletsR.ok ? walletsR.data : [];
  const period = normalizePeriod(q.get("period"));
  const tab: "progress" | "closed" = q.get("orders") === "closed" ? "closed" : "progress";
  const page = pageParam(q);
  const seconds = options.some((o) => String(o.seconds) === q.get("seconds"))
    ? Number(q.get("seconds"))
    : (options[0]?.seconds ?? MICRO_OPTIONS[0].seconds);
  const number = /^\d{1,9}(\.\d{1,8})?$/.test(q.get("number") ?? "") ? (q.get("number") as string) : "";
  let quotation = pair?.currency_quotation ?? null;
  let list = null;
  let lastClosed: MicroOrder | null = null;
  if (pair) {
    const [, dealR, listR, lastR] = await Promise.all([
      renderChartOnServer(args, pair.id, period),
      api(args, "deal", { currency_match_id: pair.id }).then(loaded),
      api(args, "microLists", { match_id: pair.id, status: tab === "progress" ? 1 : 3, page, limit: MICRO_PAGE_SIZE }).then(loaded),
      // The last closed order (its result beside the form): a reload after the countdown shows how it ended.
      api(args, "microLists", { match_id: pair.id, status: 3, page: 1, limit: 1 }),
    ]);
    if (dealR.ok) quotation = dealR.data.quotation;
    list = { tab, page, at: Date.now(), ...(listR.ok ? listR.data : { data: [], total: 0, per_page: MICRO_PAGE_SIZE }) };
    lastClosed = recentResult(lastR.ok ? lastR.data.data[0] : null, Date.now());
  }
  return data(
    {
      title: pair ? t("meta.titlePair", { symbol: pair.symbol }) : t("meta.title"),
      description: t("meta.description"),
      lang,
      pairs: all.map(pairView),
      pair: pair ? pairView(pair) : null,
      period,
      quotation,
      wallets,
      options,
      initial: { number, seconds },
      list,
      lastClosed,
      key: crypto.randomUUID(),
      error: markets.ok ? null : markets.msg || null,
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requireToken(request, { messageKey: "common:errors.pleaseLoginToTrade" });
  const formData = await request.formData();
  const args = { request, context };
  const t = await secondT(request);
  const back = safeRedirect(formData.get("back"), "/second");
  const backTo = back.startsWith("/second") ? back : "/second";
  const intent = formData.get("intent") === "open" ? "open" : "review";
  const [secondsR, walletsR] = await Promise.all([api(args, "microSeconds", {}), api(args, "microPayableCurrencies", {})]);
  const options = secondsR.ok ? secondsR.data : [];
  const wallets = walletsR.ok ? walletsR.data : [];
  const submission = parseMicroOrder(formData, t, { seconds: options.map((o) => o.seconds), decimals: 8 });
  // A confirm carries the review it confirms (shown again if the confirm is refused); one that does not parse (a page
  // older than the server, a hand-made post) is refused before anything is placed, back on the order form.
  const previous = intent === "open" ? parseMicroReview(formData) : null;
  if (intent === "open" && !previous) {
    const result = submission.reply({ formErrors: [t("errors.failed")] });
    return data<SecondActionData>({ intent: "review", ok: false, result, review: null }, { status: 400 });
  }
  if (submission.status !== "success") {
    return data<SecondActionData>({ intent, ok: false, result: submission.reply(), review: previous }, { status: 400 });
  }
  const v = submission.value;
  const option = options.find((o) => o.seconds === Number(v.seconds))!;
  const wallet = wallets.find((w) => w.id === v.currency_id);
  const values = {
    match_id: String(v.match_id),
    currency_id: String(v.currency_id),
    type: v.type,
    seconds: String(option.seconds),
    number: v.number ?? "",
  };
  // The time's stake bounds, on the quantity field before the confirmation (the exchange checks them again).
  const stake = new Decimal(v.number ?? "0");
  const bound = stake.lt(option.min)
    ? t("errors.numberMin", { min: option.min, code: wallet?.code ?? "" })
    : stake.gt(option.max)
      ? t("errors.numberMax", { max: option.max, code: wallet?.code ?? "" })
      : null;
  if (bound)
    return data<SecondActionData>(
      { intent, ok: false, result: submission.reply({ fieldErrors: { number: [bound] } }), review: null },
      { status: 400 },
    );
  if (intent === "review") {
    const review: MicroReview = {
      type: v.type === "2" ? 2 : 1,
      number: v.number ?? "",
      code: wallet?.code ?? "",
      seconds: option.seconds,
      percent: profitPercent(option.profit_ratio),
      values,
      key: v.idempotency_key || crypto.randomUUID(),
    };
    return data<SecondActionData>({ intent, ok: true, result: submission.reply(), review });
  }
  const placed = await api(args, "microSubmit", {
    match_id: v.match_id,
    currency_id: v.currency_id,
    type: Number(v.type),
    seconds: option.seconds,
    number: v.number ?? "",
    idempotency_key: v.idempotency_key,
  });
  if (!placed.ok) {
    const msg = await refusalMessage(request, placed, async () => {
      const w = await api(args, "microPayableCurrencies", {});
      const found = w.ok ? w.data.find((x) => x.id === v.currency_id) : undefined;
      return found ? { amount: found.micro_account.balance, code: found.code } : null;
    });
    return data<SecondActionData>(
      { intent, ok: false, result: submission.reply({ formErrors: [msg || t("errors.failed")] }), review: previous },
      { status: 400 },
    );
  }
  const message = t("toast.placed", { seconds: option.seconds });
  return redirectOrData<SecondActionData>(request, formData, {
    to: backTo,
    toast: { kind: "success", message },
    data: { intent, ok: true, result: submission.reply(), review: null, message },
  });
}

export default function SecondRoute() {
  const data = useLoaderData<typeof loader>();
  return data.pair ? <SecondScreen key={data.pair.id} /> : <NoPairPage ns="second" error={data.error} />;
}

function SecondScreen() {
  const data = useLoaderData<typeof loader>();
  const pair = data.pair!;
  const live = useTradeLive({
    pair,
    period: data.period,
    loggedIn: false,
    depth: NO_DEPTH,
    trades: NO_TRADES,
    quotation: data.quotation,
    balances: null,
    orders: null,
    ordersView: { tab: "current", way: null, page: 1 },
  });
  // The last result: the server's, then each MICRO_CLOSED as it arrives.
  const [last, setLast] = useState<MicroOrder | null>(data.lastClosed);
  useEffect(() => setLast(data.lastClosed), [data.lastClosed]);
  // Phone: pair and price, the form, then the chart, the history and the pairs; desktop: pairs | chart, form | history.
  return (
    <main className={s.page}>
      <div className={layout}>
        <div className={s.area.header}>
          <ChartHeader pair={pair} quotation={live.quotation} />
        </div>
        <div className={s.area.forms}>
          <SecondOrderForm pairId={pair.id} wallets={data.wallets} options={data.options} initial={data.initial} idemKey={data.key} />
          <LastResult order={last} decimals={pair.decimals} />
        </div>
        <div className={s.area.chart} id="chart">
          <ChartPanel pair={pair} period={data.period} bars={live.bars} lang={data.lang} />
        </div>
        <div className={s.area.orders} id="history">
          {data.list ? (
            <SecondHistory
              list={data.list}
              decimals={pair.decimals}
              pairId={pair.id}
              price={live.quotation?.close ?? null}
              onResult={setLast}
            />
          ) : null}
        </div>
        <div className={s.area.pairs} id="pairs">
          <PairList pairs={data.pairs} quotes={["USDT"]} tab="USDT" current={pair.id} live={live.quotes} />
        </div>
      </div>
    </main>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.title ?? "Second contract" },
  ...(data?.description ? [{ name: "description", content: data.description }] : []),
];

export function ErrorBoundary() {
  return <GeneralErrorBoundary back={{ href: "/second", labelKey: "nav.second" }} />;
}
