import { parseWithZod } from "@conform-to/zod";
import { z } from "zod";
import { postedReview, reviewedOrder, reviewFigure } from "~/lib/review.server";
import type { LeverReview } from "./action-data";
import { leverOrderSchema, RowActionSchema, stopsSchema, type Translate } from "./schema";

/** The /lever action's parsing, in a server module (zod reaches the browser only through ./validate, lazily). */
export function parseLeverOrder(formData: FormData, t: Translate, opts: { decimals: number; withPassword: boolean }) {
  return parseWithZod(formData, { schema: leverOrderSchema(t, opts) });
}

export function parseStops(formData: FormData, t: Translate, decimals: number) {
  return parseWithZod(formData, { schema: stopsSchema(t, decimals) });
}

export function parseRowAction(formData: FormData) {
  return RowActionSchema.safeParse(Object.fromEntries(formData));
}

/** The review a lever confirmation posts back (see LeverReview). */
const leverReviewSchema: z.ZodType<LeverReview> = reviewedOrder.extend({
  type: z.union([z.literal(1), z.literal(2)]),
  status: z.union([z.literal(0), z.literal(1)]),
  price: reviewFigure,
  openPrice: reviewFigure,
  hands: z.number().int().positive(),
  multiple: z.number().int().positive(),
  number: reviewFigure,
  fee: reviewFigure,
  margin: reviewFigure,
  takeProfit: reviewFigure.optional(),
  stopLoss: reviewFigure.optional(),
  liquidation: reviewFigure.nullable().optional(),
});

export function parseLeverReview(formData: FormData): LeverReview | null {
  return postedReview(formData, leverReviewSchema);
}
