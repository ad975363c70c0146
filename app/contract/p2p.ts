import { z } from "zod";
import { DecimalStringSchema, IdSchema, IdempotencyKeySchema } from "./entities";
import { publicCall, userCall } from "./define-call";
import { PAY_METHOD_CODES } from "./core/personal";
import { decimalBelow, P2P_FIATS, P2P_MESSAGE_MAX, P2P_REASON_MAX, P2P_SIDES, P2P_STATUSES, type P2PAction } from "./core/p2p";
import { PLAIN_DECIMAL } from "./core/trading";

export * from "./core/p2p";

/**
 * Fiat P2P calls (legal/* for every user, shop/* for merchants). The spec names none of them: they are ours, written
 * down in docs/api.md "Fiat P2P". Message keys are those of `exchange.json`.
 */

const Int = z.coerce.number().int();
const Id = Int.positive();
const OptionalPositiveInt = z
  .union([z.literal(""), Int.positive().max(1_000_000_000)])
  .optional()
  .transform((v) => (v === "" ? undefined : v));
const Page = z
  .union([z.literal(""), Int.positive().max(100_000)])
  .optional()
  .transform((v) => (v === "" || v === undefined ? 1 : v));
const IdempotencyKey = IdempotencyKeySchema;
/** A positive decimal typed by a person: digits with an optional fraction, no sign or exponent. */
const typedDecimal = (requiredKey: string, invalidKey = "field_invalid") =>
  z.string({ required_error: requiredKey }).trim().min(1, requiredKey).max(40, invalidKey).regex(PLAIN_DECIMAL, invalidKey);
const reason = (requiredKey: string) =>
  z.string({ required_error: requiredKey }).trim().min(1, requiredKey).max(P2P_REASON_MAX, "p2p_reason_long");

const PayCode = z.enum(PAY_METHOD_CODES);
/** Pay method codes as an array (JSON) or repeated / comma-separated form values. */
const PayCodes = z.preprocess(
  (v) =>
    typeof v === "string"
      ? v
          .split(",")
          .map((s) => s.trim())
          .filter(Boolean)
      : v,
  z.array(PayCode, { invalid_type_error: "p2p_pay_types_required" }).min(1, "p2p_pay_types_required").max(3),
);

// ------------------------------------------------------------------ entities

export const P2PMerchantSchema = z.object({
  id: IdSchema,
  /** The merchant's shown name: the account, masked. */
  name: z.string(),
  registered_at: z.number(),
  total_orders: z.number(),
  orders_30d: z.number(),
  /** Completed over finished in 30 days, percent with 2 decimals; null before any. */
  completion_rate: z.string().nullable(),
});
export type P2PMerchant = z.infer<typeof P2PMerchantSchema>;

export const P2PAdSchema = z.object({
  id: IdSchema,
  /** The merchant's side: sell (users buy from it) or buy (users sell to it). */
  side: z.enum(P2P_SIDES),
  currency_id: IdSchema,
  currency_code: z.string(),
  fiat: z.enum(P2P_FIATS),
  price: DecimalStringSchema,
  total: DecimalStringSchema,
  remaining: DecimalStringSchema,
  min_quantity: DecimalStringSchema,
  /** The per-order maximum as published; what one order can take now is min(max_quantity, remaining). */
  max_quantity: DecimalStringSchema,
  /** The limits in fiat at the ad's price (the max no more than the remaining quantity's worth). */
  min_amount: DecimalStringSchema,
  max_amount: DecimalStringSchema,
  pay_types: z.array(PayCode),
  /** 1 open, 2 paused, 3 off shelf. */
  status: IdSchema,
  created_at: z.number(),
  merchant: P2PMerchantSchema,
  /** Orders of this ad still in progress (merchants' own lists). */
  open_orders: z.number().optional(),
});
export type P2PAd = z.infer<typeof P2PAdSchema>;

export const P2PPayeeSchema = z.object({ code: PayCode, raw_data: z.record(z.string()) });
export type P2PPayee = z.infer<typeof P2PPayeeSchema>;

const ACTIONS = ["voucher", "pay", "cancel", "confirm", "delay", "abnormal", "appeal", "message"] as const satisfies readonly P2PAction[];

