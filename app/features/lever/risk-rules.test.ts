import { describe, expect, it } from "vitest";
import { estimatedLiquidation } from "./risk-rules";

describe("the estimated liquidation price in the confirmation", () => {
  // 1 BTC at 60,000 with the spread 60,030, 10x: margin 6,003, fee 60.03; 10,000 available, nothing else open.
  const base = {
    price: "60000",
    openPrice: "60030",
    number: "1",
    margin: "6003",
    fee: "60.03",
    available: "10000",
    marginInUse: "0",
    profit: "0",
    pricePrecision: 2,
  };
  it("a long: where equity falls to 20 % of the margin", () => {
    // Equity after opening: 3,936.97 available + 6,003 margin − 30 spread = 9,909.97; the line is 1,200.60 of it;
    // room 8,709.37 per 1 BTC below 60,000 → 51,290.63.
    expect(estimatedLiquidation({ ...base, type: 1 })).toBe("51290.63");
  });
  it("a short: above the price", () => {
    // Short opens at 59,970: −30 spread the same way; 60,000 + 8,709.37 → 68,709.37.
    expect(estimatedLiquidation({ ...base, type: 2, openPrice: "59970" })).toBe("68709.37");
  });
  it("counts the other positions' margin and profit", () => {
    // Equity 3,936.97 + 9,003 − 530 = 12,409.97; the line 1,800.60; room 10,609.37 → 49,390.63.
    expect(estimatedLiquidation({ ...base, type: 1, marginInUse: "3000", profit: "-500" })).toBe("49390.63");
  });
  it("none when the balance cannot pay for it, or only a price at or below zero would reach the line", () => {
    expect(estimatedLiquidation({ ...base, type: 1, available: "6000" })).toBeNull();
    expect(estimatedLiquidation({ ...base, type: 1, available: "1000000" })).toBeNull();
  });
});
