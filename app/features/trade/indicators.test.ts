import { ema, macd, sma } from "./indicators";

describe("chart studies", () => {
  it("sma averages the last n values, null until there are n", () => {
    expect(sma([1, 2, 3, 4, 5], 3)).toEqual([null, null, 2, 3, 4]);
    expect(sma([5], 3)).toEqual([null]);
    expect(sma([], 15)).toEqual([]);
  });

  it("ema starts from the simple average and weighs 2/(n+1)", () => {
    const e = ema([1, 2, 3, 4, 5], 3);
    expect(e.slice(0, 2)).toEqual([null, null]);
    expect(e[2]).toBe(2);
    expect(e[3]).toBeCloseTo(3, 12); // 4·0.5 + 2·0.5
    expect(e[4]).toBeCloseTo(4, 12);
    expect(ema([null, null, 3, 3, 3], 2)).toEqual([null, null, null, 3, 3]);
  });

  it("macd is fast ema − slow ema, with its signal and histogram", () => {
    const closes = Array.from({ length: 60 }, (_, i) => 100 + Math.sin(i / 5) * 10 + i * 0.2);
    const m = macd(closes);
    expect(m.macd.findIndex((v) => v !== null)).toBe(25); // the slow ema needs 26 bars
    expect(m.signal.findIndex((v) => v !== null)).toBe(25 + 8); // then 9 of the macd
    const i = 50;
    expect(m.macd[i]!).toBeCloseTo(ema(closes, 12)[i]! - ema(closes, 26)[i]!, 12);
    expect(m.hist[i]!).toBeCloseTo(m.macd[i]! - m.signal[i]!, 12);
    // A flat market has no momentum.
    expect(macd(new Array(40).fill(7)).macd.at(-1)).toBeCloseTo(0, 12);
  });
});
