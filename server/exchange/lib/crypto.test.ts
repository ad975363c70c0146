import { describe, expect, it } from "vitest";
import { hashPassword, hashToken, hashVerificationCode, newToken, newVerificationCode, randomCode, verifyPassword } from "./crypto";

describe("password hashing", () => {
  it("verifies the right password and rejects a wrong one", async () => {
    const stored = await hashPassword("Trade2026");
    expect(stored).toMatch(/^scrypt\$16384\$8\$1\$[\w-]+\$[\w-]+$/);
    expect(await verifyPassword("Trade2026", stored)).toBe(true);
    expect(await verifyPassword("trade2026", stored)).toBe(false);
    expect(await verifyPassword("", stored)).toBe(false);
  });

  it("salts every hash", async () => {
    const a = await hashPassword("Same1234");
    const b = await hashPassword("Same1234");
    expect(a).not.toBe(b);
    expect(await verifyPassword("Same1234", b)).toBe(true);
  });

  it("rejects malformed stored values", async () => {
    expect(await verifyPassword("x", "plain")).toBe(false);
    expect(await verifyPassword("x", "scrypt$16384$8$1$abc$")).toBe(false);
  });
});

describe("tokens and codes", () => {
  it("makes 43-character base64url tokens and stores only a sha256", () => {
    const t = newToken();
    expect(t).toMatch(/^[\w-]{43}$/);
    expect(newToken()).not.toBe(t);
    expect(hashToken(t)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashToken(t)).toBe(hashToken(t));
    expect(hashToken(t)).not.toContain(t);
  });

  it("makes 6-digit codes and address-bound code hashes", () => {
    for (let i = 0; i < 50; i++) expect(newVerificationCode()).toMatch(/^\d{6}$/);
    expect(hashVerificationCode("a@x.com", 1, "123456")).toBe(hashVerificationCode("A@x.com", 1, "123456"));
    expect(hashVerificationCode("a@x.com", 1, "123456")).not.toBe(hashVerificationCode("a@x.com", 2, "123456"));
  });

  it("makes random codes of the asked length without ambiguous characters", () => {
    const c = randomCode(8);
    expect(c).toMatch(/^[A-HJ-NP-Z2-9]{8}$/);
  });
});
