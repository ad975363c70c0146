import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { isValidCode, isValidEmail, isValidPhone, passwordProblem } from "./rules";

describe("passwordProblem", () => {
  it("accepts 6–16 letters and digits that mix both", () => {
    for (const ok of ["Trade2026", "abc12x", "A1b2C3d4E5f6G7h8", "Alice2026", "Bob2026x"]) expect(passwordProblem(ok)).toBeNull();
  });
  it("rejects wrong lengths", () => {
    expect(passwordProblem("")).toBe("length");
    expect(passwordProblem("ab12c")).toBe("length");
    expect(passwordProblem("a1".repeat(8) + "x")).toBe("length");
  });
  it("rejects anything but letters and digits", () => {
    expect(passwordProblem("abc 123")).toBe("format");
    expect(passwordProblem("abc_123")).toBe("format");
    expect(passwordProblem("pässwort1")).toBe("format");
  });
  it("rejects too simple passwords", () => {
    expect(passwordProblem("123456")).toBe("simple");
    expect(passwordProblem("abcdefgh")).toBe("simple");
    expect(passwordProblem("aaaaaaa")).toBe("simple");
    expect(passwordProblem("abc123")).toBe("simple");
    expect(passwordProblem("Password1")).toBe("simple");
    expect(passwordProblem("1qaz2wsx")).toBe("simple");
  });
  it("never accepts a password outside the alphabet or the length bounds (property)", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 24 }), (pw) => {
        const ok = passwordProblem(pw) === null;
        if (ok) {
          expect(pw).toMatch(/^[A-Za-z0-9]{6,16}$/);
          expect(pw).toMatch(/[A-Za-z]/);
          expect(pw).toMatch(/[0-9]/);
        }
      }),
    );
  });
});

describe("isValidEmail / isValidPhone / isValidCode", () => {
  it("checks emails", () => {
    for (const ok of ["demo@example.com", "a.b+c@sub.example.co.uk", "X_Y@d-e.io"]) expect(isValidEmail(ok)).toBe(true);
    for (const bad of ["", "demo", "demo@", "@example.com", "a@b", "a b@example.com", "a@example..com", "a@-x.com"])
      expect(isValidEmail(bad)).toBe(false);
  });
  it("checks phones as 6–15 digits", () => {
    expect(isValidPhone("13800138000")).toBe(true);
    expect(isValidPhone("123456")).toBe(true);
    expect(isValidPhone("12345")).toBe(false);
    expect(isValidPhone("1234567890123456")).toBe(false);
    expect(isValidPhone("+8613800138000")).toBe(false);
    expect(isValidPhone("138 0013 8000")).toBe(false);
  });
  it("checks 6-digit codes", () => {
    expect(isValidCode("012345")).toBe(true);
    expect(isValidCode("12345")).toBe(false);
    expect(isValidCode("12345a")).toBe(false);
  });
});
