import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { constraintOf, fieldOfMessage, parseForm } from "./forms.server";
import type { Translate } from "./schemas";
import { validatorOf } from "./validate";

/** zod and conform's zod adapter stay out of the assets screens' first load: only .server modules and the lazy validate.ts import them. */
const ROUTES = readdirSync("app/routes")
  .filter((f) => /^assets.*\.tsx$/.test(f) || f === "tradePassword.tsx")
  .map((f) => join("app/routes", f));
const COMPONENTS = readdirSync("app/components/assets")
  .filter((f) => /\.tsx?$/.test(f) && !/\.(test|server|css)\.tsx?$/.test(f) && !["schemas.ts", "validate.ts"].includes(f))
  .map((f) => join("app/components/assets", f));
const HEAVY = /from\s+["'](zod|@conform-to\/zod|decimal\.js|~\/lib\/assets|~\/contract(\/(money|calls|index))?|\.\/schemas|\.\/validate|~\/components\/assets\/(schemas|validate))["']/;

describe("assets screens' first load", () => {
  it.each([...ROUTES, ...COMPONENTS])("%s has no static import of zod, decimal.js or the schemas", (file) => {
    const statements = readFileSync(file, "utf8")
      .split("\n")
      .filter((l) => /^\s*(import|export)\b/.test(l) && !/^\s*import\s+type\b/.test(l));
    expect(statements.filter((l) => HEAVY.test(l))).toEqual([]);
  });
});

const t: Translate = (key) => key;
const fd = (entries: Record<string, string>) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(entries)) f.append(k, v);
  return f;
};

describe("server and browser validate alike", () => {
  const cases = [
    ["withdraw", { currency_id: "1", address: "", number: "", pay_password: "" }],
    ["withdraw", { currency_id: "1", address: "T1", number: "-3", pay_password: "x" }],
    ["deposit", { currency_id: "1", chargeNum: "", walletAddress: "" }],
    ["transfer", { currency_id: "1", from: "lever_account", to: "lever_account", balance: "1" }],
    ["bind", { currency_protocol_id: "2", address: "", memo: "12ab", verificationcode: "" }],
    ["tradePassword", { password: "abc123", re_password: "abc124", auth_code: "" }],
  ] as const;
  it.each(cases)("%s %j", (form, entries) => {
    const a = parseForm(form, fd(entries), t);
    const b = validatorOf(form, t)(fd(entries));
    expect(a.status).toBe("error");
    expect(b.status === "success" ? null : b.error).toEqual(a.status === "success" ? null : a.error);
  });

  it("checks the withdrawal in the spec's order: address, amount, trade password", () => {
    const r = parseForm("withdraw", fd({ currency_id: "1", address_id: "", number: "", pay_password: "" }), t);
    expect(r.status === "success" ? [] : Object.keys(r.error ?? {})).toEqual(["address_id", "number", "pay_password"]);
    expect(r.status === "success" ? null : r.error?.address_id).toEqual(["errors.addressRequired"]);
  });

  it("transfer: from and to must differ", () => {
    const r = parseForm("transfer", fd({ currency_id: "1", from: "change_account", to: "change_account", balance: "5" }), t);
    expect(r.status === "success" ? null : r.error?.to).toEqual(["errors.sameAccount"]);
    expect(parseForm("transfer", fd({ currency_id: "1", from: "change_account", to: "lever_account", balance: "5" }), t).status).toBe("success");
  });

  it("constraints are plain JSON", () => {
    const c = constraintOf("withdraw");
    expect(JSON.parse(JSON.stringify(c))).toEqual(c);
    expect(c.address_id).toMatchObject({ required: true, maxLength: 16 });
  });
});

describe("exchange messages go to their field", () => {
  const req = (lang: string) => new Request("http://localhost/assets/withdraw", { headers: { Cookie: `lang=${lang}` } });
  const fields = { number: ["draw_min", "insufficient_balance"], pay_password: ["pay_password_incorrect", "pay_password_locked"] };
  it("matches templates with their variables, in the request's language", async () => {
    expect(await fieldOfMessage(req("en"), "the minimum withdrawal is 10 USDT", fields)).toBe("number");
    expect(await fieldOfMessage(req("en"), "incorrect trade password", fields)).toBe("pay_password");
    expect(await fieldOfMessage(req("en"), "too many wrong trade passwords: withdrawals are locked until Nov 21, 2026, 10:15 PM UTC", fields)).toBe("pay_password");
    expect(await fieldOfMessage(req("en"), "something else", fields)).toBeNull();
    const de = JSON.parse(readFileSync("locales/de/exchange.json", "utf8")) as Record<string, string>;
    expect(await fieldOfMessage(req("de"), de.insufficient_balance, fields)).toBe("number");
  });
});
