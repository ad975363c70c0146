// Test helpers for the money calls (imported by *.test.ts only).
import { calls, CODE_TYPE, EnvelopeSchema, type CallName } from "../../app/contract/index";
import { signedForm } from "../../server/exchange/address-service";
import type { Exchange } from "../../server/exchange/index";

export type Payload = Record<string, string | number>;

export function moneyClient(ex: Exchange) {
  async function call(name: CallName, payload: Payload = {}, o: { token?: string; lang?: string } = {}) {
    const c = calls[name];
    const headers: Record<string, string> = {};
    if (o.token) headers.authorization = o.token;
    if (o.lang) headers.lang = o.lang;
    let res: Response;
    if (c.method === "GET") {
      const q = new URLSearchParams(Object.entries(payload).map(([k, v]) => [k, String(v)]));
      res = await ex.handle(new Request(`http://localhost/api/${c.path}?${q}`, { headers }));
    } else {
      headers["content-type"] = "application/json";
      res = await ex.handle(new Request(`http://localhost/api/${c.path}`, { method: "POST", headers, body: JSON.stringify(payload) }));
    }
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
