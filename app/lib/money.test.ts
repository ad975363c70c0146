import { ceilTo, cnyValue, compareDecimal, floorTo, formatAmount, formatChange, formatPrice, formatVolume } from "./money";

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
  it("formats every amount one way: decimal string in, the language's separators out", () => {
    // The two spellings of issue 9 ('64697.52 USD' and '4,800.00') become one.
    expect(formatAmount("64697.52")).toBe("64,697.52");
    expect(formatAmount("4800")).toBe("4,800.00");
    expect(formatAmount("4800", { lang: "de" })).toBe("4.800,00");
    expect(formatAmount("4800", { lang: "fr" })).toBe("4\u202f800,00");
    expect(formatAmount("1234567.5", { lang: "pl" })).toBe("1\u00a0234\u00a0567,50");
    expect(formatAmount("4800", { lang: "jp" })).toBe("4,800.00");
    expect(formatAmount("4800", { lang: "xx" })).toBe("4,800.00");
  });
  it("never rounds through a float: digits are cut towards zero, not rounded", () => {
    expect(formatAmount("0.1", { dp: 8 })).toBe("0.10000000");
    expect(formatAmount("99999999999999999.999999999999", { dp: 2 })).toBe("99,999,999,999,999,999.99");
    expect(formatAmount("1.239", { dp: 2 })).toBe("1.23");
    expect(formatAmount("-1.239", { dp: 2 })).toBe("-1.23");
    expect(formatAmount("0.00012300")).toBe("0.000123");
    expect(formatAmount("0.123456789", { maxDp: 4 })).toBe("0.1234");
    expect(formatAmount("12", { minDp: 0 })).toBe("12");
    expect(formatAmount("-0.001", { dp: 2 })).toBe("0.00");
    expect(formatAmount("5", { signed: true })).toBe("+5.00");
    expect(formatAmount("-5", { signed: true })).toBe("-5.00");
    expect(formatAmount("0", { signed: true, dp: 2 })).toBe("0.00");
    expect(formatAmount("007.50")).toBe("7.50");
  });
  it("answers -- for what is not a plain decimal", () => {
    for (const v of ["", null, undefined, "abc", "1e5", "1,000", ".", "--1"]) expect(formatAmount(v)).toBe("--");
    expect(formatAmount(".5")).toBe("0.50");
  });
  it("prices and volumes go through the same formatter", () => {
    expect(formatPrice("64213.5", 2, "de")).toBe("64.213,50");
    expect(formatVolume("1234567", "fr")).toBe("1,23M");
  });
});
