import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CODE_TYPE } from "../../../app/contract/index";
import { demoExchange, type MoneyClient } from "../../../tests/helpers/money-client";
import { removeExchange } from "../../../tests/helpers/quiet-exchange";
import type { Exchange } from "../index";

/**
 * Calls that check a secret (a code, a password) and then wait for a password hash before writing: sent at once, or
 * racing a reset, only what the check allowed may happen, once.
 */

let now = Date.UTC(2026, 10, 24, 12, 0, 0);
let ex: Exchange, dir: string, c: MoneyClient, demo: string;
const ALICE = "alice@example.com";

beforeAll(async () => {
  ({ ex, dir, c, demo } = await demoExchange("concurrent-secrets", { now: () => now }, "Trade123"));
});
afterAll(() => removeExchange(ex, dir));

const reset = (code: string, pw: string) =>
  c.call("forgetPassword", { type: "email", account: ALICE, auth_code: code, new_password: pw, secondary_password: pw });
const signIn = (password: string) => c.call("login", { account: ALICE, password });
const resetCode = async () => {
  now += 16 * 60_000; // past the sending limits' window: this file asks for many codes

  expect((await c.call("sendEmail", { to: ALICE, type: CODE_TYPE.FORGOT_PASSWORD })).code).toBe(1);
  return c.lastCode(ALICE, CODE_TYPE.FORGOT_PASSWORD);
};

describe("a secret checked before a wait", () => {
  it("one reset code, two resets at once: one is done, the other refused on the code", async () => {
    const code = await resetCode();
    const answers = await Promise.all([reset(code, "Owner2026x"), reset(code, "Other2026x")]);
    expect(answers.map((a) => a.reason?.key ?? "ok").sort()).toEqual(["code_invalid", "ok"]);
    const won = answers[0]!.code === 1 ? "Owner2026x" : "Other2026x";
    expect((await signIn(won)).code).toBe(1);
    expect((await signIn(won === "Owner2026x" ? "Other2026x" : "Owner2026x")).code).toBe(0);
    await reset(await resetCode(), "Alice2026");
  });

  it("a sign-in with the old password that races a reset never keeps a session the reset ended", async () => {
    let old = "Alice2026";
    for (const delay of [0, 5, 10, 15, 20]) {
      const code = await resetCode();
      const next = `Reset${delay}x2026`;
      const [r, l] = await Promise.all([reset(code, next), new Promise((w) => setTimeout(w, delay)).then(() => signIn(old))]);
      expect(r).toMatchObject({ code: 1 });
      // Either the sign-in came first (and the reset ended its session) or it was refused: no live session either way.
      if (l.code === 1) expect((await c.call("userInfo", {}, { token: l.data as string })).code).toBe(999);
      old = next;
    }
    await reset(await resetCode(), "Alice2026");
  });

  it("two changes of the login password from the same old one: one is made, the other refused on the old password", async () => {
    const [t1, t2] = [await c.login(ALICE, "Alice2026"), await c.login(ALICE, "Alice2026")];
    const change = (token: string, pw: string) =>
      c.call("amendPassword", { old_password: "Alice2026", new_password: pw, secondary_password: pw }, { token });
    const answers = await Promise.all([change(t1, "Owner2027x"), change(t2, "Intru2027x")]);
    expect(answers.map((a) => a.reason?.key ?? "ok").sort()).toEqual(["ok", "old_password_incorrect"]);
    const won = answers[0]!.code === 1 ? "Owner2027x" : "Intru2027x";
    expect((await signIn(won)).code).toBe(1);
  });

  it("one emailed code, two trade passwords at once: one is saved, the other refused on the code", async () => {
    now += 61_000;
    expect((await c.call("sendEmail", { to: "demo@example.com", type: CODE_TYPE.TRADE_PASSWORD })).code).toBe(1);
    const code = c.lastCode("demo@example.com", CODE_TYPE.TRADE_PASSWORD);
    const set = (pw: string) => c.call("amendPayPassword", { password: pw, re_password: pw, auth_code: code }, { token: demo });
    const answers = await Promise.all([set("Pay2026a"), set("Pay2026b")]);
    expect(answers.map((a) => a.reason ?? "ok")).toContainEqual({ key: "code_invalid", field: "auth_code" });
    expect(answers.filter((a) => a.code === 1)).toHaveLength(1);
  });
});
