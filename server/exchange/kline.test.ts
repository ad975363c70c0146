import { describe, expect, it } from "vitest";
import { aggregateBars, bucketStart, mergeTrade, type Bar } from "./kline";
import { DAY, MINUTE } from "./lib/time";

const bar = (time: number, open: string, high: string, low: string, close: string, volume: string): Bar => ({
  time,
  open,
  high,
  low,
  close,
  volume,
});

describe("bucketStart", () => {
  const t = Date.UTC(2026, 10, 18, 13, 47, 31, 500); // a Wednesday
  it("aligns minute periods", () => {
    expect(bucketStart("1min", t)).toBe(Date.UTC(2026, 10, 18, 13, 47));
    expect(bucketStart("5min", t)).toBe(Date.UTC(2026, 10, 18, 13, 45));
    expect(bucketStart("15min", t)).toBe(Date.UTC(2026, 10, 18, 13, 45));
    expect(bucketStart("30min", t)).toBe(Date.UTC(2026, 10, 18, 13, 30));
    expect(bucketStart("60min", t)).toBe(Date.UTC(2026, 10, 18, 13, 0));
    expect(bucketStart("3min", t)).toBe(Date.UTC(2026, 10, 18, 13, 45));
    expect(bucketStart("120min", t)).toBe(Date.UTC(2026, 10, 18, 12, 0));
    expect(bucketStart("240min", t)).toBe(Date.UTC(2026, 10, 18, 12, 0));
    expect(bucketStart("360min", t)).toBe(Date.UTC(2026, 10, 18, 12, 0));
    expect(bucketStart("720min", t)).toBe(Date.UTC(2026, 10, 18, 12, 0));
    expect(bucketStart("720min", Date.UTC(2026, 10, 18, 11, 59))).toBe(Date.UTC(2026, 10, 18, 0, 0));
  });
  it("cuts three-day bars from the epoch", () => {
    const start = bucketStart("3day", t);
    expect(start % (3 * DAY)).toBe(0);
    expect(start).toBeLessThanOrEqual(t);
    expect(t - start).toBeLessThan(3 * DAY);
    expect(bucketStart("3day", start + 3 * DAY - 1)).toBe(start);
    expect(bucketStart("3day", start + 3 * DAY)).toBe(start + 3 * DAY);
  });
  it("aligns days, Monday weeks and calendar months in UTC", () => {
    expect(bucketStart("1day", t)).toBe(Date.UTC(2026, 10, 18));
    expect(bucketStart("1week", t)).toBe(Date.UTC(2026, 10, 16));
    expect(new Date(bucketStart("1week", t)).getUTCDay()).toBe(1);
    expect(bucketStart("1week", Date.UTC(2026, 10, 16))).toBe(Date.UTC(2026, 10, 16));
    expect(bucketStart("1mon", t)).toBe(Date.UTC(2026, 10, 1));
  });
});

describe("aggregateBars", () => {
  it("folds 1-minute bars into 5-minute bars with decimal arithmetic", () => {
    const t0 = Date.UTC(2026, 0, 1, 0, 0);
    const bars = [
      bar(t0, "100.10", "101.00", "99.90", "100.50", "0.1"),
      bar(t0 + MINUTE, "100.50", "102.25", "100.40", "102.00", "0.2"),
      bar(t0 + 4 * MINUTE, "102.00", "102.10", "98.05", "99.00", "0.3"),
      bar(t0 + 5 * MINUTE, "99.00", "99.50", "98.50", "99.20", "1.5"),
    ];
    const out = aggregateBars(bars, "5min");
    expect(out).toEqual([
      { time: t0, open: "100.10", high: "102.25", low: "98.05", close: "99.00", volume: "0.6", period: "5min" },
      { time: t0 + 5 * MINUTE, open: "99.00", high: "99.50", low: "98.50", close: "99.20", volume: "1.5", period: "5min" },
    ]);
  });

  it("folds days into months across a month boundary and keeps ascending order", () => {
    const days = [
      bar(Date.UTC(2026, 0, 30), "10", "12", "9", "11", "5"),
      bar(Date.UTC(2026, 0, 31), "11", "13", "10", "12", "5"),
      bar(Date.UTC(2026, 1, 1), "12", "12.5", "8", "9", "7"),
    ];
    const out = aggregateBars(days, "1mon");
    expect(out.map((b) => [b.time, b.open, b.high, b.low, b.close, b.volume])).toEqual([
      [Date.UTC(2026, 0, 1), "10", "13", "9", "12", "10"],
      [Date.UTC(2026, 1, 1), "12", "12.5", "8", "9", "7"],
    ]);
    expect(aggregateBars(days, "1day")).toHaveLength(3);
    expect(aggregateBars([], "1week")).toEqual([]);
  });

  it("the sum of volumes is preserved for every period", () => {
    const t0 = Date.UTC(2026, 0, 1);
    const bars = Array.from({ length: 300 }, (_, i) => bar(t0 + i * MINUTE, "1", "2", "0.5", "1.5", "0.01"));
    for (const p of ["1min", "3min", "5min", "15min", "30min", "60min", "120min", "240min", "360min", "720min"] as const) {
      const out = aggregateBars(bars, p);
      const total = out.reduce((s, b) => s + Math.round(Number(b.volume) * 100), 0);
      expect(total).toBe(300);
    }
    expect(aggregateBars(bars, "60min")).toHaveLength(5);
    expect(aggregateBars([bar(t0, "1", "1", "1", "1", "1"), bar(t0 + DAY, "1", "1", "1", "1", "1")], "1week")).toHaveLength(1);
  });
});

describe("mergeTrade", () => {
  it("opens a bar and then tracks high, low, close and volume", () => {
    let b = mergeTrade(undefined, 0, "10.5", "1");
    b = mergeTrade(b, 0, "11", "0.5");
    b = mergeTrade(b, 0, "9.75", "0.25");
    expect(b).toEqual({ time: 0, open: "10.5", high: "11", low: "9.75", close: "9.75", volume: "1.75" });
    expect(mergeTrade(b, MINUTE, "12", "2")).toEqual({ time: MINUTE, open: "12", high: "12", low: "12", close: "12", volume: "2" });
  });
});
