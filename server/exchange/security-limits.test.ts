import { removeExchange, reopenableExchange } from "../../tests/helpers/quiet-exchange";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ADDRESS_CODE_TYPE,
  ADDRESS_SERVICE_PATHS,
  calls,
  CODE_TYPE,
  EnvelopeSchema,
  GoogleAuthSchema,
  type CallName,
} from "../../app/contract/index";
import { sendCall, type Payload } from "../../tests/helpers/money-client";
import { signedForm } from "./address-service";
import { type Exchange } from "./index";
import { credit } from "./ledger/index";
import { hashPassword } from "./lib/crypto";
import { totpCode } from "./lib/totp";
import { setPayPassword } from "./models/pay-password";
import { googleState } from "./models/personal";
import { createUser, issueToken } from "./models/users";

/**
 * Issue 20, at the API: every check of a second factor or a code has one attempt limit (per account and per client
 * address, stored in the database), every call that sends a code the same sending limits, and list calls bound
 * their page and limit.
 */

let ex: Exchange;
let clock = Date.UTC(2026, 10, 24, 12, 0, 0);
// Its data folder outlives a restart (`open()` again): the attempt counts are stored.
const data = reopenableExchange("exchange-limits-", () => clock);
const MIN = 60_000;
let users = 0;
let ips = 0;
const freshIp = () => `198.51.100.${++ips}`;

function open() {
  ex = data.open();
}

beforeAll(open);
afterAll(() => removeExchange(ex, data.dir));

async function call(name: CallName, payload: Payload = {}, o: { token?: string; ip?: string } = {}) {
  const headers: Record<string, string> = { "x-forwarded-for": o.ip ?? "203.0.113.1" };
  if (o.token) headers.authorization = o.token;
  const res = await sendCall(ex, name, payload, headers);
  return { status: res.status, ...EnvelopeSchema.parse(await res.json()) };
}

