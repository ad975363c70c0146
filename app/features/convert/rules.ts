import Decimal from "decimal.js";
import { PLAIN_DECIMAL } from "~/contract/core/trading";

/**
 * Flash convert (/convert): the amount check shared by the server and the browser's lazily loaded
 * validation, and the display of rates and the spread (computed in the action). Money stays a decimal
 * string; decimal.js does the arithmetic. The first-load helpers (countdown, pair choice) are in
 * app/features/convert/convert-ui.ts, without decimal.js.
 */

export type AmountProblem = "required" | "invalid" | "positive" | "decimals" | "exceeds";

/**
 * What is wrong with an amount to convert, in the order a person fixes it: missing, not a number, zero,
 * more decimals than the currency has, more than the available balance (when known).
 */
export function amountProblem(
  raw: string | null | undefined,
  opts: { decimals?: number; available?: string | null } = {},
): AmountProblem | null {
  const v = (raw ?? "").trim();
  if (!v) return "required";
  if (v.length > 40 || !PLAIN_DECIMAL.test(v)) return "invalid";
  const d = new Decimal(v);
  if (d.isZero()) return "positive";
  if (opts.decimals !== undefined && d.decimalPlaces() > opts.decimals) return "decimals";
  if (opts.available !== undefined && opts.available !== null && opts.available !== "" && d.greaterThan(new Decimal(opts.available)))
    return "exceeds";
  return null;
}

/** A spread fraction as a percent: '0.002' → '0.2'. */
export function spreadPercent(spread: string): string {
  try {
    return new Decimal(spread)
      .times(100)
      .toDecimalPlaces(4, Decimal.ROUND_HALF_UP)
      .toFixed()
      .replace(/\.?0+$/, (m) => (m.includes(".") ? "" : m));
  } catch {
    return "--";
  }
}

/** A rate with up to `sig` significant digits, no exponent ('0.0000155312', '64093.12'). */
export function formatRate(rate: string, sig = 8): string {
  try {
    const d = new Decimal(rate);
    if (d.isZero()) return "0";
    const r = d.toSignificantDigits(sig, Decimal.ROUND_DOWN);
    return r.toFixed();
  } catch {
    return "--";
  }
}

/** 1 ÷ rate (how much of the source one target unit costs), `sig` significant digits. */
export function inverseRate(rate: string, sig = 8): string {
  try {
    const d = new Decimal(rate);
    if (d.isZero()) return "--";
    return new Decimal(1).div(d).toSignificantDigits(sig, Decimal.ROUND_DOWN).toFixed();
  } catch {
    return "--";
  }
}
