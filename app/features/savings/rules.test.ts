import { describe, expect, it } from "vitest";
import { covers, cycleInterest, parseProductId } from "./rules";

describe("cycleInterest", () => {
  it("is daily dividend × days, exact", () => {
    expect(cycleInterest("0.09315068", 30)).toBe("2.7945204");
    expect(cycleInterest("0.01", 7)).toBe("0.07");
    expect(cycleInterest("x", 7)).toBe("0");
  });
});

describe("savings ids", () => {
  it("reads ?confirm= strictly", () => {
    expect(parseProductId("3")).toBe(3);
    expect(parseProductId("0")).toBeNull();
    expect(parseProductId("3x")).toBeNull();
    expect(parseProductId(undefined)).toBeNull();
  });
});

describe("covers", () => {
  it("compares decimals exactly", () => {
    expect(covers("100", "100")).toBe(true);
    expect(covers("99.99999999", "100")).toBe(false);
    expect(covers(null, "100")).toBe(true);
  });
});