async function addr(path: string, data: Record<string, unknown>, ip: string) {
  const res = await ex.handle(
    new Request(`http://localhost${path}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": ip },
      body: signedForm({ ...data, timestamp: Math.floor(clock / 1000) }, ex.addressSecret).toString(),
    }),
  );
  return EnvelopeSchema.parse(await res.json());
}

/** A fresh user, straight into the database (no codes sent, so the sending limits are untouched). */
async function user(o: { payPassword?: string; phoneOnly?: boolean } = {}) {
  const email = o.phoneOnly ? `1390000${String(++users).padStart(4, "0")}` : `limits-${++users}@example.com`;
  const id = createUser(ex.db, {
    email: o.phoneOnly ? null : email,
    mobile: o.phoneOnly ? email : null,
    passwordHash: await hashPassword("Passw0rd99"),
    now: clock,
  });
  if (o.payPassword) setPayPassword(ex.db, id, await hashPassword(o.payPassword));
  return { id, email, token: issueToken(ex.db, id, clock) };
}

/** A user with the authenticator on. */
async function withAuthenticator() {
  const u = await user();
  const secret = GoogleAuthSchema.parse((await call("googleQrCode", {}, { token: u.token })).data).secret;
  expect(
    (await call("googleSwitch", { google_switch: 1, google_code: totpCode(secret, clock), password: "Passw0rd99" }, { token: u.token }))
      .code,
  ).toBe(1);
  clock += 30_000; // the next code step
  return { ...u, secret };
}

const notices = (email: string) =>
  ex.db.prepare("SELECT type, body FROM outbox WHERE address = ? AND type = 101").all(email) as { body: string }[];
const lastCode = (address: string, type: number) =>
  (ex.db.prepare("SELECT code FROM outbox WHERE address = ? AND type = ? ORDER BY id DESC LIMIT 1").get(address, type) as { code: string })
    .code;
const wrongOf = (code: string) => (code === "000000" ? "000001" : "000000");

describe("attempt limits", () => {
  it("the authenticator at user/switch: of 400 wrong codes at once 5 count, then even the right code is refused until the time it names", async () => {
    const u = await withAuthenticator();
    const ip = freshIp();
    const right = totpCode(u.secret, clock);
    const answers = await Promise.all(
      Array.from({ length: 400 }, (_, i) => {
        const code = String(i).padStart(6, "0");
        return call("googleSwitch", { google_switch: 0, google_code: code === right ? "999999" : code }, { token: u.token, ip });
      }),
    );
    expect(answers.filter((a) => a.reason?.key === "google_code_error")).toHaveLength(4);
    expect(answers.filter((a) => a.reason?.key === "google_code_locked")).toHaveLength(396);
    const locked = await call("googleSwitch", { google_switch: 0, google_code: right }, { token: u.token, ip: freshIp() });
    expect(locked).toMatchObject({
      code: 0,
      reason: { key: "google_code_locked", field: "google_code" },
      data: { locked_until: clock + 15 * MIN },
    });
    expect(locked.msg).toBe("too many wrong authenticator codes: the authenticator check is locked until Nov 24, 2026, 12:15 PM UTC");
    expect(googleState(ex.db, u.id).google_on).toBe(1);
    // The owner hears of it once, and the security log shows it.
    expect(notices(u.email)).toHaveLength(1);
    expect(notices(u.email)[0]!.body).toContain("5 wrong authenticator codes were entered for your account");
    const log = await call("securityLog", {}, { token: u.token });
    expect((log.data as { data: { event: string }[] }).data.map((e) => e.event)).toContain("check_locked");
    // After the lock, the right code works.
    clock += 15 * MIN + 1;
    expect((await call("googleSwitch", { google_switch: 0, google_code: totpCode(u.secret, clock) }, { token: u.token, ip })).code).toBe(1);
  });

  it("counts per client address too: one wrong code for each of five accounts locks that address, not the accounts", async () => {
    const ip = freshIp();
    for (let i = 0; i < 5; i++) {
      const u = await withAuthenticator();
      await call("googleSwitch", { google_switch: 0, google_code: wrongOf(totpCode(u.secret, clock)) }, { token: u.token, ip });
      expect(notices(u.email)).toHaveLength(0);
    }
    const sixth = await withAuthenticator();
    const right = { google_switch: 0, google_code: totpCode(sixth.secret, clock) };
    expect((await call("googleSwitch", right, { token: sixth.token, ip })).reason).toMatchObject({ key: "google_code_locked" });
    expect((await call("googleSwitch", right, { token: sixth.token, ip: freshIp() })).code).toBe(1);
  });

  it("the authenticator at sign-in and at withdrawal is one check: wrong codes at either add up", async () => {
    const u = await withAuthenticator();
    const ip = freshIp();
    // A withdrawal checks it after the trade password: set one and get past the other checks.
    setPayPassword(ex.db, u.id, await hashPassword("Pay2026x"));
    const draw = { currency_id: 1, currency_protocol_id: 2, address: "TJRabPrwbZy45sbavfcjinPJC18kjpRTv8", number: "100" };
    ex.db
      .prepare("INSERT INTO withdrawal_addresses (user_id, currency_id, protocol_id, address, memo, created_at) VALUES (?, 1, 2, ?, '', ?)")
      .run(u.id, draw.address, clock);
    credit(ex.db, { userId: u.id, currencyId: 1, accountCode: "change_account", amount: "1000", type: "test" });
    clock += 24 * 60 * MIN; // binding the authenticator held withdrawals a day
    const wrong = () => wrongOf(totpCode(u.secret, clock));
    for (let i = 0; i < 3; i++)
      expect((await call("login", { account: u.email, password: "Passw0rd99", google_code: wrong() }, { ip })).reason?.key).toBe(
        "google_code_error",
      );
    const withdraw = (google_code: string) => call("draw", { ...draw, pay_password: "Pay2026x", google_code }, { token: u.token, ip });
    expect((await withdraw(wrong())).reason?.key).toBe("google_code_error");
    expect((await withdraw(wrong())).reason).toEqual({ key: "google_code_locked", field: "google_code" });
    const login = await call(
      "login",
      { account: u.email, password: "Passw0rd99", google_code: totpCode(u.secret, clock) },
      { ip: freshIp() },
    );
    expect(login.reason).toEqual({ key: "google_code_locked", field: "google_code" });
  });

  it("the trade password: five wrong lock it everywhere, across a restart, with the owner told once", async () => {
    const u = await user({ payPassword: "Pay2026x" });
    const ip = freshIp();
    // A fiat release asks for it as well; with no order of theirs it is not reached, so withdrawals count here.
    ex.db
      .prepare("INSERT INTO withdrawal_addresses (user_id, currency_id, protocol_id, address, memo, created_at) VALUES (?, 1, 2, ?, '', ?)")
      .run(u.id, "TJRabPrwbZy45sbavfcjinPJC18kjpRTv8", clock);
    credit(ex.db, { userId: u.id, currencyId: 1, accountCode: "change_account", amount: "1000", type: "test" });
    const draw = (pay_password: string) =>
      call(
        "draw",
        { currency_id: 1, currency_protocol_id: 2, address: "TJRabPrwbZy45sbavfcjinPJC18kjpRTv8", number: "100", pay_password },
        { token: u.token, ip },
      );
    const wrong = await Promise.all(Array.from({ length: 8 }, () => draw("Nope1234")));
    expect(wrong.map((w) => w.reason?.key)).toEqual([...Array(4).fill("pay_password_incorrect"), ...Array(4).fill("pay_password_locked")]);
    await ex.close();
    open();
    const after = await call(
      "draw",
      { currency_id: 1, currency_protocol_id: 2, address: "TJRabPrwbZy45sbavfcjinPJC18kjpRTv8", number: "100", pay_password: "Pay2026x" },
      { token: u.token, ip: freshIp() },
    );
    expect(after.reason).toEqual({ key: "pay_password_locked", field: "pay_password" });
    expect(notices(u.email)).toHaveLength(1);
    clock += 15 * MIN + 1;
    expect((await draw("Pay2026x")).code).toBe(1);
  });

  it("the current password when changing it: five wrong lock the change, the owner is told, signing in is not locked", async () => {
    const u = await user();
    const ip = freshIp();
    const amend = (old_password: string, from = ip) =>
      call("amendPassword", { old_password, new_password: "N3wPassw0rd", secondary_password: "N3wPassw0rd" }, { token: u.token, ip: from });
    const wrong = await Promise.all(Array.from({ length: 7 }, () => amend("Guess-1234")));
    expect(wrong.map((w) => w.reason?.key)).toEqual([...Array(4).fill("old_password_incorrect"), ...Array(3).fill("old_password_locked")]);
    const locked = await amend("Passw0rd99", freshIp());
    expect(locked).toMatchObject({
      code: 0,
      reason: { key: "old_password_locked", field: "old_password" },
      data: { locked_until: clock + 15 * MIN },
    });
    expect(locked.msg).toMatch(/^too many wrong current passwords: changing the login password is locked until \w{3} \d+, 2026, /);
    expect(notices(u.email)).toHaveLength(1);
    expect(notices(u.email)[0]!.body).toContain("5 wrong current passwords were entered to change your account's login password");
    // Only a signed-in caller reaches this check, so it locks the change alone: the owner still signs in.
    expect((await call("login", { account: u.email, password: "Passw0rd99" }, { ip: freshIp() })).code).toBe(1);
    clock += 15 * MIN + 1;
    expect((await amend("Passw0rd99")).code).toBe(1);
  });

  it("wrong password-reset codes, which anyone may send, lock resets to that address, never the account's other codes", async () => {
    const u = await user({ payPassword: "Pay2026x" });
    const resetWith = (auth_code: string) =>
      call(
        "forgetPassword",
        { account: u.email, type: "email", auth_code, new_password: "N3wPassw0rd", secondary_password: "N3wPassw0rd" },
        { ip: freshIp() },
      );
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push((await resetWith("000000")).reason?.key);
    expect(answers).toEqual([...Array(4).fill("code_invalid"), "code_locked"]);
    expect(notices(u.email)).toHaveLength(0);
    // The owner, signed in, still sets the trade password with an emailed code.
    expect((await call("sendEmail", { to: u.email, type: CODE_TYPE.TRADE_PASSWORD }, { token: u.token })).code).toBe(1);
    const set = await call(
      "amendPayPassword",
      { password: "Pay2027x", re_password: "Pay2027x", auth_code: lastCode(u.email, CODE_TYPE.TRADE_PASSWORD) },
      { token: u.token, ip: freshIp() },
    );
    expect(set.code).toBe(1);
  });

  it("codes of every purpose: register, bind email and the address book lock after five wrong tries, the right one too", async () => {
    const ip = freshIp();
    // Register: no account yet, so the address the code went to is counted.
    const email = `newcomer-${++users}@example.com`;
    expect((await call("sendEmail", { to: email, type: CODE_TYPE.REGISTER }, { ip })).code).toBe(1);
    const code = lastCode(email, CODE_TYPE.REGISTER);
    const reg = (sms_code: string, from = freshIp()) =>
      call("register", { account: email, type: "email", password: "Passw0rd99", re_password: "Passw0rd99", sms_code }, { ip: from });
    for (let i = 0; i < 5; i++) await reg(wrongOf(code));
    expect((await reg(code)).reason).toEqual({ key: "code_locked", field: "sms_code" });

    // Binding an email to a signed-in account (one that has a phone only).
    const u = await user({ phoneOnly: true });
    const target = `bound-${users}@example.com`;
    expect((await call("sendBindCode", { user_string: target }, { token: u.token, ip })).code).toBe(1);
    const bindCode = lastCode(target, CODE_TYPE.BIND);
    const bindWith = (code: string) =>
      call("bindEmail", { email: target, code, password: "Passw0rd99" }, { token: u.token, ip: freshIp() });
    for (let i = 0; i < 5; i++) await bindWith(wrongOf(bindCode));
    expect((await bindWith(bindCode)).reason).toEqual({
      key: "code_locked",
      field: "code",
    });
    expect(notices(u.email)).toHaveLength(1);

    // The address book's code (the address service).
    const v = await user();
    expect((await addr(ADDRESS_SERVICE_PATHS.sendVerificationcode, { user_id: v.id }, ip)).code).toBe(1);
    const bookCode = lastCode(v.email, ADDRESS_CODE_TYPE);
    const bind = (verificationcode: string) =>
      addr(
        ADDRESS_SERVICE_PATHS.bindDrawAddress,
        { user_id: v.id, coin_name: "USDT", contract_address: "TRC20", address: "TJRabPrwbZy45sbavfcjinPJC18kjpRTv8", verificationcode },
        freshIp(),
      );
    for (let i = 0; i < 5; i++) await bind(wrongOf(bookCode));
    expect((await bind(bookCode)).reason).toEqual({ key: "code_locked", field: "verificationcode" });
  });
});

describe("code sending limits", () => {
  it("api/sms_mail: five codes an account in 15 minutes, whatever the numbers", async () => {
    const u = await user();
    const ip = freshIp();
    const sent = [];
    for (let i = 0; i < 15; i++)
      sent.push(await call("sendBindCode", { user_string: `1380013${String(i).padStart(4, "0")}` }, { token: u.token, ip }));
    expect(sent.filter((s) => s.code === 1)).toHaveLength(5);
    const refused = sent.filter((s) => s.code === 0);
    expect(refused.every((s) => s.reason?.key === "code_wait" && (s.reason.wait ?? 0) > 60)).toBe(true);
    clock += 15 * MIN;
    expect((await call("sendBindCode", { user_string: "13800139999" }, { token: u.token, ip })).code).toBe(1);
  });

  it("notify/send_email: ten from one client address and five to one address in 15 minutes; the address book's code counts too", async () => {
    const ip = freshIp();
    const answers = [];
    for (let i = 0; i < 12; i++) answers.push(await call("sendEmail", { to: `someone-${i}-${++users}@example.com`, type: 1 }, { ip }));
    expect(answers.map((a) => a.code)).toEqual([...Array(10).fill(1), 0, 0]);

    const u = await user();
    for (let i = 0; i < 5; i++) {
      expect((await call("sendEmail", { to: u.email, type: CODE_TYPE.FORGOT_PASSWORD }, { ip: freshIp() })).code).toBe(1);
      clock += 61_000;
    }
    expect((await call("sendEmail", { to: u.email, type: CODE_TYPE.FORGOT_PASSWORD }, { ip: freshIp() })).reason?.key).toBe("code_wait");
    expect((await addr(ADDRESS_SERVICE_PATHS.sendVerificationcode, { user_id: u.id }, freshIp())).reason?.key).toBe("code_wait");
  });
});

describe("list calls bound page and limit", () => {
  const lists = (Object.keys(calls) as CallName[]).filter((n) => {
    const shape = (calls[n].payload as unknown as { shape?: Record<string, unknown> }).shape;
    return shape && ("page" in shape || "limit" in shape);
  });

  it("answers 400 with the field for a page or limit of 1e19, 1e308 or 99999999999999999999, on every list call", async () => {
    expect(lists.length).toBeGreaterThanOrEqual(16);
    const u = await user();
    for (const name of lists) {
      const shape = (calls[name].payload as unknown as { shape: Record<string, unknown> }).shape;
      // A valid status for each list: a number for most, a filter's name for my orders across pairs.
      const status = name === "spotOrders" || name === "exportOrders" ? "open" : 1;
      const base: Payload = { category_id: 1, currency_match_id: 1, status };
      for (const field of ["page", "limit"].filter((f) => f in shape))
        for (const value of ["1e19", "1e308", "99999999999999999999"]) {
          const r = await call(name, { ...base, [field]: value }, { token: u.token });
          expect([name, field, value, r.status, r.reason?.field]).toEqual([name, field, value, 400, field]);
        }
    }
  });

  it("answers a page past the end with an empty page", async () => {
    const r = await call("newsList", { category_id: 3, page: 100_000 });
    expect(r.status).toBe(200);
    expect((r.data as { data: unknown[] }).data).toEqual([]);
  });
});

describe("the address service", () => {
  it("is not served on the public /api/ mount, only in process", async () => {
    const req = () => new Request("http://localhost/addr/GetDrawAddress", { method: "POST" });
    const publicMount = await ex.handle(req(), { limit: () => null, client: { ip: "198.51.100.250", device: "" } });
    expect(publicMount.status).toBe(404);
    expect((await ex.handle(req())).status).toBe(200);
  });
});
