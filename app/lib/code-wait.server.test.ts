import { describe, expect, it } from "vitest";
import { remainingSeconds, sentAt } from "./code-wait.server";

describe("remainingSeconds", () => {
  it("counts the whole seconds left of the window, never below 0 or above the window", () => {
    expect(remainingSeconds(1_000, 60, 1_000)).toBe(60);
    expect(remainingSeconds(1_000, 60, 25_500)).toBe(36);
    expect(remainingSeconds(1_000, 60, 61_000)).toBe(0);
    expect(remainingSeconds(1_000, 60, 500_000)).toBe(0);
    // A clock that went back never shows more than the window.
    expect(remainingSeconds(10_000, 59, 0)).toBe(59);
  });
});

describe("sentAt", () => {
  it("keeps one time per purpose, so a trade-password code does not hold up an address code", () => {
    const record = { tradePassword: 5_000 };
    expect(sentAt(record, "tradePassword")).toBe(5_000);
    expect(sentAt(record, "bindAddress")).toBeNull();
    // A session from before purposes (one number for all) holds nothing back.
    expect(sentAt(12_000, "tradePassword")).toBeNull();
  });
});
