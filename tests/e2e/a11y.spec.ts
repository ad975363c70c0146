import type { Locator, Page } from "@playwright/test";
import sharp from "sharp";
import { cli, expect, logIn as logInForm, registerUser, setTheme, signedInAt, test, violationsInBothThemes } from "./fixtures";

/**
 * Issue 27, as a keyboard and screen-reader user meets the site: a refusal from the server moves focus to the field
 * it is about (its message in the field's description) or to the form's alert, with JavaScript and without.
 */

async function logIn(page: Page, who: { email: string; password: string }, to: string) {
  await logInForm(page, who.email, who.password, `/login?page=${encodeURIComponent(to)}`);
  await page.waitForURL((u) => !u.pathname.startsWith("/login"));
}

const DEMO = { email: "demo@example.com", password: "Trade2026" };
const BOB = { email: "bob@example.com", password: "Bob2026x" };

/** A seeded account's page, signed in once per worker (signing in is auth.spec's subject; no test here signs out). */
const signedIn = (page: Page, who: { email: string; password: string }, to: string) => signedInAt(page, who.email, who.password, to);

/** The refusal reached the person: focus is on the field, marked invalid, whose description carries the message. */
async function expectFocusedRefusal(field: Locator, message: string | RegExp) {
  await expect(field).toBeFocused();
  await expect(field).toHaveAttribute("aria-invalid", "true");
  await expect(field).toHaveAccessibleDescription(typeof message === "string" ? new RegExp(escape(message)) : message);
}
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

test.describe("a server's refusal on a field moves focus there (4.1.3)", () => {
  test("personal: a malformed, then a wrong authenticator code on /personal/googleAuth", async ({ page, request }) => {
    const user = await registerUser(request);
    await logIn(page, user, "/personal/googleAuth");
    const code = page.getByLabel("Authenticator code");
    await code.fill("12345");
    // Focus starts elsewhere (the button), as after a click.
    await page.getByRole("button", { name: "Bind the authenticator" }).click();
    await expectFocusedRefusal(page.getByLabel("Authenticator code"), "The code has 6 digits");
    await page.getByLabel("Current password").fill(user.password);
    await page.getByLabel("Authenticator code").fill("000000");
    await page.getByRole("button", { name: "Bind the authenticator" }).click();
    await expectFocusedRefusal(page.getByLabel("Authenticator code"), /incorrect/i);
  });

  test("assets: a transfer of more than the account holds", async ({ page, request }) => {
    const user = await registerUser(request);
    cli("credit", user.email, "change_account", "USDT", "10");
    await logIn(page, user, "/assets/transfer");
    const amount = page.getByRole("textbox", { name: /amount/i });
    await amount.fill("5000");
    await page.getByRole("button", { name: /^Transfer/ }).click();
    await expectFocusedRefusal(page.getByRole("textbox", { name: /amount/i }), /insufficient|available|more than/i);
  });

  test("savings: an amount under the product's minimum", async ({ page, request, jsEnabled }) => {
    const user = await registerUser(request);
    cli("credit", user.email, "change_account", "USDT", "1000");
    await logIn(page, user, "/deposit");
    await page.getByRole("link", { name: "Buy USDT 7-day fixed savings" }).click();
    const scope = jsEnabled
      ? page.getByRole("dialog", { name: "Confirm purchase" })
      : page.getByRole("region", { name: "Confirm purchase" });
    await scope.getByLabel(/^Amount to lock/).fill("1");
    await scope.getByRole("button", { name: "Buy", exact: true }).click();
    await expectFocusedRefusal(page.getByLabel(/^Amount to lock/), /minimum amount is 100/i);
  });

  test("convert: an amount beyond the balance", async ({ page, request, jsEnabled }) => {
    const user = await registerUser(request);
    cli("credit", user.email, "change_account", "USDT", "50");
    await logIn(page, user, "/convert");
    if (jsEnabled) await page.waitForLoadState("networkidle");
    await page.getByLabel("Amount (USDT)").fill("5000");
    await page.getByRole("button", { name: "Get quote" }).click();
    await expectFocusedRefusal(page.getByLabel("Amount (USDT)"), "More than your available 50.00 USDT");
  });

  test("trading: a spot order beyond the balance on /trade", async ({ page, request }) => {
    const user = await registerUser(request);
    await logIn(page, user, "/trade?symbol=BTCUSDT");
    const form = page.getByRole("form", { name: "Buy BTC" });
    await form.getByLabel("Price (USDT)").fill("1000");
    await form.getByLabel("Amount (BTC)").fill("0.01");
    await form.getByRole("button", { name: "Buy BTC" }).click();
    const message = /^Insufficient balance: [\d,]+\.\d+ USDT available$/;
    await expect(form.getByText(message)).toBeVisible();
    // The refusal is about the order as a whole, or its amount: focus is on what says it.
    const focused = page.locator(":focus");
    await expect(focused).toHaveCount(1);
    await expect(async () => {
      const said =
        (await focused.getAttribute("aria-invalid")) === "true" ? await accessibleDescription(focused) : await focused.innerText();
      expect(said).toMatch(/Insufficient balance: [\d,]+\.\d+ USDT available/);
    }).toPass({ timeout: 5_000 });
  });

  test("trading: a quantity under the minimum on /second", async ({ page, request }) => {
    const user = await registerUser(request);
    cli("credit", user.email, "micro_account", "USDT", "1000");
    await logIn(page, user, "/second?symbol=BTCUSDT");
    await page.getByLabel("Quantity (USDT)").fill("5");
    await page.getByRole("button", { name: "Buy up" }).click();
    await expectFocusedRefusal(page.getByLabel("Quantity (USDT)"), "The quantity cannot be less than 10 USDT for this time");
  });

  test("trading: a P2P amount under the ad's minimum", async ({ page }) => {
    await signedIn(page, DEMO, "/legalIndex/legal?fiat=CNY");
    const ad = page.getByRole("listitem").filter({ hasText: "7.20" });
    await ad.getByText("Buy USDT").click();
    await ad.getByLabel("Amount or quantity").fill("50");
    await ad.getByRole("button", { name: "Place order" }).click();
    await expectFocusedRefusal(
      page.getByRole("listitem").filter({ hasText: "7.20" }).getByLabel("Amount or quantity"),
      /the quantity is below this ad's minimum of 10/i,
    );
  });
});

