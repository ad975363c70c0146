import { ceilTo, cnyValue, compareDecimal, floorTo, formatChange, formatPrice, formatVolume } from "./money";

describe("money helpers", () => {
  it("floors display values and CNY", () => {
    expect(floorTo("1.239")).toBe("1.23");
    expect(floorTo("-1.231")).toBe("-1.24");
    expect(floorTo("0.1", 6)).toBe("0.100000");
    expect(cnyValue("64213.52", "7.2999")).toBe("468752.27");
    expect(cnyValue("0.1", "0.3")).toBe("0.03");
  });
  it("rounds totals up", () => {
    expect(ceilTo("0.1234561")).toBe("0.123457");
    expect(ceilTo("2")).toBe("2.000000");
  });
  it("formats change with colour", () => {
    expect(formatChange("2.345")).toEqual({ text: "+2.35%", rising: true });
    expect(formatChange("-0.5")).toEqual({ text: "-0.50%", rising: false });
    expect(formatChange("")).toEqual({ text: "0.00%", rising: true });
    expect(formatChange("0")).toEqual({ text: "+0.00%", rising: true });
  });
  it("compares decimals exactly", () => {
    expect(compareDecimal("0.1", "0.10000000000000001")).toBe(-1);
    expect(compareDecimal("10", "9.99")).toBe(1);
  });
  it("formats prices and volumes", () => {
    expect(formatPrice("64213.5")).toBe("64,213.50");
    expect(formatPrice("0.00001234")).toBe("0.00001234");
    expect(formatVolume("1234567")).toBe("1.23M");
    expect(formatVolume("999")).toBe("999.00");
  });
});
