import { describe, expect, it } from "vitest";
import { clock, utcTime } from "./labels";

describe("fiat labels", () => {
  it("shows a countdown as mm:ss, never negative", () => {
    expect(clock(900)).toBe("15:00");
    expect(clock(61.9)).toBe("01:01");
    expect(clock(-5)).toBe("00:00");
    expect(clock(3600)).toBe("60:00");
  });
  it("shows times in UTC", () => {
    expect(utcTime(Date.UTC(2026, 10, 25, 9, 30))).toBe("2026-11-25 09:30 UTC");
  });
});
