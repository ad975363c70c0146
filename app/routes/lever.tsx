import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useCallback, useState } from "react";
import Decimal from "decimal.js";
import { LEVER_HANDS_DEFAULT, LEVER_TYPE, leverQuote, type LeverType } from "~/contract/core/lever";
import type { Deal } from "~/contract/entities";
import type { LeverDeal } from "~/contract/lever";
import { ChartHeader } from "~/features/trade/chart-header";
import { ChartPanel } from "~/features/trade/chart-panel";
import { OrderBook } from "~/features/trade/order-book";
import { PairList } from "~/features/trade/pair-list";
import { RecentTrades } from "~/features/trade/recent-trades";
import * as s from "~/features/trade/trade.css";
import { useTradeLive } from "~/features/trade/use-trade-live";
import { normalizePeriod } from "~/features/trade/chart-periods";
import { renderChartOnServer } from "~/features/trade/chart-bars.server";
import { canonicalAddress } from "~/lib/pair-links";
import { JumpNav } from "~/features/trade/jump-nav";
import type { LeverActionData, LeverReview } from "~/features/lever/action-data";
import { parseLeverOrder, parseRowAction, parseStops } from "~/features/lever/forms.server";
import {
  closeAskOf,
  leverGroups,
  leverPairView,
  leverQuoteTabs,
  loadTab,
  openPositions,
  pickLeverPair,
} from "~/features/lever/lever.server";
import { closeSummary, withoutConfirm } from "~/features/lever/close-rules";
import { estimatedLiquidation } from "~/features/lever/risk-rules";
import { CloseConfirm } from "~/features/lever/close-confirm";
import { LeverOrderForm } from "~/features/lever/order-form";
import { PositionsPanel } from "~/features/lever/positions-panel";
import { RiskHeader } from "~/features/lever/risk-header";
import type { Translate } from "~/features/lever/schema";
import { leverTabOf } from "~/features/lever/tabs";
import { useLeverLive } from "~/features/lever/use-lever-live";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { api, loaded } from "~/lib/api.server";
import { getLang, getT } from "~/lib/i18next.server";
import { refusalMessage } from "~/lib/refusals.server";
import { safeRedirect } from "~/lib/safe-redirect";
import { requireToken } from "~/lib/session.server";
import { redirectOrData } from "~/lib/answer.server";
import { useTranslation } from "~/lib/translate";