async function accessibleDescription(l: Locator): Promise<string> {
  return l.evaluate((el) =>
    (el.getAttribute("aria-describedby") ?? "")
      .split(/\s+/)
      .map((id) => document.getElementById(id)?.textContent ?? "")
      .join(" "),
  );
}

// ---------------------------------------------------------------- every screen, by keyboard and by axe

const SIZES = [
  { width: 390, height: 844 },
  { width: 1366, height: 900 },
] as const;

/** The screens, by who sees them (a visitor's pages are the signed-out shapes of the same screens). */
const VISITOR = [
  "/home",
  "/markets",
  "/trade",
  "/lever",
  "/second",
  "/legalIndex/legal",
  "/deposit",
  "/notice",
  "/login",
  "/register",
  "/forgetPassword",
];
const ACCOUNT = [
  "/assets/tradeAccount",
  "/assets/legalAccount",
  "/assets/leverAccount",
  "/assets/secondAccount",
  "/assets/financialAccount",
  "/assets/deposit",
  "/assets/withdraw",
  "/assets/transfer",
  "/assets/transferLog",
  "/assets/dealRecords",
  "/assets/bindAddr",
  "/personal/accountSettings",
  "/personal/collectionSettings",
  "/personal/authentication",
  "/personal/feedback",
  "/personal/googleAuth",
  "/personal/sessions",
  "/personal/transactionLog",
  "/tradePassword",
  "/bindAccount",
  "/coinlog",
];
const TRADING = ["/home", "/markets", "/trade", "/lever", "/second", "/legalIndex/legal", "/legalIndex/orders", "/convert", "/deposit"];
const MERCHANT = ["/myshop/myshoporders", "/myshop/shoporders"];

type Stop = { what: string; hidden: boolean };

/**
 * Whether `el` is entirely hidden where it stands: no point of it (a 3 × 3 grid over its part inside the viewport)
 * shows it on top, whatever covers it (the sticky header, a toast, the service button). A control drawn 1 px (a radio
 * inside its label) is judged by its label. Runs in the page.
 */
