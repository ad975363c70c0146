import { z } from "zod";
import { DecimalStringSchema, IdSchema, IdempotencyKeySchema, LeverTermsShape } from "./entities";
import { userCall } from "./define-call";
import { LEVER_HANDS_MAX, LEVER_HANDS_MIN, LEVER_MULTIPLES } from "./core/lever";
import { PLAIN_DECIMAL } from "./core/trading";

export * from "./core/lever";

/**
 * Leveraged contracts: the lever/* calls (docs/product.md, "Lever"). Payload checks run in the
 * order of that section (price, multiple, hands, trade password); the message keys are those of `exchange.json`.
 */

const IdempotencyKey = IdempotencyKeySchema;

/** Take-profit / stop-loss: minimum 0; 0 or empty clears it (docs/product.md, "Lever"). */
const StopPrice = (invalidKey: string) =>
  z
    .string()
    .trim()
    .max(40)
    .optional()
    .transform((v) => (v === undefined || v === "" ? "0" : v))
    .refine((v) => PLAIN_DECIMAL.test(v), invalidKey);

const whole = (requiredKey: string) =>
  z.preprocess(
    (v) => (typeof v === "string" ? v.trim() : v),
    z.union([z.literal(""), z.coerce.number({ invalid_type_error: requiredKey })]).optional(),
  );

export const LeverSubmitPayloadSchema = z
  .object({
    currency_match_id: z.coerce.number().int().positive(),
    /** 1 long, 2 short. */
    type: z.coerce
      .number()
      .int()
      .refine((v) => v === 1 || v === 2, "field_invalid"),
    /** 1 market, 0 fixed price. */
    status: z.coerce
      .number()
      .int()
      .refine((v) => v === 0 || v === 1, "field_invalid"),
    /** Read for a fixed-price order only (checked below): a market order's form may still carry what was typed there. */
    target_price: z
      .string()
      .trim()
      .max(40)
      .optional()
      .transform((v) => (v === "" ? undefined : v)),
    multiple: whole("lever_multiple_required"),
    share: whole("lever_share_required"),
    password: z
      .string()
      .max(64)
      .optional()
      .transform((v) => v ?? ""),
    /** Beyond the first design: take-profit and stop-loss set with the order. */
    target_profit_price: StopPrice("lever_stop_invalid"),
    stop_loss_price: StopPrice("lever_stop_invalid"),
    idempotency_key: IdempotencyKey,
  })
  .superRefine((v, ctx) => {
    // In order: fixed price requires a price; multiple, hands and trade password are required (docs/product.md, "Lever").
    if (v.status === 0 && !v.target_price) ctx.addIssue({ code: "custom", path: ["target_price"], message: "lever_price_required" });
    // Not a number at all: 'lever_price_invalid' names the pair's decimals, which only the handler knows (it checks them).
    else if (v.status === 0 && !PLAIN_DECIMAL.test(v.target_price!))
      ctx.addIssue({ code: "custom", path: ["target_price"], message: "price_invalid" });
    else if (v.multiple === undefined || v.multiple === "")
      ctx.addIssue({ code: "custom", path: ["multiple"], message: "lever_multiple_required" });
    else if (!(LEVER_MULTIPLES as readonly number[]).includes(v.multiple))
      ctx.addIssue({ code: "custom", path: ["multiple"], message: "lever_multiple_invalid" });
    else if (v.share === undefined || v.share === "") ctx.addIssue({ code: "custom", path: ["share"], message: "lever_share_required" });
    else if (!Number.isInteger(v.share) || v.share < LEVER_HANDS_MIN)
      ctx.addIssue({ code: "custom", path: ["share"], message: "lever_share_min" });
    else if (v.share > LEVER_HANDS_MAX) ctx.addIssue({ code: "custom", path: ["share"], message: "lever_share_max" });
    else if (!v.password) ctx.addIssue({ code: "custom", path: ["password"], message: "pay_password_required" });
  })
  .transform((v) => ({
    ...v,
    target_price: v.status === 0 ? v.target_price : undefined,
    multiple: Number(v.multiple),
    share: Number(v.share),
  }));

export const LeverIdPayloadSchema = z.object({ id: z.coerce.number().int().positive() });
export const LeverSetstopPayloadSchema = z.object({
  id: z.coerce.number().int().positive(),
  target_profit_price: StopPrice("lever_stop_invalid"),
  stop_loss_price: StopPrice("lever_stop_invalid"),
});
export const LeverPairPayloadSchema = z.object({ currency_match_id: z.coerce.number().int().positive() });
const Page = z
  .union([z.literal(""), z.coerce.number().int().positive().max(100_000)])
  .optional()
  .transform((v) => (v === "" || v === undefined ? 1 : v));
export const LeverDealallPayloadSchema = z.object({ currency_match_id: z.coerce.number().int().positive(), page: Page });
export const LeverMyTradePayloadSchema = z.object({
  /** 0 pending, 1 trading (open positions), 3 closed, 4 cancelled. */
  status: z.coerce
    .number()
    .int()
    .refine((v) => [0, 1, 3, 4].includes(v), "field_invalid"),
  page: Page,
  /** Beyond the first design: one pair only (the delegation view). */
  currency_match_id: z
    .union([z.literal(""), z.coerce.number().int().positive()])
    .optional()
    .transform((v) => (v === "" ? undefined : v)),
});
export const LeverBatchClosePayloadSchema = z.object({
  /** 0 all, 1 long only, 2 short only. */
  type: z.coerce
    .number()
    .int()
    .refine((v) => v === 0 || v === 1 || v === 2, "field_invalid"),
  currency_match_id: z.coerce.number().int().positive(),
});

