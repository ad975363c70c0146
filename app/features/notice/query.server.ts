import { z } from "zod";

/**
 * The query of /notice (`?id=&category_id=`), read in its loader only: here, in a server module, zod stays out of
 * the page's JavaScript (a schema built at a route module's top level would ship with the route).
 */
const OptionalId = z.preprocess(
  (v) => (v === "" || v === null ? undefined : v),
  z.coerce.number().int().positive().max(999_999_999).optional(),
);
const NoticeQuerySchema = z.object({ id: OptionalId, category_id: OptionalId });

/** The article and category asked for, or null when either is not a positive id. */
export function parseNoticeQuery(url: URL): { id?: number; category_id?: number } | null {
  const query = NoticeQuerySchema.safeParse({ id: url.searchParams.get("id"), category_id: url.searchParams.get("category_id") });
  return query.success ? query.data : null;
}
