import { execFileSync } from "node:child_process";
import { join, resolve } from "node:path";
import Database from "better-sqlite3";
import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Cookie, type Page } from "@playwright/test";
import { BASE_URL } from "../../playwright.config";

export const DATA_DIR = resolve(process.env.E2E_DATA_DIR ?? ".e2e-data");

type OutboxRow = { address: string; type: number; code: string; body: string; created_at: number };

/**
 * The operator CLI's command line: this Node with tsx's loader, as `npm start` runs the server. Through `npx tsx` each
 * call also started npm and tsx's own launcher (about a second a call on a busy machine, and the suite makes hundreds).
 */
const CLI = [process.execPath, ["--import", "tsx", "server/exchange/cli.ts"]] as const;

/**
 * The exchange's outbox (what it sent to `address`, newest first), read from its database, read-only. The operator
 * CLI's `outbox` answers the same rows, but each call started a Node with tsx and the exchange's modules (0.6 s of CPU
 * on an idle machine), and every registration polls it: reading the table here costs a millisecond.
 */
export function outbox(address: string): OutboxRow[] {
  const db = new Database(join(DATA_DIR, "exchange.db"), { readonly: true, fileMustExist: true });
  try {
    return db
      .prepare("SELECT address, type, code, body, created_at FROM outbox WHERE address = ? ORDER BY id DESC LIMIT 20")
      .all(address.includes("@") ? address.toLowerCase() : address) as OutboxRow[];
  } finally {
    db.close();
  }
}

