import { data } from "@remix-run/node";
import Decimal from "decimal.js";
import { LEVER_TYPE, leverQuote, type LeverType } from "~/contract/core/lever";
import { redirectOrData } from "~/lib/answer.server";
import { api, type ApiArgs } from "~/lib/api.server";
import { postedForm } from "~/lib/forms.server";
import { getT } from "~/lib/i18next.server";
import { backOnScreen } from "~/lib/pair-links";
import { refusalMessage } from "~/lib/refusals.server";
import { safeRedirect } from "~/lib/safe-redirect";
import type { LeverActionData, LeverReview } from "./action-data";
import { withoutConfirm } from "./close-rules";
import { parseLeverOrder, parseLeverReview, parseRowAction, parseStops } from "./forms.server";
import { leverGroups } from "./lever.server";
import { estimatedLiquidation } from "./risk-rules";
import type { Translate } from "./schema";

/** What every intent of /lever's action works with: the posted form, the lever translator and the two answers. */
type Ctx = {
  args: ApiArgs;
  request: Request;
  formData: FormData;
  t: Translate;
  /** A success or a refusal told as a toast after a redirect (no JavaScript), else as data (docs/decisions/026-redirect-or-data.md). */
  done: (message: string, jsAnswer: LeverActionData) => ReturnType<typeof redirectOrData<LeverActionData>>;
  failed: (message: string, jsAnswer: LeverActionData) => ReturnType<typeof redirectOrData<LeverActionData>>;
};

/** A refusal shown on the form that was posted: the page stays, in both modes. */
const refused = (answer: LeverActionData) => data<LeverActionData>(answer, { status: 400 });

/**
 * /lever's action (docs/product.md, "/lever"): the order's review and its confirm (`open`), a position's stops
 * (`setstop`), and the row actions (`close`, `cancel`, and `batch`, which closes the pair's positions of a side).
 */
export async function leverAction(args: ApiArgs) {
  const { request } = args;
  const formData = await postedForm(request);
  const t = await leverT(request);
  const to = backOnScreen(withoutConfirm(safeRedirect(formData.get("back"), "/lever")), "/lever");
  const ctx: Ctx = {
    args,
    request,
    formData,
    t,
    done: (message, jsAnswer) => redirectOrData(request, formData, { to, toast: { kind: "success", message }, data: jsAnswer }),
    failed: (message, jsAnswer) => redirectOrData(request, formData, { to, toast: { kind: "error", message }, data: jsAnswer }),
  };
  const intent = String(formData.get("intent") ?? "");
  switch (intent) {
    case "review":
      return review(ctx);
    case "open":
      return open(ctx);
    case "setstop":
      return setStops(ctx);
    default:
      return rowAction(ctx);
  }
}

async function leverT(request: Request): Promise<Translate> {
  const t = await getT(request, "lever");
  return (key, options) => t(key, options) as string;
}

/** The order form as posted (for a review, or with the trade password for the confirm), checked against its pair. */
async function orderOf(ctx: Ctx, intent: "review" | "open") {
  const { args, formData, t } = ctx;
  const pairId = Number.parseInt(String(formData.get("currency_match_id") ?? ""), 10);
  const markets = await api(args, "currencyMatches", {});
  const pair = markets.ok
    ? leverGroups(markets.data)
        .flatMap((g) => g.matches)
        .find((p) => p.id === pairId)
    : undefined;
  const decimals = pair?.price_precision ?? 4;
  const submission = parseLeverOrder(formData, t, { decimals, withPassword: intent === "open" });
  // A confirm carries the review it confirms (shown again if the confirm is refused); one that does not parse (a page
  // older than the server, a hand-made post) is refused before anything is placed, back on the order form.
  const review = intent === "open" ? parseLeverReview(formData) : null;
  if (intent === "open" && !review) {
    const result = submission.reply({ formErrors: [t("errors.failed")], hideFields: ["password"] });
    return { refusal: refused({ intent: "review", ok: false, result, review: null }) } as const;
  }
  if (submission.status !== "success") return { refusal: refused({ intent, ok: false, result: submission.reply(), review }) } as const;
  if (!pair)
    return {
      refusal: refused({ intent, ok: false, result: submission.reply({ formErrors: [t("errors.failed")] }), review: null }),
    } as const;
  const v = submission.value;
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
  return { pair, decimals, submission, v, values, review, type: Number(v.type) as LeverType, status: Number(v.status) as 0 | 1 } as const;
}

