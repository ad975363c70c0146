import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { freePort } from "../helpers/ports";
import { start, stop, stopAll, waitFor, type Proc } from "../helpers/processes";

/**
 * Several app processes, the way the README's "Running several app processes" sets them up: Redis (Debian's
 * redis-server, started here on a free port), the standalone exchange (`npm run exchange`), and two app processes
 * with one SESSION_SECRET and one REDIS_URL, each given EXCHANGE_API_URL as the exchange's /api/ base. Proves that a
 * session made on one works on the other, that the sign-in limit is shared, that live prices flow on both, that an
 * order placed through one shows on the other, and that with Redis stopped each process limits sign-ins in its own
 * memory (one warning in its log) instead of refusing them.
 */

function redisPing(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = connect(port, "127.0.0.1");
    s.setTimeout(1000, () => (s.destroy(), resolve(false)));
    s.on("connect", () => s.write("PING\r\n"));
    s.on("data", (b) => (s.destroy(), resolve(b.toString().startsWith("+PONG"))));
    s.on("error", () => resolve(false));
  });
}

type Answer = { status: number; headers: Record<string, string | string[] | undefined>; text: string };

let ipSeq = 0;
const freshIp = () => `192.0.2.${(ipSeq = (ipSeq % 250) + 1)}`;

/** A form POST as a browser without JavaScript sends it (same-origin), from a client IP of its own. */
function postForm(base: string, path: string, fields: Record<string, string>, ip = freshIp()): Promise<Answer> {
  const body = new URLSearchParams(fields).toString();
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      `${base}${path}`,
      {
        method: "POST",
        headers: {
          "Content-Type": "application/x-www-form-urlencoded",
          Origin: base,
          "X-Forwarded-For": ip,
          "Content-Length": Buffer.byteLength(body),
        },
      },
      (res) => {
        let text = "";
        res.on("data", (c) => (text += c));
        res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, text }));
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

/** BTC/USDT closing prices pushed by one app's live stream (/events) within `ms`, read until two differ. */
async function livePrices(base: string, ms: number): Promise<string[]> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), ms);
  const prices: string[] = [];
  try {
    const res = await fetch(`${base}/events?channels=DAY_MARKET`, { signal: controller.signal });
    expect(res.headers.get("content-type")).toContain("text/event-stream");
    const reader = res.body!.getReader();
    let buffered = "";
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      buffered += new TextDecoder().decode(value);
      for (const m of buffered.matchAll(/^data: (.*)$/gm)) {
        const event = JSON.parse(m[1]) as { symbol?: string; quotation?: { close?: string } };
        if (event.symbol === "BTC/USDT" && event.quotation?.close) prices.push(event.quotation.close);
      }
      buffered = buffered.slice(buffered.lastIndexOf("\n") + 1);
      if (new Set(prices).size >= 2) break;
    }
  } catch (e) {
    if ((e as Error).name !== "AbortError") throw e;
  } finally {
    clearTimeout(timer);
    controller.abort();
  }
  return prices;
}

