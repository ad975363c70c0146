import { Secret } from "otpauth";
import { describe, expect, it } from "vitest";
import { checkTotp, newTotpSecret, totpCode, totpStep, totpUri } from "./totp";

// RFC 6238 Appendix B: the SHA-1 seed is the ASCII string "12345678901234567890", 8 digits.
const RFC_SECRET = Secret.fromLatin1("12345678901234567890").base32;
const RFC_VECTORS: Array<[number, string]> = [
  [59, "94287082"],
  [1111111109, "07081804"],
  [1111111111, "14050471"],
  [1234567890, "89005924"],
  [2000000000, "69279037"],
  [20000000000, "65353130"],
];

describe("TOTP (RFC 6238)", () => {
  it.each(RFC_VECTORS)("at T=%i s the SHA-1 code is %s", (seconds, expected) => {
    expect(totpCode(RFC_SECRET, seconds * 1000, 8)).toBe(expected);
    // The 6-digit code an authenticator shows is the same number modulo 10^6.
    expect(totpCode(RFC_SECRET, seconds * 1000)).toBe(expected.slice(2));
  });

  it("makes 160-bit secrets, each different", () => {
    const a = newTotpSecret();
    expect(Secret.fromBase32(a).bytes.length).toBe(20);
    expect(newTotpSecret()).not.toBe(a);
  });

  it("accepts the current code and one step of drift either way, not two", () => {
    const secret = newTotpSecret();
    const now = 1_700_000_000_000;
    const step = totpStep(now);
    expect(checkTotp(secret, totpCode(secret, now), now, null)).toEqual({ ok: true, step });
    expect(checkTotp(secret, totpCode(secret, now - 30_000), now, null)).toEqual({ ok: true, step: step - 1 });
    expect(checkTotp(secret, totpCode(secret, now + 30_000), now, null)).toEqual({ ok: true, step: step + 1 });
    expect(checkTotp(secret, totpCode(secret, now - 60_000), now, null)).toEqual({ ok: false, reason: "google_code_error" });
    expect(checkTotp(secret, totpCode(secret, now + 60_000), now, null)).toEqual({ ok: false, reason: "google_code_error" });
  });

  it("refuses a code used before, and any earlier one", () => {
    const secret = newTotpSecret();
    const now = 1_700_000_000_000;
    const first = checkTotp(secret, totpCode(secret, now), now, null);
    expect(first.ok).toBe(true);
    const used = first.ok ? first.step : 0;
    expect(checkTotp(secret, totpCode(secret, now), now + 5_000, used)).toEqual({ ok: false, reason: "google_code_used" });
    expect(checkTotp(secret, totpCode(secret, now - 30_000), now, used)).toEqual({ ok: false, reason: "google_code_used" });
    expect(checkTotp(secret, totpCode(secret, now + 30_000), now + 30_000, used).ok).toBe(true);
  });

  it("refuses what is not six digits, and a wrong code", () => {
    const secret = newTotpSecret();
    const now = 1_700_000_000_000;
    for (const bad of ["", "12345", "1234567", "12a456", " 123456"]) {
      expect(checkTotp(secret, bad, now, null)).toEqual({ ok: false, reason: "google_code_error" });
    }
    const right = totpCode(secret, now);
    const wrong = String((Number(right) + 1) % 1_000_000).padStart(6, "0");
    expect(checkTotp(secret, wrong, now, null).ok).toBe(false);
  });

  it("writes the otpauth address an app scans", () => {
    const uri = totpUri("JBSWY3DPEHPK3PXP", "a@example.com", "Exchange");
    expect(uri).toMatch(/^otpauth:\/\/totp\/Exchange:a%40example\.com\?/);
    expect(uri).toContain("secret=JBSWY3DPEHPK3PXP");
    expect(uri).toContain("period=30");
    expect(uri).toContain("digits=6");
  });
});
