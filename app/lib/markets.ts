import type { Pair, Quotation, QuoteGroup } from "~/contract/entities";
import { compareDecimal } from "~/lib/decimal-text";

/**
 * Pure market-list logic for /home and /markets: which pairs show, in which tab, in which order,
 * and the favourites cookie. No floats: every comparison of prices goes through compareDecimal.
 */

export const HOME_TILE_MAX = 6;
export const HOME_QUOTE = "USDT";
export const FAVS_MAX = 100;
export const FAVS_COOKIE = "favs";
export const ALL_TAB = "ALL";
export const FAV_TAB = "FAV";

export const SORT_KEYS = ["pair", "price", "change"] as const;
export type SortKey = (typeof SORT_KEYS)[number];
export type SortOrder = "asc" | "desc";
export type Sort = { key: SortKey; order: SortOrder } | null;

/** What a tile or a table row needs; `quotation` is the part a live feed replaces later. */
export type MarketRow = {
  id: number;
  name: string;
  symbol: string;
  base: string;
  quote: string;
  /** The quote currency's CNY price, for the approximate CNY value. */
  cnyPrice: string;
  pricePrecision: number;
  quotation: Omit<Quotation, "currency_match_id">;
};

export function toRow(pair: Pair): MarketRow {
  const { currency_match_id: _ignored, ...quotation } = pair.currency_quotation;
  return {
    id: pair.id,
    name: pair.name,
    symbol: pair.symbol,
    base: pair.base_currency_code,
    quote: pair.quote_currency_code,
    cnyPrice: pair.quote_currency.cny_price,
    pricePrecision: pair.price_precision,
    quotation,
  };
}

function isOpen(pair: Pair): boolean {
  return pair.open_change === 1;
}

/** Every pair open for spot trading, in the exchange's order, across all quote groups. */
export function openPairs(groups: QuoteGroup[]): Pair[] {
  const seen = new Set<number>();
  const out: Pair[] = [];
  for (const g of groups) {
    for (const p of g.matches) {
      if (!isOpen(p) || seen.has(p.id)) continue;
      seen.add(p.id);
      out.push(p);
    }
  }
  return out;
}

/** Home tiles: the USDT group's open pairs, biggest change first, at most 6 (docs/product.md, "/ and /home"). */
export function homeTiles(groups: QuoteGroup[], max = HOME_TILE_MAX): MarketRow[] {
  const group = groups.find((g) => g.code.toUpperCase() === HOME_QUOTE);
  if (!group) return [];
  return sortRows(group.matches.filter(isOpen).map(toRow), { key: "change", order: "desc" }).slice(0, max);
}

/** Quote-currency tabs, in the exchange's order: one per group that has an open pair. */
export function quoteTabs(groups: QuoteGroup[]): string[] {
  const codes: string[] = [];
  for (const g of groups) {
    const code = g.code.toUpperCase();
    if (g.matches.some(isOpen) && !codes.includes(code)) codes.push(code);
  }
  return codes;
}

/** The tab a query asks for, or ALL when it names none we have. */
export function normalizeTab(value: string | null | undefined, quotes: string[]): string {
  const v = (value ?? "").toUpperCase();
  if (v === FAV_TAB) return FAV_TAB;
  return quotes.includes(v) ? v : ALL_TAB;
}

export function normalizeSort(key: string | null | undefined, order: string | null | undefined): Sort {
  if (!key || !(SORT_KEYS as readonly string[]).includes(key)) return null;
  return { key: key as SortKey, order: order === "asc" ? "asc" : "desc" };
}

/** Rows of one tab. */
export function rowsForTab(groups: QuoteGroup[], tab: string, favs: readonly number[]): MarketRow[] {
  const pairs = openPairs(groups);
  if (tab === ALL_TAB) return pairs.map(toRow);
  if (tab === FAV_TAB) {
    const wanted = new Set(favs);
    return pairs.filter((p) => wanted.has(p.id)).map(toRow);
  }
  return pairs.filter((p) => p.quote_currency_code.toUpperCase() === tab).map(toRow);
}

function compareText(a: string, b: string): number {
  const x = a.toUpperCase();
  const y = b.toUpperCase();
  return x < y ? -1 : x > y ? 1 : 0;
}

/** Stable sort by pair name, latest price or change; ties keep the exchange's order. */
export function sortRows(rows: MarketRow[], sort: Sort): MarketRow[] {
  if (!sort) return rows.slice();
  const dir = sort.order === "asc" ? 1 : -1;
  const cmp = (a: MarketRow, b: MarketRow): number => {
    switch (sort.key) {
      case "pair":
        return compareText(a.symbol, b.symbol);
      case "price":
        return compareDecimal(a.quotation.close, b.quotation.close);
      case "change":
        return compareDecimal(a.quotation.change, b.quotation.change);
    }
  };
  return rows
    .map((row, index) => ({ row, index }))
    .sort((a, b) => dir * cmp(a.row, b.row) || a.index - b.index)
    .map((x) => x.row);
}

/** The order a header link asks for: first click ascending for names, descending for numbers; then it flips. */
export function nextOrder(current: Sort, key: SortKey): SortOrder {
  if (current?.key === key) return current.order === "asc" ? "desc" : "asc";
  return key === "pair" ? "asc" : "desc";
}

/** Query string of the markets page; defaults are left out so links stay short. */
export function marketsSearch(tab: string, sort: Sort): string {
  const p = new URLSearchParams();
  if (tab !== ALL_TAB) p.set("tab", tab);
  if (sort) {
    p.set("sort", sort.key);
    p.set("order", sort.order);
  }
  const s = p.toString();
  return s ? `?${s}` : "";
}

/** Where a pair trades. */
export function tradeHref(symbol: string): string {
  return `/trade?${new URLSearchParams({ symbol }).toString()}`;
}

// ---------------------------------------------------------------- favourites cookie

/** Reads the plain `favs` cookie: comma-separated positive ids, duplicates and junk dropped, at most 100. */
export function parseFavs(cookieHeader: string | null | undefined): number[] {
  if (!cookieHeader) return [];
  let raw = "";
  for (const part of cookieHeader.split(";")) {
    const eq = part.indexOf("=");
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === FAVS_COOKIE) raw = part.slice(eq + 1).trim();
  }
  try {
    raw = decodeURIComponent(raw);
  } catch {
    return [];
  }
  const out: number[] = [];
  for (const piece of raw.split(",")) {
    if (!/^\d{1,9}$/.test(piece)) continue;
    const id = Number(piece);
    if (id > 0 && !out.includes(id)) out.push(id);
  }
  return out.slice(-FAVS_MAX);
}

/** Adds or removes one id; adding past the cap forgets the oldest. Idempotent. */
export function setFav(favs: readonly number[], id: number, on: boolean): number[] {
  const rest = favs.filter((f) => f !== id);
  if (!on) return rest;
  return [...rest, id].slice(-FAVS_MAX);
}

/** The Set-Cookie value for the favourites (one year, readable by the server before any script runs). */
export function serializeFavs(favs: readonly number[]): string {
  const value = favs.slice(-FAVS_MAX).join(",");
  const maxAge = value ? 60 * 60 * 24 * 365 : 0;
  return `${FAVS_COOKIE}=${value}; Max-Age=${maxAge}; Path=/; SameSite=Lax`;
}

export { normalizeQuery, searchRows } from "./search";
