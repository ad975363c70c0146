import { z } from "zod";

/** Envelope codes of every /api/ answer (SPEC §8). */
export const CODE = { OK: 1, FAIL: 0, LOGIN_TIMEOUT: 999, SILENT_EMPTY: 996 } as const;
export type Code = (typeof CODE)[keyof typeof CODE];

export const EnvelopeSchema = z.object({
  code: z.number().int(),
  msg: z.string().catch(""),
  data: z.unknown().optional(),
});
export type Envelope = z.infer<typeof EnvelopeSchema>;

/** The envelope with a typed `data`, for a call's answer. */
export function envelopeOf<D extends z.ZodTypeAny>(data: D) {
  return z.object({ code: z.number().int(), msg: z.string().catch(""), data });
}
