import { data } from "@remix-run/node";
import { fieldOfReason } from "~/contract/core/codes";
import { ORDER_WAY, SPOT_ORDER_STATUS } from "~/contract/core/trading";
import type { Pair, SpotOrder } from "~/contract/entities";
import { redirectOrData, type FormActionContext } from "~/lib/answer.server";
import { formatAmount } from "~/lib/amount";
import { formatPrice } from "~/lib/money";
import { api, type ApiArgs } from "~/lib/api.server";
import { postedForm } from "~/lib/forms.server";
import { getLang, getT } from "~/lib/i18next.server";
import { backOnScreen } from "~/lib/pair-links";
import { refusalMessage } from "~/lib/refusals.server";
import { safeRedirect } from "~/lib/safe-redirect";
import { requireToken } from "~/lib/session.server";
import type { TradeActionData } from "./action-data";
import { parseCancel, parseOrder } from "./forms.server";
import {
  bestPrice,
  farFromBest,
  holdPrice,
  ORDER_TYPES,
  PRICE_DECIMALS,
  sliderQuantity,
  snapPercent,
  type OrderType,
  type Side,
} from "./order-input";
import { pairById } from "./pairs.server";
import { ORDER_FIELD_REASONS, type Translate } from "./schema";

type Ctx = FormActionContext<Translate>;

/** A refusal shown on the form that was posted: the page stays, in both modes. */
const refused = (answer: TradeActionData) => data<TradeActionData>(answer, { status: 400 });

/**
 * /trade's action (docs/product.md, "/trade"): an order placed (`buy`, `sell`), one order cancelled (`cancel`) and
 * every working order of the pair or of the account cancelled (`cancel-all`). A final outcome answers through
 * `redirectOrData` (docs/decisions/026-redirect-or-data.md); a refusal of what was typed is data in both modes.
 */
export async function tradeAction(args: ApiArgs) {
  const { request } = args;
  const formData = await postedForm(request);
  const t = await tradeT(request);
  const to = backOnScreen(safeRedirect(formData.get("back"), "/trade"), "/trade");
  // Logged-out users cannot submit orders (docs/product.md, "/trade"); after signing in they come back to the screen.
  await requireToken(request, { messageKey: "common:errors.pleaseLoginToTrade", returnTo: to });
  const ctx: Ctx = { args, request, formData, t, to };
  const intent = formData.get("intent");
  switch (intent) {
    case "buy":
    case "sell":
      return placeOrder(ctx, intent);
    case "cancel":
      return cancelOne(ctx);
    case "cancel-all":
      return cancelAll(ctx);
    default:
      return refused({ intent: "cancel", ok: false, id: 0, msg: t("errors.failed") });
  }
}

async function tradeT(request: Request): Promise<Translate> {
  const t = await getT(request, "trade");
  return (key, options) => t(key, options) as string;
}

/** A buy or sell order of any type (limit, market, stop-limit, OCO), checked as the exchange checks it, then placed. */
async function placeOrder(ctx: Ctx, side: Side) {
  const { args, request, formData, t } = ctx;
  const pairId = Number.parseInt(String(formData.get("currency_match_id") ?? ""), 10);
  const pair = await pairById(args, pairId);
  const decimals = pair?.price_precision ?? PRICE_DECIMALS;
  const rawType = String(formData.get("type") ?? "");
  const type: OrderType = (ORDER_TYPES as readonly string[]).includes(rawType) ? (rawType as OrderType) : "limit";

  // A market order takes the best price of the book (none → 'no best price at the moment', before
  // the quantity is looked at). Unknown when the book could not be read: the exchange decides then.
  // A stop's trigger (and an OCO's limit price) is checked against the last price, as the exchange checks it. A limit
  // order's price is compared with the best price it would take.
  const deal = pair ? await api(args, "deal", { currency_match_id: pair.id }) : null;
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
  if (submission.status !== "success") return refused({ intent: side, ok: false, result: submission.reply() });
  const v = submission.value;
  // A post-only order never takes: it is refused or rests, so its price is not asked about.
  const far =
    v.type === "limit" && v.time_in_force !== "post_only" && v.price && deal?.ok
      ? await farPriceReply(ctx, side, v.price, bestPrice(deal.data.depth, side), decimals)
      : null;
  if (far) return refused({ intent: side, ok: false, far: v.price, result: submission.reply({ fieldErrors: { price: [far] } }) });
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
          time_in_force: v.type === "limit" ? v.time_in_force : undefined,
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
    return refused({
      intent: side,
      ok: false,
      result: submission.reply(field ? { fieldErrors: { [field]: [text] } } : { formErrors: [text] }),
    });
  }
  const message = "limit" in placed.data ? t("conditional.ocoPlaced") : await placedMessage(request, t, placed.data, pair);
  // With JavaScript the page stays; the same words as the redirect's toast are announced (features/trade/trade-form).
  return redirectOrData<TradeActionData>(request, formData, {
    to: ctx.to,
    toast: { kind: "success", message },
    data: {
      intent: side,
      ok: true,
      result: submission.reply({ resetForm: true }),
      orderId: "limit" in placed.data ? placed.data.limit.id : placed.data.id,
      message,
    },
  });
}

