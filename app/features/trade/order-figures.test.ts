import { describe, expect, it } from "vitest";
import { averagePriceOf } from "./order-figures";

describe("the average fill price of a spot order", () => {
  it("is the exchange's figure when it sends one", () => {
    expect(averagePriceOf({ avg_price: "3400.00", transacted_amount: "0.4", transacted_volume: "1360" })).toBe("3400.00");
  });
  it("is filled value / filled quantity from an exchange that does not send it", () => {
    expect(averagePriceOf({ transacted_amount: "0.4", transacted_volume: "1361" })).toBe("3402.5");
  });
  it("is nothing when nothing filled", () => {
    expect(averagePriceOf({ avg_price: "0", transacted_amount: "0", transacted_volume: "0" })).toBeNull();
  });
});
