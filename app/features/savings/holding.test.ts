import { describe, expect, it } from "vitest";
import { holdingPeriod } from "./holding";

describe("holdingPeriod", () => {
  it("in force with the days to go, or expired", () => {
    expect(holdingPeriod({ status: "active", remaining_days: 12 })).toEqual({ state: "active", days: 12 });
    expect(holdingPeriod({ status: "expired", remaining_days: 0 })).toEqual({ state: "expired", days: 0 });
    expect(holdingPeriod({ status: "active", remaining_days: -1 })).toEqual({ state: "active", days: 0 });
  });
});
