// Pure validation rules shared by the app (forms) and the exchange (handlers).
// No imports on purpose: this file is bundled for the browser too.

export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 16;
export const PHONE_MIN = 6;
export const PHONE_MAX = 15;

const EMAIL_RE =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;

/** Common passwords that pass the letters-and-digits mix but are guessed first. */
export const COMMON_PASSWORDS: readonly string[] = [
  "abc123",
  "abcd1234",
  "a123456",
  "a12345678",
  "qwe123",
  "qwerty1",
  "qwerty123",
  "password1",
  "password123",
  "passw0rd",
  "pass123",
  "admin123",
  "123abc",
  "1q2w3e",
  "1q2w3e4r",
  "1qaz2wsx",
  "zaq12wsx",
  "iloveyou1",
  "test123",
  "welcome1",
  "letmein1",
  "abc12345",
  "aa123456",
  "asd123",
  "qwer1234",
  "123qwe",
  "123456a",
  "12345678a",
  "trustno1",
  "monkey123",
  "dragon123",
];

export function isValidEmail(value: string): boolean {
  return value.length <= 254 && EMAIL_RE.test(value);
}

/** Phone numbers travel as digits only (the country code is a separate field). */
export function isValidPhone(value: string): boolean {
  return new RegExp(`^[0-9]{${PHONE_MIN},${PHONE_MAX}}$`).test(value);
}

export type PasswordProblem = "length" | "format" | "simple";

/**
 * Register and forgot-password rule (docs/product.md, "/register"): 6–16 characters, letters and digits only,
 * and not too simple (all digits, all letters, one repeated character, or a common password).
 */
export function passwordProblem(pw: string): PasswordProblem | null {
  if (pw.length < PASSWORD_MIN || pw.length > PASSWORD_MAX) return "length";
  if (!/^[A-Za-z0-9]+$/.test(pw)) return "format";
  if (/^[0-9]+$/.test(pw) || /^[A-Za-z]+$/.test(pw)) return "simple";
  if (/^(.)\1*$/.test(pw)) return "simple";
  if (COMMON_PASSWORDS.includes(pw.toLowerCase())) return "simple";
  return null;
}

/** Verification codes are 6 digits. */
export function isValidCode(value: string): boolean {
  return /^[0-9]{6}$/.test(value);
}
