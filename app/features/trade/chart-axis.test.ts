import { describe, expect, it } from "vitest";
import { axisNumber } from "./chart-axis";

const ticks = (...values: number[]) => values.map((value) => ({ value }));

describe("axisNumber", () => {
  it("groups thousands in the language's separators, with no decimals for a whole step", () => {
    const t = ticks(43000, 43500, 44000, 44500);
    expect(axisNumber("en")(43500, 1, t)).toBe("43,500");
    expect(axisNumber("de")(43500, 1, t)).toBe("43.500");
  });

  it("takes its decimals from the step between ticks, as chart.js's own labels do", () => {
    const t = ticks(0.25, 0.3, 0.35, 0.4);
    expect(axisNumber("en")(0.35, 2, t)).toBe("0.35");
    expect(axisNumber("de")(0.35, 2, t)).toBe("0,35");
    expect(axisNumber("en")(0.3, 1, ticks(0.2, 0.3, 0.4))).toBe("0.3");
    expect(axisNumber("en")(-0.0015, 0, ticks(-0.002, -0.0015, -0.001))).toBe("-0.0015");
  });

  it("rounds a float's noise away (0.1 + 0.2 is 0.3 on the axis)", () => {
    expect(axisNumber("en")(0.1 + 0.2, 1, ticks(0.2, 0.1 + 0.2, 0.4))).toBe("0.3");
  });

  it("a lone tick has no step: a whole number", () => {
    expect(axisNumber("en")(1234, 0, ticks(1234))).toBe("1,234");
  });
});
