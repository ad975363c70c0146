import { describe, expect, it } from "vitest";
import { chartBarsUrl, decodeBars, encodeBars } from "./chart-bars";

const bar = (time: number, close: string) => ({
  time,
  open: "100.5",
  high: "101",
  low: "99.25",
  close,
  volume: "3.000001",
  period: "1min",
});

describe("chart bars' compact form", () => {
  it("round-trips every field, decimals as the same strings", () => {
    const bars = [bar(60_000, "100.75"), bar(120_000, "99.5")];
    const wire = JSON.parse(JSON.stringify(encodeBars(bars, "1min")));
    expect(wire.bars[0]).toEqual([60_000, "100.5", "101", "99.25", "100.75", "3.000001"]);
    expect(decodeBars(wire, "1min")).toEqual(bars);
  });

  it("drops malformed rows and answers [] for anything that is not the form", () => {
    const wire = {
      period: "1min",
      bars: [
        [1, "1", "1", "1", "1"],
        ["x", "1", "1", "1", "1", "1"],
        [2, "1", "1e3", "1", "1", "1"],
        [3, "1", "2", "0.5", "1.5", "7"],
      ],
    };
    expect(decodeBars(wire, "1min")).toEqual([{ time: 3, open: "1", high: "2", low: "0.5", close: "1.5", volume: "7", period: "1min" }]);
    expect(decodeBars("<html>", "1min")).toEqual([]);
    expect(decodeBars(null, "1min")).toEqual([]);
  });

  it("addresses one pair and interval (the same URL for every visitor, so a cache can share it)", () => {
    expect(chartBarsUrl(3, "15min")).toBe("/resources/kline?pair=3&period=15min");
  });
});
