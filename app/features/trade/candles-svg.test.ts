import type { KlineBar } from "~/contract/entities";
import { candleGeometry } from "./candles-svg";

const bar = (time: number, open: string, high: string, low: string, close: string): KlineBar => ({ open, high, low, close, volume: "1", time, period: "1min" });

describe("candleGeometry", () => {
  it("is empty without bars", () => {
    expect(candleGeometry([], { width: 100, height: 100 })).toEqual({ up: "", down: "", line: "", min: "", max: "", count: 0 });
  });

  it("splits rising and falling bars and scales into the box", () => {
    const g = candleGeometry([bar(1, "10", "20", "0", "15"), bar(2, "15", "16", "5", "10")], { width: 100, height: 120, padding: 10 });
    expect(g.count).toBe(2);
    expect(g.min).toBe("0");
    expect(g.max).toBe("20");
    // Bar 1 (rising): centre x 25, high 20 → y 10, low 0 → y 110.
    expect(g.up).toBe("M24.5 10h1V110h-1ZM7.5 35h35v25h-35Z");
    // Bar 2 (falling): centre x 75, open 15 → y 35, close 10 → y 60.
    expect(g.down).toBe("M74.5 30h1V85h-1ZM57.5 35h35v25h-35Z");
    expect(g.line).toBe("M25 35L75 60");
  });

  it("keeps only the last `max` bars", () => {
    const bars = Array.from({ length: 500 }, (_, i) => bar(i, "1", "2", "0.5", "1.5"));
    const g = candleGeometry(bars, { width: 300, height: 100, max: 300 });
    expect(g.count).toBe(300);
    expect(g.up.match(/Z/g)?.length).toBe(600);
  });

  it("draws a flat market without dividing by zero", () => {
    const g = candleGeometry([bar(1, "5", "5", "5", "5")], { width: 10, height: 10, padding: 0 });
    expect(g.up).not.toMatch(/NaN|Infinity/);
    expect(g.line).toBe("M5 10");
  });
});
