import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { APIRequestContext, Browser, Page } from "@playwright/test";
import sharp from "sharp";
import { BASE_URL } from "../../playwright.config";
import {
  cli,
  DATA_DIR,
  expect,
  expectNoSeriousA11yViolations,
  latestCode,
  logIn as logInForm,
  outbox,
  registerUser,
  setTheme,
  test,
} from "./fixtures";

/**
 * Fiat P2P (issue 13) on the real server and exchange, JavaScript on and off: a visitor sees the merchants' ads
 * with login links; demo@example.com (verified) buys USDT from bob's seeded CNY ad (a refusal kept on its field,
 * the voucher before 'I have paid'), bob confirms receipt with his trade password in his own browser, and both see
 * the order completed; bob publishes an ad (max below min refused, then published) and takes it off the shelf.
 */

test.describe.configure({ timeout: 150_000 });
// Most of our traders are on phones: every screen here is driven at 390 px and must not scroll sideways.
test.use({ viewport: { width: 390, height: 844 } });

const BOB = { email: "bob@example.com", password: "Bob2026x" };
const DEMO = { email: "demo@example.com", password: "Trade2026" };
const BOB_TRADE_PASSWORD = "Shop2026x";
const png = () =>
  sharp({ create: { width: 60, height: 90, channels: 3, background: "#3a7" } })
    .png()
    .toBuffer();

async function api(
  request: APIRequestContext,
  path: string,
  data: Record<string, unknown>,
  token?: string,
  ip = `10.99.${process.pid % 250}.7`,
) {
  const headers: Record<string, string> = { "X-Forwarded-For": ip };
  if (token) headers.authorization = token;
  const r = await request.post(`${BASE_URL}/api/${path}`, { data, headers });
  return (await r.json()) as { code: number; msg: string; data?: unknown; reason?: { key: string; wait?: number } };
}

/**
 * Bob's trade password, set once for both projects: the first to take the lock sets it through the emailed code,
 * the other waits until the exchange says it is set.
 */
async function bobTradePassword(request: APIRequestContext) {
  const token = String((await api(request, "user/login", { account: BOB.email, password: BOB.password })).data);
  let mine = false;
  try {
    mkdirSync(join(DATA_DIR, "fiat-spec-bob"));
    mine = true;
  } catch {
    mine = false;
  }
  if (mine) {
    expect((await api(request, "notify/send_email", { to: BOB.email, type: 3 }, token)).code).toBe(1);
    const set = await api(
      request,
      "user/amend_pay_password",
      { password: BOB_TRADE_PASSWORD, re_password: BOB_TRADE_PASSWORD, auth_code: await latestCode(BOB.email, 3) },
      token,
    );
    expect(set.code).toBe(1);
  } else {
    await expect
      .poll(async () => ((await api(request, "user/info", {}, token)).data as { has_pay_password?: unknown }).has_pay_password, {
        timeout: 30_000,
      })
      .toBeTruthy();
  }
}

/** Axe on the page as it is, in both themes (the light pass with the colour rules: the dark one ran every rule). */
async function axeBothThemes(page: Page) {
  for (const theme of ["dark", "light"] as const) {
    await setTheme(page, theme);
    await page.reload();
    await expectNoSeriousA11yViolations(page, theme);
  }
}

/** The screen as it ends a test: no sideways scroll at 390 px and, with JavaScript (where axe runs), axe clean in both themes. */
async function fitsPhoneAndAxeClean(page: Page, jsEnabled: boolean) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390 + 1);
  if (jsEnabled) await axeBothThemes(page);
}

/** Bob, the seeded merchant, signed in in a browser of his own, from his own client address `ip`. */
async function bobSignedIn(browser: Browser, jsEnabled: boolean, ip: string) {
  const bobContext = await browser.newContext({ javaScriptEnabled: jsEnabled, extraHTTPHeaders: { "X-Forwarded-For": ip } });
  const bob = await bobContext.newPage();
  await logIn(bob, BOB);
  return { bob, bobContext };
}

