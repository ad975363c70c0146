import Decimal from "decimal.js";

/**
 * Money is decimal: strings at every boundary, decimal.js inside. The rounding rules of the screens
 * (docs/product.md, "Money and rounding") live here and nowhere else.
 */
export type DecimalLike = string | number | Decimal;

/** The one amount formatter (decimal string in, locale separators out): see ./amount.ts. */
export { AMOUNT_SEPARATORS, formatAmount, formatCoin, type AmountOptions } from "./amount";
import { formatAmount } from "./amount";

export function dec(value: DecimalLike | null | undefined): Decimal | null {
  if (value === null || value === undefined || value === "") return null;
  try {
    const d = new Decimal(value);
    return d.isFinite() ? d : null;
  } catch {
    return null;
  }
}

/** Display amounts: floored to `dp` decimals (default 2), never rounded up. */
export function floorTo(value: DecimalLike, dp = 2): string {
  const d = dec(value);
  return d ? d.toDecimalPlaces(dp, Decimal.ROUND_FLOOR).toFixed(dp) : "";
}

/** Totals a user pays: rounded up. */
export function ceilTo(value: DecimalLike, dp = 6): string {
  const d = dec(value);
  return d ? d.toDecimalPlaces(dp, Decimal.ROUND_CEIL).toFixed(dp) : "";
}

/** The approximate CNY value of a price: price × the quote's cny_price, floored to 2. */
export function cnyValue(price: DecimalLike, cnyPrice: DecimalLike): string {
  const p = dec(price);
  const r = dec(cnyPrice);
  return p && r ? floorTo(p.times(r), 2) : "";
}

/** Change percent with 2 decimals and a sign; empty counts as rising (docs/product.md, "Money and rounding"). */
export function formatChange(change: DecimalLike | null | undefined): { text: string; rising: boolean } {
  const d = dec(change);
  if (!d) return { text: "0.00%", rising: true };
  const fixed = d.toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2);
  return { text: `${d.isNegative() && !d.isZero() ? "" : "+"}${fixed}%`, rising: !d.isNegative() || d.isZero() };
}

/** Compares decimal strings for sorting without floats. */
export function compareDecimal(a: DecimalLike | null | undefined, b: DecimalLike | null | undefined): number {
  const x = dec(a) ?? new Decimal(0);
  const y = dec(b) ?? new Decimal(0);
  return x.comparedTo(y);
}

/** A price as exchanges show it: its own precision (floored), grouped thousands, in the language's separators. */
export function formatPrice(value: DecimalLike | null | undefined, dp?: number, lang?: string): string {
  const d = dec(value);
  if (!d) return "--";
  const places = dp ?? Math.min(Math.max(d.decimalPlaces(), 2), 8);
  return formatAmount(d.toFixed(places, Decimal.ROUND_FLOOR), { dp: places, lang });
}

/** Large volumes shortened: 1.23K, 4.56M, 7.89B (floored). */
export function formatVolume(value: DecimalLike | null | undefined, lang?: string): string {
  const d = dec(value);
  if (!d) return "--";
  const units: [number, string][] = [
    [1e9, "B"],
    [1e6, "M"],
    [1e3, "K"],
  ];
  for (const [n, u] of units) if (d.abs().gte(n)) return formatAmount(floorTo(d.div(n), 2), { dp: 2, lang }) + u;
  return formatAmount(floorTo(d, 2), { dp: 2, lang });
}