async function leverT(request: Request): Promise<Translate> {
  const t = await getT(request, "lever");
  return (key, options) => t(key, options) as string;
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  // The lever screen requires a token, else 'please login to trade' and the login page (docs/product.md, "Session").
  await requireToken(request, {
    messageKey: "common:errors.pleaseLoginToTrade",
  });
  const url = new URL(request.url);
  const q = url.searchParams;
  const args = { request, context };
  const [markets, t, lang] = await Promise.all([api(args, "currencyMatches", {}).then(loaded), getT(request, "lever"), getLang(request)]);
  const groups = leverGroups(markets.ok ? markets.data : []);
  const pair = pickLeverPair(groups, q.get("symbol"));
  const canonical = markets.ok ? canonicalAddress(url, pair?.symbol ?? null, "/lever") : null;
  if (canonical) throw redirect(canonical);
  const quotes = leverQuoteTabs(groups);
  const askedTab = (q.get("tab") ?? "").toUpperCase();
  const tab = quotes.includes(askedTab) ? askedTab : (pair?.quote_currency_code.toUpperCase() ?? quotes[0] ?? "");
  const pairs = groups.filter((g) => g.code.toUpperCase() === tab).flatMap((g) => g.matches.map(leverPairView));
  const period = normalizePeriod(q.get("period"));
  const ordersTab = leverTabOf(q.get("orders"));
  const page = Math.max(1, Math.min(10_000, Number.parseInt(q.get("page") ?? "1", 10) || 1));
  const otype: "limit" | "market" = q.get("otype") === "limit" ? "limit" : "market";
  const side: "buy" | "sell" = q.get("side") === "sell" ? "sell" : "buy";

  let deal: Deal | null = null;
  let order: LeverDeal | null = null;
  let risk: { hazard: string | null; profit: string; margin: string } = {
    hazard: null,
    profit: "0",
    margin: "0",
  };
  let list = null;
  // A close asked for (`?confirm=close&id=…`, `?confirm=batch&type=…`): the server names what it will close.
  const ask = closeAskOf(q);
  let confirm = null;
  if (pair) {
    const [dealR, , orderR, allR, listR] = await Promise.all([
      api(args, "deal", { currency_match_id: pair.id }).then(loaded),
      renderChartOnServer(args, pair.id, period),
      api(args, "leverDeal", { currency_match_id: pair.id }).then(loaded),
      api(args, "leverDealall", { currency_match_id: pair.id, page: 1 }).then(loaded),
      loadTab(args, ordersTab, pair.id, page),
    ]);
    deal = dealR.ok ? dealR.data : null;
    order = orderR.ok ? orderR.data : null;
    if (allR.ok)
      risk = {
        hazard: allR.data.hazard_rate,
        profit: allR.data.profits_all,
        margin: allR.data.caution_money_all,
      };
    list = listR;
    if (ask) confirm = { ask, summary: closeSummary(await openPositions(args, pair.id), ask), key: crypto.randomUUID() };
  }
  return data(
    {
      title: pair ? t("meta.titlePair", { symbol: pair.symbol }) : t("meta.title"),
      description: t("meta.description"),
      lang,
      quotes,
      tab,
      pairs,
      pair: pair ? leverPairView(pair) : null,
      period,
      otype,
      side,
      depth: deal?.depth ?? { in: [], out: [] },
      trades: deal?.tx_completes ?? [],
      quotation: deal?.quotation ?? pair?.currency_quotation ?? null,
      order,
      risk,
      list: list ? { tab: ordersTab, page, ...list } : null,
      confirm,
      key: crypto.randomUUID(),
      error: markets.ok ? null : markets.msg || null,
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requireToken(request, {
    messageKey: "common:errors.pleaseLoginToTrade",
  });
  const formData = await request.formData();
  const args = { request, context };
  const t = await leverT(request);
  const back = withoutConfirm(safeRedirect(formData.get("back"), "/lever"));
  const backTo = back.startsWith("/lever") ? back : "/lever";
  const intent = String(formData.get("intent") ?? "");
  const done = (message: string, jsAnswer: LeverActionData) =>
    redirectOrData(request, formData, { to: backTo, toast: { kind: "success", message }, data: jsAnswer });
  const failed = (message: string, jsAnswer: LeverActionData) =>
    redirectOrData(request, formData, { to: backTo, toast: { kind: "error", message }, data: jsAnswer });

  if (intent === "review" || intent === "open") {
    const pairId = Number.parseInt(String(formData.get("currency_match_id") ?? ""), 10);
    const markets = await api(args, "currencyMatches", {});
    const pair = markets.ok
      ? leverGroups(markets.data)
          .flatMap((g) => g.matches)
          .find((p) => p.id === pairId)
      : undefined;
    const decimals = pair?.price_precision ?? 4;
    const submission = parseLeverOrder(formData, t, {
      decimals,
      withPassword: intent === "open",
    });
    if (submission.status !== "success") {
      const review = intent === "open" ? reviewFromForm(formData) : null;
      return data<LeverActionData>({ intent, ok: false, result: submission.reply(), review }, { status: 400 });
    }
    const v = submission.value;
    if (!pair)
      return data<LeverActionData>(
        {
          intent,
          ok: false,
          result: submission.reply({ formErrors: [t("errors.failed")] }),
          review: null,
        },
        { status: 400 },
      );
    const type = Number(v.type) as LeverType;
    const status = Number(v.status) as 0 | 1;
    const values: Record<string, string> = {
      currency_match_id: String(pair.id),
      type: v.type,
      status: v.status,
      target_price: v.target_price ?? "",
      multiple: v.multiple ?? "",
      share: v.share ?? "",
      target_profit_price: v.target_profit_price ?? "",
      stop_loss_price: v.stop_loss_price ?? "",
    };
    if (intent === "review") {
      const [info, all] = await Promise.all([
        api(args, "leverDeal", { currency_match_id: pair.id }),
        api(args, "leverDealall", { currency_match_id: pair.id, page: 1 }),
      ]);
      const from = status === 0 ? (v.target_price ?? "0") : info.ok ? info.data.price : pair.currency_quotation.close;
      const quote = leverQuote({
        price: from,
        type,
        hands: Number(v.share),
        multiple: Number(v.multiple),
        terms: {
          pointRate: pair.lever_point_rate,
          shareNum: pair.lever_share_num,
          feeRate: pair.lever_fee_rate,
          pricePrecision: decimals,
        },
      });
      const review: LeverReview = {
        type: type === LEVER_TYPE.LONG ? 1 : 2,
        status,
        price: new Decimal(from).toFixed(decimals),
        openPrice: quote.openPrice,
        hands: Number(v.share),
        multiple: Number(v.multiple),
        number: quote.number,
        fee: quote.fee,
        margin: quote.margin,
        takeProfit: v.target_profit_price ?? "",
        stopLoss: v.stop_loss_price ?? "",
        liquidation:
          info.ok && all.ok
            ? estimatedLiquidation({
                type,
                price: from,
                openPrice: quote.openPrice,
                number: quote.number,
                margin: quote.margin,
                fee: quote.fee,
                available: info.data.user_lever,
                marginInUse: all.data.caution_money_all,
                profit: all.data.profits_all,
                pricePrecision: decimals,
                line: info.data.liquidation_line,
              })
            : null,
        values,
        key: String(formData.get("idempotency_key") ?? "") || crypto.randomUUID(),
      };
      return data<LeverActionData>({
        intent,
        ok: true,
        result: submission.reply(),
        review,
      });
    }
    // intent === "open": the confirmation's form, with the trade password.
    const placed = await api(args, "leverSubmit", {
      ...values,
      currency_match_id: pair.id,
      type,
      status,
      password: v.password ?? "",
      idempotency_key: v.idempotency_key,
    });
    if (!placed.ok) {
      const field = placed.reason?.field;
      const msg = await refusalMessage(request, placed, async () => {
        const info = await api(args, "leverDeal", {
          currency_match_id: pair.id,
        });
        return info.ok ? { amount: info.data.user_lever, code: info.data.currency.code } : null;
      });
      const shown = msg || t("errors.failed");
      const onField =
        field && ["password", "target_price", "share", "multiple", "target_profit_price", "stop_loss_price"].includes(field) ? field : null;
      const result = onField ? submission.reply({ fieldErrors: { [onField]: [shown] } }) : submission.reply({ formErrors: [shown] });
      return data<LeverActionData>(
        {
          intent,
          ok: false,
          result,
          review: reviewFromForm(formData),
          error: onField ? undefined : shown,
          needs: placed.reason?.key === "pay_password_not_set" ? "tradePassword" : undefined,
        },
        { status: 400 },
      );
    }
    const message = status === 0 ? t("toast.pending", { price: placed.data.origin_price }) : t("toast.opened");
    return done(message, {
      intent,
      ok: true,
      result: submission.reply({ resetForm: true }),
      review: null,
      message,
    });
  }

  if (intent === "setstop") {
    const id = Number.parseInt(String(formData.get("id") ?? ""), 10) || 0;
    const decimals = Math.max(0, Math.min(12, Number.parseInt(String(formData.get("decimals") ?? "8"), 10) || 8));
    const submission = parseStops(formData, t, decimals);
    if (submission.status !== "success")
      return data<LeverActionData>({ intent, ok: false, id, result: submission.reply() }, { status: 400 });
    const v = submission.value;
    const r = await api(args, "leverSetstop", {
      id: v.id,
      target_profit_price: v.target_profit_price ?? "",
      stop_loss_price: v.stop_loss_price ?? "",
    });
    if (!r.ok) {
      const field = r.reason?.field === "target_profit_price" || r.reason?.field === "stop_loss_price" ? r.reason.field : null;
      const result = field
        ? submission.reply({ fieldErrors: { [field]: [r.msg] } })
        : submission.reply({ formErrors: [r.msg || t("errors.failed")] });
      return failed(r.msg || t("errors.failed"), { intent, ok: false, id, result });
    }
    return done(t("toast.stops"), {
      intent,
      ok: true,
      id,
      result: submission.reply(),
      message: t("toast.stops"),
    });
  }

  const row = parseRowAction(formData);
  if (!row.success) return data<LeverActionData>({ intent: "close", ok: false, id: 0, msg: t("errors.failed") }, { status: 400 });
  const a = row.data;
  if (a.intent === "batch") {
    const r = await api(args, "leverBatchClose", {
      type: Number(a.type),
      currency_match_id: a.currency_match_id,
    });
    if (!r.ok)
      return failed(r.msg || t("errors.failed"), {
        intent: "batch",
        ok: false,
        id: 0,
        msg: r.msg || t("errors.failed"),
      });
    const message = t("toast.batch", { count: r.data.closed });
    return done(message, { intent: "batch", ok: true, id: 0, message });
  }
  const r = await api(args, a.intent === "close" ? "leverClose" : "leverCancel", { id: a.id });
  if (!r.ok)
    return failed(r.msg || t("errors.failed"), {
      intent: a.intent,
      ok: false,
      id: a.id,
      msg: r.msg || t("errors.failed"),
    });
  const message = t(a.intent === "close" ? "toast.closed" : "toast.cancelled");
  return done(message, { intent: a.intent, ok: true, id: a.id, message });
}

/** The confirmation again after a refused confirm (wrong trade password…): rebuilt from the posted values. */
function reviewFromForm(formData: FormData): LeverReview | null {
  const g = (k: string) => String(formData.get(k) ?? "");
  const rv = g("review");
  if (!rv) return null;
  try {
    const parsed = JSON.parse(rv) as LeverReview;
    return typeof parsed === "object" && parsed && typeof parsed.margin === "string" ? parsed : null;
  } catch {
    return null;
  }
}

export default function LeverRoute() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation("lever");
  if (!data.pair) {
    return (
      <main className={s.emptyPage}>
        <h1>{t("title")}</h1>
        <p role="alert">{data.error ?? t("noPairs")}</p>
        <Link to="/markets">{t("toMarkets")}</Link>
      </main>
    );
  }
  return <LeverScreen key={data.pair.id} />;
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
