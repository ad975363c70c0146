import { describe, expect, it } from "vitest";
import { microExpected, microFee, profitPercent, remainingSeconds, settleMicro } from "./micro";

describe("second contract settlement", () => {
  const base = { open: "100", stake: "50", ratio: "0.3" };
  it("up: wins above, loses below, ties level", () => {
    expect(settleMicro({ ...base, type: 1, end: "100.01" })).toEqual({ result: "win", payout: "65", profit: "15" }); // 50 + 50 × 0.3
    expect(settleMicro({ ...base, type: 1, end: "99.99" })).toEqual({ result: "lose", payout: "0", profit: "-50" });
    expect(settleMicro({ ...base, type: 1, end: "100.00" })).toEqual({ result: "tie", payout: "50", profit: "0" });
  });
  it("down: wins below, loses above, ties level", () => {
    expect(settleMicro({ ...base, type: 2, end: "99" })).toEqual({ result: "win", payout: "65", profit: "15" });
    expect(settleMicro({ ...base, type: 2, end: "101" })).toEqual({ result: "lose", payout: "0", profit: "-50" });
    expect(settleMicro({ ...base, type: 2, end: "100" })).toEqual({ result: "tie", payout: "50", profit: "0" });
  });
  it("a winning profit is rounded down to 8 decimals; the fee up", () => {
    expect(settleMicro({ type: 1, open: "1", end: "2", stake: "0.123456789", ratio: "0.3" }).profit).toBe("0.03703703"); // 0.0370370367
    expect(microFee("100")).toBe("0.1");
    expect(microFee("0.000000011")).toBe("0.00000001");
  });
  it("shows the ratio as a percent with 2 decimals, the expected profit now, the seconds left", () => {
    expect(profitPercent("0.2")).toBe("20.00");
    expect(profitPercent("0.125")).toBe("12.50");
    expect(microExpected({ type: 1, open: "100", price: "101", stake: "10", ratio: "0.2" })).toBe("2");
    expect(remainingSeconds(29_001)).toBe(30);
    expect(remainingSeconds(-5)).toBe(0);
  });
});
