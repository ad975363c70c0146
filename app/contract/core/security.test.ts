import { describe, expect, it } from "vitest";
import { securityGrade, securityScore } from "./security";

describe("security level", () => {
  const at = (phoneBound: boolean, emailBound: boolean, identityApproved: boolean) =>
    securityScore({ phoneBound, emailBound, identityApproved });

  it("starts at 50 and adds 25 for each bound phone, bound email and approved identity, up to 100", () => {
    expect(at(false, false, false)).toBe(50);
    expect(at(true, false, false)).toBe(75);
    expect(at(false, true, false)).toBe(75);
    expect(at(false, false, true)).toBe(75);
    expect(at(true, true, false)).toBe(100);
    expect(at(true, false, true)).toBe(100);
    expect(at(true, true, true)).toBe(100);
  });

  it("reads 50 as middle, 75 as high, 100 as strong", () => {
    expect(securityGrade(50)).toBe("middle");
    expect(securityGrade(75)).toBe("high");
    expect(securityGrade(100)).toBe("strong");
  });
});
