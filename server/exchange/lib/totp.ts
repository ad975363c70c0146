import { Secret, TOTP } from "otpauth";

/**
 * Time-based one-time passwords for the authenticator (RFC 6238): a 160-bit secret, SHA-1, 6 digits,
 * a 30-second step, and at most one step of drift either way. A code is accepted once: the caller keeps
 * the last accepted step and passes it back, and any code of that step or an earlier one is refused,
 * so a code seen over a shoulder or replayed from a log does not work a second time.
 */
export const TOTP_PERIOD_S = 30;
export const TOTP_DIGITS = 6;
export const TOTP_DRIFT_STEPS = 1;
export const TOTP_SECRET_BYTES = 20;

/** A new random secret, in base32 as authenticator apps take it. */
export function newTotpSecret(): string {
  return new Secret({ size: TOTP_SECRET_BYTES }).base32;
}

function totp(secretBase32: string, digits = TOTP_DIGITS, label = "", issuer = ""): TOTP {
  return new TOTP({ issuer, label, algorithm: "SHA1", digits, period: TOTP_PERIOD_S, secret: Secret.fromBase32(secretBase32) });
}

/** The time step a moment falls in. */
export function totpStep(atMs: number): number {
  return Math.floor(atMs / 1000 / TOTP_PERIOD_S);
}

/** The code for a moment (tests and the operator's tools; the app never shows it). */
export function totpCode(secretBase32: string, atMs: number, digits = TOTP_DIGITS): string {
  return totp(secretBase32, digits).generate({ timestamp: atMs });
}

export type TotpCheck = { ok: true; step: number } | { ok: false; reason: "google_code_error" | "google_code_used" };

/**
 * Checks a code at a moment. `lastUsedStep` is the step of the last code this secret accepted (null when
 * none); on success the answer's `step` is what to store in its place.
 */
export function checkTotp(secretBase32: string, code: string, atMs: number, lastUsedStep: number | null): TotpCheck {
  if (!new RegExp(`^[0-9]{${TOTP_DIGITS}}$`).test(code)) return { ok: false, reason: "google_code_error" };
  const delta = totp(secretBase32).validate({ token: code, timestamp: atMs, window: TOTP_DRIFT_STEPS });
  if (delta === null) return { ok: false, reason: "google_code_error" };
  const step = totpStep(atMs) + delta;
  if (lastUsedStep !== null && step <= lastUsedStep) return { ok: false, reason: "google_code_used" };
  return { ok: true, step };
}

/** The otpauth:// address an authenticator app scans (shown as a QR code beside the secret). */
export function totpUri(secretBase32: string, account: string, issuer: string): string {
  return totp(secretBase32, TOTP_DIGITS, account, issuer).toString();
}
