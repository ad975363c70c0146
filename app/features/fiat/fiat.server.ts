import { randomUUID } from "node:crypto";
import { data } from "@remix-run/node";
import type { SubmissionResult } from "@conform-to/react";
import type { Reason } from "~/contract/core/codes";
import type { P2POrder } from "~/contract/p2p";
import { uploadImage } from "~/lib/uploads.server";
import { api, type ApiArgs } from "~/lib/api.server";
import { getT } from "~/lib/i18next.server";
import { parsePage } from "~/lib/pager";
import { redirectWithToast } from "~/lib/session.server";
import { fiatFormT, parseForm, refusalReply, replyWith } from "./forms.server";
import type { FormName } from "./schemas";

/**
 * What an order page's or an ad list's action answers when it refuses: conform's reply (errors on their fields or on
 * the form, the input kept minus secrets), for the form of `intent` (and of the ad `adId` on the ad list).
 */
export type FiatActionData = {
  intent: string;
  adId?: number;
  result: SubmissionResult<string[]>;
  /** A refusal that needs another screen first (identity verification before trading with merchants). */
  needs?: "identity";
};

export const fiatT = (request: Request) => getT(request, "fiat");

/** A key per rendered form, so a double-posted order or ad is created once (the exchange remembers the first answer). */
export const newKey = () => randomUUID();

const str = (form: FormData, name: string, max = 64) =>
  String(form.get(name) ?? "")
    .trim()
    .slice(0, max);
const id = (v: string) => (/^\d{1,9}$/.test(v) && v !== "0" ? Number(v) : 0);

/** The refusal of a form, with status 400. */
export const refusedWith = (answer: FiatActionData) => data<FiatActionData>(answer, { status: 400 });

/** /legalIndex/legal: an order on an ad, by fiat amount or coin quantity; on success the order's page. */
export async function createOrder(args: ApiArgs, form: FormData) {
  const adId = id(str(form, "ad_id"));
  const t = await fiatFormT(args.request);
  const submission = parseForm("order", form, t);
  if (submission.status !== "success") return refusedWith({ intent: "order", adId, result: submission.reply() });
  const r = await api(args, "legalOrderCreate", {
    ad_id: adId,
    by: submission.value.by,
    value: submission.value.value,
    idempotency_key: str(form, "idempotency_key") || undefined,
  });
  if (!r.ok && r.reason?.key === "p2p_identity_required")
    return refusedWith({ intent: "order", adId, result: submission.reply({ formErrors: [r.msg] }), needs: "identity" });
  if (!r.ok) return refusedWith({ intent: "order", adId, result: refusalReply(submission, r, { value: ["insufficient_balance"] }) });
  throw await redirectWithToast(args.request, `/legalIndex/orderdetail?id=${r.data.id}`, { kind: "success", message: t("order.placed") });
}

/** An order's page (for either party): the order and its chat, or null when it is not theirs. */
export async function loadOrder(args: ApiArgs, url: URL) {
  const orderId = id(url.searchParams.get("id") ?? "");
  if (!orderId) return null;
  const r = await api(args, "legalOrderDetail", { id: orderId });
  return r.ok ? r.data : null;
}

const ORDER_INTENTS = ["voucher", "pay", "cancel", "confirm", "delay", "abnormal", "appeal", "message"] as const;
type OrderIntent = (typeof ORDER_INTENTS)[number];
/** The intents with typed input and their schema; the others are a button (and hidden fields). */
const SCHEMA_OF: Partial<Record<OrderIntent, FormName>> = {
  voucher: "voucher",
  confirm: "confirm",
  abnormal: "reason",
  appeal: "reason",
  message: "message",
};
// The form's fields and the refusals that belong on them (the voucher's refusals name the exchange's field).
const ORDER_FIELDS: Record<string, readonly string[]> = {
  voucher_file: ["p2p_voucher_first", "p2p_voucher_required", "image_not_found"],
  pay_type: [],
  password: ["pay_password_required", "pay_password_incorrect", "pay_password_locked", "pay_password_not_set"],
  reason: [],
  body: [],
};
const DONE: Record<OrderIntent, string> = {
  voucher: "order.done.voucher",
  pay: "order.done.pay",
  cancel: "order.done.cancel",
  confirm: "order.done.confirm",
  delay: "order.done.delay",
  abnormal: "order.done.abnormal",
  appeal: "order.done.appeal",
  message: "order.done.message",
};

