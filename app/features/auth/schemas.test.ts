import { parseWithZod } from "@conform-to/zod";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { formDataOf as form } from "../../../tests/helpers/form-data";
import {
  accountKindFrom,
  accountMessage,
  forgotSchema,
  loginSchema,
  registerSchema,
  resetSchema,
  sendCodeSchema,
  type Translate,
} from "./schemas";

/** Returns the key itself, so the tests read as the checks they make. */
const t: Translate = (key) => key;

/** Field → messages, in the order the schema produced them. */
function issues(schema: Parameters<typeof parseWithZod>[1]["schema"], entries: Record<string, string>) {
  const submission = parseWithZod(form(entries), { schema });
  if (submission.status === "success") return [];
  return Object.entries(submission.error ?? {}).flatMap(([field, messages]) => (messages ?? []).map((m) => [field, m]));
}

const validRegister = { account: "new@example.com", agreement: "on", sms_code: "123456", password: "Abc12345x", re_password: "Abc12345x" };

describe("account rule", () => {
  it("says empty before invalid, for email and phone", () => {
    expect(accountMessage(t, "email", "")).toBe("validation.emailEmpty");
    expect(accountMessage(t, "email", "   ")).toBe("validation.emailEmpty");
    expect(accountMessage(t, "email", "not-an-email")).toBe("validation.emailInvalid");
    expect(accountMessage(t, "email", "a@b")).toBe("validation.emailInvalid");
    expect(accountMessage(t, "email", "a@b.co")).toBeNull();
    expect(accountMessage(t, "mobile", "")).toBe("validation.phoneEmpty");
    expect(accountMessage(t, "mobile", "12ab")).toBe("validation.phoneInvalid");
    expect(accountMessage(t, "mobile", "13800138000")).toBeNull();
  });

  it("forgot password is loose: email contains @, mobile digits only and at least 6", () => {
    expect(accountMessage(t, "email", "a@b", true)).toBeNull();
    expect(accountMessage(t, "email", "ab", true)).toBe("validation.emailInvalid");
    expect(accountMessage(t, "mobile", "12345", true)).toBe("validation.phoneInvalid");
    expect(accountMessage(t, "mobile", "123456", true)).toBeNull();
    expect(accountMessage(t, "mobile", "12345a", true)).toBe("validation.phoneInvalid");
  });

  it("keeps the phone tab off while the flag is off", () => {
    expect(accountKindFrom("mobile", false)).toBe("email");
    expect(accountKindFrom("mobile", true)).toBe("mobile");
    expect(accountKindFrom(null, true)).toBe("email");
  });
});

describe("login schema", () => {
  it("requires a valid email and a password, and trims the account", () => {
    expect(issues(loginSchema(t, "email", { sms: false }), {})).toEqual([
      ["account", "validation.emailEmpty"],
      ["password", "validation.passwordRequired"],
    ]);
    expect(issues(loginSchema(t, "email", { sms: false }), { account: "nope", password: "x" })).toEqual([
      ["account", "validation.emailInvalid"],
    ]);
    const ok = parseWithZod(form({ account: "  demo@example.com ", password: "Trade2026", remember: "on" }), {
      schema: loginSchema(t, "email", { sms: false }),
    });
    expect(ok.status).toBe("success");
    if (ok.status === "success")
      expect(ok.value).toMatchObject({ account: "demo@example.com", password: "Trade2026", remember: true, sms_code: undefined });
  });

  it("requires the code only when SMS login is on", () => {
    const entries = { account: "demo@example.com", password: "x" };
    expect(issues(loginSchema(t, "email", { sms: false }), entries)).toEqual([]);
    expect(issues(loginSchema(t, "email", { sms: true }), entries)).toEqual([["sms_code", "validation.codeRequired"]]);
  });

  it("does not judge the login password's format (only the exchange knows it)", () => {
    expect(issues(loginSchema(t, "email", { sms: false }), { account: "demo@example.com", password: "1" })).toEqual([]);
  });
});

