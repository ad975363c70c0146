import { describe, expect, it } from "vitest";
import type { Pair, QuoteGroup } from "~/contract/entities";
import {
  FAVS_MAX,
  homeTiles,
  marketsSearch,
  nextOrder,
  normalizeSort,
  normalizeTab,
  openPairs,
  parseFavs,
  quoteTabs,
  rowsForTab,
  serializeFavs,
  setFav,
  sortRows,
  toRow,
  tradeHref,
} from "./markets";

function pair(id: number, base: string, quote: string, close: string, change: string, open_change = 1): Pair {
  return {
    id,
    name: `${base}/${quote}`,
    symbol: `${base}/${quote}`,
    base_currency_id: id * 10,
    quote_currency_id: 1,
    base_currency_code: base,
    quote_currency_code: quote,
    open_change,
    open_lever: 0,
    open_microtrade: 0,
    added: false,
    price_precision: 4,
    amount_precision: 6,
    currency_quotation: { currency_match_id: id, close, change, high: close, low: close, volume: "1" },
    lever_point_rate: "0",
    lever_share_num: "1",
    lever_fee_rate: "0",
    quote_currency: { cny_price: "7.1", usd_price: "1" },
  };
}

function group(code: string, matches: Pair[]): QuoteGroup {
  return { id: matches[0]?.quote_currency_id ?? 0, code, is_quote: 1, cny_price: "7.1", usd_price: "1", matches };
}

const usdt = group("USDT", [
  pair(1, "BTC", "USDT", "65000.5", "1.20"),
  pair(2, "ETH", "USDT", "3000", "-2.5"),
  pair(3, "SOL", "USDT", "150", "10.01"),
  pair(4, "XRP", "USDT", "0.5", "10.009"),
  pair(5, "DOGE", "USDT", "0.1", "0"),
  pair(6, "LTC", "USDT", "80", "3"),
  pair(7, "BNB", "USDT", "600", "4"),
  pair(10, "LINK", "USDT", "15", "99", 0),
]);
const btc = group("BTC", [pair(11, "ETH", "BTC", "0.05", "0.5"), pair(12, "SOL", "BTC", "0.002", "-1")]);
const eth = group("ETH", [pair(15, "LINK", "ETH", "0.005", "1", 0)]);
const groups = [usdt, btc, eth];

describe("home tiles", () => {
  it("takes only open USDT pairs, biggest change first, at most six", () => {
    const tiles = homeTiles(groups);
    expect(tiles.map((t) => t.id)).toEqual([3, 4, 7, 6, 1, 5]);
    expect(tiles.some((t) => t.id === 10)).toBe(false);
  });
  it("compares changes as decimals (10.01 > 10.009)", () => {
    expect(homeTiles(groups, 2).map((t) => t.symbol)).toEqual(["SOL/USDT", "XRP/USDT"]);
  });
  it("is empty without a USDT group", () => {
    expect(homeTiles([btc])).toEqual([]);
  });
});

describe("tabs and rows", () => {
  it("lists a tab per quote group that has an open pair", () => {
    expect(quoteTabs(groups)).toEqual(["USDT", "BTC"]);
  });
  it("normalizes unknown tabs to ALL", () => {
    expect(normalizeTab("btc", ["USDT", "BTC"])).toBe("BTC");
    expect(normalizeTab("XYZ", ["USDT"])).toBe("ALL");
    expect(normalizeTab(null, ["USDT"])).toBe("ALL");
    expect(normalizeTab("fav", ["USDT"])).toBe("FAV");
  });
  it("never shows closed pairs", () => {
    expect(openPairs(groups).map((p) => p.id)).not.toContain(10);
    expect(rowsForTab(groups, "ALL", []).map((r) => r.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 11, 12]);
  });
  it("filters by quote and by favourites", () => {
    expect(rowsForTab(groups, "BTC", []).map((r) => r.id)).toEqual([11, 12]);
    expect(rowsForTab(groups, "FAV", [12, 2, 10]).map((r) => r.id)).toEqual([2, 12]);
  });
  it("keeps the quotation and the quote's CNY price on a row", () => {
    const row = toRow(usdt.matches[0]);
    expect(row.quotation).toEqual({ close: "65000.5", change: "1.20", high: "65000.5", low: "65000.5", volume: "1" });
    expect(row.cnyPrice).toBe("7.1");
  });
});

