import type { Pair, QuoteGroup } from "~/contract/entities";
import { normalizeSymbol } from "~/contract/core/channels";

/** Which pair the trade screen opens on: the `symbol` in the address, else the last one traded (the tradeinfo cookie). */

/** The last pair traded, in a plain cookie so the server picks the pair (docs/product.md, "/trade"). */
export type TradeInfo = { currencyName: string; currencyId: number; legalId: number; legalName: string; symbol: string; mathid: number };
export const TRADEINFO_COOKIE = "tradeinfo";

export function tradeInfoOf(pair: Pair): TradeInfo {
  return {
    currencyName: pair.base_currency_code,
    currencyId: pair.base_currency_id,
    legalId: pair.quote_currency_id,
    legalName: pair.quote_currency_code,
    symbol: pair.symbol,
    mathid: pair.id,
  };
}

/** Reads the cookie's JSON; anything malformed is null. */
export function parseTradeInfo(raw: string | null | undefined): TradeInfo | null {
  if (!raw || raw.length > 512) return null;
  try {
    const v = JSON.parse(raw) as Partial<TradeInfo>;
    if (!v || typeof v !== "object" || typeof v.symbol !== "string") return null;
    const mathid = Number(v.mathid);
    return {
      currencyName: String(v.currencyName ?? ""),
      currencyId: Number(v.currencyId) || 0,
      legalId: Number(v.legalId) || 0,
      legalName: String(v.legalName ?? ""),
      symbol: v.symbol,
      mathid: Number.isInteger(mathid) ? mathid : 0,
    };
  } catch {
    return null;
  }
}

export function serializeTradeInfo(info: TradeInfo): string {
  return `${TRADEINFO_COOKIE}=${encodeURIComponent(JSON.stringify(info))}; Path=/; Max-Age=${60 * 60 * 24 * 365}; SameSite=Lax`;
}

function isOpen(p: Pair) {
  return p.open_change === 1;
}

/**
 * The pair asked for (`?symbol=`), else the one saved in tradeinfo if it is still open (docs/product.md, "/trade"),
 * else the first open pair of the first quote currency.
 */
export function pickPair(groups: QuoteGroup[], opts: { symbol?: string | null; tradeinfo?: TradeInfo | null }): Pair | null {
  const open = groups.flatMap((g) => g.matches.filter(isOpen));
  if (opts.symbol) {
    const want = normalizeSymbol(opts.symbol);
    const hit = open.find((p) => normalizeSymbol(p.symbol) === want);
    if (hit) return hit;
  }
  if (opts.tradeinfo) {
    const saved = opts.tradeinfo;
    const hit = open.find((p) => p.id === saved.mathid && normalizeSymbol(p.symbol) === normalizeSymbol(saved.symbol));
    if (hit) return hit;
  }
  for (const g of groups) {
    const first = g.matches.find(isOpen);
    if (first) return first;
  }
  return null;
}
