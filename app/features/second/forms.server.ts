import { parseWithZod } from "@conform-to/zod";
import { z } from "zod";
import { postedReview, reviewedOrder, reviewFigure } from "~/lib/review.server";
import type { MicroReview } from "./action-data";
import { microOrderSchema, type Translate } from "./schema";

/** The /second action's parsing, in a server module (zod reaches the browser only through ./validate, lazily). */
export function parseMicroOrder(formData: FormData, t: Translate, opts: { seconds: number[]; decimals: number }) {
  return parseWithZod(formData, { schema: microOrderSchema(t, opts) });
}

/** The review a second-contract confirmation posts back (see MicroReview). */
const microReviewSchema: z.ZodType<MicroReview> = reviewedOrder.extend({
  type: z.union([z.literal(1), z.literal(2)]),
  number: reviewFigure,
  code: z.string().max(40),
  seconds: z.number().int().positive(),
  percent: reviewFigure,
});

export function parseMicroReview(formData: FormData): MicroReview | null {
  return postedReview(formData, microReviewSchema);
}
