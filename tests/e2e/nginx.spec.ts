import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { request as httpRequest, type IncomingHttpHeaders } from "node:http";
import { Agent, request as httpsRequest } from "node:https";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { expect, test } from "./fixtures";
import { freePort } from "../helpers/ports";
import { exited, start, stop, stopAll, waitFor, type Proc } from "../helpers/processes";
import { parseSse } from "../helpers/sse";

/**
 * Running it for real, as the README's "Running it for real" sets it up: Debian's nginx with the repository's own
 * configuration (deploy/nginx/exchange.conf, only ports, app addresses and certificate paths replaced) in front of two
 * app processes, and a real exchange (DEMO=off, the example listing) on loopback — each started the production way,
 * `node --import tsx …`, so that it receives its signals itself. The operator's first steps (two people sign up, the
 * operator credits them) come first; then: sign-in in Chromium over https with a self-signed certificate, a live price
 * through /events, a 700 KB form answered 413 with the next request served, a rolling restart of one app process under
 * load that fails no request, and readiness with the exchange down and back.
 *
 * One Playwright project only: nothing here depends on the page's JavaScript (the sign-in is a plain form either way,
 * the rest is HTTP), and a second run would start the same six processes again for the same answers.
 */

const ROOT = resolve(".");
const NGINX = process.env.NGINX_PATH ?? "/usr/sbin/nginx";
const PASSWORD = "Operator2026";

type Answer = { status: number; headers: IncomingHttpHeaders; text: string };