describe("register schema: in order agreement, code, password, format, repeat, match", () => {
  it("reports every broken rule in that order when everything is empty", () => {
    expect(issues(registerSchema(t, "email"), {})).toEqual([
      ["account", "validation.emailEmpty"],
      ["agreement", "validation.agreement"],
      ["sms_code", "validation.codeRequired"],
      ["password", "validation.passwordRequired"],
      ["re_password", "validation.repeatRequired"],
    ]);
  });

  it("checks the agreement first", () => {
    const { agreement: _, ...rest } = validRegister;
    expect(issues(registerSchema(t, "email"), rest)[0]).toEqual(["agreement", "validation.agreement"]);
  });

  it("then the code, then the password format", () => {
    expect(issues(registerSchema(t, "email"), { ...validRegister, sms_code: "", password: "abc", re_password: "abc" })).toEqual([
      ["sms_code", "validation.codeRequired"],
      ["password", "validation.passwordLength"],
    ]);
  });

  it("password format: length, letters and digits only, not too simple", () => {
    const pw = (password: string) => issues(registerSchema(t, "email"), { ...validRegister, password, re_password: password });
    expect(pw("a1b2c")).toEqual([["password", "validation.passwordLength"]]);
    expect(pw("a1b2c3d4e5f6g7h8i")).toEqual([["password", "validation.passwordLength"]]);
    expect(pw("abc12_3")).toEqual([["password", "validation.passwordFormat"]]);
    expect(pw("12345678")).toEqual([["password", "validation.passwordSimple"]]);
    expect(pw("abcdefgh")).toEqual([["password", "validation.passwordSimple"]]);
    expect(pw("abc123")).toEqual([["password", "validation.passwordSimple"]]);
    expect(pw("Abc12345x")).toEqual([]);
  });

  it("then the repeat password, then the match", () => {
    expect(issues(registerSchema(t, "email"), { ...validRegister, re_password: "" })).toEqual([
      ["re_password", "validation.repeatRequired"],
    ]);
    expect(issues(registerSchema(t, "email"), { ...validRegister, re_password: "Abc12345y" })).toEqual([
      ["re_password", "validation.mismatch"],
    ]);
  });

  it("an unticked agreement comes before a missing code and a weak password", () => {
    const got = issues(registerSchema(t, "email"), { account: "new@example.com", password: "123", re_password: "321" });
    expect(got.map(([f]) => f)).toEqual(["agreement", "sms_code", "password", "re_password"]);
    expect(got[3]).toEqual(["re_password", "validation.mismatch"]);
  });

  it("passes a complete form and keeps the invite code", () => {
    const ok = parseWithZod(form({ ...validRegister, invite_code: " INV42 " }), { schema: registerSchema(t, "email") });
    expect(ok.status).toBe("success");
    if (ok.status === "success") expect(ok.value).toMatchObject({ account: "new@example.com", sms_code: "123456", invite_code: "INV42" });
  });

  it("uses the phone messages on the phone tab", () => {
    expect(issues(registerSchema(t, "mobile"), { ...validRegister, account: "abc" })).toEqual([["account", "validation.phoneInvalid"]]);
  });
});

describe("send-code, forgot and reset schemas", () => {
  it("send-code checks only the account", () => {
    expect(issues(sendCodeSchema(t, "email"), { password: "" })).toEqual([["account", "validation.emailEmpty"]]);
    expect(issues(sendCodeSchema(t, "email"), { account: "a@b.co" })).toEqual([]);
  });

  it("forgot uses the loose account rule", () => {
    expect(issues(forgotSchema(t, "email"), { account: "a@b" })).toEqual([]);
    expect(issues(forgotSchema(t, "email"), { account: "ab" })).toEqual([["account", "validation.emailInvalid"]]);
  });

  it("reset: code, password 6–16 letters and digits, confirmation required and equal", () => {
    const base = { account: "a@b.co", sms_code: "123456", password: "Reset2026", re_password: "Reset2026" };
    expect(issues(resetSchema(t, "email"), base)).toEqual([]);
    expect(issues(resetSchema(t, "email"), {})).toEqual([
      ["account", "validation.emailEmpty"],
      ["sms_code", "validation.codeRequired"],
      ["password", "validation.passwordRequired"],
      ["re_password", "validation.repeatRequired"],
    ]);
    expect(issues(resetSchema(t, "email"), { ...base, password: "short", re_password: "short" })).toEqual([
      ["password", "validation.passwordLength"],
    ]);
    expect(issues(resetSchema(t, "email"), { ...base, re_password: "Reset2027" })).toEqual([["re_password", "validation.mismatch"]]);
  });
});

describe("messages", () => {
  it("every validation key exists in every language", () => {
    const keys = [
      "emailEmpty",
      "emailInvalid",
      "phoneEmpty",
      "phoneInvalid",
      "passwordRequired",
      "passwordLength",
      "passwordFormat",
      "passwordSimple",
      "repeatRequired",
      "mismatch",
      "codeRequired",
      "agreement",
    ];
    for (const lang of ["hk", "en", "jp", "zh", "th", "kr", "de", "fr", "it", "es", "pl"]) {
      const auth = JSON.parse(readFileSync(`locales/${lang}/auth.json`, "utf8")) as { validation: Record<string, string> };
      for (const k of keys) expect(auth.validation[k], `${lang} validation.${k}`).toBeTruthy();
    }
  });

  it("the English messages are the exchange's", () => {
    const en = JSON.parse(readFileSync("locales/en/auth.json", "utf8")) as { validation: Record<string, string> };
    expect(en.validation.emailEmpty.toLowerCase()).toBe("email cannot be empty");
    expect(en.validation.emailInvalid.toLowerCase()).toBe("enter a valid email");
    expect(en.validation.phoneEmpty.toLowerCase()).toBe("phone number cannot be empty");
    expect(en.validation.phoneInvalid.toLowerCase()).toBe("enter a valid phone number");
  });
});
