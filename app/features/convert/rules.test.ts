import { describe, expect, it } from "vitest";
import { amountProblem, formatRate, inverseRate, spreadPercent } from "./rules";

describe("amountProblem", () => {
  it("checks in the order a person fixes it", () => {
    expect(amountProblem("")).toBe("required");
    expect(amountProblem("  ")).toBe("required");
    expect(amountProblem("1e5")).toBe("invalid");
    expect(amountProblem("-1")).toBe("invalid");
    expect(amountProblem("1.")).toBe("invalid");
    expect(amountProblem("0.000")).toBe("positive");
    expect(amountProblem("1.123", { decimals: 2 })).toBe("decimals");
    expect(amountProblem("100.01", { decimals: 2, available: "100" })).toBe("exceeds");
    expect(amountProblem("100", { decimals: 2, available: "100" })).toBeNull();
    expect(amountProblem("0.1", { decimals: 8, available: "" })).toBeNull();
  });
  it("compares without floats", () => {
    expect(amountProblem("0.30000000000000001", { available: "0.3" })).toBe("exceeds");
    expect(amountProblem("0.3", { available: "0.30000000000000001" })).toBeNull();
  });
});

describe("display", () => {
  it("states the spread as a percent", () => {
    expect(spreadPercent("0.002")).toBe("0.2");
    expect(spreadPercent("0.0125")).toBe("1.25");
    expect(spreadPercent("0.01")).toBe("1");
    expect(spreadPercent("x")).toBe("--");
  });
  it("shows rates to 8 significant digits, rounded down, without exponents", () => {
    expect(formatRate("0.0000155312987")).toBe("0.000015531298");
    expect(formatRate("64093.123456789")).toBe("64093.123");
    expect(formatRate("0")).toBe("0");
    expect(inverseRate("0.00002")).toBe("50000");
    expect(inverseRate("0")).toBe("--");
  });
});
