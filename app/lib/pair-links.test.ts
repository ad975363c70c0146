import { backOnScreen, canonicalAddress, tradeUrl } from "./pair-links";

describe("tradeUrl", () => {
  it("keeps the view, changes one thing, drops defaults and unknown params", () => {
    expect(tradeUrl("?symbol=BTCUSDT&period=5min&evil=1", { tab: "BTC" })).toBe("/trade?symbol=BTCUSDT&tab=BTC&period=5min");
    expect(tradeUrl("?symbol=BTCUSDT&page=3", { page: null })).toBe("/trade?symbol=BTCUSDT");
    expect(tradeUrl("", { period: "1min", otype: "limit", orders: "current", page: 1 })).toBe("/trade");
    // No side is the default (both sides), so a chosen side stays in the link.
    expect(tradeUrl("", { way: "buy" })).toBe("/trade?way=buy");
    expect(tradeUrl("?symbol=ETHUSDT", { price: "3401.5" })).toBe("/trade?symbol=ETHUSDT&price=3401.5");
  });
});

describe("canonicalAddress", () => {
  it("answers an unknown symbol or an oversized value once with the canonical address, on the screen asked", () => {
    const u = (s: string) => new URL(`http://x${s}`);
    expect(canonicalAddress(u("/lever?symbol=BTCUSDT&period=5min"), "BTC/USDT", "/lever")).toBeNull();
    expect(canonicalAddress(u("/lever?symbol=NOPE&period=5min"), "BTC/USDT", "/lever")).toBe("/lever?period=5min");
    expect(canonicalAddress(u(`/second?symbol=btc_usdt&price=${"9".repeat(41)}`), "BTC/USDT", "/second")).toBe("/second?symbol=btc_usdt");
    expect(canonicalAddress(u("/trade?symbol=X"), null, "/trade")).toBe("/trade");
  });
});

describe("backOnScreen", () => {
  it("keeps a return address on the screen itself, with its query or fragment, and nothing that only starts like it", () => {
    expect(backOnScreen("/trade", "/trade")).toBe("/trade");
    expect(backOnScreen("/trade?symbol=BTCUSDT&orders=history", "/trade")).toBe("/trade?symbol=BTCUSDT&orders=history");
    expect(backOnScreen("/trade#orders", "/trade")).toBe("/trade#orders");
    expect(backOnScreen("/lever?symbol=BTCUSDT", "/lever")).toBe("/lever?symbol=BTCUSDT");
    expect(backOnScreen("/tradeX", "/trade")).toBe("/trade");
    expect(backOnScreen("/trades?x=1", "/trade")).toBe("/trade");
    expect(backOnScreen("/trade/evil", "/trade")).toBe("/trade");
    expect(backOnScreen("/secondary", "/second")).toBe("/second");
    expect(backOnScreen("/leverage#x", "/lever")).toBe("/lever");
    expect(backOnScreen("/home", "/second")).toBe("/second");
    expect(backOnScreen("/orders?status=open", "/orders")).toBe("/orders?status=open");
    expect(backOnScreen("/ordersX", "/orders")).toBe("/orders");
  });
});
