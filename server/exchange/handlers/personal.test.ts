import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EnvelopeSchema, GoogleAuthSchema, type CallName } from "../../../app/contract/index";
import { sendCall, type Payload } from "../../../tests/helpers/money-client";
import { createExchange, type Exchange } from "../index";
import { totpCode } from "../lib/totp";
import sharp from "sharp";
import { addAgent, pendingIdentities, reviewIdentity, withdrawalHold } from "../models/personal";

let ex: Exchange;
let dir: string;
let clock = Date.UTC(2026, 10, 24, 12, 0, 0);

async function call(name: CallName, payload: Payload = {}, o: { token?: string; ip?: string; device?: string } = {}) {
  const headers: Record<string, string> = { "x-forwarded-for": o.ip ?? "203.0.113.7", "user-agent": o.device ?? "Phone Browser 1.0" };
  if (o.token) headers.authorization = o.token;
  const res = await sendCall(ex, name, payload, headers);
  return EnvelopeSchema.parse(await res.json());
}
const login = async (account: string, password: string, extra: Payload = {}, o: { ip?: string; device?: string } = {}) => {
  const r = await call("login", { account, password, ...extra }, o);
  return r;
};

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "exchange-personal-"));
  ex = createExchange({ dataDir: dir, simulator: false, marketMaker: false, log: () => {}, now: () => clock });
});
afterAll(() => {
  ex.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("sessions and the login password", () => {
  it("lists signed-in devices, signs one out, and a password change signs out every other session", async () => {
    const phone = (await login("alice@example.com", "Alice2026", {}, { ip: "198.51.100.1", device: "Phone" })).data as string;
    const laptop = (await login("alice@example.com", "Alice2026", {}, { ip: "198.51.100.2", device: "Laptop" })).data as string;
    const tablet = (await login("alice@example.com", "Alice2026", {}, { ip: "198.51.100.3", device: "Tablet" })).data as string;
    const list = await call("sessions", {}, { token: phone });
    expect(list.code).toBe(1);
    const rows = list.data as Array<{ id: number; ip: string; device: string; current: boolean }>;
    expect(rows.map((r) => [r.device, r.ip, r.current])).toEqual(
      expect.arrayContaining([
        ["Phone", "198.51.100.1", true],
        ["Laptop", "198.51.100.2", false],
        ["Tablet", "198.51.100.3", false],
      ]),
    );
    const tabletRow = rows.find((r) => r.device === "Tablet")!;
    expect((await call("sessionRevoke", { id: tabletRow.id }, { token: phone })).code).toBe(1);
    expect((await call("userInfo", {}, { token: tablet })).code).toBe(999);
    // Someone else's session id is not found, not ended.
    const bob = (await login("demo@example.com", "Trade2026")).data as string;
    expect((await call("sessionRevoke", { id: rows.find((r) => r.device === "Laptop")!.id }, { token: bob })).reason).toEqual({
      key: "session_not_found",
      field: "id",
    });
    expect((await call("userInfo", {}, { token: laptop })).code).toBe(1);

    // In order: old and new required, new at least 6, confirmation equal (docs/product.md, "Personal centre").
    expect(
      (await call("amendPassword", { old_password: "", new_password: "Alice2027", secondary_password: "Alice2027" }, { token: phone }))
        .reason,
    ).toMatchObject({ key: "old_password_required" });
    expect(
      (await call("amendPassword", { old_password: "Alice2026", new_password: "abc", secondary_password: "abc" }, { token: phone })).reason,
    ).toMatchObject({ key: "password_simple" });
    expect(
      (
        await call(
          "amendPassword",
          { old_password: "Alice2026", new_password: "Alice2027", secondary_password: "Alice2028" },
          { token: phone },
        )
      ).reason,
    ).toMatchObject({ key: "password_mismatch" });
    expect(
      (await call("amendPassword", { old_password: "wrong", new_password: "Alice2027", secondary_password: "Alice2027" }, { token: phone }))
        .reason,
    ).toEqual({ key: "old_password_incorrect", field: "old_password" });
    const changed = await call(
      "amendPassword",
      { old_password: "Alice2026", new_password: "Alice2027", secondary_password: "Alice2027" },
      { token: phone },
    );
    expect(changed).toMatchObject({ code: 1, data: { signed_out: 1 } });
    expect((await call("userInfo", {}, { token: laptop })).code).toBe(999);
    expect((await call("userInfo", {}, { token: phone })).code).toBe(1);
    expect((await login("alice@example.com", "Alice2026")).code).toBe(0);
    expect((await login("alice@example.com", "Alice2027")).code).toBe(1);

    const log = await call("securityLog", {}, { token: phone });
    const events = (log.data as { data: Array<{ event: string }> }).data.map((e) => e.event);
    expect(events.slice(0, 3)).toEqual(["login", "password_changed", "session_revoked"]);
  });
});

describe("the authenticator", () => {
  it("binds with a current code, then sign-in asks for it, and a code is good once", async () => {
    const token = (await login("demo@example.com", "Trade2026")).data as string;
    const offer = GoogleAuthSchema.parse((await call("googleQrCode", {}, { token })).data);
    expect(offer.switch).toBe(0);
    expect(offer.qr_code_url).toContain(`secret=${offer.secret}`);
    // Asking again before binding offers the same secret (the app may reload the page).
    expect(GoogleAuthSchema.parse((await call("googleQrCode", {}, { token })).data).secret).toBe(offer.secret);
    const wrong = String((Number(totpCode(offer.secret, clock)) + 500_000) % 1_000_000).padStart(6, "0");
    // Binding asks for the login password first: a session alone cannot bind an authenticator.
    const right = totpCode(offer.secret, clock);
    expect((await call("googleSwitch", { google_switch: 1, google_code: right }, { token })).reason).toEqual({
      key: "old_password_required",
      field: "password",
    });
    expect((await call("googleSwitch", { google_switch: 1, google_code: right, password: "Guess1234" }, { token })).reason).toEqual({
      key: "old_password_incorrect",
      field: "password",
    });
    expect((await call("googleSwitch", { google_switch: 1, google_code: wrong, password: "Trade2026" }, { token })).reason).toEqual({
      key: "google_code_error",
      field: "google_code",
    });
    expect((await call("googleSwitch", { google_switch: 1, google_code: right, password: "Trade2026" }, { token })).code).toBe(1);
    // Bound: the secret is not shown again.
    expect(GoogleAuthSchema.parse((await call("googleQrCode", {}, { token })).data)).toEqual({ secret: "", qr_code_url: "", switch: 1 });

    expect((await login("demo@example.com", "Trade2026")).reason).toEqual({ key: "google_code_required", field: "google_code" });
    // The code that bound it is spent.
    expect((await login("demo@example.com", "Trade2026", { google_code: totpCode(offer.secret, clock) })).reason).toEqual({
      key: "google_code_used",
      field: "google_code",
    });
    clock += 30_000;
    const code = totpCode(offer.secret, clock);
    expect((await login("demo@example.com", "Trade2026", { google_code: code })).code).toBe(1);
    expect((await login("demo@example.com", "Trade2026", { google_code: code })).reason).toMatchObject({ key: "google_code_used" });

    clock += 30_000;
    expect((await call("googleSwitch", { google_switch: 0, google_code: totpCode(offer.secret, clock) }, { token })).code).toBe(1);
    expect((await login("demo@example.com", "Trade2026")).code).toBe(1);
  });
});

describe("feedback", () => {
  it("needs a type, a title and at least 10 characters, and lists mine only", async () => {
    const token = (await login("alice@example.com", "Alice2027")).data as string;
    expect((await call("feedbackSubmit", { type: "trade", title: "Slow", content: "too short" }, { token })).reason).toMatchObject({
      key: "feedback_content_short",
      field: "content",
    });
    expect((await call("feedbackSubmit", { type: "", title: "Slow", content: "the order page is slow" }, { token })).reason).toMatchObject({
      key: "feedback_type_required",
    });
    expect((await call("feedbackSubmit", { type: "trade", title: "Slow", content: "the order page is slow" }, { token })).code).toBe(1);
    const mine = (await call("feedbackList", {}, { token })).data as { data: Array<{ title: string; status: number }>; total: number };
    expect(mine.total).toBe(1);
    expect(mine.data[0]).toMatchObject({ title: "Slow", status: 0 });
    const other = (await login("demo@example.com", "Trade2026")).data as string;
    expect(((await call("feedbackList", {}, { token: other })).data as { total: number }).total).toBe(0);
  });
});

describe("uploads, collection methods and identity", () => {
  const png = () =>
    sharp({ create: { width: 64, height: 48, channels: 3, background: "#3a7" } })
      .png()
      .toBuffer();
  async function upload(token: string, bytes: Buffer, name = "photo.png", type = "image/png") {
    const form = new FormData();
    form.set("file", new Blob([new Uint8Array(bytes)], { type }), name);
    const res = await ex.handle(
      new Request("http://localhost/api/common/image_upload", { method: "POST", headers: { authorization: token }, body: form }),
    );
    return EnvelopeSchema.parse(await res.json());
  }
  const image = (token: string | null, url: string) =>
    ex.handle(new Request(`http://localhost/api${url}`, { headers: token ? { authorization: token } : {} }));

  it("takes an image by its content, serves it to its owner only, and refuses a renamed HTML or SVG", async () => {
    const token = (await login("alice@example.com", "Alice2027")).data as string;
    const ok = await upload(token, await png(), "selfie.jpg", "image/jpeg");
    expect(ok.code).toBe(1);
    const url = (ok.data as { url: string }).url;
    expect(url).toMatch(/^\/uploads\/[0-9a-f]{32}\.png$/);
    const mine = await image(token, url);
    expect(mine.status).toBe(200);
    expect(mine.headers.get("content-type")).toBe("image/png");
    expect(mine.headers.get("x-content-type-options")).toBe("nosniff");
    const other = (await login("demo@example.com", "Trade2026")).data as string;
    expect((await image(other, url)).status).toBe(404);
    expect((await image(null, url)).status).toBe(404);
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    expect((await upload(token, svg, "cat.png", "image/png")).reason).toEqual({ key: "image_type", field: "file" });
    expect((await upload(token, Buffer.from("<!doctype html><p>hi"), "cat.jpg", "image/jpeg")).reason).toEqual({
      key: "image_type",
      field: "file",
    });
  });

  it("saves each collection method with its required fields; a QR code must be one's own upload", async () => {
    const token = (await login("alice@example.com", "Alice2027")).data as string;
    const types = (await call("payMethodTypes", {}, { token })).data as Array<{ id: number; code: string; name: string }>;
    expect(types.map((t) => t.code)).toEqual(["alipay", "wxpay", "bank"]);
    const alipay = types[0]!.id;
    const bank = types[2]!.id;
    expect((await call("payMethodByType", { type: alipay }, { token })).data).toBeNull();
    const save = (type: number, raw: Record<string, string>) => call("payMethodSave", { type, raw_data: JSON.stringify(raw) }, { token });
    expect((await save(alipay, { real_name: "", account: "a@pay", qrcode: "x" })).reason).toMatchObject({
      key: "real_name_required",
      field: "real_name",
    });
    expect((await save(alipay, { real_name: "Alice", account: "", qrcode: "x" })).reason).toMatchObject({
      key: "pay_account_required",
      field: "account",
    });
    const other = (await login("demo@example.com", "Trade2026")).data as string;
    const theirs = ((await upload(other, await png())).data as { url: string }).url;
    expect((await save(alipay, { real_name: "Alice", account: "a@pay", qrcode: theirs })).reason).toEqual({
      key: "image_not_found",
      field: "qrcode",
    });
    const qr = ((await upload(token, await png())).data as { url: string }).url;
    expect((await save(alipay, { real_name: "Alice", account: "a@pay", qrcode: qr })).code).toBe(1);
    expect((await call("payMethodByType", { type: alipay }, { token })).data).toMatchObject({
      code: "alipay",
      raw_data: { real_name: "Alice", account: "a@pay", qrcode: qr },
    });
    expect((await save(bank, { real_name: "Alice", bank_name: "Bank", bank_address: "", card_no: "6222" })).reason).toMatchObject({
      key: "bank_branch_required",
    });
    expect((await save(bank, { real_name: "Alice", bank_name: "Bank", bank_address: "Main St", card_no: "6222 0001" })).code).toBe(1);
  });

  it("identity: submitted, under review, rejected with a reason, submitted again and approved; the limit rises", async () => {
    const token = (await login("alice@example.com", "Alice2027")).data as string;
    const center = async () =>
      (await call("realNameCenter", {}, { token })).data as { review_status: number; reason: string; draw_limit_usd: string };
    expect(await center()).toMatchObject({ review_status: 0, draw_limit_usd: "2000" });
    const front = ((await upload(token, await png())).data as { url: string }).url;
    const back = ((await upload(token, await png())).data as { url: string }).url;
    expect(
      (await call("realName", { name: "Alice A", card_id: "X123", front_pic: front, reverse_pic: "" }, { token })).reason,
    ).toMatchObject({ key: "reverse_pic_required", field: "reverse_pic" });
    expect((await call("realName", { name: "Alice A", card_id: "X123", front_pic: front, reverse_pic: back }, { token })).code).toBe(1);
    expect(await center()).toMatchObject({ review_status: 1 });
    expect(
      (await call("realName", { name: "Alice A", card_id: "X123", front_pic: front, reverse_pic: back }, { token })).reason,
    ).toMatchObject({ key: "identity_pending" });
    const first = pendingIdentities(ex.db).find((r) => r.name === "Alice A")!;
    expect(reviewIdentity(ex.db, first.id, false, "the photo is blurred", clock)).toBe(true);
    expect(await center()).toMatchObject({ review_status: 3, reason: "the photo is blurred" });
    expect((await call("realName", { name: "Alice A", card_id: "X123", front_pic: front, reverse_pic: back }, { token })).code).toBe(1);
    const second = pendingIdentities(ex.db).find((r) => r.name === "Alice A")!;
    expect(reviewIdentity(ex.db, second.id, true, "", clock)).toBe(true);
    expect(await center()).toMatchObject({ review_status: 2, draw_limit_usd: "200000" });
    expect(((await call("userInfo", {}, { token })).data as { review_status: number }).review_status).toBe(2);
  });

  it("adds an agent only with the user's authorization code", async () => {
    const token = (await login("alice@example.com", "Alice2027")).data as string;
    const code = ((await call("authorizationCode", {}, { token })).data as { code: string }).code;
    const id = (ex.db.prepare("SELECT id FROM users WHERE email = ?").get("alice@example.com") as { id: number }).id;
    expect(addAgent(ex.db, id, "WRONG123", clock)).toBe("code_mismatch");
    expect(addAgent(ex.db, id, code, clock)).toBe("added");
    expect(addAgent(ex.db, id, code, clock)).toBe("already");
  });
});

describe("binding an email or a phone", () => {
  const lastCode = (address: string) =>
    (
      ex.db.prepare("SELECT code FROM outbox WHERE address = ? AND type = 4 ORDER BY id DESC LIMIT 1").get(address) as
        { code: string } | undefined
    )?.code;

  it("a phone account binds an email with a code sent there; taken or already bound is refused; withdrawals are held", async () => {
    // A phone account, registered through the real calls.
    expect((await call("sendSms", { to: "5550001234", type: 1 })).code).toBe(1);
    const regCode = (
      ex.db.prepare("SELECT code FROM outbox WHERE address = ? AND type = 1 ORDER BY id DESC LIMIT 1").get("5550001234") as { code: string }
    ).code;
    expect(
      (
        await call("register", {
          account: "5550001234",
          password: "Phone2026",
          re_password: "Phone2026",
          sms_code: regCode,
          type: "mobile",
        })
      ).code,
    ).toBe(1);
    const token = (await login("5550001234", "Phone2026")).data as string;

    expect((await call("sendBindCode", { user_string: "alice@example.com" }, { token })).reason).toMatchObject({
      key: "account_registered",
    });
    expect((await call("sendBindCode", { user_string: "5550009999" }, { token })).reason).toEqual({
      key: "mobile_already_bound",
      field: "user_string",
    });
    expect((await call("bindEmail", { email: "averyveryverylong@example.com", code: "123456" }, { token })).reason).toMatchObject({
      key: "email_too_long",
      field: "email",
    });
    expect((await call("sendBindCode", { user_string: "me@ex.com" }, { token })).code).toBe(1);
    // The login password first: an address bound can reset the password, so a session alone cannot bind one.
    expect((await call("bindEmail", { email: "me@ex.com", code: lastCode("me@ex.com")! }, { token })).reason).toEqual({
      key: "old_password_required",
      field: "password",
    });
    expect(
      (await call("bindEmail", { email: "me@ex.com", code: lastCode("me@ex.com")!, password: "Guess1234" }, { token })).reason,
    ).toEqual({
      key: "old_password_incorrect",
      field: "password",
    });
    expect(
      (
        await call(
          "bindEmail",
          { email: "me@ex.com", code: "000000" === lastCode("me@ex.com") ? "111111" : "000000", password: "Phone2026" },
          { token },
        )
      ).reason,
    ).toEqual({ key: "code_invalid", field: "code" });
    expect((await call("bindEmail", { email: "me@ex.com", code: lastCode("me@ex.com")!, password: "Phone2026" }, { token })).code).toBe(1);
    const info = (await call("userInfo", {}, { token })).data as { email: string; mobile: string };
    expect(info).toMatchObject({ email: "me@ex.com", mobile: "5550001234" });
    expect((await call("sendBindCode", { user_string: "other@ex.com" }, { token })).reason).toMatchObject({ key: "email_already_bound" });
    const uid = (ex.db.prepare("SELECT id FROM users WHERE mobile = ?").get("5550001234") as { id: number }).id;
    expect(withdrawalHold(ex.db, uid, clock)).toBe(clock + 24 * 3600_000);
    // The bound email signs in too.
    expect((await login("me@ex.com", "Phone2026")).code).toBe(1);
  });
});
