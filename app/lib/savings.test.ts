import { describe, expect, it } from "vitest";
import { covers, cycleInterest, pagerOf, parsePage, parseProductId } from "./savings";

describe("cycleInterest", () => {
  it("is daily dividend × days, exact", () => {
    expect(cycleInterest("0.09315068", 30)).toBe("2.7945204");
    expect(cycleInterest("0.01", 7)).toBe("0.07");
    expect(cycleInterest("x", 7)).toBe("0");
  });
});

describe("pager", () => {
  it("shows only when total exceeds 15", () => {
    expect(pagerOf(0, 1).show).toBe(false);
    expect(pagerOf(15, 1).show).toBe(false);
    expect(pagerOf(16, 1)).toEqual({ show: true, page: 1, pages: 2, prev: null, next: 2 });
    expect(pagerOf(31, 3)).toEqual({ show: true, page: 3, pages: 3, prev: 2, next: null });
    expect(pagerOf(31, 9).page).toBe(3);
  });
  it("reads ?page= strictly", () => {
    expect(parsePage("2")).toBe(2);
    expect(parsePage("0")).toBe(1);
    expect(parsePage("-3")).toBe(1);
    expect(parsePage("1e5")).toBe(1);
    expect(parsePage(null)).toBe(1);
    expect(parsePage("99999999")).toBe(1);
    expect(parsePage("500", 100)).toBe(100);
  });
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
