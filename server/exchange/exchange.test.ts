import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { calls, DealSchema, EnvelopeSchema, QuoteGroupSchema, UserInfoSchema, type CallName } from "../../app/contract/index";
import { createExchange, recordTrade, setPairPrice, type Exchange } from "./index";
import { removeExchange } from "../../tests/helpers/quiet-exchange";

let ex: Exchange;
let dir: string;
const logs: string[] = [];

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "exchange-test-"));
  ex = createExchange({ dataDir: dir, simulator: false, log: (l) => logs.push(l) });
});
afterAll(() => removeExchange(ex, dir));
afterEach(() => {
  vi.useRealTimers();
});

interface CallOpts {
  token?: string;
  lang?: string;
  form?: boolean;
}

async function raw(path: string, init: RequestInit = {}) {
  const res = await ex.handle(new Request(`http://localhost/api/${path}`, init));
  const body = EnvelopeSchema.parse(await res.json());
  return { status: res.status, ...body };
}

/** Calls through the contract: GET as query, POST as JSON (or form). */
async function call(name: CallName, payload: Record<string, string | number> = {}, o: CallOpts = {}) {
  const c = calls[name];
  const headers: Record<string, string> = {};
  if (o.token) headers.authorization = o.token;
  if (o.lang) headers.lang = o.lang;
  if (c.method === "GET") {
    const q = new URLSearchParams(Object.entries(payload).map(([k, v]) => [k, String(v)]));
    return raw(`${c.path}?${q}`, { headers });
  }
  headers["content-type"] = o.form ? "application/x-www-form-urlencoded" : "application/json";
  const body = o.form ? new URLSearchParams(Object.entries(payload).map(([k, v]) => [k, String(v)])).toString() : JSON.stringify(payload);
  return raw(c.path, { method: "POST", headers, body });
}

function lastCode(address: string, type: number): string {
  const row = ex.db.prepare("SELECT code FROM outbox WHERE address = ? AND type = ? ORDER BY id DESC LIMIT 1").get(address, type) as {
    code: string;
  };
  return row.code;
}

async function login(account: string, password: string) {
  const r = await call("login", { account, password, login_type: "email" });
  expect(r.code).toBe(1);
  return r.data as string;
}

/** Moves the clock (Date only; timers stay real). */
function advance(ms: number) {
  const now = Date.now() + ms;
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(now);
}

describe("envelope and routing", () => {
  it("answers unknown paths with a 404 envelope", async () => {
    const r = await raw("nope/nothing");
    expect(r.status).toBe(404);
    expect(r.code).toBe(0);
    expect(r.msg).toBe("not found");
  });

  it("refuses GET on a write call", async () => {
    const r = await raw("user/login?account=a&password=b");
    expect(r.status).toBe(405);
    expect(r.code).toBe(0);
  });

  it("names the field of an invalid payload, in the request's language", async () => {
    expect((await raw("news/list")).msg).toBe("category_id is required");
    expect((await raw("news/list?category_id=abc")).msg).toBe("category_id is invalid");
    expect((await call("sendEmail", { to: "not-an-email", type: 1 })).msg).toBe("enter a valid email");
    expect((await call("sendEmail", { to: "not-an-email", type: 1 }, { lang: "de" })).msg).toBe(
      "Geben Sie eine gültige E-Mail-Adresse ein",
    );
    expect((await call("sendSms", { to: "12ab", type: 1 })).msg).toBe("enter a valid phone number");
    expect((await call("sendEmail", { to: "x@example.com", type: 9 })).msg).toBe("type is invalid");
  });

  it("rejects a malformed JSON body without throwing", async () => {
    const r = await raw("user/login", { method: "POST", headers: { "content-type": "application/json" }, body: "{oops" });
    expect(r.code).toBe(0);
  });
});