function judgeStop(el: HTMLElement): Stop {
  let target: Element = el;
  let r = el.getBoundingClientRect();
  if (r.width < 2 || r.height < 2) {
    const label = (el.id && document.querySelector(`label[for="${CSS.escape(el.id)}"]`)) || el.closest("label");
    if (label) {
      target = label;
      r = label.getBoundingClientRect();
    }
  }
  const x0 = Math.max(r.left, 0);
  const x1 = Math.min(r.right, innerWidth);
  const y0 = Math.max(r.top, 0);
  const y1 = Math.min(r.bottom, innerHeight);
  let hidden = x1 <= x0 || y1 <= y0;
  if (!hidden) {
    hidden = true;
    for (const fx of [0.1, 0.5, 0.9])
      for (const fy of [0.1, 0.5, 0.9]) {
        const hit = document.elementFromPoint(x0 + (x1 - x0) * fx, y0 + (y1 - y0) * fy);
        if (hit && (target === hit || target.contains(hit))) hidden = false;
      }
  }
  const name = (el.getAttribute("aria-label") || el.textContent || el.getAttribute("name") || el.id || "").trim().replace(/\s+/g, " ");
  return { what: `${el.tagName.toLowerCase()} "${name.slice(0, 40)}" at ${Math.round(r.top)}–${Math.round(r.bottom)}`, hidden };
}

/** Key presses sent at once before the page's trail is read back. */
const WALK_BATCH = 25;

/**
 * Tabs through the whole page one way; answers the stops entirely hidden when focused. Each stop is judged in the
 * page by a keyup listener, that is once the key's own work is done (focus moved, the browser scrolled it into
 * view), as a read after each key would; the keys go in batches and the trail is read back once per batch. The walk
 * ends at the first stop focused twice.
 */
async function walk(page: Page, key: "Tab" | "Shift+Tab"): Promise<{ stops: number; hidden: string[] }> {
  type Trail = { stops: number; hidden: string[]; done: boolean };
  await page.evaluate(
    ({ forward, judge }) => {
      const w = window as unknown as { __trail: Trail; __stopWalk?: () => void };
      w.__stopWalk?.();
      const seen = new WeakSet<Element>();
      const judgeStop = new Function(`return (${judge})`)() as (el: HTMLElement) => { what: string; hidden: boolean };
      const trail: Trail = { stops: 0, hidden: [], done: false };
      w.__trail = trail;
      const onKeyUp = (e: KeyboardEvent) => {
        if (e.key !== "Tab" || trail.done) return;
        const el = document.activeElement as HTMLElement | null;
        if (!el || el === document.body) return;
        if (seen.has(el)) {
          trail.done = true;
          return;
        }
        seen.add(el);
        trail.stops++;
        const s = judgeStop(el);
        if (s.hidden) trail.hidden.push(s.what);
      };
      window.addEventListener("keyup", onKeyUp, true);
      w.__stopWalk = () => window.removeEventListener("keyup", onKeyUp, true);
      window.scrollTo(0, forward ? 0 : document.documentElement.scrollHeight);
      (document.activeElement as HTMLElement | null)?.blur();
      if (forward) return;
      // Backwards from the page's last stop.
      const all = [...document.querySelectorAll<HTMLElement>("a[href], button, input, select, textarea, summary, [tabindex]")].filter(
        (e) => e.tabIndex >= 0 && !(e as HTMLButtonElement).disabled && e.getClientRects().length > 0,
      );
      all.at(-1)?.focus();
    },
    { forward: key === "Tab", judge: judgeStop.toString() },
  );
  // The keys go to the browser as one batch of input events (in order, without a round trip each); Shift+Tab is Tab
  // with the Shift modifier.
  const cdp = await page.context().newCDPSession(page);
  const modifiers = key === "Shift+Tab" ? 8 : 0;
  const send = (type: "rawKeyDown" | "keyUp") =>
    cdp.send("Input.dispatchKeyEvent", { type, key: "Tab", code: "Tab", windowsVirtualKeyCode: 9, nativeVirtualKeyCode: 9, modifiers });
  try {
    for (let pressed = 0; pressed < 800; pressed += WALK_BATCH) {
      await Promise.all(Array.from({ length: WALK_BATCH }, () => [send("rawKeyDown"), send("keyUp")]).flat());
      const trail = await page.evaluate(() => (window as unknown as { __trail: Trail }).__trail);
      if (trail.done) {
        await page.evaluate(() => (window as unknown as { __stopWalk: () => void }).__stopWalk());
        return { stops: trail.stops, hidden: trail.hidden.map((h) => `${key}: ${h}`) };
      }
    }
  } finally {
    await cdp.detach();
  }
  throw new Error(`${key} never came back to a stop it had focused`);
}

