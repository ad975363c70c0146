import { z } from "zod";

/** A figure of a review as the server wrote it (a decimal string). */
export const reviewFigure = z.string().max(40);

/** What every review carries: the order's values (posted again by the confirmation) and its one-time key. */
export const reviewedOrder = z.object({ values: z.record(z.string().max(64)), key: z.string().min(1).max(64) });

/**
 * The review a confirmation posts back (the hidden `review` field, JSON), checked against `schema`: the figures the
 * confirmation shows again if the confirm is refused. Null when it is missing, is not JSON or is not such a review
 * (a page older than the server, or a hand-made post); the action then refuses the confirm and asks for a new review.
 */
export function postedReview<T>(formData: FormData, schema: z.ZodType<T>): T | null {
  const raw = formData.get("review");
  if (typeof raw !== "string" || !raw) return null;
  try {
    const parsed = schema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
