import Decimal from "decimal.js";
import { describe, expect, it } from "vitest";
import { compareAmounts, displayAmount, formatUtc, formatUtcDate, signedAmount } from "./display";

describe("displayAmount", () => {
  it("keeps the exchange's precision, trims trailing zeros, at least 2 decimals, groups thousands", () => {
    expect(displayAmount("100")).toBe("100.00");
    expect(displayAmount("0.00012300")).toBe("0.000123");
    expect(displayAmount("50000.5")).toBe("50,000.50");
    expect(displayAmount("1234567.123456789")).toBe("1,234,567.123456789");
    expect(displayAmount("-12.3")).toBe("-12.30");
    expect(displayAmount("0")).toBe("0.00");
    expect(displayAmount("", 2)).toBe("--");
    expect(displayAmount("abc")).toBe("--");
    expect(displayAmount("5", 0)).toBe("5");
  });
  it("never rounds (no float)", () => {
    expect(displayAmount("0.1000000000000000055511151231257827")).toBe("0.1000000000000000055511151231257827");
  });
});

describe("signedAmount", () => {
  it("marks income with + and outgo as is", () => {
    expect(signedAmount("12.5")).toEqual({ text: "+12.50", income: true });
    expect(signedAmount("-100")).toEqual({ text: "-100.00", income: false });
    expect(signedAmount("0")).toEqual({ text: "0.00", income: false });
  });
});

describe("times", () => {
  it("formats in UTC, the same on server and browser", () => {
    expect(formatUtc(Date.UTC(2026, 0, 2, 3, 4, 5))).toBe("2026-01-02 03:04");
    expect(formatUtc(Date.UTC(2026, 0, 2, 3, 4, 5), true)).toBe("2026-01-02 03:04:05");
    expect(formatUtcDate(Date.UTC(2026, 11, 31, 23, 59))).toBe("2026-12-31");
    expect(formatUtc(null)).toBe("--");
  });
});

describe("displayAmount agrees with decimal.js", () => {
  /** The same rule with decimal.js: the string-only version must never differ. */
  function reference(v: string, minDp = 2) {
    const d = new Decimal(v);
    const fixed = d.abs().toFixed(Math.max(d.decimalPlaces(), minDp));
    const [int, frac = ""] = fixed.split(".");
    const sign = d.isNegative() && !d.isZero() ? "-" : "";
    return `${sign}${int.replace(/\B(?=(\d{3})+(?!\d))/g, ",")}${frac ? "." + frac : ""}`;
  }
  it.each([
    "0",
    "-0",
    "0.0",
    "007.50",
    "123456789.000000001",
    "-1000",
    "1.23456789012345678901234567890",
    "999999999999999999999",
    "-0.00000001",
    "10.1000",
  ])("%s", (v) => {
    expect(displayAmount(v)).toBe(reference(v));
    expect(displayAmount(v, 0)).toBe(reference(v, 0));
  });
});

describe("compareAmounts (string-only, for the first load)", () => {
  it("orders decimal strings exactly", () => {
    expect(compareAmounts("0.00", "100")).toBe(-1);
    expect(compareAmounts("100", "100.000")).toBe(0);
    expect(compareAmounts("1000", "999.9999")).toBe(1);
    expect(compareAmounts("0.1", "0.10000000000000001")).toBe(-1);
    expect(compareAmounts("-1", "0")).toBe(-1);
    expect(compareAmounts("-2", "-1")).toBe(-1);
    expect(compareAmounts("-0", "0")).toBe(0);
    expect(compareAmounts("abc", "1")).toBeNull();
  });
  it("formats in the visitor's language", () => {
    expect(displayAmount("50000.5", 2, "de")).toBe("50.000,50");
  });
});
