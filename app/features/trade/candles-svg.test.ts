import type { KlineBar } from "~/contract/entities";
import { candleGeometry, candlesSvgDocument } from "./candles-svg";

const bar = (time: number, open: string, high: string, low: string, close: string): KlineBar => ({
  open,
  high,
  low,
  close,
  volume: "1",
  time,
  period: "1min",
});

describe("candleGeometry", () => {
  it("is empty without bars", () => {
    expect(candleGeometry([], { width: 100, height: 100 })).toMatchObject({
      upWicks: "",
      upBodies: "",
      downWicks: "",
      downBodies: "",
      line: "",
      count: 0,
    });
  });

  it("splits rising and falling bars and scales into the box", () => {
    const g = candleGeometry([bar(1, "10", "20", "0", "15"), bar(2, "15", "16", "5", "10")], { width: 100, height: 120, padding: 10 });
    expect(g.count).toBe(2);
    expect(g.min).toBe("0");
    expect(g.max).toBe("20");
    // Bar 1 (rising): centre x 25, high 20 → y 10, low 0 → y 110; open 10 → y 60, close 15 → y 35.
    expect(g.upWicks).toBe("M25 10V35M25 60V110");
    // Its body is a hollow rectangle, 35 units wide around x 25 (up and down differ in shape, not only in hue).
    expect(g.upBodies).toBe("M7.5 35H42.5V60H7.5Z");
    // Bar 2 (falling): centre x 75, high 16 → y 30, low 5 → y 85; open 15 → y 35, close 10 → y 60.
    expect(g.downWicks).toBe("M75 30V85");
    expect(g.downBodies).toBe("M75 35V60");
    // Bodies are 70 % of a bar's 50-unit step.
    expect(g.body).toBe(35);
    expect(g.line).toBe("M25 35L75 60");
  });

  it("keeps only the last `max` bars", () => {
    const bars = Array.from({ length: 500 }, (_, i) => bar(i, "1", "2", "0.5", "1.5"));
    const g = candleGeometry(bars, { width: 300, height: 100, max: 300 });
    expect(g.count).toBe(300);
    // Each rising bar's wick above and below its hollow body.
    expect(g.upWicks.match(/M/g)?.length).toBe(600);
    expect(g.upBodies.match(/M/g)?.length).toBe(300);
    expect(g.upBodies.match(/Z/g)?.length).toBe(300);
  });

  it("draws a flat market without dividing by zero", () => {
    const g = candleGeometry([bar(1, "5", "5", "5", "5")], { width: 10, height: 10, padding: 0 });
    expect(g.upWicks + g.upBodies).not.toMatch(/NaN|Infinity/);
    // Still one unit tall, so it shows.
    expect(g.upBodies).toBe("M1.5 10H8.5V11H1.5Z");
    expect(g.line).toBe("M5 10");
  });
});

describe("candlesSvgDocument", () => {
  const ink = { up: "#0a0", down: "#a00", line: "#00a" };
  const g = candleGeometry([bar(1, "10", "20", "0", "15"), bar(2, "15", "16", "5", "10")], { width: 100, height: 120, padding: 10 });

  it("draws the candles in the theme's colours written in (the page's CSS does not reach an image)", () => {
    expect(candlesSvgDocument(g, false, ink)).toBe(
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 800 516" preserveAspectRatio="none">' +
        '<path d="M25 10V35M25 60V110" fill="none" stroke="#0a0" stroke-width="1"/>' +
        '<path d="M7.5 35H42.5V60H7.5Z" fill="none" stroke="#0a0" stroke-width="1" vector-effect="non-scaling-stroke"/>' +
        '<path d="M75 30V85" fill="none" stroke="#a00" stroke-width="1"/>' +
        '<path d="M75 35V60" fill="none" stroke="#a00" stroke-width="35"/>' +
        "</svg>",
    );
  });

  it("draws the line of closes for the 'time' interval, and leaves out what has no bars", () => {
    expect(candlesSvgDocument(g, true, ink)).toBe(
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 800 516" preserveAspectRatio="none">' +
        '<path d="M25 35L75 60" fill="none" stroke="#00a" stroke-width="1.5" vector-effect="non-scaling-stroke"/></svg>',
    );
    const rising = candleGeometry([bar(1, "10", "20", "0", "15")], { width: 100, height: 120 });
    expect(candlesSvgDocument(rising, false, ink)).not.toContain("#a00");
  });
});
