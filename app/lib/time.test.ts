import { describe, expect, it } from "vitest";
import { formatTime, formatTradeTime } from "./time";

// What the screens showed through Intl (en-GB 24-hour clock, en-CA month-day, both in UTC): the cut ISO text must match.
const clock = new Intl.DateTimeFormat("en-GB", { hour: "2-digit", minute: "2-digit", second: "2-digit", hour12: false, timeZone: "UTC" });
const monthDay = new Intl.DateTimeFormat("en-CA", { month: "2-digit", day: "2-digit", timeZone: "UTC" });

describe("formatTradeTime", () => {
  const times = [
    Date.UTC(2026, 0, 1, 0, 0, 0),
    Date.UTC(2026, 10, 27, 4, 5, 6, 999),
    Date.UTC(2026, 11, 31, 23, 59, 59, 500),
    Date.UTC(2024, 1, 29, 12, 0, 1),
    1,
  ];
  it.each(times)("reads as the Intl clock and month-day in UTC (%d)", (ms) => {
    expect(formatTradeTime(ms)).toBe(clock.format(ms));
    expect(formatTradeTime(ms, true)).toBe(`${monthDay.format(ms)} ${clock.format(ms)}`);
  });
  it("is midnight as 00, never 24", () => {
    expect(formatTradeTime(Date.UTC(2026, 4, 5, 0, 0, 7), true)).toBe("05-05 00:00:07");
  });
  it("refuses a time that is not one, as the Intl formatter did", () => {
    expect(() => formatTradeTime(Number.NaN)).toThrow(RangeError);
  });
});

describe("formatTime", () => {
  it("is the date and minute in UTC, and empty for no time", () => {
    expect(formatTime(Date.UTC(2026, 10, 21, 22, 15, 30))).toBe("2026-11-21 22:15 UTC");
    expect(formatTime(0)).toBe("");
  });
});