test.describe("focus is never hidden under the sticky header (2.4.11)", () => {
  test.skip(({ javaScriptEnabled }) => javaScriptEnabled === false, "the same pages and styles: once is enough");

  test("the browser's own form check scrolls a field into view clear of the header", async ({ page, request }) => {
    // A new account: its identity form is still to be filled (the demo account is verified).
    await logIn(page, await registerUser(request), "/personal/authentication");
    for (const size of SIZES) {
      await page.setViewportSize(size);
      await page.goto("/personal/authentication");
      const submit = page.getByRole("button", { name: /submit/i }).last();
      await submit.scrollIntoViewIfNeeded();
      await submit.click();
      // The browser moved focus to the first empty required field and scrolled it into view.
      const focused = page.locator("input:focus, select:focus, textarea:focus");
      await expect(focused).toHaveCount(1);
      const stop = await focused.evaluate(judgeStop);
      expect(stop.hidden, `${size.width} px: ${stop.what}`).toBe(false);
    }
  });
});

type Size = (typeof SIZES)[number];

/**
 * The five accounts' pages are one route module and one template (a table of coins with the same actions), differing in
 * the coins listed: the keyboard walk of /assets/tradeAccount stands for them. axe still checks each.
 */
const SAME_TEMPLATE_AS_TRADE_ACCOUNT = new Set([
  "/assets/legalAccount",
  "/assets/leverAccount",
  "/assets/secondAccount",
  "/assets/financialAccount",
]);

/**
 * Each screen at 390 and 1366 px in both themes. axe (WCAG 2.0–2.2 A and AA) answers every serious or critical
 * violation, one line each: the dark theme gets every rule; the light one, the same markup in other colours, gets the
 * colour rules. The screens load with no theme picked and switch between the two in place (`violationsInBothThemes`),
 * without a second load; the specs of the screens check them with a theme picked. With
 * `walk`, each screen is also walked with Tab and Shift+Tab (after axe): no focus stop may be entirely hidden (under
 * the sticky header, a toast, the service button). `then` opens what the screen opens (a dialog, the phone menu) for
 * a second look by axe, in both themes.
 */
async function auditScreens(
  page: Page,
  paths: string[],
  {
    walk: walking = false,
    then,
    sizes = SIZES,
  }: { walk?: boolean; then?: (page: Page, size: Size, path: string) => Promise<boolean>; sizes?: readonly Size[] } = {},
) {
  // Where focus lands, not where a smooth scroll is on its way (the home banners glide to a focused slide).
  if (walking) await page.emulateMedia({ reducedMotion: "reduce" });
  await setTheme(page, "system");
  const found: string[] = [];
  const audit = async (at: string) => found.push(...(await violationsInBothThemes(page, at)));
  for (const size of sizes) {
    await page.setViewportSize(size);
    for (const path of paths) {
      await page.goto(path);
      await expect(page.locator("main").first()).toBeVisible();
      const at = `${size.width} px ${path}`;
      await audit(at);
      if (walking && !SAME_TEMPLATE_AS_TRADE_ACCOUNT.has(path))
        for (const key of ["Tab", "Shift+Tab"] as const) {
          const { stops, hidden } = await walk(page, key);
          expect(stops, `${path} at ${size.width} px has focus stops`).toBeGreaterThan(5);
          found.push(...hidden.map((h) => `${at} ${h}`));
        }
      // Back to the page as it loaded (at the top, nothing focused) for what `then` opens: the walk ends scrolled down.
      if (walking) await page.evaluate(() => ((document.activeElement as HTMLElement | null)?.blur(), window.scrollTo(0, 0)));
      if (then && (await then(page, size, path))) await audit(`${at} (opened)`);
    }
  }
  return found;
}

/**
 * The phone's menu, open, on /home: the menu is the header's, the same on every screen (signed out, and signed in, as
 * the page's visitor is), so one screen's look at it stands for all.
 */