/**
 * A limit price far beyond the best price the order would take (a buy more than FAR_FROM_BEST_PERCENT above the lowest
 * ask, a sell as far below the highest bid) is asked about first, on the price: it would trade at once at up to that
 * price, and rest there after sweeping the book (docs/product.md, "/trade"). The form then offers to place it at that
 * price anyway (`confirm_far`, which must name the same price). Null when it goes ahead.
 */
async function farPriceReply(ctx: Ctx, side: Side, price: string, best: string | null, decimals: number): Promise<string | null> {
  const percent = farFromBest(side, price, best);
  if (!percent || String(ctx.formData.get("confirm_far") ?? "") === price) return null;
  const lang = await getLang(ctx.request);
  return ctx.t(side === "buy" ? "errors.farAboveAsk" : "errors.farBelowBid", {
    percent: formatAmount(percent, { lang, dp: 2 }),
    price: formatPrice(best, decimals, lang),
  });
}

/**
 * What an accepted order says: placed, or for an immediate-or-cancel order whose rest was revoked at once, how much of
 * it filled (docs/product.md, "/trade").
 */
async function placedMessage(request: Request, t: Translate, order: SpotOrder, pair: Pair | undefined): Promise<string> {
  if (order.type === "stop_limit") return t("conditional.stopPlaced");
  if (order.status !== SPOT_ORDER_STATUS.REVOKED || order.type !== "limit") return t("toast.placed");
  const lang = await getLang(request);
  return t("toast.iocRevoked", {
    filled: formatAmount(order.transacted_amount, { lang, minDp: 0, maxDp: 8 }),
    number: formatAmount(order.number, { lang, minDp: 0, maxDp: 8 }),
    base: pair?.base_currency_code ?? "",
  });
}

/** One working order (of either side) withdrawn; a refusal (too late: it filled) is said as a whole. */
async function cancelOne(ctx: Ctx) {
  const { args, request, formData, t } = ctx;
  const parsed = parseCancel(formData);
  if (!parsed.success) return refused({ intent: "cancel", ok: false, id: 0, msg: t("errors.failed") });
  const { id, way } = parsed.data;
  const r = await api(args, way === ORDER_WAY.BUY ? "txInCancel" : "txOutCancel", { id });
  if (r.ok) {
    const message = t("toast.cancelled");
    return redirectOrData<TradeActionData>(request, formData, {
      to: ctx.to,
      toast: { kind: "success", message },
      data: { intent: "cancel", ok: true, id, message },
    });
  }
  const msg = r.msg || t("errors.failed");
  return redirectOrData<TradeActionData>(request, formData, {
    to: ctx.to,
    toast: { kind: "error", message: msg },
    data: { intent: "cancel", ok: false, id, msg },
  });
}

/** Every working order of the pair posted (or of the account, without one) cancelled, after the 'cancel all?' count. */
async function cancelAll(ctx: Ctx) {
  const { args, request, formData, t } = ctx;
  const raw = String(formData.get("currency_match_id") ?? "");
  const pairId = /^\d{1,9}$/.test(raw) ? Number(raw) : undefined;
  const r = await api(args, "txCancelAll", { currency_match_id: pairId });
  const tc = await getT(request);
  const message = r.ok ? tc("cancelAll.done", { count: r.data.cancelled }) : r.msg || t("errors.failed");
  return redirectOrData<TradeActionData>(request, formData, {
    to: ctx.to,
    toast: { kind: r.ok ? "success" : "error", message },
    data: r.ok ? { intent: "cancel-all", ok: true, message } : { intent: "cancel-all", ok: false, msg: message },
  });
}
