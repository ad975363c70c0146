import { randomUUID } from "node:crypto";
import { data } from "@remix-run/node";
import { fieldOfReason, type Reason } from "~/contract/core/codes";
import type { P2POrder } from "~/contract/p2p";
import { uploadImage } from "~/lib/uploads.server";
import { api, type ApiArgs } from "~/lib/api.server";
import { getT } from "~/lib/i18next.server";
import { parsePage } from "~/lib/pager";
import { redirectWithToast } from "~/lib/session.server";

/** What an order page's or an ad list's action answers when the exchange refuses: the message on its field, the input kept. */
export type FiatActionData = {
  intent: string;
  adId?: number;
  fieldErrors: Record<string, string>;
  formError: string | null;
  values: Record<string, string>;
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

/**
 * A refusal on the form field it concerns (by the reason's field, or its key where the exchange names another field
 * or none), else above the form. `fields` maps the form's fields to the reason keys that belong on them.
 */
export function refused(
  intent: string,
  r: { msg: string; reason?: Reason },
  fields: Record<string, readonly string[]>,
  values: Record<string, string>,
  adId?: number,
) {
  const field = fieldOfReason(r.reason, fields);
  return data<FiatActionData>(
    { intent, adId, fieldErrors: field ? { [field]: r.msg } : {}, formError: field ? null : r.msg, values },
    { status: 400 },
  );
}

/** /legalIndex/legal: an order on an ad, by fiat amount or coin quantity; on success the order's page. */
export async function createOrder(args: ApiArgs, form: FormData) {
  const adId = id(str(form, "ad_id"));
  const by = str(form, "by") === "quantity" ? "quantity" : "amount";
  const values = { by, value: str(form, "value", 40) };
  const r = await api(args, "legalOrderCreate", {
    ad_id: adId,
    by,
    value: values.value,
    idempotency_key: str(form, "idempotency_key") || undefined,
  });
  if (!r.ok && r.reason?.key === "p2p_identity_required")
    return data<FiatActionData>({ intent: "order", adId, fieldErrors: {}, formError: r.msg, values, needs: "identity" }, { status: 400 });
  if (!r.ok) return refused("order", r, { value: ["insufficient_balance"] }, values, adId);
  throw await redirectWithToast(args.request, `/legalIndex/orderdetail?id=${r.data.id}`, {
    kind: "success",
    message: (await fiatT(args.request))("order.placed"),
  });
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

/**
 * Every action on an order's page is one form with an `intent`: the voucher (an image upload), paid, cancel, confirm
 * receipt (trade password), delay, abnormal and appeal (a reason), a chat line. The exchange decides who may do what;
 * a refusal comes back on its field with what was typed kept, a success reloads the page with a notice.
 */
export async function orderAction(args: ApiArgs, form: FormData, back: string) {
  const raw = str(form, "intent");
  const intent = (ORDER_INTENTS as readonly string[]).includes(raw) ? (raw as OrderIntent) : null;
  const orderId = id(str(form, "id"));
  const t = await fiatT(args.request);
  if (!intent || !orderId)
    return data<FiatActionData>({ intent: raw, fieldErrors: {}, formError: t("order.unknownAction"), values: {} }, { status: 400 });
  const values: Record<string, string> = {};
  // The form's fields and the refusals that belong on them (the voucher's refusals name the exchange's field).
  const fields: Record<string, readonly string[]> = {
    voucher_file: ["p2p_voucher_first", "p2p_voucher_required", "image_not_found"],
    pay_type: [],
    password: ["pay_password_required", "pay_password_incorrect", "pay_password_locked", "pay_password_not_set"],
    reason: [],
    body: [],
  };
  let r: { ok: true; data: unknown } | { ok: false; msg: string; reason?: Reason };
  switch (intent) {
    case "voucher": {
      const up = await uploadImage(args, form.get("voucher_file"), t("order.voucherTooLarge"));
      if (up.kind === "none")
        return refused(intent, { msg: t("order.voucherChoose"), reason: { key: "p2p_voucher_required" } }, fields, values);
      if (up.kind === "error") return refused(intent, { msg: up.message, reason: { key: "image_not_found" } }, fields, values);
      r = await api(args, "legalVoucher", { id: orderId, voucher: up.url });
      break;
    }
    case "pay":
      values.pay_type = str(form, "pay_type", 16);
      r = await api(args, "legalPay", { id: orderId, pay_type: values.pay_type as "bank" | undefined });
      break;
    case "cancel":
      r = await api(args, "legalCancel", { id: orderId });
      break;
    case "confirm":
      r = await api(args, "legalConfirm", { id: orderId, password: String(form.get("password") ?? "").slice(0, 64) });
      break;
    case "delay":
      r = await api(args, "legalDelay", { id: orderId });
      break;
    case "abnormal":
    case "appeal":
      values.reason = str(form, "reason", 400);
      r = await api(args, intent === "abnormal" ? "legalAbnormal" : "legalAppeal", { id: orderId, reason: values.reason });
      break;
    case "message":
      values.body = str(form, "body", 600);
      r = await api(args, "legalMessage", { id: orderId, body: values.body });
      break;
  }
  if (!r.ok) return refused(intent, r, fields, values);
  const done: Record<OrderIntent, string> = {
    voucher: "order.done.voucher",
    pay: "order.done.pay",
    cancel: "order.done.cancel",
    confirm: "order.done.confirm",
    delay: "order.done.delay",
    abnormal: "order.done.abnormal",
    appeal: "order.done.appeal",
    message: "order.done.message",
  };
  throw await redirectWithToast(args.request, `${back}?id=${orderId}`, { kind: "success", message: t(done[intent]) });
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
