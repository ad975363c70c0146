import { z } from "zod";
import { DecimalStringSchema, IdSchema, IdempotencyKeySchema } from "./entities";
import { publicCall, userCall } from "./define-call";
import { PLAIN_DECIMAL } from "./core/trading";

export * from "./core/micro";

/** The second contract's calls, microtrade/* (docs/product.md, "Second contract"); message keys are those of `exchange.json`. */

const IdempotencyKey = IdempotencyKeySchema;

export const MicroSubmitPayloadSchema = z.object({
  match_id: z.coerce.number().int().positive(),
  currency_id: z.coerce.number().int().positive(),
  /** 1 up, 2 down. */
  type: z.coerce
    .number()
    .int()
    .refine((v) => v === 1 || v === 2, "field_invalid"),
  seconds: z.coerce.number().int().positive(),
  /** The quantity is a number (docs/product.md, "Second contract"). */
  number: z
    .string({ required_error: "micro_number_required" })
    .trim()
    .min(1, "micro_number_required")
    .max(40, "micro_number_invalid")
    .regex(PLAIN_DECIMAL, "micro_number_invalid"),
  idempotency_key: IdempotencyKey,
});

export const MicroListsPayloadSchema = z.object({
  match_id: z
    .union([z.literal(""), z.coerce.number().int().positive()])
    .optional()
    .transform((v) => (v === "" ? undefined : v)),
  page: z
    .union([z.literal(""), z.coerce.number().int().positive().max(100_000)])
    .optional()
    .transform((v) => (v === "" || v === undefined ? 1 : v)),
  limit: z
    .union([z.literal(""), z.coerce.number().int().positive().max(100)])
    .optional()
    .transform((v) => (v === "" || v === undefined ? 10 : v)),
  /** 1 running, 3 closed. */
  status: z.coerce
    .number()
    .int()
    .refine((v) => v === 1 || v === 3, "field_invalid"),
});

export const MicroWalletSchema = z.object({
  id: IdSchema,
  code: z.string(),
  micro_account: z.object({ balance: DecimalStringSchema }),
  micro_numbers: z.array(z.object({ number: z.number() })),
});
export type MicroWallet = z.infer<typeof MicroWalletSchema>;

export const MicroSecondsSchema = z.object({
  seconds: z.number(),
  profit_ratio: DecimalStringSchema,
  min: DecimalStringSchema,
  max: DecimalStringSchema,
});
export type MicroSeconds = z.infer<typeof MicroSecondsSchema>;

export const MicroOrderSchema = z.object({
  id: IdSchema,
  match_id: IdSchema,
  symbol_name: z.string(),
  seconds: z.number(),
  number: DecimalStringSchema,
  currency_name: z.string(),
  open_price: DecimalStringSchema,
  /** The price at expiry once closed; the current price while running. */
  end_price: DecimalStringSchema.nullable(),
  /** 1 up, 2 down. */
  type: IdSchema,
  /** 1 running, 3 closed. */
  status: IdSchema,
  profit_ratio: DecimalStringSchema,
  /** Actual profit once closed (negative on a loss), null while running. */
  fact_profits: DecimalStringSchema.nullable(),
  /** What it would make at the current price (running), or made (closed). */
  expected_profits: DecimalStringSchema,
  result: z.enum(["win", "lose", "tie"]).nullable(),
  fee: DecimalStringSchema,
  remain_milli_seconds: z.number(),
  created_at: z.number(),
  due_at: z.number(),
});
export type MicroOrder = z.infer<typeof MicroOrderSchema>;

export const MicroPageSchema = z.object({ data: z.array(MicroOrderSchema), total: z.number(), per_page: z.number() });
export type MicroPage = z.infer<typeof MicroPageSchema>;

export const MicroClosedPushSchema = z.object({ type: z.literal("MICRO_CLOSED"), order: MicroOrderSchema });

export const microCalls = {
  microPayableCurrencies: userCall("GET", "microtrade/payable_currencies", z.object({}), z.array(MicroWalletSchema)),
  microSeconds: publicCall("GET", "microtrade/seconds", z.object({}), z.array(MicroSecondsSchema)),
  microSubmit: userCall("POST", "microtrade/submit", MicroSubmitPayloadSchema, MicroOrderSchema),
  microLists: userCall("GET", "microtrade/lists", MicroListsPayloadSchema, MicroPageSchema),
};
