/**
 * /trade keeps its whole view in the query string (pair, tab, interval, order type, orders tab…), so every
 * control is a plain link that works without JavaScript. Defaults are left out to keep links short.
 */
export const TRADE_PARAMS = ["symbol", "tab", "period", "otype", "orders", "way", "page", "price", "side", "number", "seconds"] as const;
export type TradeParam = (typeof TRADE_PARAMS)[number];

// `way` has no default value: without it my orders show both sides.
const DEFAULTS: Partial<Record<TradeParam, string>> = { period: "1min", otype: "limit", orders: "current", page: "1", side: "buy" };

/** The screens that share these components and their query (spot /trade and leveraged /lever). */
export type TradeScreenPath = "/trade" | "/lever" | "/second";

/** Which of the two screens a location is on. */
export function screenOf(pathname: string): TradeScreenPath {
  return pathname === "/lever" || pathname === "/second" ? pathname : "/trade";
}

/** The current query with some params changed (null removes one). Unknown params are dropped. */
export function tradeUrl(search: string, changes: Partial<Record<TradeParam, string | number | null>>, path: TradeScreenPath = "/trade"): string {
  const current = new URLSearchParams(search);
  const out = new URLSearchParams();
  for (const key of TRADE_PARAMS) {
    const next = key in changes ? changes[key] : current.get(key);
    if (next === null || next === undefined || next === "") continue;
    const value = String(next);
    if (DEFAULTS[key] === value) continue;
    out.set(key, value);
  }
  const s = out.toString();
  return s ? `${path}?${s}` : path;
}