async function openPhoneMenuOnHome(page: Page, size: Size, path: string) {
  if (size.width > 500 || path !== "/home") return false;
  await page.getByRole("banner").getByLabel("Menu").click();
  await expect(page.getByRole("banner").getByRole("navigation", { name: "Main" })).toBeVisible();
  return true;
}

test.describe("every screen by axe (nothing serious or critical with the WCAG 2.2 AA tags), both themes, and by keyboard (focus never hidden, 2.4.11), 390 and 1366 px", () => {
  test.skip(
    ({ javaScriptEnabled }) => javaScriptEnabled === false,
    "axe needs JavaScript in the page; the walk's pages and styles are the same",
  );
  // Each test stands alone (its own page; the seeded accounts' screens are only read), so the two workers share them
  // out: one worker running the whole sweep in order finished minutes after the other.
  test.describe.configure({ mode: "parallel", timeout: 420_000 });

  for (const size of SIZES) {
    const sizes = [size];
    test(`a visitor's screens, and the phone menu open (${size.width} px)`, async ({ page }) => {
      expect(await auditScreens(page, VISITOR, { walk: true, then: openPhoneMenuOnHome, sizes })).toEqual([]);
    });

    test(`the account's screens: assets and personal (${size.width} px)`, async ({ page }) => {
      await signedIn(page, DEMO, "/assets/tradeAccount");
      expect(await auditScreens(page, ACCOUNT, { walk: true, sizes })).toEqual([]);
    });

    test(`the trading screens signed in, with the phone menu open (${size.width} px)`, async ({ page }) => {
      await signedIn(page, DEMO, "/trade");
      expect(await auditScreens(page, TRADING, { walk: true, then: openPhoneMenuOnHome, sizes })).toEqual([]);
    });
  }

  test("the merchant's screens", async ({ page }) => {
    await signedIn(page, BOB, "/myshop/myshoporders");
    expect(await auditScreens(page, MERCHANT, { walk: true })).toEqual([]);
  });

  test("the confirmations open: /second's order and a savings purchase", async ({ page, request }) => {
    const user = await registerUser(request);
    cli("credit", user.email, "micro_account", "USDT", "1000");
    cli("credit", user.email, "change_account", "USDT", "1000");
    await logIn(page, user, "/second?symbol=BTCUSDT");
    const found: string[] = [];
    found.push(
      ...(await auditScreens(page, ["/second?symbol=BTCUSDT"], {
        then: async (p) => {
          await p.getByLabel("Quantity (USDT)").fill("10");
          await p.getByRole("button", { name: "Buy up" }).click();
          await expect(p.getByRole("dialog", { name: "Confirm the order" })).toBeVisible();
          return true;
        },
      })),
    );
    found.push(
      ...(await auditScreens(page, ["/deposit"], {
        then: async (p) => {
          await p.getByRole("link", { name: "Buy USDT 7-day fixed savings" }).click();
          await expect(p.getByRole("dialog", { name: "Confirm purchase" })).toBeVisible();
          return true;
        },
      })),
    );
    expect(found).toEqual([]);
  });

  test("a P2P order counting down, as the buyer sees it and as the seller does", async ({ page, browser, request }) => {
    // A buyer of its own (verified, as buying needs), ordering from bob's seeded CNY ad.
    const buyer = await verifiedUser(request);
    await logIn(page, buyer, "/legalIndex/legal?fiat=CNY");
    const ad = page.getByRole("listitem").filter({ hasText: "7.20" });
    await ad.getByText("Buy USDT").click();
    await ad.getByLabel("Amount or quantity").fill("144");
    await ad.getByRole("button", { name: "Place order" }).click();
    await page.waitForURL(/\/legalIndex\/orderdetail\?id=\d+/);
    const id = new URL(page.url()).searchParams.get("id")!;
    await expect(page.getByText(/\d{1,2}:\d{2}/).first()).toBeVisible();
    const found = await auditScreens(page, [`/legalIndex/orderdetail?id=${id}`]);
    const context = await browser.newContext();
    await context.addCookies([{ name: "popup_seen", value: "1", url: page.url() }]);
    const seller = await context.newPage();
    await signedIn(seller, BOB, `/myshop/shoporderdetail?id=${id}`);
    found.push(...(await auditScreens(seller, [`/myshop/shoporderdetail?id=${id}`])));
    await context.close();
    // The buyer cancels (the ad's quantity goes back to it).
    await page.goto(`/legalIndex/orderdetail?id=${id}`);
    await page.getByText("Cancel order", { exact: true }).click();
    await page.getByRole("button", { name: "Yes, cancel the order" }).click();
    await expect(page.getByRole("status").filter({ hasText: /^Cancelled$/ })).toBeVisible();
    expect(found).toEqual([]);
  });
});