export const P2POrderSchema = z.object({
  id: IdSchema,
  /** Shown order number. */
  order_no: z.string(),
  ad_id: IdSchema,
  /** The reader's role in this order. */
  role: z.enum(["buyer", "seller"]),
  /** Whether the reader is the ad's merchant. */
  is_merchant: z.boolean(),
  currency_id: IdSchema,
  currency_code: z.string(),
  fiat: z.enum(P2P_FIATS),
  price: DecimalStringSchema,
  quantity: DecimalStringSchema,
  amount: DecimalStringSchema,
  status: z.number().refine((s) => (P2P_STATUSES as readonly number[]).includes(s)),
  pay_type: PayCode.nullable(),
  /** The payment voucher's address (/uploads/…), to the two parties only. */
  voucher: z.string().nullable(),
  created_at: z.number(),
  pay_due_at: z.number().nullable(),
  paid_at: z.number().nullable(),
  confirm_due_at: z.number().nullable(),
  finished_at: z.number().nullable(),
  delayed: z.boolean(),
  cancel_by: z.enum(["buyer", "timeout", "operator"]).nullable(),
  complete_by: z.enum(["seller", "timeout", "operator"]).nullable(),
  abnormal_reason: z.string().nullable(),
  abnormal_by_me: z.boolean(),
  appeal_reason: z.string().nullable(),
  appeal_by_me: z.boolean(),
  resolution: z.enum(["buyer", "seller"]).nullable(),
  resolution_note: z.string().nullable(),
  counterparty: z.object({ id: IdSchema, name: z.string() }),
  merchant: P2PMerchantSchema,
  /** The ad's accepted methods. */
  pay_types: z.array(PayCode),
  /** The seller's payee accounts for the accepted methods, to the buyer; null once hidden (see payment_hidden). */
  payees: z.array(P2PPayeeSchema).nullable(),
  /** Why payees is null: 'cancelled' (payment info hidden once cancelled) or 'not_buyer' (docs/product.md, "Fiat order page"). */
  payment_hidden: z.enum(["cancelled", "not_buyer"]).nullable(),
  actions: z.array(z.enum(ACTIONS)),
  /** The server's clock when answered (countdowns start from it). */
  now: z.number(),
});
export type P2POrder = z.infer<typeof P2POrderSchema>;

export const P2POrderPageSchema = z.object({ data: z.array(P2POrderSchema), total: z.number(), per_page: z.number() });
export const P2PAdPageSchema = z.object({ data: z.array(P2PAdSchema), total: z.number(), per_page: z.number() });

export const P2PMessageSchema = z.object({
  id: IdSchema,
  /** me, them (the other party), or system (state changes and the operator). */
  from: z.enum(["me", "them", "system"]),
  body: z.string(),
  created_at: z.number(),
});
export type P2PMessage = z.infer<typeof P2PMessageSchema>;

export const P2PMarketSchema = z.object({
  coins: z.array(z.object({ id: IdSchema, code: z.string(), decimals: z.number() })),
  fiats: z.array(z.enum(P2P_FIATS)),
  pay_types: z.array(PayCode),
  pay_minutes: z.number(),
  confirm_minutes: z.number(),
});

export const ShopInfoSchema = z.object({
  merchant: P2PMerchantSchema,
  /** Legal-account balances (available and in escrow) per coin. */
  balances: z.array(z.object({ currency_id: IdSchema, code: z.string(), balance: DecimalStringSchema, lock_balance: DecimalStringSchema })),
  /** The merchant's saved collection methods (an ad may accept only these). */
  pay_types: z.array(PayCode),
  open_orders: z.number(),
});

// ------------------------------------------------------------------ payloads

const Status = z
  .union([z.literal(""), Int.min(1).max(7)])
  .optional()
  .transform((v) => (v === "" ? undefined : v));

export const LegalAdsPayloadSchema = z.object({
  currency_id: OptionalPositiveInt,
  /** The user's side: buy lists the merchants' sell ads, sell their buy ads. Default buy. */
  side: z
    .union([z.literal(""), z.enum(["buy", "sell"])])
    .optional()
    .transform((v) => (v === "" || v === undefined ? ("buy" as const) : v)),
  fiat: z
    .union([z.literal(""), z.enum(P2P_FIATS)])
    .optional()
    .transform((v) => (v === "" ? undefined : v)),
  pay_type: z
    .union([z.literal(""), PayCode])
    .optional()
    .transform((v) => (v === "" ? undefined : v)),
  page: Page,
});

export const LegalOrderCreatePayloadSchema = z.object({
  ad_id: Id,
  /** What `value` is: a fiat amount or a coin quantity. */
  by: z.enum(["amount", "quantity"]).default("amount"),
  value: typedDecimal("p2p_value_required", "p2p_value_invalid"),
  idempotency_key: IdempotencyKey,
});

export const LegalOrdersPayloadSchema = z.object({
  /** open: in progress (1, 2, 5, 6, 7); done: completed and cancelled; or one status. */
  filter: z
    .union([z.literal(""), z.enum(["open", "done"])])
    .optional()
    .transform((v) => (v === "" ? undefined : v)),
  status: Status,
  page: Page,
});

export const OrderIdPayloadSchema = z.object({ id: Id });
export const LegalVoucherPayloadSchema = z.object({
  id: Id,
  voucher: z.string({ required_error: "p2p_voucher_required" }).trim().min(1, "p2p_voucher_required").max(256),
});
export const LegalPayPayloadSchema = z.object({
  id: Id,
  pay_type: z
    .union([z.literal(""), PayCode])
    .optional()
    .transform((v) => (v === "" ? undefined : v)),
});
export const LegalConfirmPayloadSchema = z.object({
  id: Id,
  password: z.string({ required_error: "pay_password_required" }).min(1, "pay_password_required").max(64),
});
export const LegalReasonPayloadSchema = z.object({ id: Id, reason: reason("p2p_reason_required") });
export const LegalMessagesPayloadSchema = z.object({ id: Id, after: OptionalPositiveInt });
export const LegalMessagePayloadSchema = z.object({
  id: Id,
  body: z.string({ required_error: "p2p_message_required" }).trim().min(1, "p2p_message_required").max(P2P_MESSAGE_MAX, "p2p_message_long"),
});

