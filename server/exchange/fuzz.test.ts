import { mkdtempSync } from "node:fs";
import { quietExchange, removeExchange } from "../../tests/helpers/quiet-exchange";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { z } from "zod";
import { calls, type CallName } from "../../app/contract/index";
import { type Exchange } from "./index";
import { issueToken } from "./models/users";

/**
 * Every /api/ call of the contract × every field of its payload × hostile values (huge and tiny numbers, NaN,
 * negatives, full-width digits, booleans, arrays, objects, 20,000 characters, control characters), alone, beside
 * plausible values in the other fields, and in every field at once, as JSON and (for reads) as a query string: no
 * answer is a 500. A refusal of the payload is a 400 naming its field.
 */

let ex: Exchange;
let dir: string;
const now = Date.UTC(2026, 10, 24, 12, 0, 0);

const HOSTILE: unknown[] = [
  "1e19",
  "1e308",
  "99999999999999999999",
  "-99999999999999999999",
  "9007199254740993",
  "-1",
  "0",
  "1.5",
  "NaN",
  "Infinity",
  "-Infinity",
  "0x1F",
  "1e-400",
  "１２",
  "abc",
  "",
  " ",
  "true",
  "\u0000\u202e",
  "x".repeat(20_000),
  "9".repeat(400),
  true,
  false,
  1e308,
  -1e308,
  1e19,
  -1,
  1.5,
  [],
  ["1", "2"],
  {},
  { a: "1" },
];

/** The payload's field names: the object under any refinements and defaults. */
function fieldsOf(schema: z.ZodTypeAny): string[] {
  let s: z.ZodTypeAny = schema;
  for (let i = 0; i < 10; i++) {
    if (s instanceof z.ZodEffects) s = s.innerType();
    else if (s instanceof z.ZodOptional || s instanceof z.ZodDefault) s = s._def.innerType;
    else break;
  }
  return s instanceof z.ZodObject ? Object.keys(s.shape as object) : [];
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "exchange-fuzz-"));
  ex = quietExchange(dir, { now: () => now });
});
afterAll(() => removeExchange(ex, dir));

/** Payloads that pass validation, so a hostile value in one field reaches the handler beside good ones. */
function validPayloads(): Partial<Record<CallName, Record<string, unknown>>> {
  const id = (sql: string) => (ex.db.prepare(sql).get() as { id: number }).id;
  const usdt = id("SELECT id FROM currencies WHERE code = 'USDT'");
  const sellAd = id("SELECT id FROM p2p_ads WHERE side = 'sell' ORDER BY id LIMIT 1");
  const pair = id("SELECT id FROM currency_matches ORDER BY id LIMIT 1");
  const password = { password: "Passw0rd99", re_password: "Passw0rd99" };
  return {
    login: { account: "demo@example.com", password: "Trade2026" },
    register: { account: "fuzz@example.com", type: "email", sms_code: "123456", ...password },
    forgetPassword: {
      account: "demo@example.com",
      type: "email",
      auth_code: "123456",
      new_password: "Passw0rd99",
      secondary_password: "Passw0rd99",
    },
    sendEmail: { to: "fuzz@example.com", type: 1 },
    txInAdd: { currency_match_id: pair, number: "0.001", price: "1", type: "limit" },
    txOutAdd: { currency_match_id: pair, number: "0.001", price: "1", type: "limit" },
    draw: { currency_id: usdt, address: "TJRabPrwbZy45sbavfcjinPJC18kjpRTv8", number: "10", pay_password: "x" },
    transfer: { currency_id: usdt, balance: "1", from: "change_account", to: "lever_account" },
    amendPayPassword: { ...password, auth_code: "123456" },
    shopAdPublish: {
      side: "sell",
      currency_id: usdt,
      fiat: "CNY",
      price: "7.1",
      total: "10",
      min_quantity: "1",
      max_quantity: "5",
      pay_types: "alipay",
    },
    legalOrderCreate: { ad_id: sellAd, by: "amount", value: "100" },
    leverSubmit: { currency_match_id: pair, type: 1, status: 1, multiple: 10, share: 1, password: "x" },
    microSubmit: { match_id: pair, currency_id: usdt, type: 1, seconds: 60, number: "10" },
    googleSwitch: { google_switch: 0, google_code: "123456" },
  };
}

function userId(email: string): number {
  return (ex.db.prepare("SELECT id FROM users WHERE email = ?").get(email) as { id: number }).id;
}

async function send(name: CallName, payload: Record<string, unknown>, asQuery: boolean): Promise<{ status: number; body: string }> {
  const c = calls[name];
  const headers: Record<string, string> = { "x-forwarded-for": "198.51.100.77" };
  // A fresh token per call: a fuzzed logout or session revoke cannot sign the next call out. Merchants' calls as one.
  if (c.auth) headers.authorization = issueToken(ex.db, userId(c.path.startsWith("shop/") ? "bob@example.com" : "demo@example.com"), now);
  const url = `http://localhost/api/${c.path}`;
  let res: Response;
  if (asQuery) {
    const q = new URLSearchParams(Object.entries(payload).map(([k, v]) => [k, String(v)]));
    res = await ex.handle(new Request(`${url}?${q}`, { headers }));
  } else {
    res = await ex.handle(
      new Request(url, { method: "POST", headers: { ...headers, "content-type": "application/json" }, body: JSON.stringify(payload) }),
    );
  }
  return { status: res.status, body: await res.text() };
}

describe("hostile values in every field of every call", () => {
  it("never answer 500", async () => {
    const failures: string[] = [];
    let sent = 0;
    const names = (Object.keys(calls) as CallName[]).filter((n) => n !== "imageUpload");
    const valid = validPayloads();
    for (const name of names) {
      const fields = fieldsOf(calls[name].payload);
      const plausible = valid[name] ?? Object.fromEntries(fields.map((f) => [f, "1"]));
      const variants: Array<[string, unknown, Record<string, unknown>]> = [];
      for (const value of HOSTILE) {
        for (const f of fields) {
          variants.push([`${f} alone`, value, { [f]: value }]);
          variants.push([`${f} beside good values`, value, { ...plausible, [f]: value }]);
        }
        variants.push(["every field", value, Object.fromEntries(fields.map((f) => [f, value]))]);
      }
      for (const [what, value, payload] of variants) {
        // Reads take a query string too (arrays and objects cannot be spelled there).
        const asQuery = calls[name].method === "GET" && typeof value !== "object";
        for (const query of asQuery ? [true, false] : [false]) {
          const r = await send(name, payload, query);
          sent++;
          const shown = `${calls[name].path} ${what}${query ? " (query)" : ""}`;
          if (r.status >= 500) failures.push(`${shown}: ${r.status}`);
          else if (r.status === 400 && !/"field":"[^"]+"/.test(r.body))
            failures.push(`${shown}: 400 without a field: ${r.body.slice(0, 120)}`);
        }
      }
    }
    expect(sent).toBeGreaterThan(5_000);
    expect([...new Set(failures)]).toEqual([]);
  }, 600_000);
});
