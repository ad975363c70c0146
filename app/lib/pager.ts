/**
 * Paged lists (records, logs, histories): one pager everywhere. No decimal.js or zod here, so the
 * pages' browser code can use it.
 */

/** Records pages hold 15 entries, and the pager shows only when there are more than that (docs/product.md, "Lists and pagers"). */
export const RECORDS_PAGE_SIZE = 15;

/** `?page=` as a page number: 1 unless a positive integer (capped, so a typo can't ask for page 10^20). */
export function parsePage(value: string | null | undefined, max = 100_000): number {
  if (!value || !/^\d{1,7}$/.test(value.trim())) return 1;
  const n = Number.parseInt(value.trim(), 10);
  return n >= 1 ? Math.min(n, max) : 1;
}

export type Pager = { show: boolean; page: number; pages: number; prev: number | null; next: number | null };

/** The pager of a list of `total` entries, `perPage` a page; shown only when total > perPage (docs/product.md, "Lists and pagers"). */
export function pagerOf(total: number, page: number, perPage = RECORDS_PAGE_SIZE): Pager {
  const size = perPage > 0 ? perPage : RECORDS_PAGE_SIZE;
  const pages = Math.max(1, Math.ceil(Math.max(0, total) / size));
  const current = Math.min(Math.max(1, page), pages);
  return { show: total > size, page: current, pages, prev: current > 1 ? current - 1 : null, next: current < pages ? current + 1 : null };
}
