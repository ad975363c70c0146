import { KLINE_PERIODS } from "~/contract/core/trading";
import {
  CHART_PERIODS,
  formatTradeTime,
  klinePeriod,
  MORE_PERIODS,
  normalizePeriod,
  TRADE_PERIODS,
  TRADE_TIME_ZONE,
} from "./chart-periods";

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

describe("the chart's resolutions", () => {
  it("offers every resolution the exchange serves: the nine buttons, the rest one step away", () => {
    expect(TRADE_PERIODS).toHaveLength(9);
    const served = new Set(CHART_PERIODS.map((p) => klinePeriod(p)));
    for (const p of KLINE_PERIODS) expect(served.has(p)).toBe(true);
    expect(MORE_PERIODS.some((p) => (TRADE_PERIODS as readonly string[]).includes(p))).toBe(false);
  });
  it("keeps a known one from the query and falls back to 1 minute otherwise", () => {
    expect(normalizePeriod("240min")).toBe("240min");
    expect(normalizePeriod("3day")).toBe("3day");
    expect(normalizePeriod("7min")).toBe("1min");
    expect(normalizePeriod(null)).toBe("1min");
  });
});
