import { DEFAULT_LANG, isLang, type Lang } from "~/i18n";

/**
 * The one formatter of amounts on every screen (re-exported by app/lib/money.ts). A decimal string goes in
 * and its digits are only cut, padded and grouped: no float ever holds an amount. String work only (no
 * decimal.js), so the light screens' first load can use it (scripts/checks/check-client-bundle.ts).
 *
 * The language gives the separators ('4,800.00' en, '4.800,00' de, '4 800,00' fr and pl). They come from a
 * table of ours (CLDR's symbols), not from the runtime's Intl: Node and the browser ship different ICU data, and
 * the server's text must equal the hydrated text.
 */
export type AmountOptions = {
  /** An app language ('en', 'jp', …); default 'en'. */
  lang?: string;
  /** Exactly this many decimals, cut towards zero (a display never shows more than there is). */
  dp?: number;
  /** Without `dp`: the value's own decimals, trailing zeros dropped, at least this many (default 2). */
  minDp?: number;
  /** Without `dp`: at most this many decimals (cut towards zero). */
  maxDp?: number;
  /** Show '+' before a positive value (changes in a log). */
  signed?: boolean;
};

const PLAIN = /^([+-]?)(\d*)(?:\.(\d*))?$/;

/** [thousands, decimal] separators per language (CLDR: fr a narrow no-break space, pl a no-break space). */
export const AMOUNT_SEPARATORS: Record<Lang, readonly [group: string, decimal: string]> = {
  en: [",", "."],
  hk: [",", "."],
  jp: [",", "."],
  zh: [",", "."],
  th: [",", "."],
  kr: [",", "."],
  de: [".", ","],
  it: [".", ","],
  es: [".", ","],
  fr: ["\u202f", ","],
  pl: ["\u00a0", ","],
};

/** `value` as the screens show amounts: see AmountOptions. '--' for anything that is not a plain decimal. */
export function formatAmount(value: string | null | undefined, options: AmountOptions = {}): string {
  const m = PLAIN.exec(String(value ?? "").trim());
  if (!m || (m[2] === "" && (m[3] ?? "") === "")) return "--";
  const int = m[2].replace(/^0+(?=\d)/, "") || "0";
  let frac = m[3] ?? "";
  if (options.dp !== undefined) {
    const dp = Math.max(0, Math.floor(options.dp));
    frac = frac.slice(0, dp).padEnd(dp, "0");
  } else {
    frac = frac.replace(/0+$/, "");
    if (options.maxDp !== undefined) frac = frac.slice(0, Math.max(0, Math.floor(options.maxDp)));
    frac = frac.padEnd(Math.max(0, options.minDp ?? 2), "0");
  }
  const zero = /^0*$/.test(int + frac);
  const sign = m[1] === "-" && !zero ? "-" : options.signed && !zero && m[1] !== "-" ? "+" : "";
  const [group, decimal] = AMOUNT_SEPARATORS[isLang(options.lang) ? options.lang : DEFAULT_LANG];
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, group);
  return `${sign}${grouped}${frac ? decimal + frac : ""}`;
}

/**
 * An amount of a coin, the same on every screen: at most the coin's own decimals (the exchange's `decimals`; cut,
 * never rounded), trailing zeros dropped down to two, the language's separators. 10,000 USDT reads '10,000.00'
 * everywhere, 0.1234567 USDT (6 decimals) '0.123456'.
 */
export function formatCoin(value: string | null | undefined, decimals: number, options: { lang?: string; signed?: boolean } = {}): string {
  const dp = Math.max(0, Math.floor(decimals));
  return formatAmount(value, { lang: options.lang, signed: options.signed, maxDp: dp, minDp: Math.min(2, dp) });
}
