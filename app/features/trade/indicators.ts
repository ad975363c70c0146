/**
 * The chart's studies (moving average 15, MA cross 10/20, MACD 12/26, on wide screens; docs/product.md, "/trade").
 * They place lines in pixels, so they work on JavaScript numbers (the candles' closes as drawn);
 * nothing here is money. Every function answers one value per input bar, null where the study
 * has not enough bars yet.
 */

export const MA_PERIODS = [15, 10, 20] as const;
export const MACD_FAST = 12;
export const MACD_SLOW = 26;
export const MACD_SIGNAL = 9;

/** Simple moving average of the last `period` values. */
export function sma(values: readonly number[], period: number): (number | null)[] {
  const out: (number | null)[] = new Array(values.length).fill(null);
  if (period < 1) return out;
  let sum = 0;
  for (let i = 0; i < values.length; i++) {
    sum += values[i];
    if (i >= period) sum -= values[i - period];
    if (i >= period - 1) out[i] = sum / period;
  }
  return out;
}

/** Exponential moving average, seeded with the simple average of the first `period` values. */
export function ema(values: readonly (number | null)[], period: number): (number | null)[] {
  const out: (number | null)[] = new Array(values.length).fill(null);
  const k = 2 / (period + 1);
  let prev: number | null = null;
  let seed = 0;
  let seen = 0;
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (v === null) continue;
    if (prev === null) {
      seed += v;
      seen++;
      if (seen === period) {
        prev = seed / period;
        out[i] = prev;
      }
      continue;
    }
    prev = v * k + prev * (1 - k);
    out[i] = prev;
  }
  return out;
}

/** MACD line (EMA fast − EMA slow), its signal line (EMA of the MACD) and the histogram (MACD − signal). */
export function macd(values: readonly number[], fast = MACD_FAST, slow = MACD_SLOW, signal = MACD_SIGNAL) {
  const f = ema(values, fast);
  const s = ema(values, slow);
  const line = values.map((_, i) => (f[i] !== null && s[i] !== null ? f[i]! - s[i]! : null));
  const sig = ema(line, signal);
  const hist = line.map((v, i) => (v !== null && sig[i] !== null ? v - sig[i]! : null));
  return { macd: line, signal: sig, hist };
}

/** Line colours of MA 15, MA 10 and MA 20 (and of MACD and its signal: the first two), per theme. */
export const STUDY_COLOURS = {
  dark: ["#f0b90b", "#5b9cf6", "#c77dff"],
  light: ["#a77400", "#1f5fbf", "#8e44ad"],
} as const;
