import { tradeUrl } from "./links";

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
