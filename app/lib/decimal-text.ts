import { formatAmount } from "./amount";

/**
 * The screens' rounding rules (docs/product.md, "Money and rounding") on decimal strings, exact, without decimal.js
 * (~13 KB gz) or a float: a value is read into an integer of its digits (BigInt) and a count of decimals, and only
 * scaled, multiplied, compared and cut. /home and /markets show prices with these in their first load; app/lib/money.ts
 * re-exports them for the screens that do arithmetic with decimal.js anyway.
 *
 * Input is what decimal.js reads from a string or a number (sign, digits, a point, an exponent); anything else
 * (empty, Infinity, NaN, '1,000') is no value, as `dec()` in app/lib/money.ts answers null.
 */
export type DecimalText = string | number;

type Exact = { neg: boolean; digits: bigint; scale: number };

const NUMBER = /^([+-]?)(\d*)(?:\.(\d*))?(?:e([+-]?\d+))?$/i;
const ZERO = BigInt(0);
const ONE = BigInt(1);
const TWO = BigInt(2);

function pow10(n: number): bigint {
  return BigInt(10) ** BigInt(n);
}

function parse(value: DecimalText | null | undefined): Exact | null {
  if (value === null || value === undefined || value === "") return null;
  const m = NUMBER.exec(String(value));
  if (!m || (m[2] === "" && (m[3] ?? "") === "")) return null;
  const frac = m[3] ?? "";
  const exp = m[4] ? Number(m[4]) : 0;
  if (!Number.isSafeInteger(exp) || Math.abs(exp) > 1e6) return null;
  let digits = BigInt((m[2] || "0") + frac);
  let scale = frac.length - exp;
  if (scale < 0) {
    digits *= pow10(-scale);
    scale = 0;
  }
  return { neg: m[1] === "-", digits, scale };
}

type Rounding = "floor" | "ceil" | "halfUp";

/** `x` with exactly `dp` decimals, rounded as asked; '-' only on a non-zero result (decimal.js's toFixed). */
function toFixed(x: Exact, dp: number, rounding: Rounding): string {
  let q: bigint;
  if (x.scale <= dp) q = x.digits * pow10(dp - x.scale);
  else {
    const p = pow10(x.scale - dp);
    q = x.digits / p;
    const r = x.digits % p;
    const up = rounding === "floor" ? x.neg : rounding === "ceil" ? !x.neg : true;
    if (r > ZERO && up && (rounding !== "halfUp" || r * TWO >= p)) q += ONE;
  }
  const s = q.toString().padStart(dp + 1, "0");
  const int = s.slice(0, s.length - dp);
  const text = dp > 0 ? `${int}.${s.slice(s.length - dp)}` : int;
  return x.neg && q > ZERO ? `-${text}` : text;
}

function isZero(x: Exact): boolean {
  return x.digits === ZERO;
}

/** Decimals once trailing zeros are gone (decimal.js's decimalPlaces). */
function decimalPlaces(x: Exact): number {
  let { digits, scale } = x;
  const ten = BigInt(10);
  while (scale > 0 && digits % ten === ZERO) {
    digits /= ten;
    scale--;
  }
  return digits === ZERO ? 0 : scale;
}

function compare(x: Exact, y: Exact): number {
  const sx = isZero(x) ? 0 : x.neg ? -1 : 1;
  const sy = isZero(y) ? 0 : y.neg ? -1 : 1;
  if (sx !== sy) return sx < sy ? -1 : 1;
  const scale = Math.max(x.scale, y.scale);
  const a = x.digits * pow10(scale - x.scale);
  const b = y.digits * pow10(scale - y.scale);
  const c = a === b ? 0 : a < b ? -1 : 1;
  return sx < 0 ? -c : c;
}

/** Display amounts: floored to `dp` decimals (default 2), never rounded up; '' for no value. */
export function floorText(value: DecimalText | null | undefined, dp = 2): string {
  const x = parse(value);
  return x ? toFixed(x, dp, "floor") : "";
}

/** Totals a user pays: rounded up to `dp` decimals (default 6); '' for no value. */
export function ceilText(value: DecimalText | null | undefined, dp = 6): string {
  const x = parse(value);
  return x ? toFixed(x, dp, "ceil") : "";
}

/** The approximate CNY value of a price: price × the quote's cny_price, floored to 2. */
export function cnyValue(price: DecimalText | null | undefined, cnyPrice: DecimalText | null | undefined): string {
  const p = parse(price);
  const r = parse(cnyPrice);
  return p && r ? toFixed({ neg: p.neg !== r.neg, digits: p.digits * r.digits, scale: p.scale + r.scale }, 2, "floor") : "";
}

/** Change percent with 2 decimals (half up) and a sign; empty counts as rising (docs/product.md, "Money and rounding"). */
export function formatChange(change: DecimalText | null | undefined): { text: string; rising: boolean } {
  const x = parse(change);
  if (!x) return { text: "0.00%", rising: true };
  const falling = x.neg && !isZero(x);
  const fixed = toFixed(x, 2, "halfUp");
  return { text: `${falling ? "" : "+"}${fixed}%`, rising: !falling };
}

/** Compares decimals for sorting, exactly; no value counts as 0. */
export function compareDecimal(a: DecimalText | null | undefined, b: DecimalText | null | undefined): number {
  const zero: Exact = { neg: false, digits: ZERO, scale: 0 };
  return compare(parse(a) ?? zero, parse(b) ?? zero);
}

/** A price as exchanges show it: its own precision (2 to 8 decimals, floored), grouped thousands, the language's separators. */
export function formatPrice(value: DecimalText | null | undefined, dp?: number, lang?: string): string {
  const x = parse(value);
  if (!x) return "--";
  const places = dp ?? Math.min(Math.max(decimalPlaces(x), 2), 8);
  return formatAmount(toFixed(x, places, "floor"), { dp: places, lang });
}

const VOLUME_UNITS: [number, string][] = [
  [9, "B"],
  [6, "M"],
  [3, "K"],
];

/** Large volumes shortened: 1.23K, 4.56M, 7.89B (floored). */
export function formatVolume(value: DecimalText | null | undefined, lang?: string): string {
  const x = parse(value);
  if (!x) return "--";
  const abs: Exact = { ...x, neg: false };
  for (const [zeros, unit] of VOLUME_UNITS)
    if (compare(abs, { neg: false, digits: pow10(zeros), scale: 0 }) >= 0)
      return formatAmount(toFixed({ ...x, scale: x.scale + zeros }, 2, "floor"), { dp: 2, lang }) + unit;
  return formatAmount(toFixed(x, 2, "floor"), { dp: 2, lang });
}