describe("content", () => {
  it("lists categories, news newest first, article 66 and unknown articles", async () => {
    const cats = await call("newsCategories");
    expect(calls.newsCategories.data.parse(cats.data).map((c) => c.id)).toEqual([1, 3, 4, 5, 6, 26]);
    for (const id of [1, 3, 4, 5, 6]) {
      const list = calls.newsList.data.parse((await call("newsList", { category_id: id })).data);
      expect(list.total).toBeGreaterThanOrEqual(3);
      const dates = list.data.map((a) => a.created_at);
      expect([...dates].sort().reverse()).toEqual(dates);
      if (id === 1) expect(list.data.every((a) => a.banner.startsWith("/images/banners/"))).toBe(true);
    }
    const terms = calls.newsInfo.data.parse((await call("newsInfo", { id: 66 })).data);
    expect(terms.category_id).toBe(26);
    expect(terms.created_at).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    const missing = await call("newsInfo", { id: 9999 });
    expect(missing).toMatchObject({ code: 0, msg: "article not found" });
  });

  it("lists 130+ areas and reads settings", async () => {
    const areas = calls.areaList.data.parse((await call("areaList")).data);
    expect(areas.length).toBeGreaterThanOrEqual(130);
    expect(areas.find((a) => a.name === "China")?.global_code).toBe("86");
    expect((await call("setting", { key: "login_use_sms" })).data).toBe("0");
    expect((await call("setting", { key: "popup_on" })).data).toBe("1");
    expect((await call("setting", { key: "unknown_key" })).data).toBeNull();
  });
});

describe("login", () => {
  it("logs in a demo account and reads user info", async () => {
    const token = await login("demo@example.com", "Trade2026");
    expect(token).toMatch(/^[\w-]{43}$/);
    const info = UserInfoSchema.parse((await call("userInfo", {}, { token: `Bearer ${token}` })).data);
    expect(info).toMatchObject({ email: "demo@example.com", invite_code: "DEMO2026", review_status: 2, is_seller: false });
    const code1 = (await call("authorizationCode", {}, { token })).data as { code: string };
    const code2 = (await call("authorizationCode", {}, { token })).data as { code: string };
    expect(code1.code).toHaveLength(8);
    expect(code2).toEqual(code1);
  });

  it("gives the same message for a wrong password and an unknown account", async () => {
    const wrong = await call("login", { account: "demo@example.com", password: "Wrong2026", login_type: "email" });
    const unknown = await call("login", { account: "nobody@example.com", password: "Trade2026", login_type: "email" });
    expect(wrong).toMatchObject({ code: 0, msg: "incorrect account or password" });
    expect(unknown).toMatchObject({ code: 0, msg: "incorrect account or password" });
    const hk = await call("login", { account: "demo@example.com", password: "x" }, { lang: "hk" });
    expect(hk.msg).toBe("賬號或密碼錯誤");
  });

  it("logs in by mobile, with a form-encoded body", async () => {
    const r = await call(
      "login",
      { account: "13800138000", password: "Carol2026", login_type: "mobile", country_code: "86" },
      { form: true },
    );
    expect(r.code).toBe(1);
  });

  it("answers 999 for a missing, bad, revoked or expired token", async () => {
    expect((await call("userInfo")).code).toBe(999);
    expect(await call("userInfo", {}, { token: "garbage" })).toMatchObject({ code: 999, msg: "Login timeout, please login again" });
    const token = await login("alice@example.com", "Alice2026");
    expect((await call("userInfo", {}, { token })).code).toBe(1);
    expect((await call("logout", {}, { token })).code).toBe(1);
    expect((await call("userInfo", {}, { token })).code).toBe(999);
    const t2 = await login("alice@example.com", "Alice2026");
    advance(31 * 86_400_000);
    expect((await call("userInfo", {}, { token: t2 })).code).toBe(999);
  });

  it("requires a type 5 code when login_use_sms is on", async () => {
    ex.db.prepare("UPDATE settings SET value = '1' WHERE key = 'login_use_sms'").run();
    try {
      expect((await call("login", { account: "bob@example.com", password: "Bob2026x" })).msg).toBe("verification code cannot be empty");
      expect((await call("sendEmail", { to: "bob@example.com", type: 5 })).code).toBe(1);
      const code = lastCode("bob@example.com", 5);
      expect(
        (await call("login", { account: "bob@example.com", password: "Bob2026x", sms_code: "000000" === code ? "111111" : "000000" })).code,
      ).toBe(0);
      expect((await call("login", { account: "bob@example.com", password: "Bob2026x", sms_code: code })).code).toBe(1);
    } finally {
      ex.db.prepare("UPDATE settings SET value = '0' WHERE key = 'login_use_sms'").run();
    }
  });
});

