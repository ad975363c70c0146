import { describe, expect, it } from "vitest";
import { formDataOf as fd } from "../../../tests/helpers/form-data";
import { authConstraint, parseLogin, parseRegister, parseReset, parseSendCode } from "./forms.server";
import { loginSchema, registerSchema, resetSchema, sendCodeSchema, type Translate } from "./schemas";
import { validator } from "./validate";

const t: Translate = (key) => key;

describe("server and browser validate alike", () => {
  const cases = [
    [
      (f: FormData) => parseLogin(f, t, "email", { sms: true }),
      validator(loginSchema(t, "email", { sms: true })),
      { account: "bad", password: "" },
    ],
    [
      (f: FormData) => parseRegister(f, t, "email"),
      validator(registerSchema(t, "email")),
      { account: "a@b.co", password: "abc", re_password: "abd" },
    ],
    [
      (f: FormData) => parseReset(f, t, "email"),
      validator(resetSchema(t, "email")),
      { account: "x", sms_code: "1", password: "Abc12345x", re_password: "Abc12345y" },
    ],
    [
      (f: FormData) => parseSendCode(f, t, "email", { loose: true }),
      validator(sendCodeSchema(t, "email", { loose: true })),
      { account: "no-at" },
    ],
  ] as const;
  it.each(cases.map((c, i) => [i, ...c] as const))("case %i", (_i, server, browser, entries) => {
    const a = server(fd(entries));
    const b = browser(fd(entries));
    expect(a.status).toBe("error");
    expect(b.status).toBe(a.status);
    expect(b.status === "success" ? null : b.error).toEqual(a.status === "success" ? null : a.error);
    expect(b.reply()).toEqual(a.reply());
  });
});

describe("authConstraint", () => {
  it("is plain JSON conform takes as `constraint`, the same for any translator", () => {
    for (const form of ["login", "register", "forgot", "reset"] as const) {
      const c = authConstraint(form, "email", { sms: true });
      expect(JSON.parse(JSON.stringify(c))).toEqual(c);
      expect(c.account).toMatchObject({ maxLength: 254 });
    }
    expect(authConstraint("login", "email").password).toMatchObject({ maxLength: 64 });
    expect(authConstraint("register", "email").invite_code).toMatchObject({ maxLength: 32 });
  });
});