/** A new user who passed identity verification (uploads, submission, the operator's approval), signed in by API. */
async function verifiedBuyer(request: APIRequestContext, ip: string) {
  const { email, password } = await registerUser(request);
  const token = String((await api(request, "user/login", { account: email, password }, undefined, ip)).data);
  const upload = async () => {
    const r = await request.post(`${BASE_URL}/api/common/image_upload`, {
      headers: { authorization: token, "X-Forwarded-For": ip },
      multipart: { file: { name: "id.png", mimeType: "image/png", buffer: await png() } },
    });
    return ((await r.json()) as { data: { url: string } }).data.url;
  };
  const sent = await api(
    request,
    "user_real/real_name",
    { name: "Pat Buyer", card_id: "P1234567", front_pic: await upload(), reverse_pic: await upload() },
    token,
    ip,
  );
  expect(sent.code).toBe(1);
  const listing = cli("identities");
  const id = new RegExp(`#(\\d+)\\s+\\S+ \\S+\\s+${email.replace(/[.+]/g, "\\$&")}`).exec(listing)?.[1];
  expect(id, listing).toBeTruthy();
  cli("approve-identity", id!);
  return { email, password, token, upload };
}

/** Bob's CNY sell ad at 7.20 (seeded). */
async function cnyAd(request: APIRequestContext): Promise<number> {
  const r = await request.get(`${BASE_URL}/api/legal/ads?fiat=CNY`);
  const ads = ((await r.json()) as { data: { data: { id: number; price: string }[] } }).data.data;
  return ads.find((a) => a.price === "7.20")!.id;
}

/** An order of 10 USDT by `buyer` on Bob's CNY ad, placed through the API; its id. */
async function cnyOrder(request: APIRequestContext, buyer: { token: string }, ip: string): Promise<number> {
  const o = await api(request, "legal/order_create", { ad_id: await cnyAd(request), by: "quantity", value: "10" }, buyer.token, ip);
  expect(o.code, o.msg).toBe(1);
  return (o.data as { id: number }).id;
}

/** On the CNY ad list open on `page`: 'Buy USDT' on Bob's ad at 7.20, 72 CNY's worth, 'Place order'; the ad's item. */
async function orderOnList(page: Page) {
  const ad = page.getByRole("listitem").filter({ hasText: "7.20" });
  await ad.getByText("Buy USDT").click();
  await ad.getByLabel("Amount or quantity").fill("72");
  await ad.getByRole("button", { name: "Place order" }).click();
  return ad;
}

async function logIn(page: Page, who: { email: string; password: string }) {
  await logInForm(page, who.email, who.password);
  await page.waitForURL((u) => !u.pathname.startsWith("/login"));
}