/** One request over https to nginx (the test's own certificate is self-signed). */
function https(
  port: number,
  path: string,
  opts: { method?: string; headers?: Record<string, string | number>; body?: string | Buffer; agent?: Agent } = {},
): Promise<Answer> {
  return new Promise((resolvePromise, reject) => {
    const req = httpsRequest(
      {
        host: "127.0.0.1",
        servername: "localhost",
        port,
        path,
        method: opts.method ?? "GET",
        headers: { Host: `localhost:${port}`, ...opts.headers },
        rejectUnauthorized: false,
        agent: opts.agent,
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (c) => (text += c));
        res.on("end", () => resolvePromise({ status: res.statusCode!, headers: res.headers, text }));
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(opts.body);
  });
}

function http(
  port: number,
  path: string,
  opts: { method?: string; headers?: Record<string, string | number>; body?: string } = {},
): Promise<Answer> {
  return new Promise((resolvePromise, reject) => {
    const req = httpRequest({ host: "127.0.0.1", port, path, method: opts.method ?? "GET", headers: opts.headers }, (res) => {
      let text = "";
      res.on("data", (c) => (text += c));
      res.on("end", () => resolvePromise({ status: res.statusCode!, headers: res.headers, text }));
    });
    req.on("error", reject);
    req.end(opts.body);
  });
}

/** The exchange's own /api/ on loopback, as an app process calls it. */
async function exchangeCall(port: number, path: string, body: Record<string, unknown>, token?: string) {
  const r = await fetch(`http://127.0.0.1:${port}/api/${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(token ? { authorization: token } : {}) },
    body: JSON.stringify(body),
  });
  return (await r.json()) as { code: number; msg: string; data: unknown };
}

test.describe("behind nginx, for real", () => {
  test.skip(({ javaScriptEnabled }) => javaScriptEnabled === false, "one project is enough: see the comment at the top");
  test.describe.configure({ mode: "serial" });
  test.use({ ignoreHTTPSErrors: true });

  const dirs: string[] = [];
  let exchange: Proc;
  let nginx: Proc;
  const apps: Proc[] = [];
  const appEnv: Record<string, string>[] = [];
  let ports: { exchange: number; a: number; b: number; http: number; https: number };
  let exchangeDir = "";
  let site = "";
  let nginxDir = "";

  const cli = (...args: string[]) =>
    execFileSync(process.execPath, ["--import", "tsx", "server/exchange/cli.ts", ...args], {
      env: { ...process.env, DATA_DIR: exchangeDir, DEMO: "off" },
      encoding: "utf8",
    });
  const startExchange = () =>
    start("exchange", process.execPath, ["--import", "tsx", "server/exchange-server.ts"], {
      DEMO: "off",
      EXCHANGE_CONFIG: join(ROOT, "deploy/exchange.example.json"),
      DATA_DIR: exchangeDir,
      EXCHANGE_PORT: String(ports.exchange),
      ADDRESS_SERVICE_SECRET: appEnv[0].ADDRESS_SERVICE_SECRET,
      NODE_ENV: "production",
    });
  const startApp = (i: number) => start(`app ${"AB"[i]}`, process.execPath, ["--import", "tsx", "server/index.ts"], appEnv[i]);
  const ready = (port: number) => async () => (await fetch(`http://127.0.0.1:${port}/readyz`)).ok;

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    ports = { exchange: await freePort(), a: await freePort(), b: await freePort(), http: await freePort(), https: await freePort() };
    site = `https://localhost:${ports.https}`;
    exchangeDir = mkdtempSync(join(tmpdir(), "e2e-nginx-exchange-"));
    nginxDir = mkdtempSync(join(tmpdir(), "e2e-nginx-"));
    dirs.push(exchangeDir, nginxDir);
    const shared = {
      SESSION_SECRET: randomBytes(32).toString("hex"),
      ADDRESS_SERVICE_SECRET: randomBytes(32).toString("hex"),
      EXCHANGE_API_URL: `http://127.0.0.1:${ports.exchange}/api/`,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
    };
    for (const port of [ports.a, ports.b]) {
      const dataDir = mkdtempSync(join(tmpdir(), "e2e-nginx-app-"));
      dirs.push(dataDir);
      appEnv.push({ ...shared, PORT: String(port), DATA_DIR: dataDir });
    }
    exchange = startExchange();
    apps.push(startApp(0), startApp(1));

    // The test's own certificate, and nginx with the repository's configuration on this run's ports.
    execFileSync("openssl", [
      "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=localhost",
      "-addext", "subjectAltName=DNS:localhost,IP:127.0.0.1",
      "-keyout", join(nginxDir, "site.key"), "-out", join(nginxDir, "site.pem"),
    ], { stdio: "ignore" }); // prettier-ignore
    let conf = readFileSync(join(ROOT, "deploy/nginx/exchange.conf"), "utf8");
    const replace = (from: string, to: string) => {
      expect(conf.split(from).length - 1, `deploy/nginx/exchange.conf has "${from}" once`).toBe(1);
      conf = conf.replace(from, to);
    };
    replace("listen 80;", `listen 127.0.0.1:${ports.http};`);
    replace("listen 443 ssl http2;", `listen 127.0.0.1:${ports.https} ssl http2;`);
    replace("server 127.0.0.1:3000 ", `server 127.0.0.1:${ports.a} `);
    replace("server 127.0.0.1:3002 ", `server 127.0.0.1:${ports.b} `);
    replace("/etc/ssl/exchange.example.com.pem", join(nginxDir, "site.pem"));
    replace("/etc/ssl/exchange.example.com.key", join(nginxDir, "site.key"));
    writeFileSync(join(nginxDir, "site.conf"), conf);
    for (const d of ["body", "proxy", "fastcgi", "uwsgi", "scgi"]) mkdirSync(join(nginxDir, d));
    // A foreground nginx of this test's own: one process, its own prefix, logs and temporary files.
    writeFileSync(
      join(nginxDir, "nginx.conf"),
      `daemon off;
master_process off;
pid ${nginxDir}/nginx.pid;
error_log ${nginxDir}/error.log warn;
events { worker_connections 512; }
http {
  access_log ${nginxDir}/access.log;
  client_body_temp_path ${nginxDir}/body;
  proxy_temp_path ${nginxDir}/proxy;
  fastcgi_temp_path ${nginxDir}/fastcgi;
  uwsgi_temp_path ${nginxDir}/uwsgi;
  scgi_temp_path ${nginxDir}/scgi;
  include ${nginxDir}/site.conf;
}
`,
    );
    nginx = start("nginx", NGINX, ["-p", nginxDir, "-c", join(nginxDir, "nginx.conf"), "-e", join(nginxDir, "error.log")], {});
    nginx.child.on("error", (e) => (nginx.output += `\n${e.message} (install Debian's nginx; .ci/run does)`));

    await waitFor("the exchange", ready(ports.exchange), [exchange]);
    for (const [i, port] of [ports.a, ports.b].entries()) await waitFor(apps[i].name, ready(port), [apps[i], exchange]);
    await waitFor("nginx", async () => (await https(ports.https, "/healthz")).status === 200, [nginx]);

    // The operator's first steps (README): people sign up (their codes are in the outbox), the operator credits them.
    for (const email of ["seller@exchange.example", "buyer@exchange.example"]) {
      expect((await exchangeCall(ports.exchange, "notify/send_email", { to: email, type: 1 })).code).toBe(1);
      const [{ code }] = JSON.parse(cli("outbox", "--to", email, "--json")) as { code: string }[];
      const r = await exchangeCall(ports.exchange, "user/register", {
        account: email,
        type: "email",
        password: PASSWORD,
        re_password: PASSWORD,
        sms_code: code,
      });
      expect(r, r.msg).toMatchObject({ code: 1 });
    }
    cli("credit", "seller@exchange.example", "change_account", "BTC", "1");
    cli("credit", "buyer@exchange.example", "change_account", "USDT", "5000");
  });

  test.afterAll(async () => {
    await stopAll([...apps, exchange, nginx], 15);
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  test("http redirects to https; a real exchange has no demo account; sign-in over https lands on the balances", async ({ page }) => {
    const plain = await http(ports.http, "/trade?symbol=BTCUSDT", { headers: { Host: `localhost:${ports.http}` } });
    expect(plain.status).toBe(301);
    expect(plain.headers.location).toBe("https://localhost/trade?symbol=BTCUSDT");

    await page.context().addCookies([{ name: "popup_seen", value: "1", url: site }]);
    const logIn = async (email: string, password: string) => {
      await page.goto(`${site}/login?page=${encodeURIComponent("/assets/tradeAccount")}`);
      await page.getByLabel("Email").fill(email);
      await page.getByLabel("Password", { exact: true }).fill(password);
      await page.getByRole("button", { name: "Log in", exact: true }).click();
    };
    // DEMO=off: the demo's published account does not exist.
    await logIn("demo@example.com", "Trade2026");
    await expect(page.getByRole("alert").filter({ hasText: /incorrect account or password/i })).toBeVisible();
    await expect(page).toHaveURL(/\/login/);
    // An operator-credited user: the form's Origin and nginx's Host ($http_host, with the port) agree, the Secure
    // cookie is set over https, and the balances page shows what the operator credited.
    await logIn("buyer@exchange.example", PASSWORD);
    await expect(page).toHaveURL(`${site}/assets/tradeAccount`);
    await expect(page.getByRole("row", { name: /USDT/ })).toContainText("5,000");
    const cookie = (await page.context().cookies(site)).find((c) => c.name === "__Host-sid");
    expect(cookie?.secure).toBe(true);
  });

  test("a live price through nginx's /events: two people trade, the stream carries the price as it happens", async () => {
    const events = await new Promise<string>((resolvePromise, reject) => {
      let text = "";
      const req = httpsRequest(
        {
          host: "127.0.0.1",
          servername: "localhost",
          port: ports.https,
          path: "/events?channels=DAY_MARKET",
          headers: { Host: `localhost:${ports.https}`, Accept: "text/event-stream" },
          rejectUnauthorized: false,
        },
        (res) => {
          expect(res.headers["content-type"]).toContain("text/event-stream");
          res.setEncoding("utf8");
          let traded = false;
          res.on("data", async (chunk) => {
            text += chunk;
            // The snapshot came through while the stream is open (no buffering): now trade.
            if (!traded && text.includes("BTC/USDT")) {
              traded = true;
              const login = async (email: string) =>
                String(
                  (await exchangeCall(ports.exchange, "user/login", { account: email, password: PASSWORD, login_type: "email" })).data,
                );
              const [seller, buyer] = await Promise.all([login("seller@exchange.example"), login("buyer@exchange.example")]);
              expect(
                (await exchangeCall(ports.exchange, "tx_out/add", { currency_match_id: 1, price: "12345.67", number: "0.01" }, seller))
                  .code,
              ).toBe(1);
              expect(
                (await exchangeCall(ports.exchange, "tx_in/add", { currency_match_id: 1, price: "12345.67", number: "0.01" }, buyer)).code,
              ).toBe(1);
            }
            if (text.includes('"close":"12345.67"')) {
              req.destroy();
              resolvePromise(text);
            }
          });
        },
      );
      req.on("error", (e) => (text.includes('"close":"12345.67"') ? resolvePromise(text) : reject(e)));
      req.setTimeout(20_000, () => reject(new Error(`no live price within 20 s; got:\n${text.slice(-1000)}`)));
      req.end();
    });
    const live = parseSse(events).events.map((e) => JSON.parse(e.data) as { symbol?: string; quotation?: { close?: string } });
    expect(live.some((e) => e.symbol === "BTC/USDT" && e.quotation?.close === "12345.67")).toBe(true);
  });

  test("a 700 KB form gets the app's 413 through nginx, and the next requests are served", async () => {
    const big = "account=" + "a".repeat(700 * 1024);
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const refused = await https(ports.https, "/login", {
      method: "POST",
      agent,
      body: big,
      headers: { "Content-Type": "application/x-www-form-urlencoded", "Content-Length": Buffer.byteLength(big), Origin: site },
    });
    expect(refused.status).toBe(413);
    expect(refused.text).toContain("Payload Too Large");
    // Neither app process was taken out of rotation: the next requests are all answered.
    for (let i = 0; i < 6; i++) expect((await https(ports.https, "/markets", { agent })).status).toBe(200);
    agent.destroy();
    expect(readFileSync(join(nginxDir, "error.log"), "utf8")).not.toMatch(/prematurely closed|broken pipe|reset by peer/);
    // nginx's own limits per location: 1 MB on the forms, 16 MB on the two image forms.
    const twoMb = Buffer.alloc(2 * 1024 * 1024, 97);
    const form = { "Content-Type": "application/x-www-form-urlencoded", Origin: site };
    expect((await https(ports.https, "/login", { method: "POST", body: twoMb, headers: form })).status).toBe(413);
    const upload = await https(ports.https, "/personal/authentication", { method: "POST", body: twoMb, headers: form });
    expect(upload.status).not.toBe(413);
  });

  test("a rolling restart under load fails no request; SIGTERM lets a slow POST finish and exits within 15 s", async () => {
    test.setTimeout(120_000);
    const agent = new Agent({ keepAlive: true, maxSockets: 6 });
    const failures: string[] = [];
    let served = 0;
    let loading = true;
    const pages = ["/markets", "/trade?symbol=BTCUSDT", "/home", "/login"];
    const loop = async (n: number) => {
      for (let i = n; loading; i++) {
        const path = pages[i % pages.length];
        try {
          const r = await https(ports.https, path, { agent });
          // The whole page: the document and the script that ends its data stream (a body cut short ends in an
          // error, never in 'end').
          const whole = r.text.includes("</html>") && r.text.includes("streamController.close()");
          if (r.status !== 200 || !whole) failures.push(`${path}: ${r.status} ${r.text.slice(-80)}`);
          else served++;
        } catch (e) {
          failures.push(`${path}: ${(e as Error).message}`);
        }
      }
    };
    const load = [0, 1, 2, 3].map(loop);
    await expect.poll(() => served, { timeout: 30_000, message: `failures: ${failures.slice(0, 3).join("; ")}` }).toBeGreaterThan(20);

    // A slow POST straight to app A (its body dribbles in over two seconds), under way when the signal comes.
    const body = `account=buyer%40exchange.example&password=${PASSWORD}&page=%2Fassets`;
    const slow = new Promise<Answer | string>((resolvePromise) => {
      const req = httpRequest(
        {
          host: "127.0.0.1",
          port: ports.a,
          path: "/login",
          method: "POST",
          headers: {
            "Content-Type": "application/x-www-form-urlencoded",
            "Content-Length": body.length,
            Origin: `http://127.0.0.1:${ports.a}`,
          },
        },
        (res) => {
          let text = "";
          res.on("data", (c) => (text += c));
          res.on("end", () => resolvePromise({ status: res.statusCode!, headers: res.headers, text }));
        },
      );
      req.on("error", (e) => resolvePromise(e.message));
      let i = 0;
      const next = () => {
        req.write(body.slice(i, i + 8));
        i += 8;
        if (i < body.length) setTimeout(next, 2_000 / (body.length / 8));
        else req.end();
      };
      next();
    });
    await new Promise((r) => setTimeout(r, 300));
    const signalled = Date.now();
    const servedBefore = served;
    stop(apps[0]);
    const answer = await slow;
    expect(answer, "the slow POST's answer").toMatchObject({ status: 302, headers: { location: "/assets" } });
    expect(await exited(apps[0])).toBe(0);
    expect(Date.now() - signalled).toBeLessThan(15_000);
    expect(apps[0].output).toContain('"msg":"stopped"');

    // Back again, and serving.
    apps[0] = startApp(0);
    await waitFor(apps[0].name, ready(ports.a), [apps[0]]);
    const servedAtRestart = served;
    await expect.poll(() => served - servedAtRestart, { timeout: 30_000 }).toBeGreaterThan(20);
    loading = false;
    await Promise.all(load);
    agent.destroy();
    expect(failures).toEqual([]);
    expect(served - servedBefore).toBeGreaterThan(40);
  });

  test("readiness: with the exchange down /healthz stays 200, /readyz and /trade answer 503; with it back, 200", async () => {
    test.setTimeout(120_000);
    stop(exchange);
    expect(await exited(exchange)).toBe(0);
    const app = `http://127.0.0.1:${ports.a}`;
    expect((await fetch(`${app}/healthz`)).status).toBe(200);
    const notReady = await fetch(`${app}/readyz`);
    expect([notReady.status, await notReady.json()]).toEqual([503, { ok: false, problem: "the exchange cannot be reached" }]);
    // (A render shared for a second may still be served just after the stop, by either process: poll.)
    let trade: Answer | null = null;
    await expect.poll(async () => (trade = await https(ports.https, "/trade?symbol=BTCUSDT")).status, { timeout: 10_000 }).toBe(503);
    expect(trade!.headers["retry-after"]).toBe("5");
    expect(trade!.text).toContain("Server error");
    exchange = startExchange();
    await waitFor("the exchange again", ready(ports.exchange), [exchange]);
    await expect.poll(async () => (await fetch(`${app}/readyz`)).status, { timeout: 15_000 }).toBe(200);
    await expect.poll(async () => (await https(ports.https, "/trade?symbol=BTCUSDT")).status, { timeout: 10_000 }).toBe(200);
  });
});
