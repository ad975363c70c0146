import { z } from "zod";
import { userCall } from "./define-call";
import { LimitSchema, PageSchema } from "./paging";
import { SpotCancelAllSchema, SpotFillPageSchema, SpotOcoSchema, SpotOrderPageSchema } from "./entities";
import { PLAIN_DECIMAL, SPOT_ORDER_FILTERS, type OrderWay } from "./core/trading";

/**
 * Spot orders beyond a single limit or market order (docs/decisions/022-stop-and-oco-orders.md): the OCO, cancel all,
 * and my orders and fills across pairs with their filters. The stop-limit order is an add (calls.ts) of type
 * 'stop_limit'; the pieces of an order's payload every add shares are here.
 */

/** Decimals of a plain decimal string, trailing zeros ignored ('1.2500' → 2). */
function decimalPlaces(v: string): number {
  const dot = v.indexOf(".");
  return dot < 0 ? 0 : v.slice(dot + 1).replace(/0+$/, "").length;
}
/** Quantity of an order: > 0, at most 6 decimals (docs/product.md, "Money and rounding"). */
export const ORDER_NUMBER_DECIMALS = 6;
/** Largest price precision a pair can have (a pair's own `price_precision` applies, checked by the exchange). */
export const ORDER_PRICE_MAX_DECIMALS = 8;

export const OrderNumberSchema = z
  .string({ required_error: "number_required" })
  .trim()
  .min(1, "number_required")
  .regex(PLAIN_DECIMAL, "number_invalid")
  .refine((v) => decimalPlaces(v) <= ORDER_NUMBER_DECIMALS, "number_decimals")
  .refine((v) => /[1-9]/.test(v), "number_positive");

/**
 * A price of an order (a limit price, a trigger, a stop-limit's limit price): absent, or a plain decimal above 0 with
 * at most 8 decimals; the pair's own precision is the exchange's check. Its messages are `<key>_invalid` and
 * `<key>_positive`.
 */
export function orderPrice(key: "price" | "trigger" | "stop_price") {
  return z
    .string()
    .trim()
    .optional()
    .transform((v) => (v === "" ? undefined : v))
    .refine((v) => v === undefined || PLAIN_DECIMAL.test(v), `${key}_invalid`)
    .refine((v) => v === undefined || !PLAIN_DECIMAL.test(v) || decimalPlaces(v) <= ORDER_PRICE_MAX_DECIMALS, `${key}_invalid`)
    .refine((v) => v === undefined || !PLAIN_DECIMAL.test(v) || /[1-9]/.test(v), `${key}_positive`);
}

/** A repeat with the same key (per user) is performed once and answered with the first result ('' is absent). */
export const OrderIdempotencyKey = z
  .string()
  .trim()
  .max(64)
  .optional()
  .transform((v) => (v === "" ? undefined : v));

const PositiveInt = z.coerce.number().int().positive();
const OptionalPositiveInt = z
  .union([z.literal(""), z.coerce.number().int().positive()])
  .optional()
  .transform((v) => (v === "" ? undefined : v));

/**
 * An OCO: a limit order at `price` and a stop-limit order (`trigger_price`, `stop_price`) of the same side and
 * quantity. A sell's limit price is above the last price and its trigger below it; a buy's the other way round.
 */
export const SpotOcoPayloadSchema = z
  .object({
    currency_match_id: PositiveInt,
    number: OrderNumberSchema,
    /** The limit order's price. */
    price: orderPrice("price"),
    trigger_price: orderPrice("trigger"),
    /** The stop-limit order's limit price. */
    stop_price: orderPrice("stop_price"),
    idempotency_key: OrderIdempotencyKey,
  })
  .superRefine((p, ctx) => {
    if (p.price === undefined) ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["price"], message: "price_required" });
    if (p.trigger_price === undefined) ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["trigger_price"], message: "trigger_required" });
    if (p.stop_price === undefined) ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["stop_price"], message: "stop_price_required" });
  });
export type SpotOcoPayload = z.infer<typeof SpotOcoPayloadSchema>;

/** `currency_match_id` absent or '': every pair. */
export const SpotCancelAllPayloadSchema = z.object({ currency_match_id: OptionalPositiveInt });

/** A time bound of a list: unix milliseconds (absent or '' = unbounded). */
const OptionalTime = z
  .union([z.literal(""), z.coerce.number().int().min(0).max(8_640_000_000_000_000)])
  .optional()
  .transform((v) => (v === "" ? undefined : v));
const OptionalWay = z
  .union([z.literal(""), z.coerce.number().int().min(1).max(2)])
  .optional()
  .transform((v) => (v === "" || v === undefined ? undefined : (v as OrderWay)));

/**
 * The filters of my orders across pairs: the pair, the side, the status (SPOT_ORDER_FILTERS: open, untriggered,
 * completed, cancelled, history), and creation times from `from` (included) to `to` (excluded).
 */
export const SpotOrdersFilterSchema = z.object({
  currency_match_id: OptionalPositiveInt,
  way: OptionalWay,
  status: z
    .union([z.literal(""), z.enum(SPOT_ORDER_FILTERS)])
    .optional()
    .transform((v) => (v ? v : undefined)),
  from: OptionalTime,
  to: OptionalTime,
});
export type SpotOrdersFilter = z.infer<typeof SpotOrdersFilterSchema>;
/** The filters of my fills: the pair, the side, and times from `from` (included) to `to` (excluded). */
export const SpotFillsFilterSchema = SpotOrdersFilterSchema.omit({ status: true });
export type SpotFillsFilter = z.infer<typeof SpotFillsFilterSchema>;

/** Default 20 rows a page, at most 100. */
export const SpotOrdersPayloadSchema = SpotOrdersFilterSchema.extend({ page: PageSchema, limit: LimitSchema });
export const SpotFillsPayloadSchema = SpotFillsFilterSchema.extend({ page: PageSchema, limit: LimitSchema });

export const ordersCalls = {
  txInOco: userCall("POST", "tx_in/oco", SpotOcoPayloadSchema, SpotOcoSchema),
  txOutOco: userCall("POST", "tx_out/oco", SpotOcoPayloadSchema, SpotOcoSchema),
  txCancelAll: userCall("POST", "tx/cancel_all", SpotCancelAllPayloadSchema, SpotCancelAllSchema),
  spotOrders: userCall("GET", "tx/orders", SpotOrdersPayloadSchema, SpotOrderPageSchema),
  spotFills: userCall("GET", "tx/fills", SpotFillsPayloadSchema, SpotFillPageSchema),
};