describe("sorting", () => {
  const rows = rowsForTab(groups, "USDT", []);
  it("sorts by price with decimals, both ways", () => {
    expect(sortRows(rows, { key: "price", order: "asc" }).map((r) => r.id)).toEqual([5, 4, 6, 3, 7, 2, 1]);
    expect(sortRows(rows, { key: "price", order: "desc" }).map((r) => r.id)).toEqual([1, 2, 7, 3, 6, 4, 5]);
  });
  it("sorts by change including negatives", () => {
    expect(sortRows(rows, { key: "change", order: "asc" }).map((r) => r.id)).toEqual([2, 5, 1, 6, 7, 4, 3]);
  });
  it("sorts by pair name", () => {
    expect(sortRows(rows, { key: "pair", order: "asc" }).map((r) => r.base)).toEqual(["BNB", "BTC", "DOGE", "ETH", "LTC", "SOL", "XRP"]);
    expect(sortRows(rows, { key: "pair", order: "desc" }).map((r) => r.base)[0]).toBe("XRP");
  });
  it("does not lose precision on long decimals", () => {
    const a = toRow(pair(1, "A", "USDT", "0.10000000000000000001", "0"));
    const b = toRow(pair(2, "B", "USDT", "0.1", "0"));
    expect(sortRows([a, b], { key: "price", order: "asc" }).map((r) => r.id)).toEqual([2, 1]);
  });
  it("keeps the original order for ties and without a sort", () => {
    const tie = [toRow(pair(1, "A", "USDT", "1", "0")), toRow(pair(2, "B", "USDT", "1", "0"))];
    expect(sortRows(tie, { key: "price", order: "desc" }).map((r) => r.id)).toEqual([1, 2]);
    expect(sortRows(rows, null)).toEqual(rows);
    expect(sortRows(rows, null)).not.toBe(rows);
  });
  it("reads sort from the query and rejects junk", () => {
    expect(normalizeSort("price", "asc")).toEqual({ key: "price", order: "asc" });
    expect(normalizeSort("change", "sideways")).toEqual({ key: "change", order: "desc" });
    expect(normalizeSort("volume", "asc")).toBeNull();
    expect(normalizeSort(null, null)).toBeNull();
  });
  it("flips the order on the second click", () => {
    expect(nextOrder(null, "pair")).toBe("asc");
    expect(nextOrder(null, "price")).toBe("desc");
    expect(nextOrder({ key: "price", order: "desc" }, "price")).toBe("asc");
    expect(nextOrder({ key: "price", order: "asc" }, "price")).toBe("desc");
    expect(nextOrder({ key: "price", order: "asc" }, "change")).toBe("desc");
  });
  it("builds short query strings and trade links", () => {
    expect(marketsSearch("ALL", null)).toBe("");
    expect(marketsSearch("BTC", { key: "price", order: "desc" })).toBe("?tab=BTC&sort=price&order=desc");
    expect(tradeHref("BTC/USDT")).toBe("/trade?symbol=BTC%2FUSDT");
  });
});

describe("favourites cookie", () => {
  it("parses ids among other cookies and drops junk and duplicates", () => {
    expect(parseFavs("theme=light; favs=3,1,x,3,-2,0,12; lang=en")).toEqual([3, 1, 12]);
    expect(parseFavs("favs=3%2C4")).toEqual([3, 4]);
    expect(parseFavs("favs=%E0%A4%A")).toEqual([]);
    expect(parseFavs(null)).toEqual([]);
    expect(parseFavs("other=1")).toEqual([]);
  });
  it("adds and removes idempotently and caps at 100", () => {
    expect(setFav([1, 2], 3, true)).toEqual([1, 2, 3]);
    expect(setFav([1, 2, 3], 3, true)).toEqual([1, 2, 3]);
    expect(setFav([1, 2, 3], 2, false)).toEqual([1, 3]);
    expect(setFav([1], 9, false)).toEqual([1]);
    const many = Array.from({ length: FAVS_MAX }, (_, i) => i + 1);
    const more = setFav(many, 500, true);
    expect(more).toHaveLength(FAVS_MAX);
    expect(more[0]).toBe(2);
    expect(more.at(-1)).toBe(500);
    const long = "favs=" + Array.from({ length: 150 }, (_, i) => i + 1).join(",");
    expect(parseFavs(long)).toHaveLength(FAVS_MAX);
  });
  it("serializes a plain cookie and clears it when empty", () => {
    expect(serializeFavs([1, 5])).toBe("favs=1,5; Max-Age=31536000; Path=/; SameSite=Lax");
    expect(serializeFavs([])).toBe("favs=; Max-Age=0; Path=/; SameSite=Lax");
  });
});
