import Decimal from "decimal.js";

/**
 * Savings (/deposit) and the savings log (/coinlog): the money rules the loaders and actions apply, and the
 * records pager. Money stays a decimal string; decimal.js does the arithmetic (on the server: the browser's
 * display helpers, string-only, are in app/components/savings/format.ts).
 */

/** SPEC §9: the records pager shows only when there are more entries than one page holds. */
export const LOG_PAGE_SIZE = 15;
/** SPEC §9: lock list limit. */
export const LOCK_LIST_LIMIT = 30;

function dec(v: string | null | undefined): Decimal | null {
  if (v === null || v === undefined || v.trim() === "") return null;
  try {
    const d = new Decimal(v.trim());
    return d.isFinite() ? d : null;
  } catch {
    return null;
  }
}

/** Interest a product pays over its whole cycle: daily dividend × days (the dividend is already floored). */
export function cycleInterest(dailyDividend: string, days: number): string {
  const d = dec(dailyDividend);
  if (!d || !Number.isInteger(days) || days < 0) return "0";
  return d.times(days).toFixed();
}

/** `?page=` as a page number: 1 unless a positive integer (capped, so a typo can't ask for page 10^20). */
export function parsePage(value: string | null | undefined, max = 100_000): number {
  if (!value || !/^\d{1,7}$/.test(value.trim())) return 1;
  const n = Number.parseInt(value.trim(), 10);
  return n >= 1 ? Math.min(n, max) : 1;
}

export type Pager = { show: boolean; page: number; pages: number; prev: number | null; next: number | null };

/** The pager of a list of `total` entries, `perPage` a page; shown only when total > perPage (SPEC §9). */
export function pagerOf(total: number, page: number, perPage = LOG_PAGE_SIZE): Pager {
  const pages = Math.max(1, Math.ceil(Math.max(0, total) / perPage));
  const current = Math.min(Math.max(1, page), pages);
  return { show: total > perPage, page: current, pages, prev: current > 1 ? current - 1 : null, next: current < pages ? current + 1 : null };
}

/** `?confirm=<id>` as a product id, or null. */
export function parseProductId(value: string | null | undefined): number | null {
  if (!value || !/^\d{1,9}$/.test(value.trim())) return null;
  const n = Number.parseInt(value.trim(), 10);
  return n > 0 ? n : null;
}

/** Whether `available` covers `amount` (both decimal strings; unknown balance → true, the exchange decides). */
export function covers(available: string | null | undefined, amount: string): boolean {
  const a = dec(available);
  const b = dec(amount);
  if (!a || !b) return true;
  return a.greaterThanOrEqualTo(b);
}
