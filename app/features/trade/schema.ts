import { z } from "zod";
import { priceProblem, qtyProblem, PRICE_DECIMALS } from "./order-input";

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
};

export function orderSchema(t: Translate, opts: OrderSchemaOptions = {}) {
  const decimals = opts.decimals ?? PRICE_DECIMALS;
  return z
    .object({
      intent: z.enum(["buy", "sell"]),
      type: z.enum(["limit", "market"]).default("limit"),
      currency_match_id: z.coerce.number().int().positive(),
      price: z.string().trim().optional(),
      number: z.string().trim().optional(),
      percent: z.string().optional(),
      idempotency_key: z.string().trim().max(64).optional(),
    })
    .superRefine((v, ctx) => {
      if (v.type === "limit") {
        const p = priceProblem(v.price, decimals);
        if (p) ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["price"], message: t(PRICE_MESSAGES[p], { decimals }) });
      } else if (opts.bestPrice === null) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["price"], message: t("errors.noBestPrice") });
      }
      const q = qtyProblem(v.number);
      if (q) ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["number"], message: t(QTY_MESSAGES[q]) });
    });
}
export type OrderForm = z.infer<ReturnType<typeof orderSchema>>;

export const CancelSchema = z.object({
  intent: z.literal("cancel"),
  id: z.coerce.number().int().positive(),
  way: z.coerce.number().int().min(1).max(2),
});
