import Decimal from "decimal.js";
import { RECORDS_PAGE_SIZE } from "~/lib/pager";

/**
 * Savings (/deposit) and the savings log (/coinlog): the money rules the loaders and actions apply, and the
 * records pager. Money stays a decimal string; decimal.js does the arithmetic (on the server: the browser's
 * display helpers, string-only, are in app/features/savings/format.ts).
 */

export { pagerOf, parsePage, type Pager } from "~/lib/pager";

/** SPEC §9: the records pager shows only when there are more entries than one page holds. */
export const LOG_PAGE_SIZE = RECORDS_PAGE_SIZE;
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
