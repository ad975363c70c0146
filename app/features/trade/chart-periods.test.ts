import { formatTradeTime, klinePeriod, TRADE_TIME_ZONE } from "./chart-periods";

describe("the trade screen's one time zone (docs/decisions/010)", () => {
  it("is UTC, for the chart and the lists alike", () => {
    expect(TRADE_TIME_ZONE).toBe("UTC");
    // 2026-11-22 23:30:05 UTC is already the 23rd in Tokyo and still 18:30 in New York: the lists show UTC.
    const ms = Date.UTC(2026, 10, 22, 23, 30, 5);
    expect(formatTradeTime(ms)).toBe("23:30:05");
    expect(formatTradeTime(ms, true)).toBe("11-22 23:30:05");
  });
  it("draws the 'Line' button's chart from 1-minute closes", () => {
    expect(klinePeriod("time")).toBe("1min");
  });
});
