import Decimal from "decimal.js";

/**
 * Money is decimal: strings at every boundary, decimal.js inside. The rounding rules of the screens
 * (docs/product.md, "Money and rounding") live here and in ./decimal-text.ts (the same rules on strings, exact,
 * for the screens whose first load has no decimal.js), which these wrap.
 */
export type DecimalLike = string | number | Decimal;

/** The one amount formatter (decimal string in, locale separators out): see ./amount.ts. */
export { AMOUNT_SEPARATORS, formatAmount, formatCoin, type AmountOptions } from "./amount";
import {
  ceilText,
  cnyValue as textCny,
  compareDecimal as textCompare,
  floorText,
  formatChange as textChange,
  formatPrice as textPrice,
  formatVolume as textVolume,
  type DecimalText,
} from "./decimal-text";

export function dec(value: DecimalLike | null | undefined): Decimal | null {
  if (value === null || value === undefined || value === "") return null;
  try {
    const d = new Decimal(value);
    return d.isFinite() ? d : null;
  } catch {
    return null;
  }
}

/** Decimal.js values go to the string rules as their exact text (which may use an exponent: parsed exactly). */
function text(value: DecimalLike | null | undefined): DecimalText | null | undefined {
  return value instanceof Decimal ? value.toString() : value;
}

/** Display amounts: floored to `dp` decimals (default 2), never rounded up. */
export function floorTo(value: DecimalLike, dp = 2): string {
  return floorText(text(value), dp);
}

/** Totals a user pays: rounded up. */
export function ceilTo(value: DecimalLike, dp = 6): string {
  return ceilText(text(value), dp);
}

/** The approximate CNY value of a price: price × the quote's cny_price, floored to 2. */
export function cnyValue(price: DecimalLike, cnyPrice: DecimalLike): string {
  return textCny(text(price), text(cnyPrice));
}

/** Change percent with 2 decimals and a sign; empty counts as rising (docs/product.md, "Money and rounding"). */
export function formatChange(change: DecimalLike | null | undefined): { text: string; rising: boolean } {
  return textChange(text(change));
}

/** Compares decimal strings for sorting without floats. */
export function compareDecimal(a: DecimalLike | null | undefined, b: DecimalLike | null | undefined): number {
  return textCompare(text(a), text(b));
}

/** A price as exchanges show it: its own precision (floored), grouped thousands, in the language's separators. */
export function formatPrice(value: DecimalLike | null | undefined, dp?: number, lang?: string): string {
  return textPrice(text(value), dp, lang);
}

/** Large volumes shortened: 1.23K, 4.56M, 7.89B (floored). */
export function formatVolume(value: DecimalLike | null | undefined, lang?: string): string {
  return textVolume(text(value), lang);
}