test.describe("several app processes: one exchange, one Redis", () => {
  test.skip(({ javaScriptEnabled }) => javaScriptEnabled === false, "one run is enough: the browser parts work either way");
  test.describe.configure({ mode: "serial" });

  let redis: Proc | null = null;
  let exchange: Proc | null = null;
  const apps: Proc[] = [];
  let redisPort = 0;
  let A = "";
  let B = "";
  const dirs: string[] = [];

  test.beforeAll(async () => {
    test.setTimeout(240_000);
    const [rPort, exPort, aPort, bPort] = [await freePort(), await freePort(), await freePort(), await freePort()];
    redisPort = rPort;
    const exchangeDir = mkdtempSync(join(tmpdir(), "e2e-multi-exchange-"));
    dirs.push(exchangeDir);
    redis = start("redis", "redis-server", ["--port", String(rPort), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"], {});
    redis.child.on("error", (e) => (redis!.output += `\n${e.message} (install Debian's redis-server; .ci/run does)`));
    // One secret for the session cookie and one for the address service, shared by every app process.
    const shared = {
      SESSION_SECRET: randomBytes(32).toString("hex"),
      ADDRESS_SERVICE_SECRET: randomBytes(32).toString("hex"),
      REDIS_URL: `redis://127.0.0.1:${rPort}`,
      // The README's spelling: the exchange's /api/ base.
      EXCHANGE_API_URL: `http://127.0.0.1:${exPort}/api/`,
      NODE_ENV: "production",
      COOKIE_SECURE: "false",
    };
    // Each process is this Node with tsx's loader, as `npm start` runs the server: no npm and tsx launcher to start in
    // front of it, and the process afterAll waits on is the server itself.
    exchange = start("exchange", process.execPath, ["--import", "tsx", "server/exchange/cli.ts", "serve"], {
      DATA_DIR: exchangeDir,
      EXCHANGE_PORT: String(exPort),
      SIM_SEED: "8",
      NODE_ENV: "production",
      ADDRESS_SERVICE_SECRET: shared.ADDRESS_SERVICE_SECRET,
    });
    await waitFor("redis-server", () => redisPing(rPort), [redis]);
    await waitFor("the exchange", async () => (await fetch(`http://127.0.0.1:${exPort}/healthz`)).ok, [exchange]);
    for (const [name, port] of [
      ["app A", aPort],
      ["app B", bPort],
    ] as const) {
      const dataDir = mkdtempSync(join(tmpdir(), "e2e-multi-app-"));
      dirs.push(dataDir);
      apps.push(
        start(name, process.execPath, ["--import", "tsx", "server/index.ts"], {
          ...shared,
          PORT: String(port),
          HOST: "127.0.0.1",
          DATA_DIR: dataDir,
        }),
      );
    }
    A = `http://127.0.0.1:${aPort}`;
    B = `http://127.0.0.1:${bPort}`;
    for (const [i, base] of [A, B].entries()) {
      await waitFor(apps[i].name, async () => (await fetch(`${base}/healthz`)).ok, [apps[i], exchange]);
      expect(await (await fetch(`${base}/healthz`)).json()).toEqual({ ok: true, exchange: "remote" });
    }
  });

  test.afterAll(async () => {
    // Each drains and exits on SIGTERM; one that has not within 10 s is killed.
    await stopAll([...apps, exchange, redis], 10);
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  async function logIn(page: Page, base: string, email: string, password: string, to: string) {
    await page.goto(`${base}/login?page=${encodeURIComponent(to)}`);
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill(password);
    await page.getByRole("button", { name: "Log in", exact: true }).click();
  }

  test("a session made on one app process works on the other; an order placed through one shows on the other", async ({ page }) => {
    await logIn(page, A, "demo@example.com", "Trade2026", "/trade?symbol=BTCUSDT");
    await expect(page).toHaveURL(`${A}/trade?symbol=BTCUSDT`);
    // The same browser on app B (the cookie is the host's: both sit behind one proxy in production): signed in there.
    await page.goto(`${B}/assets/tradeAccount`);
    await expect(page).toHaveURL(`${B}/assets/tradeAccount`);
    await expect(page.locator("header summary", { hasText: "demo@example.com" })).toBeVisible();

    // A resting buy placed through app A...
    await page.goto(`${A}/trade?symbol=BTCUSDT`);
    const form = page.getByRole("form", { name: "Buy BTC" });
    await form.getByLabel("Price (USDT)").fill("1007");
    await form.getByLabel("Amount (BTC)").fill("0.01");
    await form.getByRole("button", { name: "Buy BTC" }).click();
    const rowOn = (p: Page) => p.getByRole("region", { name: "My orders" }).locator("table tr[data-order-id]", { hasText: "1,007.00" });
    await expect(rowOn(page)).toHaveCount(1);
    // ...is on app B's screen.
    await page.goto(`${B}/trade?symbol=BTCUSDT`);
    await expect(rowOn(page)).toHaveCount(1);
    await expect(rowOn(page)).toContainText("0.01");
    // Cancelled through B, it is gone on A. (The row leaves B's screen as soon as the cancel is sent: wait for B's
    // answer before leaving, or the navigation could abort the cancel on its way.)
    const cancelled = page.waitForResponse((r) => r.request().method() === "POST" && r.url().startsWith(`${B}/trade`));
    await rowOn(page)
      .getByRole("button", { name: /^Cancel order/ })
      .click();
    await expect(rowOn(page)).toHaveCount(0);
    await cancelled;
    await page.goto(`${A}/trade?symbol=BTCUSDT`);
    await expect(page.getByRole("region", { name: "My orders" })).toBeVisible();
    await expect(rowOn(page)).toHaveCount(0);
  });

  test("live prices flow on both app processes", async () => {
    const [onA, onB] = await Promise.all([livePrices(A, 30_000), livePrices(B, 30_000)]);
    expect(new Set(onA).size, `app A saw ${onA.join(", ")}`).toBeGreaterThanOrEqual(2);
    expect(new Set(onB).size, `app B saw ${onB.join(", ")}`).toBeGreaterThanOrEqual(2);
  });

  test("the sign-in limit is shared across both: 10 tries on one account in all, not 10 on each", async () => {
    // Alternate the processes and the client IPs, so that only the shared per-account count can refuse.
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++)
      statuses.push((await postForm(i % 2 ? B : A, "/login", { account: "alice@example.com", password: `Wrong${i}x` })).status);
    expect(statuses).toEqual(Array(10).fill(400));
    for (const base of [A, B]) {
      const refused = await postForm(base, "/login", { account: "alice@example.com", password: "Alice2026" });
      expect(refused.status).toBe(429);
      expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    }
  });

  test("Redis stopped: sign-ins go on, limited per process, with one warning in each process's log", async () => {
    stop(redis);
    await expect.poll(() => redisPing(redisPort), { timeout: 10_000 }).toBe(false);
    // Not refused: a correct sign-in on either process still signs in.
    for (const base of [A, B]) {
      const ok = await postForm(base, "/login", { account: "bob@example.com", password: "Bob2026x", page: "/assets" });
      expect(ok.status, ok.text.slice(0, 200)).toBe(302);
      expect(ok.headers.location).toBe("/assets");
    }
    // Limited in each process's own memory: 10 tries on A, the 11th on A refused; B has its own count.
    for (let i = 0; i < 10; i++)
      expect((await postForm(A, "/login", { account: "carol@example.com", password: `Wrong${i}x` })).status).toBe(400);
    expect((await postForm(A, "/login", { account: "carol@example.com", password: "Wrong99x" })).status).toBe(429);
    expect((await postForm(B, "/login", { account: "carol@example.com", password: "Wrong99x" })).status).toBe(400);
    for (const app of apps) {
      const warnings = app.output.split("\n").filter((l) => l.includes("[rate-limit]") && l.includes("unreachable"));
      expect(warnings, `${app.name}'s log:\n${app.output.slice(-2000)}`).toHaveLength(1);
      expect(warnings[0]).toContain("fall back to this process's memory");
    }
  });
});
