import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createExchange, type Exchange } from "./index";
import { LANGUAGES } from "./lib/i18n";
import { removeExchange } from "../../tests/helpers/quiet-exchange";

/** The exchange's answers to a client's mistakes: 4xx with a localized envelope, never 500; and its limit hook. */
let ex: Exchange;
let dir: string;
const logs: string[] = [];

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "exchange-hardening-"));
  ex = createExchange({ dataDir: dir, simulator: false, marketMaker: false, savingsScheduler: false, log: (l) => logs.push(l) });
});
afterAll(() => removeExchange(ex, dir));

async function send(path: string, init: RequestInit & { duplex?: "half" } = {}, opts?: Parameters<Exchange["handle"]>[1]) {
  const res = await ex.handle(new Request(`http://localhost/api/${path}`, init as RequestInit), opts);
  return {
    status: res.status,
    headers: res.headers,
    body: (await res.json()) as { code: number; msg: string; reason?: { key: string; field: string } },
  };
}
const json = (body: unknown, headers: Record<string, string> = {}) => ({
  method: "POST",
  headers: { "content-type": "application/json", ...headers },
  body: JSON.stringify(body),
});

async function token(): Promise<string> {
  const r = await send("user/login", json({ account: "demo@example.com", password: "Trade2026" }));
  expect(r.body.code).toBe(1);
  return (r.body as unknown as { data: string }).data;
}

describe("a client's mistakes are 4xx", () => {
  it("a broken multipart body: 400, not 500", async () => {
    const body = '--XX\r\nContent-Disposition: form-data; name="account"\r\n\r\nabc';
    const r = await send("user/login", { method: "POST", headers: { "content-type": "multipart/form-data; boundary=XX" }, body });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ code: 0, msg: "invalid request body" });
  });

  it("a JSON field nested thousands deep: 400 before it is parsed", async () => {
    const deep = '{"account":' + "[".repeat(5000) + "]".repeat(5000) + ',"password":"x"}';
    const r = await send("user/login", { method: "POST", headers: { "content-type": "application/json" }, body: deep });
    expect(r.status).toBe(400);
    // Brackets inside strings are not nesting.
    const ok = await send("user/login", json({ account: "[[[[[[[[[[[[[[[[[[[[@example.com", password: "x" }));
    expect(ok.status).toBe(200);
  });

  it("a body over 1 MB: 413, declared or counted while streaming (chunked)", async () => {
    const declared = await send("user/login", {
      method: "POST",
      headers: { "content-type": "application/json", "content-length": String(2 * 1024 * 1024) },
      body: "{}",
    });
    expect(declared.status).toBe(413);
    expect(declared.body.msg).toBe("the request body is too large");
    // A transport's size-limited stream (server/http-guards.ts) errors with PayloadTooLargeError past its limit.
    const stream = new ReadableStream<Uint8Array>({
      start(c) {
        c.enqueue(new TextEncoder().encode('{"account":"'));
        const e = new Error("request body over 1048576 bytes");
        e.name = "PayloadTooLargeError";
        c.error(e);
      },
    });
    const counted = await send("user/login", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: stream,
      duplex: "half",
    });
    expect(counted.status).toBe(413);
    const cut = new ReadableStream<Uint8Array>({ start: (c) => c.error(new Error("aborted")) });
    expect(
      (await send("user/login", { method: "POST", headers: { "content-type": "application/json" }, body: cut, duplex: "half" })).status,
    ).toBe(400);
    expect(logs.filter((l) => l.includes("error on"))).toEqual([]);
  });
});

describe("the limit hook (public /api/ only)", () => {
  it("refuses with 429, a localized message and Retry-After; the payload is what the hook sees", async () => {
    const seen: [string, Record<string, unknown>][] = [];
    const limit = async (call: string, payload: Record<string, unknown>) => {
      seen.push([call, payload]);
      return { retryAfter: 42 };
    };
    const r = await send("user/login", json({ account: "victim@example.com", password: "guess" }, { lang: "de" }), { limit });
    expect(r.status).toBe(429);
    expect(r.headers.get("retry-after")).toBe("42");
    expect(r.body).toMatchObject({ code: 0, msg: "zu viele Versuche, bitte in 42 Sekunden erneut versuchen" });
    expect(seen).toEqual([["login", { account: "victim@example.com", password: "guess" }]]);
  });

  it("lets the call run when the hook allows it, and in-process calls (no hook) are not limited here", async () => {
    const allowed = await send("user/login", json({ account: "demo@example.com", password: "wrong" }), { limit: async () => null });
    expect(allowed.body.msg).toBe("incorrect account or password");
    for (let i = 0; i < 15; i++)
      expect((await send("user/login", json({ account: "demo@example.com", password: "wrong" }))).status).toBe(200);
  });
});

describe("control characters in addresses and memos", () => {
  const ESC = "\u001b";
  it("refuses them in a withdrawal's address and memo and a deposit's wallet address, with the field named", async () => {
    const t = await token();
    const auth = { authorization: t };
    const draw = (extra: Record<string, string>) =>
      send(
        "account/draw",
        json({ currency_id: 1, address: "TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE", number: "10", pay_password: "123456", ...extra }, auth),
      );
    const a = await draw({ address: `T9yD${ESC}[2J${ESC}[1;1HAPPROVED` });
    expect(a.body).toMatchObject({
      code: 0,
      msg: "address must not contain control characters",
      reason: { key: "control_chars", field: "address" },
    });
    const m = await draw({ memo: `12${ESC}]0;title\u0007` });
    expect(m.body).toMatchObject({ code: 0, reason: { key: "control_chars", field: "memo" } });
    for (const c of ["\u0000", "\u0007", "\u007f", "\u009b", "\u202e", "\u2066"]) {
      expect((await draw({ address: `T9y${c}D` })).body.reason, JSON.stringify(c)).toEqual({ key: "control_chars", field: "address" });
    }
    const d = await send("wallet/createPayOrder", json({ currency_id: 1, chargeNum: "5", walletAddress: `0xab${ESC}[31mcd` }, auth));
    expect(d.body).toMatchObject({ code: 0, reason: { key: "control_chars", field: "walletAddress" } });
    // Surrounding blanks are trimmed as before; plain addresses pass the check.
    const plain = await draw({ address: "  TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE\t" });
    expect(plain.body.reason?.key).not.toBe("control_chars");
  });

  it("the new messages exist in all 11 languages, translated", () => {
    const en = JSON.parse(readFileSync(join("locales", "en", "exchange.json"), "utf8"));
    for (const lang of LANGUAGES) {
      const messages = JSON.parse(readFileSync(join("locales", lang, "exchange.json"), "utf8"));
      for (const key of ["control_chars", "too_many_requests", "body_too_large"]) {
        expect(messages[key], `${lang} ${key}`).toBeTruthy();
        if (lang !== "en") expect(messages[key], `${lang} ${key} translated`).not.toBe(en[key]);
      }
      expect(messages.too_many_requests).toContain("{{seconds}}");
      expect(messages.control_chars).toContain("{{field}}");
    }
  });
});