/** A new user who passed identity verification (two uploads, the submission, the operator's approval). */
async function verifiedUser(request: import("@playwright/test").APIRequestContext) {
  const user = await registerUser(request);
  const ip = `10.97.${process.pid % 250}.${Math.floor(Math.random() * 250) + 1}`;
  const call = async (path: string, data: Record<string, unknown>, token?: string) => {
    const r = await request.post(`/api/${path}`, { data, headers: { "X-Forwarded-For": ip, ...(token ? { authorization: token } : {}) } });
    return (await r.json()) as { code: number; data: unknown };
  };
  const token = String((await call("user/login", { account: user.email, password: user.password })).data);
  const png = await sharp({ create: { width: 60, height: 90, channels: 3, background: "#37a" } })
    .png()
    .toBuffer();
  const upload = async () => {
    const r = await request.post("/api/common/image_upload", {
      headers: { authorization: token, "X-Forwarded-For": ip },
      multipart: { file: { name: "id.png", mimeType: "image/png", buffer: png } },
    });
    return ((await r.json()) as { data: { url: string } }).data.url;
  };
  const sent = await call(
    "user_real/real_name",
    { name: "Ada Buyer", card_id: "A1234567", front_pic: await upload(), reverse_pic: await upload() },
    token,
  );
  expect(sent.code).toBe(1);
  const listing = cli("identities");
  const idOf = new RegExp(`#(\\d+)\\s+\\S+ \\S+\\s+${user.email.replace(/[.+]/g, "\\$&")}`).exec(listing)?.[1];
  expect(idOf, listing).toBeTruthy();
  cli("approve-identity", idOf!);
  return user;
}

// ---------------------------------------------------------------- the smaller things

