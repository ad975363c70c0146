import { describe, expect, it } from "vitest";
import { missingProtections, securityGrade, securityScore, type SecurityFacts } from "./security";

const none: SecurityFacts = { authenticator: false, tradePassword: false, phone: false, email: false, identity: false };

describe("security level", () => {
  it("counts what protects the account: 20 for each of authenticator, trade password, phone, email and identity", () => {
    expect(securityScore(none)).toBe(0);
    for (const p of ["authenticator", "tradePassword", "phone", "email", "identity"] as const) {
      expect(securityScore({ ...none, [p]: true })).toBe(20);
    }
    expect(securityScore({ ...none, email: true, tradePassword: true })).toBe(40);
    expect(securityScore({ authenticator: true, tradePassword: true, phone: true, email: true, identity: true })).toBe(100);
  });

  it("a new account with only its email is low, not high: nothing else protects it", () => {
    const fresh = { ...none, email: true };
    expect(securityScore(fresh)).toBe(20);
    expect(securityGrade(securityScore(fresh))).toBe("low");
    expect(missingProtections(fresh)).toEqual(["authenticator", "tradePassword", "phone", "identity"]);
  });

  it("a bound phone, a bound email and a verified identity alone are middle (the old 100 'strong')", () => {
    expect(securityGrade(securityScore({ ...none, phone: true, email: true, identity: true }))).toBe("middle");
  });

  it("reads 0–39 low, 40–79 middle, 80–99 high, 100 strong", () => {
    expect(securityGrade(0)).toBe("low");
    expect(securityGrade(20)).toBe("low");
    expect(securityGrade(40)).toBe("middle");
    expect(securityGrade(60)).toBe("middle");
    expect(securityGrade(80)).toBe("high");
    expect(securityGrade(100)).toBe("strong");
  });
});
