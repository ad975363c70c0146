import { z } from "zod";
import { cut } from "~/lib/zod-input";
import { decimalBelow, P2P_MESSAGE_MAX, P2P_REASON_MAX } from "~/contract/core/p2p";
import { PLAIN_DECIMAL } from "~/contract/core/trading";

/**
 * The fiat screens' forms' schemas, one builder per form taking the `fiat` translator, so the action (through
 * forms.server.ts) and the browser (validate.ts, loaded after hydration) check alike and say the same thing. The
 * rules are the exchange's (app/contract/p2p.ts) and so are the messages: `fiat:check.*` holds the exchange's own
 * words for its reasons, so a refusal reads the same whichever side makes it. What only the exchange knows (an ad's
 * limits, the balance, the trade password itself) stays its to refuse. Conform sends an empty input as undefined,
 * hence the `required_error`s.
 */
export type Translate = (key: string, options?: Record<string, unknown>) => string;

/** A typed decimal (PLAIN_DECIMAL: no sign, no exponent, no thousands separator), cut to 40 characters. */
function decimal(t: Translate, requiredKey: string, invalidKey: string) {
  const required = t(`check.${requiredKey}`);
  const invalid = t(`check.${invalidKey}`);
  // Piped, so an empty input is only 'required'.
  return cut(40, z.string({ required_error: required }).trim().min(1, required).pipe(z.string().regex(PLAIN_DECIMAL, invalid)));
}

/** /legalIndex/legal: an order on an ad, by the fiat amount or the coin quantity. */
export function orderSchema(t: Translate) {
  return z.object({
    by: z.preprocess((v) => (v === "quantity" ? "quantity" : "amount"), z.enum(["amount", "quantity"])),
    value: decimal(t, "p2p_value_required", "p2p_value_invalid"),
  });
}

/**
 * /myshop/myshoporders: a new ad. The four quantities are typed decimals, at least one payment method is chosen,
 * and the maximum may not be below the minimum (checked apart, so it is said even when another field is wrong).
 */
export function publishSchema(t: Translate) {
  return z
    .object({
      side: z.string().max(8).optional(),
      currency_id: z.string().max(12).optional(),
      fiat: z.string().max(8).optional(),
      price: decimal(t, "p2p_price_required", "p2p_price_invalid"),
      total: decimal(t, "p2p_total_required", "p2p_total_invalid"),
      pay_types: z.preprocess(
        (v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]),
        z.array(z.string().max(16)).min(1, t("check.p2p_pay_types_required")).max(3),
      ),
    })
    .and(
      z
        .object({
          min_quantity: decimal(t, "p2p_min_required", "p2p_min_invalid"),
          max_quantity: decimal(t, "p2p_max_required", "p2p_max_invalid"),
        })
        .superRefine((v, ctx) => {
          // Refinements run on fields that failed too ('abc'): compare only two decimals.
          if (!PLAIN_DECIMAL.test(v.min_quantity) || !PLAIN_DECIMAL.test(v.max_quantity)) return;
          if (decimalBelow(v.max_quantity, v.min_quantity))
            ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["max_quantity"], message: t("check.p2p_max_below_min") });
        }),
    );
}

/** A chosen file; an empty file input is none (conform sends it as undefined). */
const picked = (v: unknown) => typeof Blob !== "undefined" && v instanceof Blob && v.size > 0;

/** An order's payment voucher: an image file (its size and that it is one are checked on upload, on the server). */
export function voucherSchema(t: Translate) {
  return z.object({ voucher_file: z.unknown().refine(picked, t("order.voucherChoose")) });
}

/** The seller's release: the trade password (whether it is the right one is the exchange's to say). */
export function confirmSchema(t: Translate) {
  const required = t("check.pay_password_required");
  return z.object({ password: cut(64, z.string({ required_error: required }).min(1, required)) });
}

/** Marking an order abnormal, or appealing it: what happened, at most P2P_REASON_MAX characters. */
export function reasonSchema(t: Translate) {
  const required = t("check.p2p_reason_required");
  return z.object({
    reason: cut(400, z.string({ required_error: required }).trim().min(1, required).max(P2P_REASON_MAX, t("check.p2p_reason_long"))),
  });
}

/** A chat line: at most P2P_MESSAGE_MAX characters. */
export function messageSchema(t: Translate) {
  const required = t("check.p2p_message_required");
  return z.object({
    body: cut(600, z.string({ required_error: required }).trim().min(1, required).max(P2P_MESSAGE_MAX, t("check.p2p_message_long"))),
  });
}

export const SCHEMAS = {
  order: orderSchema,
  publish: publishSchema,
  voucher: voucherSchema,
  confirm: confirmSchema,
  reason: reasonSchema,
  message: messageSchema,
};
export type FormName = keyof typeof SCHEMAS;
