import { describe, expect, it } from "vitest";
import { valueChartPaths, valuePoints, valueSummary, type ValuePoint } from "./value-chart";

const DAY = 86_400_000;
const D0 = Date.UTC(2026, 10, 1);
const box = { width: 100, height: 50, pad: 5 };

/** The path's points as [x, y] pairs. */
const coords = (d: string) => [...d.matchAll(/[ML]([\d.]+),([\d.]+)/g)].map((m) => [Number(m[1]), Number(m[2])]);

describe("valueChartPaths", () => {
  it("spreads time across the width and the values between the top (highest) and the bottom (lowest), inside the padding", () => {
    const points: ValuePoint[] = [
      { t: D0, usd: "100.00" },
      { t: D0 + DAY, usd: "300.00" },
      { t: D0 + 2 * DAY, usd: "200.00" },
      { t: D0 + 4 * DAY, usd: "100.00" },
    ];
    const p = valueChartPaths(points, box)!;
    expect(coords(p.line)).toEqual([
      [0, 45],
      [25, 5],
      [50, 25],
      [100, 45],
    ]);
    expect(p.line.startsWith("M0,45L25,5")).toBe(true);
    // The area closes the line down to the bottom edge.
    expect(p.area).toBe(`${p.line}L100,50L0,50Z`);
  });

  it("a day without a snapshot is a longer segment, not an even step; the value now sits at its time", () => {
    const now = D0 + 3 * DAY + DAY / 2;
    const p = valueChartPaths(
      [
        { t: D0, usd: "10" },
        { t: D0 + 3 * DAY, usd: "20" },
        { t: now, usd: "20" },
      ],
      { width: 70, height: 20, pad: 0 },
    )!;
    expect(coords(p.line).map(([x]) => x)).toEqual([0, 60, 70]);
  });

  it("values that never change draw a level line across the middle; so does a single point", () => {
    const flat = valueChartPaths(
      [
        { t: D0, usd: "5.00" },
        { t: D0 + DAY, usd: "5.00" },
      ],
      box,
    )!;
    expect(coords(flat.line)).toEqual([
      [0, 25],
      [100, 25],
    ]);
    expect(coords(valueChartPaths([{ t: D0, usd: "7" }], box)!.line)).toEqual([
      [0, 25],
      [100, 25],
    ]);
    expect(valueChartPaths([], box)).toBeNull();
  });

  it("keeps the path short: one decimal per coordinate", () => {
    const p = valueChartPaths(
      [
        { t: 0, usd: "0" },
        { t: 3, usd: "1" },
        { t: 7, usd: "3" },
      ],
      { width: 100, height: 100, pad: 0 },
    )!;
    expect(p.line).toBe("M0,100L42.9,66.7L100,0");
  });
});

describe("valueSummary", () => {
  it("start, end, the exact change and its percent (half up), the high and the low with their points", () => {
    const points: ValuePoint[] = [
      { t: D0, usd: "800.00" },
      { t: D0 + DAY, usd: "1200.00" },
      { t: D0 + 2 * DAY, usd: "600.00" },
      { t: D0 + 3 * DAY, usd: "1200.00" },
      { t: D0 + 4 * DAY, usd: "1250.01" },
    ];
    expect(valueSummary(points)).toEqual({
      start: points[0],
      end: points[4],
      change: "450.01",
      percent: "56.25", // 56.25125 %
      rising: true,
      high: points[4],
      low: points[2],
    });
  });

  it("a fall is negative and falling; the earliest of equal highs and lows; no percent from 0", () => {
    const s = valueSummary([
      { t: D0, usd: "0.10" },
      { t: D0 + DAY, usd: "0.30" },
      { t: D0 + 2 * DAY, usd: "0.30" },
      { t: D0 + 3 * DAY, usd: "0.03" },
    ])!;
    expect(s).toMatchObject({ change: "-0.07", percent: "-70.00", rising: false, high: { t: D0 + DAY }, low: { t: D0 + 3 * DAY } });
    expect(
      valueSummary([
        { t: D0, usd: "0.00" },
        { t: D0 + DAY, usd: "12.00" },
      ]),
    ).toMatchObject({ change: "12.00", percent: null, rising: true });
    // No change counts as rising.
    expect(
      valueSummary([
        { t: D0, usd: "3.00" },
        { t: D0 + DAY, usd: "3.00" },
      ]),
    ).toMatchObject({ change: "0.00", percent: "0.00", rising: true });
    // 1/3 of a percent: half up at the third decimal.
    expect(
      valueSummary([
        { t: D0, usd: "300.00" },
        { t: D0 + DAY, usd: "301.00" },
      ])!.percent,
    ).toBe("0.33");
    expect(
      valueSummary([
        { t: D0, usd: "200.00" },
        { t: D0 + DAY, usd: "200.01" },
      ])!.percent,
    ).toBe("0.01"); // 0.005 %
    expect(valueSummary([])).toBeNull();
  });

  it("exact on amounts a float would get wrong", () => {
    const s = valueSummary([
      { t: D0, usd: "9007199254740993.10" },
      { t: D0 + DAY, usd: "9007199254740993.30" },
    ])!;
    expect(s.change).toBe("0.20");
    expect(s.high.usd).toBe("9007199254740993.30");
  });
});

describe("valuePoints", () => {
  it("the snapshots oldest first, then the value now; a snapshot that is not a plain decimal, or after now, is left out", () => {
    const now = { t: D0 + 2 * DAY + 5, usd: "15.00" };
    expect(
      valuePoints(
        [
          { day: D0, usd: "10.00" },
          { day: D0 + DAY, usd: "1e3" },
          { day: D0 + 2 * DAY, usd: "12.50" },
          { day: D0 + 3 * DAY, usd: "99.00" },
        ],
        now,
      ),
    ).toEqual([{ t: D0, usd: "10.00" }, { t: D0 + 2 * DAY, usd: "12.50" }, now]);
    expect(valuePoints([], now)).toEqual([now]);
  });
});