export const ShopAdsPayloadSchema = z.object({
  status: z
    .union([z.literal(""), Int.min(1).max(3)])
    .optional()
    .transform((v) => (v === "" ? undefined : v)),
  page: Page,
});

/** Publishing an ad: the maximum may not be below the minimum ('max trade amount cannot be below min'; docs/product.md, "Fiat P2P"). */
export const ShopAdPublishPayloadSchema = z
  .object({
    side: z.enum(P2P_SIDES, { errorMap: () => ({ message: "p2p_side_required" }) }),
    currency_id: Id,
    fiat: z.enum(P2P_FIATS, { errorMap: () => ({ message: "p2p_fiat_required" }) }),
    price: typedDecimal("p2p_price_required", "p2p_price_invalid"),
    total: typedDecimal("p2p_total_required", "p2p_total_invalid"),
    min_quantity: typedDecimal("p2p_min_required", "p2p_min_invalid"),
    max_quantity: typedDecimal("p2p_max_required", "p2p_max_invalid"),
    pay_types: PayCodes,
    idempotency_key: IdempotencyKey,
  })
  .superRefine((v, ctx) => {
    // Refinements run on a payload whose fields failed too ('abc', '１２', true): compare only two decimals.
    if (!PLAIN_DECIMAL.test(v.min_quantity) || !PLAIN_DECIMAL.test(v.max_quantity)) return;
    if (decimalBelow(v.max_quantity, v.min_quantity))
      ctx.addIssue({ code: "custom", path: ["max_quantity"], message: "p2p_max_below_min" });
  });

export const ShopAdStatusPayloadSchema = z.object({ id: Id, status: Int.min(1).max(3) });
export const ShopOrdersPayloadSchema = z.object({
  ad_id: OptionalPositiveInt,
  filter: LegalOrdersPayloadSchema.shape.filter,
  status: Status,
  page: Page,
});

/** `/ws` P2P_ORDER: an order I am a party to changed (the pages reload what they show). */
export const P2POrderPushSchema = z.object({ type: z.literal("P2P_ORDER"), id: z.number(), status: z.number() });

const OrderDetailSchema = z.object({ order: P2POrderSchema, messages: z.array(P2PMessageSchema) });

export const p2pCalls = {
  legalMarket: publicCall("GET", "legal/market", z.object({}), P2PMarketSchema),
  legalAds: publicCall("GET", "legal/ads", LegalAdsPayloadSchema, P2PAdPageSchema),
  legalOrderCreate: userCall("POST", "legal/order_create", LegalOrderCreatePayloadSchema, P2POrderSchema),
  legalOrders: userCall("GET", "legal/orders", LegalOrdersPayloadSchema, P2POrderPageSchema),
  legalOrderDetail: userCall("GET", "legal/order_detail", OrderIdPayloadSchema, OrderDetailSchema),
  legalVoucher: userCall("POST", "legal/voucher", LegalVoucherPayloadSchema, P2POrderSchema),
  legalPay: userCall("POST", "legal/pay", LegalPayPayloadSchema, P2POrderSchema),
  legalCancel: userCall("POST", "legal/cancel", OrderIdPayloadSchema, P2POrderSchema),
  legalConfirm: userCall("POST", "legal/confirm", LegalConfirmPayloadSchema, P2POrderSchema),
  legalDelay: userCall("POST", "legal/delay", OrderIdPayloadSchema, P2POrderSchema),
  legalAbnormal: userCall("POST", "legal/abnormal", LegalReasonPayloadSchema, P2POrderSchema),
  legalAppeal: userCall("POST", "legal/appeal", LegalReasonPayloadSchema, P2POrderSchema),
  legalMessages: userCall("GET", "legal/messages", LegalMessagesPayloadSchema, z.array(P2PMessageSchema)),
  legalMessage: userCall("POST", "legal/message", LegalMessagePayloadSchema, P2PMessageSchema),
  shopInfo: userCall("GET", "shop/info", z.object({}), ShopInfoSchema),
  shopAds: userCall("GET", "shop/ads", ShopAdsPayloadSchema, P2PAdPageSchema),
  shopAdPublish: userCall("POST", "shop/ad_publish", ShopAdPublishPayloadSchema, P2PAdSchema),
  shopAdStatus: userCall("POST", "shop/ad_status", ShopAdStatusPayloadSchema, P2PAdSchema),
  shopOrders: userCall("GET", "shop/orders", ShopOrdersPayloadSchema, P2POrderPageSchema),
};