/** 'Buy long' / 'Sell short': the confirmation's figures (hands, multiple, fee, margin, estimated liquidation). */
async function review(ctx: Ctx) {
  const order = await orderOf(ctx, "review");
  if ("refusal" in order) return order.refusal;
  const { args, formData } = ctx;
  const { pair, decimals, submission, v, values, type, status } = order;
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
    terms: { pointRate: pair.lever_point_rate, shareNum: pair.lever_share_num, feeRate: pair.lever_fee_rate, pricePrecision: decimals },
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
  return data<LeverActionData>({ intent: "review", ok: true, result: submission.reply(), review });
}

/** The order fields a refusal of the exchange may name; any other refusal is said above the form. */
const ORDER_FIELDS = ["password", "target_price", "share", "multiple", "target_profit_price", "stop_loss_price"];

/** The confirmation's form, with the trade password: opens the position (or places the fixed-price order). */
async function open(ctx: Ctx) {
  const order = await orderOf(ctx, "open");
  if ("refusal" in order) return order.refusal;
  const { args, request, t } = ctx;
  const { pair, submission, v, values, review, type, status } = order;
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
      const info = await api(args, "leverDeal", { currency_match_id: pair.id });
      return info.ok ? { amount: info.data.user_lever, code: info.data.currency.code } : null;
    });
    const shown = msg || t("errors.failed");
    const onField = field && ORDER_FIELDS.includes(field) ? field : null;
    const result = onField ? submission.reply({ fieldErrors: { [onField]: [shown] } }) : submission.reply({ formErrors: [shown] });
    return refused({
      intent: "open",
      ok: false,
      result,
      review,
      error: onField ? undefined : shown,
      needs: placed.reason?.key === "pay_password_not_set" ? "tradePassword" : undefined,
    });
  }
  const message = status === 0 ? t("toast.pending", { price: placed.data.origin_price }) : t("toast.opened");
  return ctx.done(message, { intent: "open", ok: true, result: submission.reply({ resetForm: true }), review: null, message });
}

/** A position's take-profit and stop-loss. */
async function setStops(ctx: Ctx) {
  const { args, formData, t } = ctx;
  const intent = "setstop";
  const id = Number.parseInt(String(formData.get("id") ?? ""), 10) || 0;
  const decimals = Math.max(0, Math.min(12, Number.parseInt(String(formData.get("decimals") ?? "8"), 10) || 8));
  const submission = parseStops(formData, t, decimals);
  if (submission.status !== "success") return refused({ intent, ok: false, id, result: submission.reply() });
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
    return ctx.failed(r.msg || t("errors.failed"), { intent, ok: false, id, result });
  }
  return ctx.done(t("toast.stops"), { intent, ok: true, id, result: submission.reply(), message: t("toast.stops") });
}

/** A row's button (close or cancel one) or a batch close; anything else is refused. */
async function rowAction(ctx: Ctx) {
  const row = parseRowAction(ctx.formData);
  if (!row.success) return refused({ intent: "close", ok: false, id: 0, msg: ctx.t("errors.failed") });
  const a = row.data;
  switch (a.intent) {
    case "batch":
      return closeBatch(ctx, Number(a.type), a.currency_match_id);
    case "close":
      return closeOne(ctx, a.id);
    case "cancel":
      return cancelOne(ctx, a.id);
  }
}

/** The pair's positions of a side (0 all, 1 long, 2 short), closed at the market. */
async function closeBatch(ctx: Ctx, type: number, pairId: number) {
  const { t } = ctx;
  const r = await api(ctx.args, "leverBatchClose", { type, currency_match_id: pairId });
  if (!r.ok) return ctx.failed(r.msg || t("errors.failed"), { intent: "batch", ok: false, id: 0, msg: r.msg || t("errors.failed") });
  const message = t("toast.batch", { count: r.data.closed });
  return ctx.done(message, { intent: "batch", ok: true, id: 0, message });
}

/** One open position, closed at the market. */
async function closeOne(ctx: Ctx, id: number) {
  const r = await api(ctx.args, "leverClose", { id });
  return rowAnswer(ctx, "close", id, r.ok ? null : r.msg, "toast.closed");
}

/** One pending fixed-price order, withdrawn. */
async function cancelOne(ctx: Ctx, id: number) {
  const r = await api(ctx.args, "leverCancel", { id });
  return rowAnswer(ctx, "cancel", id, r.ok ? null : r.msg, "toast.cancelled");
}

/** A row action's answer: the exchange's refusal (`refusal`, '' when it gave no words), else the success toast. */
function rowAnswer(ctx: Ctx, intent: "close" | "cancel", id: number, refusal: string | null, toastKey: string) {
  const { t } = ctx;
  if (refusal !== null) return ctx.failed(refusal || t("errors.failed"), { intent, ok: false, id, msg: refusal || t("errors.failed") });
  const message = t(toastKey);
  return ctx.done(message, { intent, ok: true, id, message });
}