test("a visitor sees the merchants' ads, their prices and limits, and login links instead of order forms", async ({ page, jsEnabled }) => {
  await page.goto("/legalIndex");
  await expect(page).toHaveURL(/\/legalIndex\/legal$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Fiat trading");
  await page.getByLabel("Fiat currency").selectOption("CNY");
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page).toHaveURL(/fiat=CNY/);
  const ad = page.getByRole("listitem").filter({ hasText: "7.20" });
  await expect(ad).toContainText("72.00 – 14,400.00 CNY");
  await expect(ad.getByRole("link", { name: "Log in to trade" })).toBeVisible();
  await expect(page.getByText("Buy USDT")).toHaveCount(0);
  await page.getByRole("link", { name: "Sell", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Sell crypto to merchants" })).toBeVisible();
  await expect(page.getByText("7.05")).toBeVisible();
  await fitsPhoneAndAxeClean(page, jsEnabled);
});

test("buy from a merchant: refused amount kept, voucher before paid, the seller's trade password releases, both see it completed", async ({
  page,
  browser,
  request,
  jsEnabled,
}) => {
  await bobTradePassword(request);
  await logIn(page, DEMO);
  await page.goto("/legalIndex/legal?fiat=CNY");
  const ad = page.getByRole("listitem").filter({ hasText: "7.20" });
  await ad.getByText("Buy USDT").click();
  const value = ad.getByLabel("Amount or quantity");
  await value.fill("50");
  await ad.getByRole("button", { name: "Place order" }).click();
  await expect(page.getByText("the quantity is below this ad's minimum of 10")).toBeVisible();
  await expect(page.getByRole("listitem").filter({ hasText: "7.20" }).getByLabel("Amount or quantity")).toHaveValue("50");
  await page.getByRole("listitem").filter({ hasText: "7.20" }).getByLabel("Amount or quantity").fill("144");
  await page.getByRole("listitem").filter({ hasText: "7.20" }).getByRole("button", { name: "Place order" }).click();
  await page.waitForURL(/\/legalIndex\/orderdetail\?id=\d+/);
  const orderUrl = page.url();
  await expect(page.getByRole("heading", { name: "Buy 20 USDT" })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: /^Pending payment$/ })).toBeVisible();
  await expect(page.getByText("Demo Bank")).toBeVisible();
  await expect(page.getByText("144.00 CNY")).toBeVisible();
  // Nothing to report before a payment is claimed: an unpaid order marked abnormal would freeze the seller's coins.
  await expect(page.getByText("Report a problem")).toHaveCount(0);

  // 'I have paid' asks first, saying what it means (the amount, to whom); 'Not yet' leaves the order as it was.
  await page.getByRole("button", { name: "I have paid" }).click();
  const paid = page.getByRole("dialog", { name: "Have you paid?" });
  await expect(paid).toBeVisible();
  await expect(paid.getByTestId("pay-confirm-amount")).toHaveText("144.00 CNY");
  await expect(paid).toContainText("20 USDT");
  if (jsEnabled) await expect(paid.getByRole("button", { name: "Not yet" })).toBeFocused();
  await paid.getByRole("button", { name: "Not yet" }).click();
  await expect(page.getByRole("dialog", { name: "Have you paid?" })).toHaveCount(0);
  if (jsEnabled) await expect(page).not.toHaveURL(/confirm=pay/);
  if (jsEnabled) await expect(page.getByRole("button", { name: "I have paid" })).toBeFocused();
  await expect(page.getByRole("status").filter({ hasText: /^Pending payment$/ })).toBeVisible();
  await page.getByRole("button", { name: "I have paid" }).click();
  await expect(paid).toBeVisible();
  if (jsEnabled) {
    // With JavaScript 'Not yet' closes the question by a navigation back to the order. A click on 'I have paid' while
    // that navigation is still on its way asks again: the click's address is the question's own, the one just closed,
    // and the question used to take it for that one and stay closed, to every later click too. The closing
    // navigation's data is held here until the click is made.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const closing = (url: URL) => url.pathname === "/legalIndex/orderdetail.data" && !url.searchParams.has("confirm");
    await page.route(closing, async (route) => {
      await held;
      await route.continue().catch(() => {});
    });
    await paid.getByRole("button", { name: "Not yet" }).click();
    await expect(paid).toHaveCount(0);
    await page.getByRole("button", { name: "I have paid" }).click();
    await expect(paid).toBeVisible();
    release();
    await page.unroute(closing);
  }
  // The step is in the address: a reload (each theme) shows it again, and axe checks the page with it open.
  if (jsEnabled) {
    await axeBothThemes(page);
    await expect(paid).toBeVisible();
  }
  await page.getByRole("dialog", { name: "Have you paid?" }).getByRole("button", { name: "Yes, I have paid" }).click();
  await expect(page.getByText("please upload the payment voucher first")).toBeVisible();
  await page.getByLabel(/^Payment voucher/).setInputFiles({ name: "paid.png", mimeType: "image/png", buffer: await png() });
  await page.getByRole("button", { name: "Upload" }).click();
  await expect(page.getByRole("img", { name: "Payment voucher uploaded by the buyer" })).toBeVisible();
  await page.getByRole("button", { name: "I have paid" }).click();
  await page.getByRole("dialog", { name: "Have you paid?" }).getByRole("button", { name: "Yes, I have paid" }).click();
  const status = page.getByRole("status").filter({ hasText: /^Paid$/ });
  await expect(status).toBeVisible();
  // Focus goes to the order's new status, not to the page's start.
  if (jsEnabled) await expect(status).toBeFocused();
  await expect(page.getByText("The buyer marked the order as paid.")).toBeVisible();

  // The seller, in a browser of his own.
  const { bob, bobContext } = await bobSignedIn(browser, jsEnabled, `10.98.${process.pid % 250}.9`);
  await bob.goto("/myshop/shoporders");
  const no = orderUrl.split("id=")[1]!;
  await bob.getByRole("link", { name: new RegExp(`Details of order P\\d{8}${no.padStart(6, "0")}$`) }).click();
  await expect(bob.getByRole("heading", { name: "Sell 20 USDT" })).toBeVisible();
  await expect(bob.getByRole("img", { name: "Payment voucher uploaded by the buyer" })).toBeVisible();
  // The seller is told of the payment at once (the outbox) and sees on the page when the coins go if he does nothing.
  const deadline = /If you neither confirm receipt nor appeal by (\d{4}-\d\d-\d\d \d\d:\d\d UTC), the coins are released to the buyer/;
  await expect(bob.getByTestId("release-notice")).toContainText("The buyer says they have paid 144.00 CNY.");
  const shown = deadline.exec((await bob.getByTestId("release-notice").textContent()) ?? "");
  expect(shown, "the deadline is on the page").not.toBeNull();
  const orderNo = new RegExp(`^Fiat order P\\d{8}${no.padStart(6, "0")}: `);
  const notice = outbox("bob@example.com").find((r) => Number(r.type) === 102 && orderNo.test(r.body));
  expect(notice?.body, "the seller's notice").toContain("the buyer says they have paid 144.00 CNY for 20 USDT");
  // The release asks first: what goes to whom, and that it cannot be taken back; the trade password is asked there.
  await bob.getByRole("button", { name: "Confirm receipt and release" }).click();
  const release = bob.getByRole("dialog", { name: "Release the coins?" });
  await expect(release).toContainText("20 USDT go to");
  await expect(release).toContainText("144.00 CNY");
  if (jsEnabled) await expect(release.getByLabel("Trade password")).toBeFocused();
  // The trade-password link returns to this order's release step, not to the withdraw screen.
  await expect(release.getByRole("link", { name: "Set or change the trade password" })).toHaveAttribute(
    "href",
    `/tradePassword?page=${encodeURIComponent(`/myshop/shoporderdetail?id=${no}&confirm=release`)}`,
  );
  await release.getByLabel("Trade password").fill("Wrong2026");
  await release.getByRole("button", { name: "Release 20 USDT" }).click();
  await expect(bob.getByRole("dialog", { name: "Release the coins?" }).getByText("incorrect trade password")).toBeVisible();
  await bob.getByRole("dialog", { name: "Release the coins?" }).getByLabel("Trade password").fill(BOB_TRADE_PASSWORD);
  await bob.getByRole("dialog", { name: "Release the coins?" }).getByRole("button", { name: "Release 20 USDT" }).click();
  const completed = bob.getByRole("status").filter({ hasText: /^Completed$/ });
  await expect(completed).toBeVisible();
  if (jsEnabled) await expect(completed).toBeFocused();
  await bobContext.close();

  // With JavaScript the buyer's page follows by itself (P2P_ORDER); without it, a reload shows the truth.
  if (!jsEnabled) await page.reload();
  await expect(page.getByRole("status").filter({ hasText: /^Completed$/ })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText("This order is finished.")).toBeVisible();
  await page.goto("/legalIndex/orders?filter=done");
  await expect(page.getByRole("link", { name: new RegExp(`Details of order P\\d{8}${no.padStart(6, "0")}$`) })).toBeVisible();
  await page.goto(orderUrl);
  if (jsEnabled) await axeBothThemes(page);
});

