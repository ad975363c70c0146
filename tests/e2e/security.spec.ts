import { request as httpRequest } from "node:http";
import { Secret, TOTP } from "otpauth";
import type { Page } from "@playwright/test";
import WebSocket from "ws";
import { BASE_URL } from "../../playwright.config";
import { expect, latestCode, logIn, outbox, registerUser, sendCode, test } from "./fixtures";

/**
 * Issue 20 against the real server: the authenticator's attempt limit on its screen (JavaScript on and off), and, over
 * HTTP and WebSocket once, what an outsider tried — dot segments towards the address service, /ws from another
 * site and by the hundred, huge page numbers, a non-numeric ad limit, and bind codes to many numbers.
 */

function totp(secret: string, time = Date.now()) {
  return new TOTP({ secret: Secret.fromBase32(secret), algorithm: "SHA1", digits: 6, period: 30 }).generate({ timestamp: time });
}
/** A code no step near now shows. */
function wrongCode(secret: string): string {
  const near = [-1, 0, 1, 2].map((k) => totp(secret, Date.now() + k * 30_000));
  for (let n = 0; ; n++) {
    const c = String(n).padStart(6, "0");
    if (!near.includes(c)) return c;
  }
}

/** Signs a new user in and turns the authenticator on with the shown secret, which it answers. */
async function bindAuthenticator(page: Page, user: { email: string; password: string }) {
  await logIn(page, user.email, user.password);
  await expect(page).toHaveURL(/\/home/);
  await page.goto("/personal/googleAuth");
  const secret = (await page.getByTestId("google-secret").innerText()).trim();
  await page.getByLabel("Current password").fill(user.password);
  await page.getByLabel("Authenticator code").fill(totp(secret));
  await page.getByRole("button", { name: "Bind the authenticator" }).click();
  await expect(page.getByText(/^On: sign-in, withdrawals/)).toBeVisible();
  return secret;
}

test("the authenticator locks after five wrong codes: the time on its field, the right code refused too, the owner told", async ({
  page,
  request,
}) => {
  const user = await registerUser(request);
  const secret = await bindAuthenticator(page, user);

  const code = page.getByLabel("Authenticator code");
  /** Submits and waits for the answer (the same message twice in a row would not show that a submit finished). */
  const submit = () =>
    Promise.all([
      page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname.startsWith("/personal/googleAuth")),
      page.getByRole("button", { name: "Turn off" }).click(),
    ]);
  for (let i = 0; i < 4; i++) {
    await code.fill(wrongCode(secret));
    await submit();
    await expect(page.getByText("Incorrect authenticator code")).toBeVisible();
  }
  const locked = /^Too many wrong authenticator codes: the authenticator check is locked until .+ UTC$/;
  await code.fill(wrongCode(secret));
  await submit();
  await expect(page.getByText(locked)).toBeVisible();
  await expect(code).toHaveAttribute("aria-invalid", "true");
  // The right code is refused while locked, and the authenticator stays on.
  await code.fill(totp(secret));
  await submit();
  await expect(page.getByText(locked)).toBeVisible();
  await expect(page.getByText(/^On: sign-in, withdrawals/)).toBeVisible();
  const notices = outbox(user.email).filter((r) => Number(r.type) === 101);
  expect(notices).toHaveLength(1);
  expect(notices[0]!.body).toContain("5 wrong authenticator codes were entered for your account");
});

test("with the authenticator on, the trade password asks for its code: a wrong one is refused on its field", async ({ page, request }) => {
  const user = await registerUser(request);
  const secret = await bindAuthenticator(page, user);

  await page.goto("/tradePassword");
  await sendCode(page);
  await page.getByLabel("Trade password", { exact: true }).fill("Pay2026x");
  await page.getByLabel("Repeat the trade password").fill("Pay2026x");
  await page.getByLabel("Verification code").fill(await latestCode(user.email, 3));
  const code = page.getByLabel("Authenticator code");
  await code.fill(wrongCode(secret));
  await page.getByRole("button", { name: "Save trade password" }).click();
  await expect(page.getByText("Incorrect authenticator code")).toBeVisible();
  await expect(code).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Verification code")).not.toHaveValue("");
  // The next step's code (the bind used this one's): saved.
  await page.getByLabel("Trade password", { exact: true }).fill("Pay2026x");
  await page.getByLabel("Repeat the trade password").fill("Pay2026x");
  await code.fill(totp(secret, Date.now() + 30_000));
  await page.getByRole("button", { name: "Save trade password" }).click();
  await expect(page.getByText("Trade password saved")).toBeVisible();
});