export async function latestCode(address: string, type: number): Promise<string> {
  for (let i = 0; i < 20; i++) {
    const row = outbox(address).find((r) => Number(r.type) === type);
    if (row) return row.code;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no code of type ${type} for ${address} in the outbox`);
}

export function cli(...args: string[]): string {
  // TEST_SETTINGS as the end-to-end server has it (scripts/e2e-server.sh), for the CLI's test-only options.
  return execFileSync(CLI[0], [...CLI[1], ...args], {
    env: { ...process.env, DATA_DIR, TEST_SETTINGS: "on" },
    encoding: "utf8",
  });
}

let ipCounter = Math.floor(Math.random() * 200);
/** Each test looks like its own client (trusted X-Forwarded-For from loopback), so per-IP limits don't collide. */
function nextIp() {
  ipCounter = (ipCounter + 1) % 250;
  return `10.${process.pid % 250}.${ipCounter}.${Math.floor(Math.random() * 250) + 1}`;
}

export const test = base.extend<{ clientIp: string; jsEnabled: boolean }>({
  clientIp: async ({}, use) => use(nextIp()),
  jsEnabled: async ({ javaScriptEnabled }, use) => use(javaScriptEnabled !== false),
  context: async ({ context, clientIp }, use) => {
    await context.setExtraHTTPHeaders({ "X-Forwarded-For": clientIp });
    // The once-an-hour popup would cover other tests; its own test clears this cookie.
    await context.addCookies([{ name: "popup_seen", value: "1", url: BASE_URL }]);
    await use(context);
  },
  page: async ({ page, javaScriptEnabled }, use) => {
    // With JavaScript, a page opened by goto or reload counts as loaded once React has hydrated it: the scripts start
    // after the first paint (docs/decisions/028), and a test's first key press would otherwise often come before them.
    if (javaScriptEnabled) {
      const goto = page.goto.bind(page);
      const reload = page.reload.bind(page);
      const loaded = async <R>(response: R, options?: { waitUntil?: string }) => {
        if ((options?.waitUntil ?? "load") === "load") await hydrated(page);
        return response;
      };
      page.goto = async (url, options) => loaded(await goto(url, options), options);
      page.reload = async (options) => loaded(await reload(options), options);
    }
    // A console error in a test is a failure.
    const errors: string[] = [];
    // A form POST answered 400 (invalid input) or 429 (rate limit) is the designed answer, but
    // Chromium logs it as a failed resource; only those exact responses are excused.
    const expectedFailures = new Set<string>();
    page.on("response", (r) => {
      if (r.request().method() === "POST" && [400, 429].includes(r.status())) expectedFailures.add(r.url());
    });
    page.on("console", (m) => {
      if (m.type() !== "error") return;
      // The one address tests use for an unknown page: its 404 is the point of those tests.
      if (/status of 404/.test(m.text()) && m.location().url.includes(MISSING_PAGE)) return;
      if (
        /^Failed to load resource: the server responded with a status of (400|429)/.test(m.text()) &&
        expectedFailures.has(m.location().url)
      )
        return;
      errors.push(m.text());
    });
    page.on("pageerror", (e) => errors.push(String(e)));
    await use(page);
    expect(errors, "console errors").toEqual([]);
  },
});

export { expect };

/**
 * Until React has hydrated the page: it has reached `<body>`, which it completes after everything in it. A response
 * that is not one of the site's pages (no Remix context) has nothing to hydrate.
 */
export async function hydrated(page: Page) {
  await page.waitForFunction(
    () => !("__remixContext" in window) || Object.keys(document.body ?? {}).some((key) => key.startsWith("__reactFiber$")),
  );
}

/** A path no route matches (its 404 is expected, not a console error). */
export const MISSING_PAGE = "/no-such-page";

/** The WCAG levels axe checks: 2.0, 2.1 and 2.2, A and AA (2.2 adds the 24 px target size, focus not obscured). */
export const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/**
 * The axe rules whose outcome a theme can change: the themes swap colours only (the same markup, the same
 * stylesheet's custom properties), so a second theme's look needs only these.
 */
export const COLOUR_RULES = ["color-contrast", "link-in-text-block"];

/**
 * The page's serious and critical axe violations, one line each (empty when clean); `rules` narrows the check to
 * those rules (still under the WCAG tags).
 */
export async function seriousA11yViolations(page: Page, rules?: string[]): Promise<string[]> {
  // Only the violations' nodes come back (not every passing node's), which is all this reads. axe runs in the page
  // itself (legacy mode): the default runs it per frame, then finishes in a blank page it opens for that, which cost
  // 250-750 ms a call on this suite's pages, none of which has a frame; the violations found are the same.
  const builder = new AxeBuilder({ page })
    .setLegacyMode(true)
    .withTags(AXE_TAGS)
    .options({ resultTypes: ["violations"] });
  const results = await (rules ? builder.withRules(rules) : builder).analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map(
      (v) =>
        `${v.id}: ${v.help} (${v.nodes
          .map((n) => n.target.join(" "))
          .slice(0, 3)
          .join(", ")})`,
    );
}

/**
 * axe runs inside the page, so it needs JavaScript; the DOM it checks is the same server render either way. With
 * `theme` "light", a pass over screens the same test file checks in the dark theme with every rule: the same markup in
 * other colours, so only COLOUR_RULES run.
 */
export async function expectNoSeriousA11yViolations(page: Page, theme?: "dark" | "light") {
  base.skip(base.info().project.name === "nojs", "axe needs JavaScript in the page");
  expect(await seriousA11yViolations(page, theme === "light" ? COLOUR_RULES : undefined)).toEqual([]);
}

/**
 * The page's serious and critical axe violations in both themes, each line prefixed with the theme and `at`, without
 * loading the page again: it must have been loaded with no theme picked (`setTheme(page, "system")`), and the
 * browser's colour-scheme preference switches it between the two in place (the system theme assigns the picked
 * themes' own palettes, app/styles/theme.css.ts). The dark theme gets every rule; the light one, the same markup in
 * other colours, the colour rules.
 */
export async function violationsInBothThemes(page: Page, at: string): Promise<string[]> {
  // With a theme picked the preference changes nothing, and the light pass would check the dark colours again.
  expect(await page.evaluate(() => document.documentElement.dataset.theme), `${at}: loaded with no theme picked`).toBe("system");
  const found: string[] = [];
  for (const theme of ["dark", "light"] as const) {
    await page.emulateMedia({ colorScheme: theme });
    found.push(...(await seriousA11yViolations(page, theme === "light" ? COLOUR_RULES : undefined)).map((v) => `${theme} ${at}: ${v}`));
  }
  return found;
}

/** The theme the next loads wear, as picked in the header; `system` is none picked (the browser's preference decides). */
export async function setTheme(page: Page, theme: "dark" | "light" | "system") {
  await page.context().addCookies([{ name: "theme", value: theme, url: BASE_URL }]);
}

let userCounter = 0;
/**
 * A fresh account for one test, registered through the exchange's own API and outbox, so tests
 * never share a user (and never revoke each other's sessions).
 */
export async function registerUser(request: import("@playwright/test").APIRequestContext, password = "Passw0rd99") {
  const email = `e2e-${process.pid}-${Date.now()}-${++userCounter}@example.com`;
  // The public /api/ is rate-limited per client like the forms: each registration looks like its own client.
  const headers = { "X-Forwarded-For": nextIp() };
  const send = await request.post(`${BASE_URL}/api/notify/send_email`, { data: { to: email, type: 1 }, headers });
  expect((await send.json()).code).toBe(1);
  const code = await latestCode(email, 1);
  const reg = await request.post(`${BASE_URL}/api/user/register`, {
    headers,
    data: { account: email, password, re_password: password, sms_code: code, type: "email" },
  });
  expect(await reg.json()).toMatchObject({ code: 1 });
  return { email, password };
}

/** A fresh account (`registerUser`) with balances the operator credited: each of `credits` is [account, coin, amount]. */
export async function fundedUser(request: import("@playwright/test").APIRequestContext, ...credits: [string, string, string][]) {
  const user = await registerUser(request);
  for (const [account, coin, amount] of credits) cli("credit", user.email, account, coin, amount);
  return user;
}

export async function logIn(page: Page, email: string, password: string, path = "/login") {
  await page.goto(path);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Log in", exact: true }).click();
}

/**
 * An image of its own URL (a QR code, the server's chart): waits until it has loaded (a lazy image loads near the
 * screen), then fetches it as the page would, and answers its URL, cache header and drawing.
 */
export async function loadedSvgImage(page: Page, img: import("@playwright/test").Locator, src: RegExp) {
  await img.scrollIntoViewIfNeeded();
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
  // The URL the browser chose (a <picture> may offer another source than the <img>'s own), from this site.
  const shown = new URL(await img.evaluate((el: HTMLImageElement) => el.currentSrc));
  const url = shown.pathname + shown.search;
  expect(url).toMatch(src);
  const res = await page.request.get(url);
  expect(res.headers()["content-type"]).toBe("image/svg+xml");
  return { src: url, cache: res.headers()["cache-control"], svg: await res.text() };
}

/** A QR code shown as an image of its own URL (/resources/qr/<code>?v=…), loaded (see `loadedSvgImage`). */
export async function loadedQrImage(page: Page, img: import("@playwright/test").Locator, code: string) {
  return loadedSvgImage(page, img, new RegExp(`^/resources/qr/${code}\\?v=[0-9a-z]+$`));
}

/** Each account's session cookies after its first sign-in in this worker (see `signedInAt`). */
const keptSessions = new Map<string, Cookie[]>();

/**
 * Opens `to` signed in, for tests where signing in is not the subject (auth.spec's is): the account signs in through
 * the form the first time in this worker, and later tests reuse its session cookies. The sign-in form takes ten a
 * minute per account, which a dozen fast tests of one account would pass. Not for a test that signs the account out.
 */
export async function signedInAt(page: Page, email: string, password: string, to: string) {
  const kept = keptSessions.get(email);
  if (kept) {
    await page.context().addCookies(kept);
    await page.goto(to);
    return;
  }
  await logIn(page, email, password, `/login?page=${encodeURIComponent(to)}`);
  await page.waitForURL((u) => !u.pathname.startsWith("/login"));
  await hydrated(page);
  // The theme and the welcome pop-up are the test's own choice, not the session's.
  keptSessions.set(
    email,
    (await page.context().cookies()).filter((c) => c.name !== "theme" && c.name !== "popup_seen"),
  );
}

/** Signs in through the form on its way to `to`, and waits until the browser is there. */
export async function logInTo(page: Page, email: string, password: string, to: string) {
  await logIn(page, email, password, `/login?page=${encodeURIComponent(to)}`);
  await expect(page).toHaveURL(new RegExp(to.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")));
  // Signing in loads the page afresh: it is ready once hydrated (as after goto).
  await hydrated(page);
}

/**
 * Sends a code with the page's 'Send code' button and waits for 'code sent'. Each purpose has its own one-a-minute
 * wait, and the tests send each purpose once per fresh account, so a wait here is a defect: it fails the test.
 */
export async function sendCode(page: Page) {
  await page.getByRole("button", { name: /^(Send code|Resend code)$/ }).click();
  await expect(page.getByText(/verification code sent/i).first()).toBeVisible();
}

/**
 * Finishes a sign-up by phone on the register page whose number (and country) are typed: sends the texted code,
 * types it and the password twice, and signs up.
 */
export async function signUpByPhone(page: Page, phone: string, password = "Welcome2026") {
  await page.getByRole("button", { name: "Send code" }).click();
  await expect(page.getByText(new RegExp(`verification code has been sent to .*${phone.slice(-4)}`, "i"))).toBeVisible();
  await page.getByLabel("Verification code").fill(await latestCode(phone, 1));
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByLabel("Repeat password").fill(password);
  await page.getByRole("button", { name: "Sign up", exact: true }).click();
}

/**
 * One real trade on a pair, so its last price and recent trades exist (the suite runs without the simulator: prices
 * move only when a test trades). A fresh account buys `amount` at the book's best ask, which the market maker quotes.
 */
export async function tradeOnce(request: import("@playwright/test").APIRequestContext, matchId: number, amount: string) {
  const user = await fundedUser(request, ["change_account", "USDT", "100000"]);
  const headers = { "X-Forwarded-For": nextIp() };
  const login = (await (
    await request.post(`${BASE_URL}/api/user/login`, { headers, data: { account: user.email, password: user.password } })
  ).json()) as {
    data: string;
  };
  const deal = (await (await request.get(`${BASE_URL}/api/market/deal?currency_match_id=${matchId}`)).json()) as {
    data: { depth: { out: { price: string }[] } };
  };
  const bought = await request.post(`${BASE_URL}/api/tx_in/add`, {
    headers: { ...headers, authorization: login.data },
    data: { currency_match_id: matchId, price: deal.data.depth.out[0]!.price, number: amount },
  });
  expect(((await bought.json()) as { code: number }).code).toBe(1);
}
