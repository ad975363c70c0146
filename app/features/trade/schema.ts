import { z } from "zod";
import { TIME_IN_FORCE } from "~/contract/core/trading";
import { ORDER_TYPES, priceProblem, qtyProblem, sideProblems, PRICE_DECIMALS } from "./order-input";

/**
 * The buy/sell form and the cancel form of /trade: one schema per form, built with a translator so the
 * messages (docs/product.md, "/trade") come out in the user's language on the server and in the browser alike.
 */
export type Translate = (key: string, options?: Record<string, unknown>) => string;

const PRICE_MESSAGES = {
  price_required: "errors.priceRequired",
  price_invalid: "errors.priceInvalid",
  price_decimals: "errors.priceDecimals",
  price_positive: "errors.pricePositive",
} as const;
const TRIGGER_MESSAGES = {
  price_required: "errors.triggerRequired",
  price_invalid: "errors.triggerInvalid",
  price_decimals: "errors.triggerDecimals",
  price_positive: "errors.triggerPositive",
} as const;
const STOP_PRICE_MESSAGES = {
  price_required: "errors.stopPriceRequired",
  price_invalid: "errors.priceInvalid",
  price_decimals: "errors.priceDecimals",
  price_positive: "errors.pricePositive",
} as const;
/** The last price a stop's trigger or an OCO's limit price is on the wrong side of. */
const SIDE_MESSAGES = {
  trigger_above_last: "errors.triggerAboveLast",
  trigger_below_last: "errors.triggerBelowLast",
  oco_price_above_last: "errors.ocoPriceAboveLast",
  oco_price_below_last: "errors.ocoPriceBelowLast",
} as const;
const QTY_MESSAGES = {
  number_required: "errors.quantityRequired",
  number_invalid: "errors.quantityInvalid",
  number_decimals: "errors.quantityDecimals",
  number_positive: "errors.quantityPositive",
} as const;

export type OrderSchemaOptions = {
  /** The pair's price decimals (its price_precision; 4 by default). */
  decimals?: number;
  /**
   * The best price a market order would take: null when the book has none (the order is refused with
   * 'no best price at the moment' before its quantity is checked), undefined when unknown (not checked
   * here; the exchange, whose book is the one that counts, checks it again anyway).
   */
  bestPrice?: string | null;
  /**
   * The pair's last price: a stop's trigger on the wrong side of it (and an OCO's limit price) is refused on its field.
   * Unknown (undefined): not checked here; the exchange checks it anyway.
   */
  lastPrice?: string | null;
};

export function orderSchema(t: Translate, opts: OrderSchemaOptions = {}) {
  const decimals = opts.decimals ?? PRICE_DECIMALS;
  return z
    .object({
      intent: z.enum(["buy", "sell"]),
      type: z.enum(ORDER_TYPES).default("limit"),
      currency_match_id: z.coerce.number().int().positive(),
      price: z.string().trim().optional(),
      /** A stop-limit order's and an OCO's trigger. */
      trigger_price: z.string().trim().optional(),
      /** An OCO's stop-limit order's limit price. */
      stop_price: z.string().trim().optional(),
      number: z.string().trim().optional(),
      /** A limit order's time in force (docs/product.md, "/trade"); the other types work as their type says. */
      time_in_force: z.enum(TIME_IN_FORCE, { errorMap: () => ({ message: t("errors.timeInForceInvalid") }) }).default("gtc"),
      percent: z.string().optional(),
      idempotency_key: z.string().trim().max(64).optional(),
    })
    .superRefine((v, ctx) => {
      const issue = (path: string, message: string) => ctx.addIssue({ code: z.ZodIssueCode.custom, path: [path], message });
      if (v.type === "market") {
        if (opts.bestPrice === null) issue("price", t("errors.noBestPrice"));
      } else {
        // A limit price for every other type (a stop-limit order without one is refused here, on the price).
        const p = priceProblem(v.price, decimals);
        if (p) issue("price", t(PRICE_MESSAGES[p], { decimals }));
      }
      if (v.type === "stop_limit" || v.type === "oco") {
        const tp = priceProblem(v.trigger_price, decimals);
        if (tp) issue("trigger_price", t(TRIGGER_MESSAGES[tp], { decimals }));
        if (v.type === "oco") {
          const sp = priceProblem(v.stop_price, decimals);
          if (sp) issue("stop_price", t(STOP_PRICE_MESSAGES[sp], { decimals }));
        }
        const side = sideProblems({
          type: v.type,
          side: v.intent,
          last: opts.lastPrice,
          trigger: tp ? null : v.trigger_price,
          price: v.price,
        });
        const last = opts.lastPrice ?? "";
        if (side.trigger) issue("trigger_price", t(SIDE_MESSAGES[side.trigger], { price: last }));
        if (side.price && !priceProblem(v.price, decimals)) issue("price", t(SIDE_MESSAGES[side.price], { price: last }));
      }
      const q = qtyProblem(v.number);
      if (q) ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["number"], message: t(QTY_MESSAGES[q]) });
    });
}
export type OrderForm = z.infer<ReturnType<typeof orderSchema>>;

/** The exchange's refusal reasons each field of the order form takes (the reason's own field wins: fieldOfReason). */
export const ORDER_FIELD_REASONS: Record<string, readonly string[]> = {
  price: [
    "price_required",
    "price_invalid",
    "price_precision",
    "oco_price_above_last",
    "oco_price_below_last",
    "post_only_would_take",
    "ioc_nothing_to_take",
    "fok_nothing_to_take",
  ],
  trigger_price: ["trigger_required", "trigger_invalid", "trigger_precision", "trigger_above_last", "trigger_below_last"],
  stop_price: ["stop_price_required"],
  number: ["number_invalid", "insufficient_balance", "fok_not_filled"],
};

export const CancelSchema = z.object({
  intent: z.literal("cancel"),
  id: z.coerce.number().int().positive(),
  way: z.coerce.number().int().min(1).max(2),
});
