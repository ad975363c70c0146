import Decimal from "decimal.js";
import { RECORDS_PAGE_SIZE } from "~/lib/pager";

/**
 * Savings (/deposit) and the savings log (/coinlog): the money rules the loaders and actions apply, and the
 * records pager. Money stays a decimal string; decimal.js does the arithmetic (on the server: the browser's
 * display helpers, string-only, are in app/lib/display.ts).
 */

export { pagerOf, parsePage, type Pager } from "~/lib/pager";

/** The records pager shows only when there are more entries than one page holds (docs/product.md, "Lists and pagers"). */
export const LOG_PAGE_SIZE = RECORDS_PAGE_SIZE;
/** Lock list limit (docs/product.md, "Savings"). */
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

/** Why an amount cannot buy a product (message key of savings.json `errors.*` and its values), or null. */
export type LockAmountProblem = {
  key: "amountRequired" | "amountInvalid" | "amountPositive" | "amountMin" | "amountMax" | "insufficient";
  vars?: Record<string, string>;
};

/**
 * A purchase amount (docs/product.md, "/deposit"; docs/api.md submit_lock): a plain decimal, more than 0, between the product's
 * minimum (`limit_number`) and maximum (`max_number`), and covered by the spot balance when it is known. Checked in
 * that order, so the message names the first thing to fix. (The exchange checks it again, and the decimals.)
 */
export function lockAmountProblem(
  value: string,
  product: { limit_number: string; max_number: string },
  available: string | null,
): LockAmountProblem | null {
  const v = value.trim();
  if (v === "") return { key: "amountRequired" };
  if (!/^\d{1,20}(\.\d{1,18})?$/.test(v)) return { key: "amountInvalid" };
  const amount = new Decimal(v);
  if (amount.lte(0)) return { key: "amountPositive" };
  if (amount.lt(product.limit_number)) return { key: "amountMin", vars: { min: product.limit_number } };
  const max = dec(product.max_number);
  if (max && max.gt(0) && amount.gt(max)) return { key: "amountMax", vars: { max: product.max_number } };
  if (available !== null && !covers(available, v)) return { key: "insufficient", vars: { available } };
  return null;
}