export const LeverPositionSchema = z.object({
  id: IdSchema,
  /** 1 long, 2 short. */
  type: IdSchema,
  type_name: z.string(),
  /** 0 pending, 1 trading, 2 closing, 3 closed, 4 cancelled. */
  status: IdSchema,
  status_name: z.string(),
  currency_match_id: IdSchema,
  symbol: z.string(),
  share: IdSchema,
  multiple: IdSchema,
  /** The open price (for a pending order, the price it will open at). */
  price: DecimalStringSchema,
  /** The market price when it was placed (pending: the target price). */
  origin_price: DecimalStringSchema,
  /** The current price (closed: the close price). */
  update_price: DecimalStringSchema,
  target_profit_price: DecimalStringSchema,
  stop_loss_price: DecimalStringSchema,
  caution_money: DecimalStringSchema,
  origin_caution_money: DecimalStringSchema,
  trade_fee: DecimalStringSchema,
  overnight_money: DecimalStringSchema,
  /** Base units: share × lever_share_num. */
  number: DecimalStringSchema,
  /** Unrealized (open) or realized (closed) profit/loss. */
  profits: DecimalStringSchema,
  /** Placed at, ms. */
  time: z.number(),
  opened_at: z.number().nullable(),
  closed_at: z.number().nullable(),
  /** Why it closed: close, batch, take_profit, stop_loss, liquidation. */
  close_reason: z.string().nullable(),
  /** Beyond the first design: the estimated liquidation price of an open position. */
  liquidation_price: DecimalStringSchema.nullable(),
  base_currency_id: IdSchema,
  quote_currency_id: IdSchema,
});
export type LeverPosition = z.infer<typeof LeverPositionSchema>;

export const LeverPageSchema = z.object({ data: z.array(LeverPositionSchema), total: z.number(), per_page: z.number() });
export type LeverPage = z.infer<typeof LeverPageSchema>;

const Option = z.object({ value: z.number(), label: z.string() });
export const LeverDealSchema = z.object({
  /** My recent opens and closes on the pair. */
  my_transaction: z.array(
    z.object({ id: IdSchema, type_name: z.string(), time: z.number(), price: DecimalStringSchema, number: DecimalStringSchema }),
  ),
  /** order_data: the lever account's available balance and the offered multiples and hands. */
  user_lever: DecimalStringSchema,
  currency: z.object({ id: IdSchema, code: z.string() }),
  multiple: z.object({ muit: z.array(Option), share: z.array(Option) }),
  share_min: z.number(),
  share_max: z.number(),
  ...LeverTermsShape,
  /** The current price positions are marked to. */
  price: DecimalStringSchema,
  liquidation_line: DecimalStringSchema,
});
export type LeverDeal = z.infer<typeof LeverDealSchema>;

export const LeverDealallSchema = z.object({
  order: LeverPageSchema,
  /** Risk rate in percent (null without an open position), over the whole lever account of the pair's quote currency. */
  hazard_rate: DecimalStringSchema.nullable(),
  /** Unrealized profit/loss of every open position of that account. */
  profits_all: DecimalStringSchema,
  caution_money_all: DecimalStringSchema,
});
export type LeverDealall = z.infer<typeof LeverDealallSchema>;

/** LEVER_TRADE push: my open positions on one pair with the account's risk rate and total profit (docs/product.md, "Live socket"). */
export const LeverTradePushSchema = z.object({
  type: z.literal("LEVER_TRADE"),
  currency_match_id: z.number(),
  trades_all: z.array(LeverPositionSchema),
  hazard_rate: DecimalStringSchema.nullable(),
  profits_all: DecimalStringSchema,
});
/** LEVER_CLOSED push: positions or pending orders that left (closed, cancelled), by id. */
export const LeverClosedPushSchema = z.object({
  type: z.literal("LEVER_CLOSED"),
  currency_match_id: z.number(),
  ids: z.array(z.number()),
  reason: z.string(),
});

export const leverCalls = {
  leverSubmit: userCall("POST", "lever/submit", LeverSubmitPayloadSchema, LeverPositionSchema),
  leverCancel: userCall("POST", "lever/cancel", LeverIdPayloadSchema, LeverPositionSchema),
  leverClose: userCall("POST", "lever/close", LeverIdPayloadSchema, LeverPositionSchema),
  leverSetstop: userCall("POST", "lever/setstop", LeverSetstopPayloadSchema, LeverPositionSchema),
  leverDeal: userCall("POST", "lever/deal", LeverPairPayloadSchema, LeverDealSchema),
  leverDealall: userCall("POST", "lever/dealall", LeverDealallPayloadSchema, LeverDealallSchema),
  leverMyTrade: userCall("POST", "lever/my_trade", LeverMyTradePayloadSchema, LeverPageSchema),
  leverBatchClose: userCall("POST", "lever/batch_close", LeverBatchClosePayloadSchema, z.object({ closed: z.number() })),
};