test.describe("skip links, toasts, confirmations", () => {
  test("skip links: past the header to the content, and on /trade to the order form", async ({ page }) => {
    await page.goto("/markets");
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to main content" });
    await expect(skip).toBeFocused();
    // Shown when focused, above the header.
    const box = (await skip.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(
      await skip.evaluate((el) => document.elementFromPoint(el.getBoundingClientRect().x + 4, el.getBoundingClientRect().y + 4) === el),
    ).toBe(true);
    await page.keyboard.press("Enter");
    await page.keyboard.press("Tab");
    // The next stop is in the content, not the header's navigation.
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest("#content")))).toBe(true);

    await page.goto("/trade?symbol=BTCUSDT");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    await expect(page.getByRole("link", { name: "Skip to the order form" })).toBeFocused();
    await page.keyboard.press("Enter");
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest("#order-form")))).toBe(true);
  });

  test("an error toast stays until dismissed; a success fades after 4 s but not while hovered or focused; both under the header", async ({
    page,
    request,
    jsEnabled,
  }) => {
    test.skip(!jsEnabled, "without JavaScript a toast is part of the page it came with (nothing times it out)");
    await page.clock.install();
    // Signed out, a private page sends to sign in with an error toast.
    await page.goto("/assets/withdraw");
    const error = page.getByRole("alert").filter({ hasText: "Please log in first" });
    await expect(error).toBeVisible();
    await page.clock.fastForward(20_000);
    await expect(error).toBeVisible();
    const header = (await page.getByRole("banner").boundingBox())!;
    expect((await error.boundingBox())!.y).toBeGreaterThanOrEqual(header.y + header.height - 1);
    await page.getByRole("button", { name: "Dismiss" }).click();
    await expect(page.getByText("Please log in first")).toHaveCount(0);

    // A success: a resting spot order.
    const user = await registerUser(request);
    cli("credit", user.email, "change_account", "USDT", "100");
    await page.getByLabel("Email").fill(user.email);
    await page.getByLabel("Password", { exact: true }).fill(user.password);
    await page.getByRole("button", { name: "Log in", exact: true }).click();
    await page.waitForURL(/\/assets\/withdraw/);
    await page.goto("/trade?symbol=BTCUSDT");
    const form = page.getByRole("form", { name: "Buy BTC" });
    const place = async () => {
      await form.getByLabel("Price (USDT)").fill("1000");
      await form.getByLabel("Amount (BTC)").fill("0.001");
      await form.getByRole("button", { name: "Buy BTC" }).click();
    };
    await place();
    const done = page.getByRole("status").filter({ hasText: "Order placed" });
    await expect(done).toBeVisible();
    // In the flow under the header (it pushes the page down, the pair's heading is below it), sticking there when
    // the page scrolls, and a focused control is kept clear of it.
    expect(await done.evaluate((el) => getComputedStyle(el.parentElement!).position)).toBe("sticky");
    await page.evaluate(() => window.scrollTo(0, 0));
    const toastBox = (await done.boundingBox())!;
    const heading = (await page.getByRole("heading", { level: 1 }).boundingBox())!;
    expect(heading.y).toBeGreaterThanOrEqual(toastBox.y + toastBox.height);
    await form.getByLabel("Amount (BTC)").focus();
    expect((await form.getByLabel("Amount (BTC)").evaluate(judgeStop)).hidden).toBe(false);
    await done.hover();
    await page.clock.fastForward(6_000);
    await expect(done).toBeVisible();
    await page.mouse.move(5, 700);
    await page.clock.fastForward(4_100);
    await expect(page.getByText("Order placed")).toHaveCount(0);

    // Focus in it holds it too; dismissing sends focus back where it was.
    await place();
    await expect(done).toBeVisible();
    await page.mouse.move(5, 700);
    const amount = form.getByLabel("Amount (BTC)");
    await amount.focus();
    await page.keyboard.press("Shift+Tab");
    await page.getByRole("button", { name: "Dismiss" }).focus();
    await page.clock.fastForward(6_000);
    await expect(done).toBeVisible();
    await page.keyboard.press("Enter");
    await expect(page.getByText("Order placed")).toHaveCount(0);
  });

  test("the /second confirmation opens on its heading: Enter twice places nothing", async ({ page, request, jsEnabled }) => {
    test.skip(!jsEnabled, "the modal dialog is JavaScript's (without it the confirmation is a page)");
    const user = await registerUser(request);
    cli("credit", user.email, "micro_account", "USDT", "1000");
    await logIn(page, user, "/second?symbol=BTCUSDT");
    await page.getByLabel("Quantity (USDT)").fill("10");
    await page.getByRole("button", { name: "Buy up" }).click();
    const dialog = page.getByRole("dialog", { name: "Confirm the order" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("heading", { name: "Confirm the order" })).toBeFocused();
    await page.keyboard.press("Enter");
    await page.keyboard.press("Enter");
    await expect(dialog).toBeVisible();
    await expect(page.getByText(/^Order placed/)).toHaveCount(0);
  });
});

test.describe("charts and lists", () => {
  test("the chart's latest bars as a table, and a text alternative in figures, with and without JavaScript", async ({
    page,
    jsEnabled,
  }) => {
    await page.goto("/trade?symbol=BTCUSDT");
    const chart = page.getByRole("region", { name: "Price chart" });
    await chart.getByText("Latest bars as a table").click();
    const table = chart.getByRole("table", { name: "The chart's latest bars, newest first" });
    await expect(table).toBeVisible();
    for (const column of ["Time (UTC)", "Open", "High", "Low", "Close", "Volume"])
      await expect(table.getByRole("columnheader", { name: column })).toBeVisible();
    const image = jsEnabled ? chart.locator("[role=img]").first() : chart.getByRole("img").first();
    if ((await table.locator("tbody tr").count()) > 0) {
      await expect(table.locator("tbody tr")).not.toHaveCount(0);
      await expect(image).toHaveAccessibleName(/opened at .+, last .+; lowest .+, highest/);
    }
  });

  test("the footer's languages carry their own lang", async ({ page }) => {
    await page.goto("/markets");
    await expect(page.locator("#footer-lang option[value=de]")).toHaveAttribute("lang", "de");
    await expect(page.locator("#footer-lang option[value=jp]")).toHaveAttribute("lang", "ja");
  });
});