describe("codes and register", () => {
  it("registers with a code from the outbox, in the order of the checks", async () => {
    const email = "newbie@example.com";
    const base = { account: email, type: "email", password: "Newbie2026", re_password: "Newbie2026" };
    expect((await call("register", { ...base, sms_code: "" })).msg).toBe("verification code cannot be empty");
    expect((await call("register", { ...base, sms_code: "123456" })).msg).toBe("incorrect or expired verification code");

    const sent = await call("sendEmail", { to: email, type: 1 });
    expect(sent.code).toBe(1);
    const code = lastCode(email, 1);
    expect(code).toMatch(/^\d{6}$/);
    const outbox = ex.db.prepare("SELECT channel, body FROM outbox WHERE address = ? ORDER BY id DESC").get(email) as {
      channel: string;
      body: string;
    };
    expect(outbox.channel).toBe("email");
    expect(outbox.body).toContain(code);
    // The log names the masked address and type but never the code.
    const line = logs.find((l) => l.startsWith("[outbox]") && l.includes("n***@example.com"))!;
    expect(line).toContain("type 1");
    expect(line).not.toContain(code);
    // Only the hash is stored.
    const stored = ex.db.prepare("SELECT code_hash FROM verification_codes WHERE address = ?").get(email) as { code_hash: string };
    expect(stored.code_hash).toMatch(/^[0-9a-f]{64}$/);

    expect((await call("register", { ...base, sms_code: code, password: "123456", re_password: "123456" })).msg).toBe(
      "password is too simple",
    );
    expect((await call("register", { ...base, sms_code: code, password: "ab1", re_password: "ab1" })).msg).toBe(
      "password must be 6 to 16 characters",
    );
    expect((await call("register", { ...base, sms_code: code, password: "abc_1234", re_password: "abc_1234" })).msg).toBe(
      "password may only contain letters and digits",
    );
    expect((await call("register", { ...base, sms_code: code, re_password: "Other2026" })).msg).toBe("the two passwords do not match");
    expect((await call("register", { ...base, sms_code: code, invite_code: "NOPE1234" })).msg).toBe("invalid invite code");
    const ok = await call("register", { ...base, sms_code: code, invite_code: "demo2026" });
    expect(ok).toMatchObject({ code: 1, msg: "registration successful" });

    // Single use.
    expect((await call("register", { ...base, sms_code: code })).msg).toBe("incorrect or expired verification code");
    const token = await login(email, "Newbie2026");
    const info = UserInfoSchema.parse((await call("userInfo", {}, { token })).data);
    expect(info.invite_code).toMatch(/^[A-Z2-9]{8}$/);
    const inviter = ex.db.prepare("SELECT u.email FROM users u JOIN users n ON n.inviter_id = u.id WHERE n.email = ?").get(email) as {
      email: string;
    };
    expect(inviter.email).toBe("demo@example.com");
    // Taken now.
    expect((await call("sendEmail", { to: email, type: 1 })).msg).toBe("this account is already registered");
  });

  it("limits sends to one per 60 s per address", async () => {
    const to = "13900000001";
    expect((await call("sendSms", { to, type: 1, area_id: 1 })).code).toBe(1);
    const again = await call("sendSms", { to, type: 1 });
    expect(again.code).toBe(0);
    expect(again.msg).toMatch(/^please wait (59|60) seconds before requesting another code$/);
    advance(61_000);
    expect((await call("sendSms", { to, type: 1 })).code).toBe(1);
    // The newer code supersedes the older one.
    const code = lastCode(to, 1);
    const r = await call("register", {
      account: to,
      type: "mobile",
      area_id: 1,
      sms_code: code,
      password: "Mobile2026",
      re_password: "Mobile2026",
    });
    expect(r.code).toBe(1);
  });

  it("refuses codes for unknown accounts where an account is needed", async () => {
    expect((await call("sendEmail", { to: "ghost@example.com", type: 2 })).msg).toBe("this account is not registered");
  });

  it("expires codes after 10 minutes", async () => {
    const email = "late@example.com";
    await call("sendEmail", { to: email, type: 1 });
    const code = lastCode(email, 1);
    advance(10 * 60_000 + 1000);
    const r = await call("register", { account: email, type: "email", sms_code: code, password: "Late2026x", re_password: "Late2026x" });
    expect(r.msg).toBe("incorrect or expired verification code");
  });

  it("locks codes after 5 wrong tries (the right one too); forget_password resets, revokes tokens and holds withdrawals", async () => {
    const token = await login("alice@example.com", "Alice2026");
    await call("sendEmail", { to: "alice@example.com", type: 2 });
    const code = lastCode("alice@example.com", 2);
    const wrong = code === "000000" ? "000001" : "000000";
    const reset = { account: "alice@example.com", type: "email", new_password: "Alice2027", secondary_password: "Alice2027" };
    for (let i = 0; i < 5; i++) expect((await call("forgetPassword", { ...reset, auth_code: wrong })).code).toBe(0);
    expect((await call("forgetPassword", { ...reset, auth_code: code })).reason).toEqual({ key: "code_locked", field: "auth_code" });

    advance(15 * 60_000);
    await call("sendEmail", { to: "alice@example.com", type: 2 });
    const fresh = lastCode("alice@example.com", 2);
    expect((await call("forgetPassword", { ...reset, auth_code: fresh })).code).toBe(1);
    expect((await call("userInfo", {}, { token })).code).toBe(999);
    expect((await call("login", { account: "alice@example.com", password: "Alice2026" })).code).toBe(0);
    const after = await login("alice@example.com", "Alice2027");
    const draw = await call("draw", { currency_id: 1, address: "x", number: "1", pay_password: "x" }, { token: after });
    expect(draw.reason).toEqual({ key: "withdraw_held" });
  });
});

