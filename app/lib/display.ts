/**
 * Display of amounts and times for the money screens (savings, its log, convert), in the browser's first load.
 * String work only (no decimal.js, ~13 KB gz): the exchange sends plain decimal strings and these
 * functions only regroup and pad their digits, never round. Arithmetic lives in app/features/savings/rules.ts and
 * app/features/convert/rules.ts and runs in loaders and actions.
 */

import { formatAmount } from "~/lib/amount";

const PLAIN = /^([+-]?)(\d+)(?:\.(\d+))?$/;

/**
 * An amount as the screens show it: the exchange's own precision with trailing zeros trimmed, at least `minDp`
 * decimals, thousands grouped in the language's separators (the one formatter, app/lib/amount.ts).
 * '100' → '100.00', '0.00012300' → '0.000123'. Never rounds.
 */
export function displayAmount(value: string | null | undefined, minDp = 2, lang?: string): string {
  if (!PLAIN.test((value ?? "").trim())) return "--";
  return formatAmount(value, { minDp, lang });
}

/**
 * Compares two plain decimal strings without a float or decimal.js (the savings page's first load): -1, 0 or 1;
 * null when either is not a plain decimal.
 */
export function compareAmounts(a: string | null | undefined, b: string | null | undefined): -1 | 0 | 1 | null {
  const x = PLAIN.exec((a ?? "").trim());
  const y = PLAIN.exec((b ?? "").trim());
  if (!x || !y) return null;
  const norm = (m: RegExpExecArray) => {
    const int = m[2].replace(/^0+(?=\d)/, "");
    const frac = (m[3] ?? "").replace(/0+$/, "");
    const zero = /^0*$/.test(int + frac);
    return { neg: m[1] === "-" && !zero, int, frac };
  };
  const p = norm(x);
  const q = norm(y);
  if (p.neg !== q.neg) return p.neg ? -1 : 1;
  const sign = p.neg ? -1 : 1;
  if (p.int.length !== q.int.length) return (p.int.length > q.int.length ? sign : -sign) as -1 | 1;
  const len = Math.max(p.frac.length, q.frac.length);
  const da = p.int + p.frac.padEnd(len, "0");
  const db = q.int + q.frac.padEnd(len, "0");
  if (da === db) return 0;
  return (da > db ? sign : -sign) as -1 | 1;
}

/** A signed change ('+12.50', '-100.00') and whether money came in. */
export function signedAmount(value: string, lang?: string): { text: string; income: boolean } {
  const text = displayAmount(value, 2, lang);
  if (text === "--") return { text, income: false };
  const income = !text.startsWith("-") && /[1-9]/.test(text);
  return { text: income ? `+${text}` : text, income };
}

/** Unix ms → 'YYYY-MM-DD HH:mm' (or with seconds) in UTC: the same text on the server and in the browser. */
export function formatUtc(ms: number | null | undefined, withSeconds = false): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms)) return "--";
  const iso = new Date(ms).toISOString();
  return `${iso.slice(0, 10)} ${iso.slice(11, withSeconds ? 19 : 16)}`;
}

/** UTC date only ('YYYY-MM-DD'). */
export function formatUtcDate(ms: number | null | undefined): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms)) return "--";
  return new Date(ms).toISOString().slice(0, 10);
}
