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
  type Screen = Parameters<typeof backOnScreen>[1];
  /** Return addresses on the screen itself, with their query or fragment: kept as they are. */
  const KEPT: [Screen, string[]][] = [
    ["/trade", ["/trade", "/trade?symbol=BTCUSDT&orders=history", "/trade#orders"]],
    ["/lever", ["/lever?symbol=BTCUSDT"]],
    ["/orders", ["/orders?status=open"]],
  ];
  /** Addresses elsewhere, or that only start like the screen's: the screen itself instead. */
  const REPLACED: [Screen, string[]][] = [
    ["/trade", ["/tradeX", "/trades?x=1", "/trade/evil"]],
    ["/second", ["/secondary", "/home"]],
    ["/lever", ["/leverage#x"]],
    ["/orders", ["/ordersX"]],
  ];

  it.each(KEPT)("keeps a return address on %s, with its query or fragment", (screen, backs) => {
    for (const back of backs) expect(backOnScreen(back, screen)).toBe(back);
  });
  it.each(REPLACED)("answers %s for an address that only starts like it or is elsewhere", (screen, backs) => {
    for (const back of backs) expect(backOnScreen(back, screen)).toBe(screen);
  });
});