test("a merchant publishes an ad (max below min refused, input kept) and takes it off the shelf", async ({ page, jsEnabled }) => {
  await logIn(page, BOB);
  await page.goto("/myshop");
  await expect(page).toHaveURL(/\/myshop\/myshoporders$/);
  const price = jsEnabled ? "7.11" : "7.12";
  await page.getByLabel("Fiat currency").selectOption("CNY");
  await page.getByLabel("Unit price").fill(price);
  await page.getByLabel("Total quantity").fill("100");
  await page.getByLabel("Minimum trade quantity").fill("50");
  await page.getByLabel("Maximum trade quantity").fill("20");
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await expect(page.getByText("max trade amount cannot be below min")).toBeVisible();
  // On its field, for a screen reader too.
  await expect(page.getByLabel("Maximum trade quantity")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Maximum trade quantity")).toHaveAccessibleDescription("max trade amount cannot be below min");
  await expect(page.getByLabel("Unit price")).toHaveValue(price);
  await page.getByLabel("Maximum trade quantity").fill("80");
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  const row = page.getByRole("row").filter({ hasText: `${price} CNY` });
  await expect(row).toContainText("Open");
  await row.getByRole("button", { name: /^Take ad \d+ off the shelf$/ }).click();
  await expect(page.getByRole("row").filter({ hasText: `${price} CNY` })).toContainText("Off shelf");
  await fitsPhoneAndAxeClean(page, jsEnabled);
});

test("a third cancel in one day stops buying until the next, and a cancelled order hides the payment details", async ({
  page,
  request,
  clientIp,
}) => {
  const buyer = await verifiedBuyer(request, clientIp);
  for (let i = 0; i < 2; i++) {
    const id = await cnyOrder(request, buyer, clientIp);
    expect((await api(request, "legal/cancel", { id }, buyer.token, clientIp)).code).toBe(1);
  }
  await logIn(page, buyer);
  await page.goto("/legalIndex/legal?fiat=CNY");
  await orderOnList(page);
  await page.waitForURL(/orderdetail/);
  await page.getByText("Cancel order", { exact: true }).click();
  await page.getByRole("button", { name: "Yes, cancel the order" }).click();
  await expect(page.getByRole("status").filter({ hasText: /^Cancelled$/ })).toBeVisible();
  await expect(page.getByText("Order cancelled so payment info cannot be viewed.")).toBeVisible();
  await expect(page.getByText("Demo Bank")).toHaveCount(0);
  await page.goto("/legalIndex/legal?fiat=CNY");
  await orderOnList(page);
  await expect(page.getByText("you have cancelled 3 orders today and cannot buy again until tomorrow (UTC)")).toBeVisible();
  await expect(page).toHaveURL(/\/legalIndex\/legal/);
});

test("an appeal waits for the operator; the decision shows to both sides and the coins reach the buyer", async ({
  page,
  browser,
  request,
  clientIp,
  jsEnabled,
}) => {
  const buyer = await verifiedBuyer(request, clientIp);
  const id = await cnyOrder(request, buyer, clientIp);
  expect((await api(request, "legal/voucher", { id, voucher: await buyer.upload() }, buyer.token, clientIp)).code).toBe(1);
  expect((await api(request, "legal/pay", { id }, buyer.token, clientIp)).code).toBe(1);
  await logIn(page, buyer);
  await page.goto(`/legalIndex/orderdetail?id=${id}`);
  await page.getByText("Appeal to customer service", { exact: true }).click();
  const reason = page.locator("details", { hasText: "Appeal to customer service" }).getByLabel("What happened");
  if (jsEnabled) {
    // An empty reason is refused on its field, in the exchange's words (without JavaScript the browser asks first).
    await page.getByRole("button", { name: "Submit appeal" }).click();
    await expect(reason).toHaveAccessibleDescription("please describe the problem");
    await expect(page.getByRole("status").filter({ hasText: /^Paid$/ })).toBeVisible();
  }
  await page
    .locator("details", { hasText: "Appeal to customer service" })
    .getByLabel("What happened")
    .fill("I paid 72 CNY, nothing released");
  await page.getByRole("button", { name: "Submit appeal" }).click();
  await expect(page.getByRole("status").filter({ hasText: /^Appeal in progress$/ })).toBeVisible();
  await expect(page.getByText("An appeal was opened; customer service will decide.")).toBeVisible();

  expect(cli("appeals")).toContain("I paid 72 CNY, nothing released");
  expect(cli("resolve-appeal", String(id), "buyer", "payment", "confirmed")).toContain("released to the buyer");
  // With JavaScript the decision reaches the open page by itself (the operator's P2P_ORDER, relayed); without, a reload.
  if (!jsEnabled) await page.reload();
  await expect(page.getByRole("status").filter({ hasText: /^Completed$/ })).toBeVisible({ timeout: 5_000 });
  await expect(page.getByText("Customer service released the coins to the buyer.").first()).toBeVisible();
  await expect(page.getByText("payment confirmed")).toBeVisible();
  const legal = await request.get(`${BASE_URL}/api/account/detail?currency_id=1&account_type_id=2`, {
    headers: { authorization: buyer.token, "X-Forwarded-For": clientIp },
  });
  expect(((await legal.json()) as { data: { balance: string } }).data.balance).toBe("10");

  const { bob, bobContext } = await bobSignedIn(browser, jsEnabled, `10.97.${process.pid % 250}.9`);
  await bob.goto(`/myshop/shoporderdetail?id=${id}`);
  await expect(bob.getByRole("status").filter({ hasText: /^Completed$/ })).toBeVisible();
  await expect(bob.getByText("Customer service released the coins to the buyer.").first()).toBeVisible();
  await bobContext.close();
});

test("an unpaid order is cancelled at its time limit: the page follows by itself with JavaScript, by its refresh link without", async ({
  page,
  browser,
  request,
  clientIp,
  jsEnabled,
}) => {
  // The limit is the operator's (whole minutes). The end-to-end server takes a test-only limit in seconds for one
  // buyer's next order: 10 s to be paid, time for both pages to open on it counting down.
  test.skip(!jsEnabled, "run once: this test drives a JavaScript page and a page without JavaScript side by side");
  const buyer = await verifiedBuyer(request, clientIp);
  await logIn(page, buyer);
  const noJs = await browser.newContext({
    javaScriptEnabled: false,
    viewport: { width: 390, height: 844 },
    extraHTTPHeaders: { "X-Forwarded-For": clientIp },
  });
  const plain = await noJs.newPage();
  await logIn(plain, buyer);
  cli("p2p-limits", "--pay-seconds", "10", "--buyer", buyer.email);
  const id = await cnyOrder(request, buyer, clientIp);
  await Promise.all([page.goto(`/legalIndex/orderdetail?id=${id}`), plain.goto(`/legalIndex/orderdetail?id=${id}`)]);
  // Both opened while it was still to be paid: the cancellation below is one the JavaScript page followed by itself.
  const counting = /Pay the seller and mark the order paid within\s+00:(0\d|10)/;
  await expect(plain.getByText(counting)).toBeVisible();
  await expect(page.getByText(counting)).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: /^Cancelled$/ })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText("The order was cancelled because it was not paid in time.")).toBeVisible();
  await plain.getByRole("link", { name: "Refresh" }).click();
  await expect(plain.getByRole("status").filter({ hasText: /^Cancelled$/ })).toBeVisible();
  await noJs.close();
});

