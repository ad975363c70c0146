import { z } from "zod";

/**
 * `page` and `limit` of every list call. Both are bounded: a page number or a limit of 1e19 (or 1e308) is refused
 * with a 400 on its field instead of reaching the database as an offset it cannot hold. A page past the last one is
 * an empty page (`data: []`, the real `total`).
 */
export const PAGE_MAX = 100_000;
/** The most rows one page may ask for (each call's own maximum, when lower, applies on top). */
export const LIMIT_MAX = 100;

const bounded = (max: number) =>
  z
    .union([z.literal(""), z.coerce.number().int().positive().max(max)])
    .optional()
    .transform((v) => (v === "" ? undefined : v));

/** `page`: 1 to PAGE_MAX; absent or '' = 1. */
export const PageSchema = bounded(PAGE_MAX);
/** `limit`: 1 to LIMIT_MAX; absent or '' = the call's default. */
export const LimitSchema = bounded(LIMIT_MAX);

/** One page of a list: its rows and where it stands (`total` rows in all, `per_page` a page, pages 1 to `last_page`). */
export function pageOf<T extends z.ZodTypeAny>(item: T) {
  return z.object({
    total: z.coerce.number().int(),
    per_page: z.coerce.number().int(),
    last_page: z.coerce.number().int(),
    current_page: z.coerce.number().int(),
    data: z.array(item),
  });
}
