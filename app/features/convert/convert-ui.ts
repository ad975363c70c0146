/**
 * Flash convert helpers the browser needs on first load (countdown, pair choice, the amount box): no
 * decimal.js here, it stays on the server and in the lazily loaded validation (app/features/convert/rules.ts).
 */

export const CONVERT_PAGE_SIZE = 15;
/** Typing pauses this long before the browser asks for a new quote. */
export const QUOTE_DEBOUNCE_MS = 400;

/** Whole seconds a quote still has (rounded up, never below 0); `now` on the same clock as `expiresAt`. */
export function secondsLeft(expiresAt: number, now: number): number {
  return Math.max(0, Math.ceil((expiresAt - now) / 1000));
}

/**
 * The browser's deadline of a quote: the server said `expiresAt` when its clock read `serverNow`;
 * the browser's clock may differ, so the time left is measured from when the answer arrived.
 */
export function localDeadline(expiresAt: number, serverNow: number, clientNow: number): number {
  return clientNow + Math.max(0, expiresAt - serverNow);
}

/** The other currency to pick when `from` and `to` would be the same. */
export function otherThan(ids: number[], taken: number, preferred?: number): number | undefined {
  if (preferred !== undefined && preferred !== taken && ids.includes(preferred)) return preferred;
  return ids.find((id) => id !== taken);
}

/** `from`/`to` query or form values as currency ids among `ids`, defaulting to USDT → BTC (or the first two). */
export function pickPair(
  currencies: Array<{ id: number; code: string }>,
  from: string | null | undefined,
  to: string | null | undefined,
): { from: number | undefined; to: number | undefined } {
  const ids = currencies.map((c) => c.id);
  const byCode = (code: string) => currencies.find((c) => c.code.toUpperCase() === code)?.id;
  const asId = (v: string | null | undefined) => {
    const n = v && /^\d{1,9}$/.test(v) ? Number.parseInt(v, 10) : NaN;
    return ids.includes(n) ? n : undefined;
  };
  const f: number | undefined = asId(from) ?? byCode("USDT") ?? ids[0];
  let t = asId(to);
  if (t === undefined || t === f) t = otherThan(ids, f ?? -1, byCode(f === byCode("BTC") ? "USDT" : "BTC"));
  return { from: f, to: t };
}

/** Keeps what the amount box accepts as a plain decimal (digits and one dot; a comma counts as the dot). */
export function cleanAmount(raw: string): string {
  return raw.trim().replace(/,/g, ".").replace(/\s+/g, "");
}
