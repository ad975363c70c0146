import type { KlineBar, QuoteGroup, SpotOrder, Trade } from "~/contract/entities";
import { normalizeSymbol } from "~/contract/core/channels";
import { applyBalances, applyDepth, applyKline, applyOrderEvent, applyTrade, mergeOrderPages } from "./live-state";
import {
  bestPrice,
  farFromBest,
  floorQty,
  orderTotal,
  priceProblem,
  qtyProblem,
  sanitizePriceInput,
  sanitizeQtyInput,
  sliderQuantity,
  snapPercent,
} from "./order-input";
import { chartLocale, klineWindow, normalizePeriod } from "./chart-periods";
import { parseTradeInfo, pickPair, serializeTradeInfo, tradeInfoOf } from "./pair-choice";

describe("price and quantity input", () => {
  it("keeps digits and one dot, at most the allowed decimals; blocks e, minus and plus", () => {
    expect(sanitizePriceInput("12.34567")).toBe("12.3456");
    expect(sanitizePriceInput("1e5")).toBe("15");
    expect(sanitizePriceInput("-3.2")).toBe("3.2");
    expect(sanitizePriceInput("+3..2.1")).toBe("3.21");
    expect(sanitizePriceInput(".5")).toBe("0.5");
    expect(sanitizePriceInput("7.", 2)).toBe("7.");
    expect(sanitizePriceInput("7.129", 2)).toBe("7.12");
    expect(sanitizePriceInput("7.5", 0)).toBe("75");
    expect(sanitizeQtyInput("0.12345678")).toBe("0.123456");
  });

  it("validates prices with the form's messages", () => {
    expect(priceProblem("")).toBe("price_required");
    expect(priceProblem("  ")).toBe("price_required");
    expect(priceProblem("1e3")).toBe("price_invalid");
    expect(priceProblem("-1")).toBe("price_invalid");
    expect(priceProblem("1.23456")).toBe("price_decimals");
    expect(priceProblem("1.23450")).toBeNull();
    expect(priceProblem("0.000")).toBe("price_positive");
    expect(priceProblem("64000.12", 2)).toBeNull();
    expect(priceProblem("64000.123", 2)).toBe("price_decimals");
  });

  it("validates quantities", () => {
    expect(qtyProblem(undefined)).toBe("number_required");
    expect(qtyProblem("abc")).toBe("number_invalid");
    expect(qtyProblem("0.1234567")).toBe("number_decimals");
    expect(qtyProblem("0")).toBe("number_positive");
    expect(qtyProblem("0.000001")).toBeNull();
  });
});

describe("rounding", () => {
  it("floors the quantity to 6 decimals", () => {
    expect(floorQty("0.1234569")).toBe("0.123456");
    expect(floorQty("2")).toBe("2");
    expect(floorQty("-1")).toBe("");
    expect(floorQty("")).toBe("");
  });

  it("rounds the total up to 6 decimals, without float error", () => {
    expect(orderTotal("0.1", "0.2")).toBe("0.020000");
    expect(orderTotal("64213.52", "0.0000011")).toBe("0.070635");
    expect(orderTotal("3", "0.3333333")).toBe("1.000000");
    expect(orderTotal("", "1")).toBe("");
    expect(orderTotal("1", "abc")).toBe("");
  });
});

describe("slider", () => {
  it("snaps to 25 % steps", () => {
    expect(snapPercent(0)).toBe(0);
    expect(snapPercent("37")).toBe(25);
    expect(snapPercent(63)).toBe(75);
    expect(snapPercent(140)).toBe(100);
    expect(snapPercent("x")).toBe(0);
  });

  it("buys a share of the quote at the price, floored to 6", () => {
    expect(sliderQuantity({ side: "buy", percent: 25, available: "10000", price: "3" })).toBe("833.333333");
    expect(sliderQuantity({ side: "buy", percent: 100, available: "1000", price: "64000.5" })).toBe("0.015624");
    expect(sliderQuantity({ side: "buy", percent: 50, available: "1000", price: "" })).toBe("");
    expect(sliderQuantity({ side: "buy", percent: 0, available: "1000", price: "1" })).toBe("");
  });

  it("sells a share of the base", () => {
    expect(sliderQuantity({ side: "sell", percent: 75, available: "0.5", price: null })).toBe("0.375");
    expect(sliderQuantity({ side: "sell", percent: 50, available: "0.0000011" })).toBe("0");
    expect(sliderQuantity({ side: "sell", percent: 50, available: "0" })).toBe("0");
  });
});

