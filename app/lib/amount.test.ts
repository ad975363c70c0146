import { describe, expect, it } from "vitest";
import { formatAmount, formatCoin } from "./amount";

describe("formatCoin: one format for a coin's amounts", () => {
  it("never shows more than the coin's decimals (cut, not rounded), trailing zeros dropped down to two", () => {
    expect(formatCoin("0.1234567", 6)).toBe("0.123456");
    expect(formatCoin("9990.000000", 6)).toBe("9,990.00");
    expect(formatCoin("10000", 6)).toBe("10,000.00");
    expect(formatCoin("0.00012300", 8)).toBe("0.000123");
    expect(formatCoin("1.999", 0)).toBe("1");
  });

  it("gives the same text for the same value whatever its written precision", () => {
    expect(formatCoin("100.5", 6)).toBe(formatCoin("100.500000", 6));
  });

  it("uses the language's separators and signs changes", () => {
    expect(formatCoin("4800", 6, { lang: "de" })).toBe("4.800,00");
    expect(formatCoin("4800.25", 6, { lang: "fr" })).toBe("4\u202f800,25");
    expect(formatCoin("-0.7667712", 6, { lang: "en", signed: true })).toBe("-0.766771");
    expect(formatCoin("5", 6, { signed: true })).toBe("+5.00");
    expect(formatAmount("5", { dp: 2 })).toBe("5.00");
  });
});
