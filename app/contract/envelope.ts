import { z } from "zod";

export * from "./core/codes";

/** A refusal's machine-readable reason (see `Reason` in core/codes.ts); anything malformed is dropped. */
export const ReasonSchema = z
  .object({ key: z.string().max(100), field: z.string().max(100).optional(), wait: z.number().int().min(0).max(86_400).optional() })
  .optional()
  .catch(undefined);

export const EnvelopeSchema = z.object({
  code: z.number().int(),
  msg: z.string().catch(""),
  data: z.unknown().optional(),
  reason: ReasonSchema,
});
export type Envelope = z.infer<typeof EnvelopeSchema>;

/** The envelope with a typed `data`, for a call's answer. */
export function envelopeOf<D extends z.ZodTypeAny>(data: D) {
  return z.object({ code: z.number().int(), msg: z.string().catch(""), data });
}
