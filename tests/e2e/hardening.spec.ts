import { openEventStream, type OpenStream } from "../helpers/event-stream";
import { rawRequest, type RawAnswer } from "../helpers/raw-http";
import { BASE_URL } from "../../playwright.config";
import { expect, registerUser, test } from "./fixtures";

/**
 * Issue 8, as an attacker tries it over HTTP against the real server: redirects after sign-in, body sizes, the
 * public /api/'s rate limits, and the 4xx a client's mistakes get. HTTP only, so it runs once (not per project).
 */

let ipSeq = Math.floor(Math.random() * 200);
const freshIp = () => `172.${16 + (process.pid % 15)}.${(ipSeq = (ipSeq + 1) % 250)}.${Math.floor(Math.random() * 250) + 1}`;

/** One raw request from a fresh client address: the test decides method, headers, chunking and Content-Length exactly. */
const send = (method: string, path: string, headers: Record<string, string | number> = {}, chunks: (string | Buffer)[] = []) =>
  rawRequest(`${BASE_URL}${path}`, method, { "X-Forwarded-For": freshIp(), ...headers }, chunks);
const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const FORM = { "Content-Type": "application/x-www-form-urlencoded" };

/** Where a browser goes with this Location: it strips TAB/CR/LF and reads \ as /, which the URL parser does too. */
function browserOrigin(location: string): string {
  return new URL(location, `${BASE_URL}/login`).origin;
}

const SPELLINGS = [
  "/\t/evil.example",
  "/\r/evil.example",
  "/\n/evil.example",
  "/\u000b/evil.example",
  "/\\evil.example",
  "\\\\evil.example",
  "/%09/evil.example",
  "/%5C/evil.example",
  "%2F%2Fevil.example",
  "//evil.example",
  "https://evil.example/",
  "javascript:alert(document.domain)",
  "data:text/html,<script>alert(1)</script>",
];