describe("market", () => {
  it("lists quote groups with every pair and its three flags, matching the contract", async () => {
    const groups = (await call("currencyMatches")).data as unknown[];
    const parsed = groups.map((g) => QuoteGroupSchema.parse(g));
    expect(parsed.map((g) => g.code)).toEqual(["USDT", "BTC", "ETH"]);
    const pairs = parsed.flatMap((g) => g.matches);
    expect(pairs.length).toBeGreaterThanOrEqual(10);
    // LINK/USDT is open for leverage only: listed, with the flags a screen filters on.
    expect(pairs.find((p) => p.symbol === "LINK/USDT")).toMatchObject({ open_change: 0, open_lever: 1, open_microtrade: 0 });
    expect(pairs.filter((p) => p.open_change === 1).length).toBeGreaterThanOrEqual(10);
    const btc = pairs.find((p) => p.symbol === "BTC/USDT")!;
    expect(btc.currency_quotation.close).toBe("64000.00");
    expect(btc.quote_currency).toEqual({ usd_price: "1", cny_price: "7.20" });
  });

  it("serves the deal view: ladder, quotation and trades newest first", async () => {
    await setPairPrice(ex, 1, "65000");
    const t0 = Date.now();
    recordTrade(ex, 1, { way: 2, price: "65010.5", number: "0.25", time: t0 - 2000 });
    recordTrade(ex, 1, { way: 1, price: "64990", number: "0.5", time: t0 - 1000 });
    const deal = DealSchema.parse((await call("deal", { currency_match_id: 1 })).data);
    expect(deal.depth.in.length).toBeGreaterThanOrEqual(15);
    expect(deal.depth.out.length).toBeGreaterThanOrEqual(15);
    const bids = deal.depth.in.map((d) => Number(d.price));
    const asks = deal.depth.out.map((d) => Number(d.price));
    expect([...bids].sort((a, b) => b - a)).toEqual(bids);
    expect([...asks].sort((a, b) => a - b)).toEqual(asks);
    expect(bids[0]).toBeLessThan(65000);
    expect(asks[0]).toBeGreaterThan(65000);
    expect(deal.tx_completes.slice(0, 2).map((t) => [t.way, t.price, t.number])).toEqual([
      [1, "64990.00", "0.5"],
      [2, "65010.50", "0.25"],
    ]);
    expect(deal.quotation.close).toBe("64990.00");
    expect(deal.quotation.high).toBe("65010.50");
    expect(deal.quotation.volume).toBe("0.750000");
    expect((await call("deal", { currency_match_id: 999 })).msg).toBe("trading pair not found");
  });

  it("computes the 24 h change against the price 24 h ago", async () => {
    const now = Date.now();
    recordTrade(ex, 2, { way: 2, price: "3000", number: "1", time: now - 23 * 3_600_000 });
    recordTrade(ex, 2, { way: 2, price: "3075", number: "1", time: now });
    const q = DealSchema.parse((await call("deal", { currency_match_id: 2 })).data).quotation;
    expect(q).toMatchObject({ close: "3075.00", change: "2.50", high: "3075.00", low: "3000.00", volume: "2.0000" });
  });

  it("serves klines for a symbol and every period, aggregated from trades", async () => {
    const start = Math.floor(Date.now() / 3_600_000) * 3_600_000 - 3 * 3_600_000;
    recordTrade(ex, 3, { way: 2, price: "150", number: "1", time: start + 60_000 });
    recordTrade(ex, 3, { way: 1, price: "148", number: "2", time: start + 5 * 60_000 });
    recordTrade(ex, 3, { way: 2, price: "152", number: "3", time: start + 61 * 60_000 });
    const from = Math.floor(start / 1000);
    const to = from + 2 * 3600;
    const m1 = calls.kline.data.parse((await call("kline", { symbol: "SOL/USDT", period: "1min", from, to })).data);
    expect(m1.map((b) => b.close)).toEqual(["150.00", "148.00", "152.00"]);
    const h1 = calls.kline.data.parse((await call("kline", { currency_match_id: 3, symbol: "SOL/USDT", period: "60min", from, to })).data);
    expect(h1).toEqual([
      { time: start, open: "150.00", high: "150.00", low: "148.00", close: "148.00", volume: "3", period: "60min" },
      { time: start + 3_600_000, open: "152.00", high: "152.00", low: "152.00", close: "152.00", volume: "3", period: "60min" },
    ]);
    for (const period of ["5min", "15min", "30min", "1day", "1week", "1mon"]) {
      const r = await call("kline", { currency_match_id: 3, period, from, to });
      expect(r.code, period).toBe(1);
      expect((r.data as unknown[]).length, period).toBeGreaterThan(0);
    }
    expect((await call("kline", { symbol: "NOPE/USDT", period: "1min", from, to })).msg).toBe("trading pair not found");
    expect((await call("kline", { symbol: "SOL/USDT", period: "2min", from, to })).msg).toBe("period is invalid");
  });
});

describe("ledger", () => {
  it("wrote every demo balance with a log row", () => {
    const accounts = ex.db.prepare("SELECT COUNT(*) AS n FROM accounts").get() as { n: number };
    const logsCount = ex.db.prepare("SELECT COUNT(*) AS n FROM account_log WHERE type = 'seed'").get() as { n: number };
    expect(accounts.n).toBeGreaterThan(0);
    expect(logsCount.n).toBe(accounts.n);
    const demo = ex.db
      .prepare(
        "SELECT a.balance FROM accounts a JOIN users u ON u.id = a.user_id JOIN currencies c ON c.id = a.currency_id WHERE u.email = ? AND c.code = 'USDT' AND a.account_code = 'change_account'",
      )
      .get("demo@example.com") as { balance: string };
    expect(demo.balance).toBe("10000");
  });
});