/**
 * Every action on an order's page is one form with an `intent`: the voucher (an image upload), paid, cancel, confirm
 * receipt (trade password), delay, abnormal and appeal (a reason), a chat line. The exchange decides who may do what;
 * a refusal comes back on its field with what was typed kept (never the trade password), a success reloads the page
 * with a notice.
 */
export async function orderAction(args: ApiArgs, form: FormData, back: string) {
  const raw = str(form, "intent");
  const intent = (ORDER_INTENTS as readonly string[]).includes(raw) ? (raw as OrderIntent) : null;
  const orderId = id(str(form, "id"));
  const t = await fiatFormT(args.request);
  if (!intent || !orderId) return refusedWith({ intent: raw, result: replyWith(form, { formErrors: [t("order.unknownAction")] }) });
  const hideFields = intent === "confirm" ? ["password"] : undefined;
  const name = SCHEMA_OF[intent];
  const submission = name ? parseForm(name, form, t) : bare(form);
  if (submission.status === "error") return refusedWith({ intent, result: submission.reply({ hideFields }) });
  const value = (submission.status === "success" ? submission.value : {}) as Record<string, unknown>;
  const text = (k: string) => String(value[k] ?? "");
  const refuse = (r: { msg: string; reason?: Reason }) =>
    refusedWith({ intent, result: refusalReply(submission, r, ORDER_FIELDS, hideFields) });
  let r: { ok: true; data: unknown } | { ok: false; msg: string; reason?: Reason };
  switch (intent) {
    case "voucher": {
      const up = await uploadImage(args, form.get("voucher_file"), t("order.voucherTooLarge"));
      if (up.kind === "none") return refuse({ msg: t("order.voucherChoose"), reason: { key: "p2p_voucher_required" } });
      if (up.kind === "error") return refuse({ msg: up.message, reason: { key: "image_not_found" } });
      r = await api(args, "legalVoucher", { id: orderId, voucher: up.url });
      break;
    }
    case "pay":
      r = await api(args, "legalPay", { id: orderId, pay_type: str(form, "pay_type", 16) as "bank" | undefined });
      break;
    case "cancel":
      r = await api(args, "legalCancel", { id: orderId });
      break;
    case "confirm":
      r = await api(args, "legalConfirm", { id: orderId, password: text("password") });
      break;
    case "delay":
      r = await api(args, "legalDelay", { id: orderId });
      break;
    case "abnormal":
    case "appeal":
      r = await api(args, intent === "abnormal" ? "legalAbnormal" : "legalAppeal", { id: orderId, reason: text("reason") });
      break;
    case "message":
      r = await api(args, "legalMessage", { id: orderId, body: text("body") });
      break;
  }
  if (!r.ok) return refuse(r);
  throw await redirectWithToast(args.request, `${back}?id=${orderId}`, { kind: "success", message: t(DONE[intent]) });
}

/** A form with no typed input (a button and hidden fields): a submission of nothing, for its refusals' replies. */
function bare(form: FormData) {
  return { status: undefined, reply: (o?: Parameters<typeof replyWith>[1]) => replyWith(form, o ?? {}) } as const;
}

/** The order lists (mine, or my shop's): the tab (in progress, finished) and the page from the address. */
export function listQuery(url: URL): { filter: "open" | "done"; page: number } {
  return { filter: url.searchParams.get("filter") === "done" ? "done" : "open", page: parsePage(url.searchParams.get("page")) };
}

/** What a list row shows of an order (the page's own language formats the numbers). */
export function orderRow(o: P2POrder) {
  return {
    id: o.id,
    order_no: o.order_no,
    role: o.role,
    code: o.currency_code,
    fiat: o.fiat,
    price: o.price,
    quantity: o.quantity,
    amount: o.amount,
    status: o.status,
    created_at: o.created_at,
    counterparty: o.counterparty.name,
  };
}
export type OrderRowView = ReturnType<typeof orderRow>;