describe("a limit price far from the best", () => {
  it("is how far a buy is above the lowest ask, or a sell below the highest bid, past 5 %, to 2 decimals cut", () => {
    expect(farFromBest("buy", "105", "100")).toBeNull();
    expect(farFromBest("buy", "105.01", "100")).toBe("5.01");
    expect(farFromBest("buy", "200", "67.123")).toBe("197.96");
    expect(farFromBest("sell", "95", "100")).toBeNull();
    // 5.001 %: rounded, but not down to the line it is past.
    expect(farFromBest("sell", "94.999", "100")).toBe("5.01");
    expect(farFromBest("buy", "112.345", "100")).toBe("12.35");
    expect(farFromBest("sell", "1", "100")).toBe("99.00");
  });
  it("says nothing of a price on the resting side, or without a best price", () => {
    expect(farFromBest("buy", "1", "100")).toBeNull();
    expect(farFromBest("sell", "9999999", "100")).toBeNull();
    expect(farFromBest("buy", "200", null)).toBeNull();
    expect(farFromBest("buy", "", "100")).toBeNull();
  });
});

describe("best price", () => {
  const depth = {
    in: [
      { price: "99.5", amount: "1" },
      { price: "100", amount: "2" },
      { price: "101", amount: "0" },
    ],
    out: [
      { price: "102", amount: "1" },
      { price: "101.5", amount: "3" },
    ],
  };
  it("buy takes the lowest ask, sell the highest bid (empty levels ignored)", () => {
    expect(bestPrice(depth, "buy")).toBe("101.5");
    expect(bestPrice(depth, "sell")).toBe("100");
  });
  it("is null when that side is empty", () => {
    expect(bestPrice({ in: [], out: [] }, "buy")).toBeNull();
    expect(bestPrice(null, "sell")).toBeNull();
  });
});

const pair = (id: number, symbol: string, open = 1) => {
  const [base, quote] = symbol.split("/");
  return {
    id,
    name: symbol,
    symbol,
    base_currency_id: id * 10,
    quote_currency_id: quote === "USDT" ? 1 : 2,
    base_currency_code: base,
    quote_currency_code: quote,
    open_change: open,
    open_lever: 0,
    open_microtrade: 0,
    added: false,
    price_precision: 2,
    amount_precision: 6,
    currency_quotation: { currency_match_id: id, close: "1", change: "0", high: "1", low: "1", volume: "1" },
    lever_point_rate: "0",
    lever_share_num: "1",
    lever_fee_rate: "0",
    quote_currency: { cny_price: "7.2", usd_price: "1" },
  };
};
const groups: QuoteGroup[] = [
  {
    id: 1,
    code: "USDT",
    is_quote: 1,
    cny_price: "7.2",
    usd_price: "1",
    matches: [pair(10, "LINK/USDT", 0), pair(1, "BTC/USDT"), pair(2, "ETH/USDT")],
  },
  { id: 2, code: "BTC", is_quote: 1, cny_price: "1", usd_price: "1", matches: [pair(11, "ETH/BTC")] },
];

describe("pair selection", () => {
  it("takes ?symbol= in any spelling", () => {
    expect(pickPair(groups, { symbol: "ethbtc" })?.id).toBe(11);
    expect(pickPair(groups, { symbol: "ETH/USDT" })?.id).toBe(2);
    expect(normalizeSymbol("btc_usdt")).toBe("BTCUSDT");
  });
  it("then the saved tradeinfo if still open, else the first open pair of the first quote", () => {
    const saved = tradeInfoOf(groups[1].matches[0]);
    expect(pickPair(groups, { tradeinfo: saved })?.id).toBe(11);
    expect(pickPair(groups, { symbol: "NOPE", tradeinfo: { ...saved, mathid: 10, symbol: "LINK/USDT" } })?.id).toBe(1);
    expect(pickPair(groups, {})?.id).toBe(1);
    expect(pickPair([], {})).toBeNull();
  });
  it("round-trips the tradeinfo cookie and rejects junk", () => {
    const info = tradeInfoOf(groups[0].matches[1]);
    expect(info).toEqual({ currencyName: "BTC", currencyId: 10, legalId: 1, legalName: "USDT", symbol: "BTC/USDT", mathid: 1 });
    const cookie = serializeTradeInfo(info);
    const value = decodeURIComponent(cookie.slice("tradeinfo=".length, cookie.indexOf(";")));
    expect(parseTradeInfo(value)).toEqual(info);
    expect(parseTradeInfo("{oops")).toBeNull();
    expect(parseTradeInfo('{"mathid":1}')).toBeNull();
    expect(parseTradeInfo(null)).toBeNull();
  });
  it("normalizes the period and its window", () => {
    expect(normalizePeriod("5min")).toBe("5min");
    expect(normalizePeriod("time")).toBe("time");
    expect(normalizePeriod("2min")).toBe("1min");
    expect(klineWindow("time", 1_000_000_000_000, 300)).toEqual({ from: 1_000_000_000 - 60 * 301, to: 1_000_000_000 });
  });
  it("maps the language to the chart locale", () => {
    expect(chartLocale("hk")).toBe("zh-TW");
    expect(chartLocale("jp")).toBe("ja");
    expect(chartLocale("kr")).toBe("ko");
    expect(chartLocale("zh")).toBe("zh-CN");
    expect(chartLocale("de")).toBe("de");
  });
});

