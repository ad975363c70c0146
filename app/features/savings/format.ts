/**
 * Display of amounts and times for the savings and convert screens, in the browser's first load.
 * String work only (no decimal.js, ~13 KB gz): the exchange sends plain decimal strings and these
 * functions only regroup and pad their digits, never round. Arithmetic lives in app/features/savings/rules.ts and
 * app/features/convert/rules.ts and runs in loaders and actions.
 */

const PLAIN = /^([+-]?)(\d+)(?:\.(\d+))?$/;

/**
 * An amount as the screens show it: the exchange's own precision with trailing zeros trimmed, at
 * least `minDp` decimals, thousands grouped. '100' → '100.00', '0.00012300' → '0.000123'. Never rounds.
 */
export function displayAmount(value: string | null | undefined, minDp = 2): string {
  const m = PLAIN.exec((value ?? "").trim());
  if (!m) return "--";
  const int = m[2].replace(/^0+(?=\d)/, "");
  const frac = (m[3] ?? "").replace(/0+$/, "").padEnd(minDp, "0");
  const zero = /^0*$/.test(int + frac);
  const sign = m[1] === "-" && !zero ? "-" : "";
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return frac ? `${sign}${grouped}.${frac}` : `${sign}${grouped}`;
}

/** A signed change ('+12.50', '-100.00') and whether money came in. */
export function signedAmount(value: string): { text: string; income: boolean } {
  const text = displayAmount(value);
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

/** A holding's remaining period: in force with n days to go, or expired. */
export function holdingPeriod(h: { status: string; remaining_days: number }): { state: "active" | "expired"; days: number } {
  if (h.status === "expired") return { state: "expired", days: 0 };
  return { state: "active", days: Math.max(0, h.remaining_days) };
}