test("buying without identity verification links to it, and the identity screen returns to the ads", async ({ page, request }) => {
  const u = await registerUser(request);
  await logIn(page, u);
  await page.goto("/legalIndex/legal?fiat=CNY");
  const ad = await orderOnList(page);
  await expect(page.getByText("please complete identity verification before trading with merchants")).toBeVisible();
  await ad.getByRole("link", { name: "Verify your identity" }).click();
  await expect(page).toHaveURL(/\/personal\/authentication\?page=%2FlegalIndex%2Flegal%3Ffiat%3DCNY/);
  await page.getByLabel("Name", { exact: true }).fill("Pat Newcomer");
  await page.getByLabel("ID number").fill("N7654321");
  await page.getByLabel("Front of the ID").setInputFiles({ name: "front.png", mimeType: "image/png", buffer: await png() });
  await page.getByLabel("Back of the ID").setInputFiles({ name: "back.png", mimeType: "image/png", buffer: await png() });
  await page.getByRole("button", { name: "Submit for review" }).click();
  // Back where the refusal sent them from, told the submission is under review.
  await expect(page).toHaveURL(/\/legalIndex\/legal\?fiat=CNY$/);
  await expect(page.getByText(/submitted/i).first()).toBeVisible();
});

test("on a phone the service button never covers 'My orders', 'Place order' or the voucher's 'Upload'", async ({
  page,
  request,
  clientIp,
  jsEnabled,
}) => {
  const buyer = await verifiedBuyer(request, clientIp);
  await logIn(page, buyer);
  const fab = page.getByTestId("service-button");
  /** The control scrolled to the bottom right of the screen (where the button floats), then on the first screen. */
  async function notCovered(control: import("@playwright/test").Locator) {
    for (const where of ["bottom", "focus"] as const) {
      if (where === "bottom") {
        // Its bottom edge just above the screen's bottom: the worst place for it.
        await control.evaluate((el) => window.scrollBy(0, el.getBoundingClientRect().bottom - window.innerHeight + 4));
      } else {
        await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
        await control.focus();
      }
      await expect(async () => {
        const a = (await control.boundingBox())!;
        const b = await fab.boundingBox();
        // Stepped aside it is transparent and lets taps through: it covers nothing.
        const visible = await fab.evaluate((el) => getComputedStyle(el).opacity !== "0");
        const overlaps =
          visible && b !== null && a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
        expect(overlaps, `${where}: the service button covers the control`).toBe(false);
      }).toPass({ timeout: 5_000 });
      if (where === "bottom" && jsEnabled) {
        // Stepped aside or not, the button is in the tab order, and focused it shows, on top of the control.
        await fab.focus();
        expect(
          await fab.evaluate((el) => {
            const r = el.getBoundingClientRect();
            const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
            return getComputedStyle(el).opacity === "1" && hit !== null && el.contains(hit);
          }),
          "the focused service button shows",
        ).toBe(true);
      }
    }
  }
  await page.goto("/legalIndex/legal?fiat=CNY");
  await notCovered(page.getByRole("link", { name: "My orders" }));
  const ad = page.getByRole("listitem").filter({ hasText: "7.20" });
  await ad.getByText("Buy USDT").click();
  await notCovered(ad.getByRole("button", { name: "Place order" }));
  await ad.getByLabel("Amount or quantity").fill("72");
  await ad.getByRole("button", { name: "Place order" }).click();
  await page.waitForURL(/orderdetail/);
  await notCovered(page.getByRole("button", { name: "Upload" }));
  // It is still there: floating with JavaScript (out of the way), at the page's end without.
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await expect(fab).toBeVisible();
  await expect(fab).toHaveCSS("position", jsEnabled ? "fixed" : "static");
});