test.describe("as an outsider, over HTTP and WebSocket", () => {
  test.skip(({ javaScriptEnabled }) => javaScriptEnabled === false, "HTTP only: once is enough");

  let ipSeq = Math.floor(Math.random() * 200);
  const freshIp = () => `172.${16 + (process.pid % 15)}.${(ipSeq = (ipSeq + 1) % 250)}.${Math.floor(Math.random() * 250) + 2}`;
  const { hostname, port } = new URL(BASE_URL);

  /** One request with its path exactly as written (`curl --path-as-is`). */
  function raw(method: string, path: string, body = "") {
    return new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = httpRequest(
        {
          host: hostname,
          port,
          method,
          path,
          headers: { "X-Forwarded-For": freshIp(), "Content-Type": "application/x-www-form-urlencoded" },
        },
        (res) => {
          let text = "";
          res.setEncoding("utf8");
          res.on("data", (c) => (text += c));
          res.on("end", () => resolve({ status: res.statusCode!, text }));
        },
      );
      req.on("error", reject);
      req.end(body);
    });
  }

  test("the address service is not reachable from outside, however the path is spelled", async () => {
    for (const path of [
      "/api/../addr/GetDrawAddress",
      "/api/%2e%2e/addr/GetDrawAddress",
      "/api/%2E%2E/addr/GetDrawAddress",
      "/api/.%2e/addr/GetDrawAddress",
      "/api/..\\addr/GetDrawAddress",
      "/api/..%5caddr/GetDrawAddress",
      "/api/%252e%252e/addr/GetDrawAddress",
      "/api/./../addr/GetDrawAddress",
    ]) {
      const r = await raw("POST", path, "data=%7B%7D&sign=00");
      expect([path, r.status]).toEqual([path, 400]);
    }
    for (const method of ["GET", "POST"]) {
      const direct = await raw(method, "/addr/GetDrawAddress", "data=%7B%7D&sign=00");
      expect(direct.status).toBeGreaterThanOrEqual(400);
      expect(direct.text).not.toContain("signature");
    }
  });

  test("/ws: another site's page is refused, the site's own opens, and one address holds at most 20", async () => {
    const wsUrl = BASE_URL.replace(/^http/, "ws") + "/ws";
    const ip = freshIp();
    const open = (headers: Record<string, string>) =>
      new Promise<{ ok: boolean; status?: number; ws: WebSocket }>((resolve) => {
        const ws = new WebSocket(wsUrl, { headers: { "X-Forwarded-For": ip, ...headers } });
        ws.once("open", () => resolve({ ok: true, ws }));
        ws.once("unexpected-response", (_req, res) => (res.resume(), resolve({ ok: false, status: res.statusCode, ws })));
        ws.once("error", () => resolve({ ok: false, ws }));
      });
    const evil = await open({ Origin: "http://evil.example" });
    expect(evil).toMatchObject({ ok: false, status: 403 });
    const sockets = [];
    try {
      for (let i = 0; i < 20; i++) {
        const s = await open(i % 2 ? { Origin: BASE_URL } : {});
        expect(s.ok, `socket ${i + 1}`).toBe(true);
        sockets.push(s.ws);
      }
      expect(await open({ Origin: BASE_URL })).toMatchObject({ ok: false, status: 429 });
    } finally {
      for (const ws of sockets) ws.terminate();
    }
  });

  test("a page or limit too large, or a non-numeric ad limit, is a 400 with a message on its field", async ({ request }) => {
    const get = async (path: string) => {
      const r = await request.get(`${BASE_URL}/api/${path}`, { headers: { "X-Forwarded-For": freshIp() } });
      return { status: r.status(), body: (await r.json()) as { code: number; reason?: { key: string; field?: string } } };
    };
    expect(await get("news/list?category_id=3&page=1e308")).toMatchObject({ status: 400, body: { code: 0, reason: { field: "page" } } });
    expect(await get("storage_currency/lock_list?page=99999999999999999999")).toMatchObject({
      status: 400,
      body: { reason: { field: "page" } },
    });
    expect(await get("storage_currency/lock_list?limit=1e19")).toMatchObject({ status: 400, body: { reason: { field: "limit" } } });
    // A page past the end is an empty page.
    expect(await get("news/list?category_id=3&page=99999")).toMatchObject({ status: 200, body: { code: 1, data: { data: [] } } });

    const ip = freshIp();
    const login = await request.post(`${BASE_URL}/api/user/login`, {
      data: { account: "bob@example.com", password: "Bob2026x" },
      headers: { "X-Forwarded-For": ip },
    });
    const token = ((await login.json()) as { data: string }).data;
    for (const value of ["abc", "１２", true]) {
      const r = await request.post(`${BASE_URL}/api/shop/ad_publish`, {
        headers: { authorization: token, "X-Forwarded-For": ip },
        data: {
          side: "sell",
          currency_id: 1,
          fiat: "CNY",
          price: "7.1",
          total: "10",
          min_quantity: value,
          max_quantity: "5",
          pay_types: "bank",
        },
      });
      expect(r.status(), String(value)).toBe(400);
      expect(((await r.json()) as { reason: { field: string } }).reason.field).toBe("min_quantity");
    }
  });

  test("bind codes: five for one account in 15 minutes, from however many addresses", async ({ request }) => {
    const user = await registerUser(request);
    const login = await request.post(`${BASE_URL}/api/user/login`, {
      data: { account: user.email, password: user.password },
      headers: { "X-Forwarded-For": freshIp() },
    });
    const token = ((await login.json()) as { data: string }).data;
    const codes: number[] = [];
    for (let i = 0; i < 15; i++) {
      const r = await request.post(`${BASE_URL}/api/api/sms_mail`, {
        headers: { authorization: token, "X-Forwarded-For": freshIp() },
        data: { user_string: `1390013${String(i).padStart(4, "0")}` },
      });
      codes.push(((await r.json()) as { code: number }).code);
    }
    expect(codes.filter((c) => c === 1)).toHaveLength(5);
  });
});