describe("live reducers", () => {
  it("applyDepth replaces the book", () => {
    const next = applyDepth({ in: [{ price: "1", amount: "1" }], out: [] }, { depth: { in: [], out: [{ price: "2", amount: "1" }] } });
    expect(next).toEqual({ in: [], out: [{ price: "2", amount: "1" }] });
  });

  const trade = (id: number): Trade => ({ id, time: id, way: 2, price: "1", number: "1" });
  it("applyTrade prepends, drops replays, caps at 30; a snapshot replaces", () => {
    const start = Array.from({ length: 30 }, (_, i) => trade(30 - i));
    const next = applyTrade(start, { completes: [trade(32), trade(31), trade(30)] });
    expect(next.length).toBe(30);
    expect(next.slice(0, 4).map((t) => t.id)).toEqual([32, 31, 30, 29]);
    expect(applyTrade(start, { completes: [trade(99)] }, true).map((t) => t.id)).toEqual([99]);
  });

  const bar = (time: number, close: string, period = "1min"): KlineBar => ({
    open: "1",
    high: "2",
    low: "0.5",
    close,
    volume: "1",
    time,
    period,
  });
  it("applyKline updates the last bar, appends a new one, ignores other periods and old bars", () => {
    const bars = [bar(60, "1"), bar(120, "1.5")];
    expect(applyKline(bars, bar(120, "1.6"), "1min")).toEqual({ bars: [bar(60, "1"), bar(120, "1.6")], change: "update" });
    expect(applyKline(bars, bar(120, "1.5"), "1min").change).toBe("none");
    expect(applyKline(bars, bar(180, "1.7"), "1min")).toEqual({ bars: [...bars, bar(180, "1.7")], change: "append" });
    expect(applyKline(bars, bar(180, "1.7", "5min"), "1min").change).toBe("none");
    expect(applyKline(bars, bar(0, "9"), "1min").change).toBe("none");
    expect(applyKline(bars, bar(180, "1.7"), "1min", 2).bars.map((b) => b.time)).toEqual([120, 180]);
    // Extra fields of a KLINE push (type, symbol…) are not kept.
    const pushed = { ...bar(240, "2"), type: "KLINE", symbol: "BTC/USDT" } as KlineBar;
    expect(Object.keys(applyKline(bars, pushed, "1min").bars[2]).sort()).toEqual([
      "close",
      "high",
      "low",
      "open",
      "period",
      "time",
      "volume",
    ]);
  });

  const order = (id: number, way: number, over: Partial<SpotOrder> = {}): SpotOrder => ({
    id,
    number: "1",
    transacted_amount: "0",
    transacted_volume: "0",
    price: "100",
    way,
    way_name: "",
    status: 0,
    status_name: "",
    created_at: id,
    updated_at: id,
    currency_match: { id: 1, symbol: "BTC/USDT" },
    fee: "0",
    fee_currency: "",
    type: "limit",
    ...over,
  });
  const view = { pairId: 1, tab: "current" as const, way: 1 as const, page: 1 };

  it("a new order is prepended only on page 1, not on history, when its side matches", () => {
    const rows = [order(1, 1)];
    const sub = (o: SpotOrder) => ({ type: "TX_SUBMIT" as const, currency_match_id: 1, order: o });
    expect(applyOrderEvent(rows, sub(order(2, 1)), view).map((r) => r.id)).toEqual([2, 1]);
    expect(applyOrderEvent(rows, sub(order(2, 2)), view)).toBe(rows);
    expect(applyOrderEvent(rows, sub(order(2, 1)), { ...view, page: 2 })).toBe(rows);
    expect(applyOrderEvent(rows, sub(order(2, 1)), { ...view, tab: "history" })).toBe(rows);
    expect(applyOrderEvent(rows, { ...sub(order(2, 1)), currency_match_id: 9 }, view)).toBe(rows);
    // Filled at once: not on current orders, but on all orders.
    const filled = order(3, 1, { transacted_amount: "1.000", status: 1 });
    expect(applyOrderEvent(rows, sub(filled), view)).toBe(rows);
    expect(applyOrderEvent(rows, sub(filled), { ...view, tab: "all" }).map((r) => r.id)).toEqual([3, 1]);
    // Page size 10.
    const ten = Array.from({ length: 10 }, (_, i) => order(20 - i, 1));
    expect(applyOrderEvent(ten, sub(order(21, 1)), view).length).toBe(10);
  });

  it("both sides (the default list) take a new order of either side", () => {
    const both = { ...view, way: null };
    const sub = (o: SpotOrder) => ({ type: "TX_SUBMIT" as const, currency_match_id: 1, order: o });
    expect(applyOrderEvent([order(1, 1)], sub(order(2, 2)), both).map((r) => [r.id, r.way])).toEqual([
      [2, 2],
      [1, 1],
    ]);
  });

  it("merges a page of both sides newest first, with the total of both", () => {
    const page = (rows: SpotOrder[], total: number) => ({ total, per_page: 10, current_page: 1, last_page: 1, data: rows });
    const buys = page(
      Array.from({ length: 12 }, (_, i) => order(100 - 2 * i, 1)),
      12,
    );
    const sells = page(
      Array.from({ length: 12 }, (_, i) => order(99 - 2 * i, 2)),
      12,
    );
    const first = mergeOrderPages(buys, sells, 1);
    expect(first.data.map((r) => r.id)).toEqual([100, 99, 98, 97, 96, 95, 94, 93, 92, 91]);
    expect([first.total, first.last_page, first.current_page]).toEqual([24, 3, 1]);
    expect(mergeOrderPages(buys, sells, 2).data.map((r) => r.id)).toEqual([90, 89, 88, 87, 86, 85, 84, 83, 82, 81]);
    expect(mergeOrderPages(page([], 0), page([], 0), 1)).toMatchObject({ total: 0, last_page: 1, data: [] });
  });

  it("an open order leaves the open list when fully filled; a partial fill updates the row", () => {
    const rows = [order(2, 1), order(1, 1)];
    const match = (o: SpotOrder) => ({ type: "TX_MATCHED" as const, currency_match_id: 1, order: o });
    const partial = applyOrderEvent(rows, match(order(1, 1, { transacted_amount: "0.4" })), view);
    expect(partial[1].transacted_amount).toBe("0.4");
    expect(applyOrderEvent(rows, match(order(1, 1, { transacted_amount: "1.0", status: 0 })), view).map((r) => r.id)).toEqual([2]);
    expect(applyOrderEvent(rows, match(order(1, 1, { transacted_amount: "1", status: 1 })), { ...view, tab: "all" })[1].status).toBe(1);
  });

  it("history page 1 gets an order that just finished", () => {
    const done = order(5, 2, { transacted_amount: "1", status: 1 });
    const h = { ...view, tab: "history" as const };
    expect(applyOrderEvent([], { type: "TX_MATCHED", currency_match_id: 1, order: done }, h).map((r) => r.id)).toEqual([5]);
    expect(applyOrderEvent([], { type: "TX_MATCHED", currency_match_id: 1, order: done }, { ...h, page: 2 })).toEqual([]);
    expect(applyOrderEvent([], { type: "TX_MATCHED", currency_match_id: 1, order: order(6, 2, { transacted_amount: "0.5" }) }, h)).toEqual(
      [],
    );
    // A submission never goes on history, even one that filled at once (its fills arrive as TX_MATCHED).
    expect(applyOrderEvent([], { type: "TX_SUBMIT", currency_match_id: 1, order: done }, h)).toEqual([]);
  });

  it("balances come from the push for the pair on screen", () => {
    const b = { currency_code: "BTC", balance: "1", lock_balance: "0" };
    const q = { currency_code: "USDT", balance: "5", lock_balance: "1" };
    expect(applyBalances(null, { currency_match_id: 1, base_account: b, quote_account: q }, 1)).toEqual({ base: b, quote: q });
    expect(applyBalances(null, { currency_match_id: 2, base_account: b, quote_account: q }, 1)).toBeNull();
  });
});
