import { z } from "zod";

/**
 * A typed input cut to `max` characters before a form schema's checks (what the input's maxLength does in the
 * browser), so an overlong post is judged as the browser would have sent it. For the features' form schemas.
 */
export function cut<T extends z.ZodTypeAny>(max: number, schema: T) {
  return z.preprocess((v) => (typeof v === "string" ? v.slice(0, max) : v), schema);
}
