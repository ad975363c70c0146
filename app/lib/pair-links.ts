import { normalizeSymbol } from "~/contract/core/channels";

/**
 * /trade keeps its whole view in the query string (pair, tab, interval, order type, orders tab…), so every
 * control is a plain link that works without JavaScript. Defaults are left out to keep links short.
 */
export const TRADE_PARAMS = ["symbol", "tab", "period", "otype", "orders", "way", "page", "price", "side", "number", "seconds"] as const;
export type TradeParam = (typeof TRADE_PARAMS)[number];

// `way` has no default value: without it my orders show both sides.
const DEFAULTS: Partial<Record<TradeParam, string>> = { period: "1min", otype: "limit", orders: "current", page: "1", side: "buy" };

/** The pair screens (spot /trade, leveraged /lever, /second): each its own namespace of texts and its own address. */
export type PairKind = "trade" | "lever" | "second";

/** The screens that share these components and their query. */
export type TradeScreenPath = `/${PairKind}`;

/** Which of the two screens a location is on. */
export function screenOf(pathname: string): TradeScreenPath {
  return pathname === "/lever" || pathname === "/second" ? pathname : "/trade";
}

/** The current query with some params changed (null removes one). Unknown params are dropped. */
export function tradeUrl(
  search: string,
  changes: Partial<Record<TradeParam, string | number | null>>,
  path: TradeScreenPath = "/trade",
): string {
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

/** No value of these screens' query is longer than this (symbols, prices, tabs). */
export const MAX_PARAM_LENGTH = 40;

/**
 * Every control of these screens is a link that keeps the query, so an unknown symbol or an oversized value is
 * answered once with the canonical address (the default pair, the value dropped), never echoed into each link.
 * Null when the query is fine.
 */
export function canonicalAddress(url: URL, pairSymbol: string | null, path: TradeScreenPath): string | null {
  const q = url.searchParams;
  const unknownSymbol = q.has("symbol") && (!pairSymbol || normalizeSymbol(q.get("symbol") ?? "") !== normalizeSymbol(pairSymbol));
  const oversized = TRADE_PARAMS.filter((key) => (q.get(key) ?? "").length > MAX_PARAM_LENGTH);
  if (!unknownSymbol && oversized.length === 0) return null;
  const drop = Object.fromEntries([...oversized, ...(unknownSymbol ? ["symbol"] : [])].map((key) => [key, null]));
  return tradeUrl(url.search, drop, path);
}

/** The history page a pair screen's address asks for (`page`, 1 to 10,000; anything else is 1). */
export function pageParam(q: URLSearchParams): number {
  return Math.max(1, Math.min(10_000, Number.parseInt(q.get("page") ?? "1", 10) || 1));
}

/**
 * Where a pair screen's (or /orders') action sends the browser back (without JavaScript): the form's `back` (already through
 * `safeRedirect`) when it is that screen itself, with any query or fragment, else the screen. An exact path:
 * `/trade` takes `/trade?symbol=…` but not `/trades` or `/trade/x`.
 */
export function backOnScreen(back: string, path: TradeScreenPath | "/orders"): string {
  return back === path || back.startsWith(`${path}?`) || back.startsWith(`${path}#`) ? back : path;
}
