// Test helpers for the money calls (imported by *.test.ts only).
import { calls, CODE_TYPE, EnvelopeSchema, type CallName } from "../../app/contract/index";
import { signedForm } from "../../server/exchange/address-service";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Exchange, ExchangeOptions } from "../../server/exchange/index";
import { credit } from "../../server/exchange/ledger/index";
import { quietExchange } from "./quiet-exchange";

export type Payload = Record<string, string | number>;

/** Sends one call to the exchange's /api/ as the app does: a GET with the payload as its query, a POST with it as JSON. */
export function sendCall(ex: Exchange, name: CallName, payload: Payload, headers: Record<string, string>): Promise<Response> {
  const c = calls[name];
  const url = `http://localhost/api/${c.path}`;
  if (c.method === "GET") {
    const q = new URLSearchParams(Object.entries(payload).map(([k, v]) => [k, String(v)]));
    return ex.handle(new Request(`${url}?${q}`, { headers }));
  }
  return ex.handle(
    new Request(url, { method: "POST", headers: { ...headers, "content-type": "application/json" }, body: JSON.stringify(payload) }),
  );
}

export function moneyClient(ex: Exchange) {
  async function call(name: CallName, payload: Payload = {}, o: { token?: string; lang?: string } = {}) {
    const headers: Record<string, string> = {};
    if (o.token) headers.authorization = o.token;
    if (o.lang) headers.lang = o.lang;
    const res = await sendCall(ex, name, payload, headers);
    return { status: res.status, ...EnvelopeSchema.parse(await res.json()) };
  }

  /** An address-service call, signed with the exchange's secret (or `secret`), as form data. */
  async function addr(path: string, data: Record<string, unknown>, o: { lang?: string; secret?: string; form?: URLSearchParams } = {}) {
    const body = o.form ?? signedForm(data, o.secret ?? ex.addressSecret);
    const headers: Record<string, string> = { "content-type": "application/x-www-form-urlencoded" };
    if (o.lang) headers.lang = o.lang;
    const res = await ex.handle(new Request(`http://localhost${path}`, { method: "POST", headers, body: body.toString() }));
    return { status: res.status, ...EnvelopeSchema.parse(await res.json()) };
  }

  async function login(account: string, password: string): Promise<string> {
    const r = await call("login", { account, password });
    if (r.code !== 1) throw new Error(`login failed: ${r.msg}`);
    return r.data as string;
  }

  function lastCode(address: string, type: number): string {
    return (
      ex.db.prepare("SELECT code FROM outbox WHERE address = ? AND type = ? ORDER BY id DESC LIMIT 1").get(address, type) as {
        code: string;
      }
    ).code;
  }

  function userId(email: string): number {
    return (ex.db.prepare("SELECT id FROM users WHERE email = ?").get(email) as { id: number }).id;
  }

  /** Sets the trade password through notify/send_email (type 3) and user/amend_pay_password. */
  async function setPayPassword(token: string, email: string, password: string) {
    const sent = await call("sendEmail", { to: email, type: CODE_TYPE.TRADE_PASSWORD });
    if (sent.code !== 1) throw new Error(`send failed: ${sent.msg}`);
    return call("amendPayPassword", { password, re_password: password, auth_code: lastCode(email, CODE_TYPE.TRADE_PASSWORD) }, { token });
  }

  function balances(uid: number, currencyId: number, code = "change_account"): { balance: string; lock_balance: string } {
    return (
      (ex.db
        .prepare("SELECT balance, lock_balance FROM accounts WHERE user_id = ? AND currency_id = ? AND account_code = ?")
        .get(uid, currencyId, code) as { balance: string; lock_balance: string } | undefined) ?? { balance: "0", lock_balance: "0" }
    );
  }

  return { call, addr, login, lastCode, userId, setPayPassword, balances };
}

/** Seconds since the epoch (the address service's timestamp). */
export function seconds(ms: number): number {
  return Math.floor(ms / 1000);
}

export type MoneyClient = ReturnType<typeof moneyClient>;

/**
 * What most exchange tests start from: a quiet exchange on a new temporary folder (`exchange-<name>-…`), its money
 * client, USDT's id and the demo user signed in — with `payPassword` set as the demo's trade password when given.
 * Remove it with removeExchange(ex, dir).
 */
export async function demoExchange(name: string, options: Partial<ExchangeOptions>, payPassword?: string) {
  const dir = mkdtempSync(join(tmpdir(), `exchange-${name}-`));
  const ex = quietExchange(dir, options);
  const c = moneyClient(ex);
  const usdt = (ex.db.prepare("SELECT id FROM currencies WHERE code = 'USDT'").get() as { id: number }).id;
  const demo = await c.login("demo@example.com", "Trade2026");
  if (payPassword) {
    const set = await c.setPayPassword(demo, "demo@example.com", payPassword);
    if (set.code !== 1) throw new Error(`setting the trade password failed: ${set.msg}`);
  }
  return { ex, dir, c, usdt, demo };
}

/**
 * A new trader for the lever tests, straight into the database with the demo's password ('Trade2026'), `leverUsdt`
 * USDT on the lever account and the trade password 'Trade123'; answers its session token.
 */
export async function leverTrader(ex: Exchange, c: MoneyClient, email: string, leverUsdt: string, now: number): Promise<string> {
  ex.db
    .prepare(
      "INSERT INTO users (email, password_hash, invite_code, authorization_code, created_at) VALUES (?, (SELECT password_hash FROM users WHERE email = 'demo@example.com'), ?, ?, ?)",
    )
    .run(email, email.slice(0, 8).toUpperCase(), `A${email.slice(0, 7)}`.toUpperCase(), now);
  const usdt = (ex.db.prepare("SELECT id FROM currencies WHERE code = 'USDT'").get() as { id: number }).id;
  credit(ex.db, { userId: c.userId(email), currencyId: usdt, accountCode: "lever_account", amount: leverUsdt, type: "seed" });
  const token = await c.login(email, "Trade2026");
  const set = await c.setPayPassword(token, email, "Trade123");
  if (set.code !== 1) throw new Error(`setting the trade password failed: ${set.msg}`);
  return token;
}
