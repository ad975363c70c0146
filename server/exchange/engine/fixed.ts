/**
 * Exact fixed-point arithmetic for the matching engine: prices and base quantities are bigint at scale 1e8
 * (8 decimals), quote amounts (price × quantity) at scale 1e16. Decimal strings go in and come out; no float
 * ever touches an amount.
 */
export const SCALE = 100_000_000n;
export const SCALE_DIGITS = 8;
/** Quote amounts: price (1e8) × quantity (1e8). */
export const QUOTE_SCALE = SCALE * SCALE;
export const QUOTE_DIGITS = 16;

const DECIMAL_RE = /^(\d+)(?:\.(\d+))?$/;

/** Number of decimals of a plain decimal string ('1.250' → 3), or -1 if it is not one. */
export function decimalsOf(value: string): number {
  const m = DECIMAL_RE.exec(value);
  if (!m) return -1;
  return m[2]?.length ?? 0;
}

/** A non-negative decimal string with at most `digits` decimals → bigint scaled by 10^digits. Throws otherwise. */
export function parseScaled(value: string, digits = SCALE_DIGITS): bigint {
  const m = DECIMAL_RE.exec(value);
  if (!m) throw new RangeError(`not a decimal: ${value}`);
  const frac = m[2] ?? "";
  if (frac.length > digits) {
    // Trailing zeros beyond the scale are harmless ('1.500000000').
    if (/[^0]/.test(frac.slice(digits))) throw new RangeError(`too many decimals: ${value}`);
  }
  return BigInt(m[1] + frac.slice(0, digits).padEnd(digits, "0"));
}

/** bigint scaled by 10^digits → exact decimal string without trailing zeros ('0.5', '12', '-3.25'). */
export function formatScaled(value: bigint, digits = SCALE_DIGITS): string {
  const neg = value < 0n;
  let s = (neg ? -value : value).toString();
  if (digits > 0) {
    s = s.padStart(digits + 1, "0");
    const int = s.slice(0, s.length - digits);
    let frac = s.slice(s.length - digits);
    let end = frac.length;
    while (end > 0 && frac.charCodeAt(end - 1) === 48) end--;
    frac = frac.slice(0, end);
    s = frac ? `${int}.${frac}` : int;
  }
  return neg && s !== "0" ? `-${s}` : s;
}

/** bigint scaled by 10^digits → decimal string with exactly `places` decimals (truncated towards zero). */
export function formatFixed(value: bigint, places: number, digits = SCALE_DIGITS): string {
  const neg = value < 0n;
  const abs = neg ? -value : value;
  const cut = digits > places ? abs / 10n ** BigInt(digits - places) : abs * 10n ** BigInt(places - digits);
  let s = cut.toString();
  if (places > 0) {
    s = s.padStart(places + 1, "0");
    s = `${s.slice(0, s.length - places)}.${s.slice(s.length - places)}`;
  }
  return neg && /[1-9]/.test(s) ? `-${s}` : s;
}

/** Quote amount of `qty` base at `price` (both 1e8) at scale 1e16. Exact. */
export function quoteOf(price: bigint, qty: bigint): bigint {
  return price * qty;
}

/** Base quantity (1e8) → quote scale (1e16), for summing mixed deltas. */
export function baseToQuoteScale(v: bigint): bigint {
  return v * SCALE;
}
