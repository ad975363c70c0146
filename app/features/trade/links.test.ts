import { tradeUrl } from "./links";

describe("tradeUrl", () => {
  it("keeps the view, changes one thing, drops defaults and unknown params", () => {
    expect(tradeUrl("?symbol=BTCUSDT&period=5min&evil=1", { tab: "BTC" })).toBe("/trade?symbol=BTCUSDT&tab=BTC&period=5min");
    expect(tradeUrl("?symbol=BTCUSDT&page=3", { page: null })).toBe("/trade?symbol=BTCUSDT");
    expect(tradeUrl("", { period: "1min", otype: "limit", orders: "current", way: "buy", page: 1 })).toBe("/trade");
    expect(tradeUrl("?symbol=ETHUSDT", { price: "3401.5" })).toBe("/trade?symbol=ETHUSDT&price=3401.5");
  });
});
