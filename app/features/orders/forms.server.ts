import { z } from "zod";

/** The forms of /orders' action: one order's cancel (its id and side), and cancel all (one pair, or every pair). */
const CancelSchema = z.object({
  intent: z.literal("cancel"),
  id: z.coerce.number().int().positive(),
  way: z.coerce.number().int().min(1).max(2),
});
const CancelAllSchema = z.object({
  intent: z.literal("cancel-all"),
  currency_match_id: z
    .union([z.literal(""), z.coerce.number().int().positive()])
    .optional()
    .transform((v) => (v === "" ? undefined : v)),
});

export function parseOrdersForm(formData: FormData) {
  return z.discriminatedUnion("intent", [CancelSchema, CancelAllSchema]).safeParse(Object.fromEntries(formData));
}
