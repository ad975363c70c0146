import { describe, expect, it } from "vitest";
import { covers, cycleInterest, lockAmountProblem, parseProductId } from "./rules";

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

describe("lockAmountProblem: an amount between the product's minimum and maximum, covered by the balance", () => {
  const product = { limit_number: "100", max_number: "50000" };
  it("accepts any amount in the range, not only the minimum", () => {
    expect(lockAmountProblem("100", product, "10000")).toBeNull();
    expect(lockAmountProblem("250.5", product, "10000")).toBeNull();
    expect(lockAmountProblem("50000", product, null)).toBeNull();
  });
  it("names the first thing to fix, in order", () => {
    expect(lockAmountProblem(" ", product, "0")?.key).toBe("amountRequired");
    expect(lockAmountProblem("abc", product, "0")?.key).toBe("amountInvalid");
    expect(lockAmountProblem("1e3", product, "0")?.key).toBe("amountInvalid");
    expect(lockAmountProblem("0", product, "0")?.key).toBe("amountPositive");
    expect(lockAmountProblem("99.99", product, "10000")).toEqual({ key: "amountMin", vars: { min: "100" } });
    expect(lockAmountProblem("50000.01", product, "100000")).toEqual({ key: "amountMax", vars: { max: "50000" } });
    expect(lockAmountProblem("100", product, "0.00")).toEqual({ key: "insufficient", vars: { available: "0.00" } });
  });
  it("compares exactly (no float)", () => {
    expect(
      lockAmountProblem("100.000000000000000001", { limit_number: "100", max_number: "100.000000000000000001" }, "100.000000000000000001"),
    ).toBeNull();
    expect(lockAmountProblem("100.000000000000000001", product, "100")?.key).toBe("insufficient");
  });
});
