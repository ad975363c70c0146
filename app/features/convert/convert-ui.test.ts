import { describe, expect, it } from "vitest";
import { cleanAmount, localDeadline, otherThan, pickPair, secondsLeft } from "./convert-ui";

describe("countdown", () => {
  it("rounds seconds up and stops at 0", () => {
    expect(secondsLeft(10_000, 0)).toBe(10);
    expect(secondsLeft(10_000, 1)).toBe(10);
    expect(secondsLeft(10_000, 9_001)).toBe(1);
    expect(secondsLeft(10_000, 10_000)).toBe(0);
    expect(secondsLeft(10_000, 20_000)).toBe(0);
  });
  it("measures from arrival, whatever the browser's clock says", () => {
    expect(localDeadline(1_010_000, 1_000_000, 5)).toBe(10_005);
    expect(localDeadline(1_000_000, 1_010_000, 5)).toBe(5);
  });
});

describe("amount box", () => {
  it("cleans the amount box", () => {
    expect(cleanAmount(" 1,5 ")).toBe("1.5");
  });
});

describe("pair choice", () => {
  const cs = [
    { id: 1, code: "BTC" },
    { id: 2, code: "ETH" },
    { id: 3, code: "USDT" },
  ];
  it("defaults to USDT → BTC", () => {
    expect(pickPair(cs, null, null)).toEqual({ from: 3, to: 1 });
  });
  it("keeps valid choices and never pairs a currency with itself", () => {
    expect(pickPair(cs, "2", "1")).toEqual({ from: 2, to: 1 });
    expect(pickPair(cs, "1", "1")).toEqual({ from: 1, to: 3 });
    expect(pickPair(cs, "99", "3")).toEqual({ from: 3, to: 1 });
    expect(otherThan([1, 2], 1)).toBe(2);
    expect(otherThan([1, 2], 1, 1)).toBe(2);
  });
});