test.describe("issue 8 over HTTP", () => {
  test.skip(({ javaScriptEnabled }) => javaScriptEnabled === false, "HTTP only: once is enough");

  test("after sign-in, a `page` in any spelling never sends the browser off-site, and never answers 500", async ({ request }) => {
    // Each user signs in at most 7 times (the per-account limit is 10 a minute).
    const users = [await registerUser(request), await registerUser(request)];
    for (const [i, page] of SPELLINGS.entries()) {
      const user = users[i % 2];
      const r = await send("POST", "/login", FORM, [form({ account: user.email, password: user.password, page })]);
      expect(r.status, JSON.stringify(page)).toBe(302);
      const location = String(r.headers.location);
      expect(browserOrigin(location), `${JSON.stringify(page)} → ${location}`).toBe(BASE_URL);
      if (!page.startsWith("/%")) expect(location, JSON.stringify(page)).toBe("/home");
    }
    // A page of this site is still where sign-in leads.
    const back = await send("POST", "/login", FORM, [
      form({ account: users[0].email, password: users[0].password, page: "/markets?tab=BTC" }),
    ]);
    expect(back.headers.location).toBe("/markets?tab=BTC");
  });

  test("the language and theme switches redirect only to paths of this site", async () => {
    for (const to of SPELLINGS) {
      for (const [path, fields] of [
        ["/resources/language", { lang: "de", redirectTo: to }],
        ["/resources/theme", { theme: "light", redirectTo: to }],
      ] as const) {
        // The theme switch redirects only a plain form post (a navigation); a fetcher gets data.
        const r = await send("POST", path, { ...FORM, "Sec-Fetch-Mode": "navigate" }, [form(fields)]);
        expect(r.status, `${path} ${JSON.stringify(to)}`).toBe(302);
        expect(browserOrigin(String(r.headers.location)), `${path} ${JSON.stringify(to)}`).toBe(BASE_URL);
      }
    }
  });

  test("bodies over the limit are refused with 413, declared or chunked, and the server stays responsive", async () => {
    const big = Buffer.alloc(2 * 1024 * 1024, "a");
    const declared = await send("POST", "/login", { ...FORM, "Content-Length": big.length }, [big]).catch(() => null);
    if (declared) expect(declared.status).toBe(413);
    const chunks = Array.from({ length: 16 }, () => Buffer.alloc(64 * 1024, "a"));
    const chunked = await send("POST", "/login", { ...FORM, "Transfer-Encoding": "chunked" }, chunks).catch(() => null);
    if (chunked) expect(chunked.status).toBe(413);
    const api = await send("POST", "/api/user/login", { "Content-Type": "application/json", "Transfer-Encoding": "chunked" }, [
      '{"account":"',
      ...chunks,
    ]).catch(() => null);
    if (api) {
      expect(api.status).toBe(413);
      expect(JSON.parse(api.text)).toMatchObject({ code: 0, msg: "the request body is too large" });
    }
    // At least one of them was answered (a client still sending may instead see the connection close).
    expect([declared, chunked, api].some((r) => r?.status === 413)).toBe(true);
    expect((await send("GET", "/healthz")).status).toBe(200);
  });

  test("the public /api/ is limited like the forms: the 11th sign-in from one client is 429 with Retry-After", async () => {
    const ip = freshIp();
    const statuses: number[] = [];
    let last: RawAnswer | null = null;
    for (let i = 0; i < 11; i++) {
      last = await send("POST", "/api/user/login", { "Content-Type": "application/json", "X-Forwarded-For": ip }, [
        JSON.stringify({ account: `nobody${i}@example.com`, password: "guess" }),
      ]);
      statuses.push(last.status);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(200));
    expect(statuses[10]).toBe(429);
    expect(Number(last!.headers["retry-after"])).toBeGreaterThan(0);
    expect(JSON.parse(last!.text)).toMatchObject({
      code: 0,
      msg: expect.stringMatching(/^too many attempts, please try again in \d+ seconds$/),
    });
    // Codes to many addresses from one client: the sixth is refused.
    const ip2 = freshIp();
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) {
      const r = await send("POST", "/api/notify/send_email", { "Content-Type": "application/json", "X-Forwarded-For": ip2 }, [
        JSON.stringify({ to: `spray${Date.now()}-${i}@example.com`, type: 1 }),
      ]);
      codes.push(r.status);
    }
    expect(codes).toEqual([200, 200, 200, 200, 200, 429]);
    // The forms' own 429 (the page that says how long to wait) carries Retry-After too, with and without JavaScript.
    const ip3 = freshIp();
    for (let i = 0; i < 10; i++)
      await send("POST", "/login", { ...FORM, "X-Forwarded-For": ip3 }, [form({ account: `f${i}@example.com`, password: "Guess12345" })]);
    for (const path of ["/login", "/login.data"]) {
      const r = await send("POST", path, { ...FORM, "X-Forwarded-For": ip3 }, [form({ account: "g@example.com", password: "Guess12345" })]);
      expect(r.status, path).toBe(429);
      expect(Number(r.headers["retry-after"]), path).toBeGreaterThan(0);
    }
  });

  test("a client's mistakes get 4xx, never 500", async () => {
    const broken = '--XX\r\nContent-Disposition: form-data; name="account"\r\n\r\nabc';
    expect((await send("POST", "/api/user/login", { "Content-Type": "multipart/form-data; boundary=XX" }, [broken])).status).toBe(400);
    expect((await send("POST", "/login", { "Content-Type": "multipart/form-data; boundary=XX" }, [broken])).status).toBe(400);
    const deepJson = '{"account":' + "[".repeat(5000) + "]".repeat(5000) + ',"password":"x"}';
    expect((await send("POST", "/api/user/login", { "Content-Type": "application/json" }, [deepJson])).status).toBe(400);
    expect((await send("POST", "/login", FORM, [`x${"[0]".repeat(5000)}=1&account=a`])).status).toBe(400);
    expect((await send("POST", "/login", { "Content-Type": "application/json" }, ['{"account":"a"}'])).status).toBe(415);
    expect((await send("POST", "/login", {}, ["account=a"])).status).toBe(415);
    for (const method of ["PUT", "DELETE", "PATCH"]) {
      // With its length stated: Node's client sends a DELETE body with no framing at all unless told, and the
      // connection (kept: a refused body is read and thrown away) would take it for the next request.
      const r = await send(method, "/login", { ...FORM, "Content-Length": 9 }, ["account=a"]);
      expect(r.status, method).toBe(405);
      expect(r.headers.allow).toBe("GET, HEAD, POST");
      const home = await send(method, "/home");
      expect(home.status).toBe(405);
      expect(home.headers.allow).toBe("GET, HEAD");
    }
    for (const path of ["/", "/home", "/api/news/list", "/healthz", "/events"]) expect((await send("TRACE", path)).status, path).toBe(405);
    expect((await send("GET", "/%E0%A4%A")).status).toBe(400);
  });

  test("one client holds at most 20 open event streams: the 21st is 429 with Retry-After", async () => {
    // That a stream's end frees its slot is tested where it can be timed exactly: app/lib/live/hub.server.test.ts.
    const ip = freshIp();
    const open: OpenStream[] = [];
    const openStream = () => openEventStream(BASE_URL, ip);
    try {
      for (let i = 0; i < 20; i++) {
        const s = await openStream();
        expect(s.status, `stream ${i + 1}`).toBe(200);
        open.push(s);
      }
      const refused = await openStream();
      expect(refused.status).toBe(429);
      expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
      refused.close();
    } finally {
      for (const s of open) s.close();
    }
  });

  test("an unknown or oversized value on /trade is answered once with the default pair, never echoed into every link", async () => {
    const long = "A".repeat(8 * 1024);
    for (const query of [`symbol=${long}`, `symbol=NOSUCH/PAIR`, `symbol=BTC/USDT&price=${"9".repeat(500)}`]) {
      const first = await send("GET", `/trade?${query}`);
      expect(first.status, query).toBe(302);
      expect(first.headers.location, query).not.toContain("AAAA");
      expect(String(first.headers.location).length, query).toBeLessThan(200);
      const page = await send("GET", String(first.headers.location));
      expect(page.status, query).toBe(200);
      expect(page.text).not.toContain("AAAAAAAA");
      expect(page.text).not.toContain("9".repeat(100));
      expect(page.text).not.toContain("NOSUCH");
    }
    const known = await send("GET", "/trade?symbol=BTC/USDT");
    expect(known.status).toBe(200);
  });
});
