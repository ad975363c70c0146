import type { APIRequestContext, Page } from "@playwright/test";
import { BASE_URL } from "../../playwright.config";
import { cli, expect, expectNoSeriousA11yViolations, logInTo, registerUser, setTheme, test } from "./fixtures";

/**
 * Issue 25: what happened to my account, end to end (JavaScript on and off): a deposit approved by the operator in
 * /notifications and on the header's badge (live with JavaScript), a price alert crossed by trades between test
 * accounts and told once, a sign-in from a new device, axe in both themes, 390 px.
 */

const ERC20_ADDRESS = "0x52908400098527886E0F7030069857D2E4169EE7";

const bell = (page: Page) => page.getByRole("link", { name: /^Notifications/ }).first();

async function apiLogin(request: APIRequestContext, email: string, password: string, ip: string, ua?: string) {
  const r = await request.post(`${BASE_URL}/api/user/login`, {
    headers: { "X-Forwarded-For": ip, ...(ua ? { "User-Agent": ua } : {}) },
    data: { account: email, password },
  });
  const body = (await r.json()) as { code: number; data: string };
  expect(body.code).toBe(1);
  return body.data;
}

test.describe("notifications", () => {
  test("a deposit approved by the operator appears in /notifications and the badge counts it", async ({ page, request, jsEnabled }) => {
    const user = await registerUser(request);
    await logInTo(page, user.email, user.password, "/assets/deposit");
    await expect(bell(page)).toHaveAttribute("data-unread", "0");
    await page.getByLabel("Deposit amount (USDT)").fill("25");
    await page.getByLabel("Your wallet address").fill(ERC20_ADDRESS);
    await page.getByRole("button", { name: "Submit for review" }).click();
    await expect(page.getByRole("region", { name: "My deposits" }).getByRole("row", { name: /USDT/ })).toContainText("under review");
    const { rows } = JSON.parse(cli("deposits", "--json")) as { rows: Array<{ id: number; user: string }> };
    const id = rows.find((r) => r.user === user.email)!.id;
    cli("approve-deposit", String(id));
    if (jsEnabled) {
      // Live: the badge follows without a reload.
      await expect(bell(page)).toHaveAttribute("data-unread", "1");
      await expect(bell(page)).toHaveAccessibleName("Notifications, 1 unread");
    } else {
      await page.reload();
      await expect(bell(page)).toHaveAttribute("data-unread", "1");
    }
    await bell(page).click();
    await expect(page).toHaveURL(/\/notifications$/);
    const item = page.getByRole("listitem").filter({ hasText: `Deposit #${id} approved: 25 USDT credited to your spot account.` });
    await expect(item).toHaveCount(1);
    await expect(item).toContainText("Unread");
    await page.getByRole("button", { name: "Mark all read" }).click();
    await expect(page.getByText("All notifications marked read")).toBeVisible();
    await expect(bell(page)).toHaveAttribute("data-unread", "0");
    await expect(item).not.toContainText("Unread");
  });

  test("a price alert set on /trade, crossed by trades between test accounts, is told once", async ({ page, request, clientIp }) => {
    const buyer = await registerUser(request);
    const seller = await registerUser(request);
    cli("credit", buyer.email, "change_account", "USDT", "100000");
    cli("credit", seller.email, "change_account", "ETH", "10");
    await logInTo(page, buyer.email, buyer.password, "/trade?symbol=ETHUSDT");
    // The alert is set just past the last trade, at the book's best quote on one side, and that quote is then
    // taken twice: up to the ask when the last trade was under it, else down to the bid. Earlier tests leave orders
    // of their own in the book, so the spread can be a single tick, with no price inside it to trade at.
    const deal = (await (await request.get(`${BASE_URL}/api/market/deal?currency_match_id=2`)).json()) as {
      data: { depth: { in: { price: string }[]; out: { price: string }[] }; quotation: { close: string } };
    };
    const bid = deal.data.depth.in[0]!.price;
    const ask = deal.data.depth.out[0]!.price;
    const last = Number(deal.data.quotation.close);
    const up = Number(ask) > last;
    const price = Number(up ? ask : bid).toFixed(2);
    const way = up ? "above" : "below";
    expect(up ? Number(price) > last : Number(price) < last, `last ${last}, bid ${bid}, ask ${ask}`).toBe(true);

    const form = page.getByRole("form", { name: "Price alert on ETH/USDT" });
    await form.getByLabel("When the price is").selectOption(way);
    await form.getByLabel("Price", { exact: true }).fill(price);
    await form.getByRole("button", { name: "Set alert" }).click();
    await expect(page.getByText("Price alert set on ETH/USDT")).toBeVisible();

    const token = up
      ? await apiLogin(request, buyer.email, buyer.password, clientIp)
      : await apiLogin(request, seller.email, seller.password, clientIp);
    for (let i = 0; i < 2; i++) {
      const r = await request.post(`${BASE_URL}/api/${up ? "tx_in" : "tx_out"}/add`, {
        headers: { authorization: token, "X-Forwarded-For": clientIp },
        data: { currency_match_id: 2, price: up ? ask : bid, number: "0.01" },
      });
      expect((await r.json()).code).toBe(1);
    }

    await expect(async () => {
      await page.goto("/notifications");
      await expect(page.getByRole("listitem").filter({ hasText: `at or ${way} your alert of ${price}` })).toHaveCount(1);
    }).toPass({ timeout: 10_000 });
    // Crossed twice, told once; the alert shows as told.
    await expect(page.getByRole("listitem").filter({ hasText: /ETH\/USDT traded at/ })).toHaveCount(1);
    const alerts = page.getByRole("table", { name: "Price alerts" });
    await expect(alerts).toContainText(`at or ${way} ${price}`);
    await expect(alerts).toContainText("Told: traded at");
    await alerts.getByRole("button", { name: new RegExp(`Delete the alert ETH/USDT at or ${way} ${price.replace(".", "\\.")}`) }).click();
    await expect(page.getByText("Price alert deleted")).toBeVisible();
    await expect(page.getByText("No price alerts yet.")).toBeVisible();
  });

  test("a refused alert comes back on its field with what was typed", async ({ page, request }) => {
    const user = await registerUser(request);
    await logInTo(page, user.email, user.password, "/notifications");
    const form = page.getByRole("form", { name: "Set a price alert" });
    await form.getByLabel("Pair").selectOption({ label: "ETH/USDT" });
    await form.getByLabel("When the price is").selectOption("above");
    await form.getByLabel("Price", { exact: true }).fill("0.01");
    await form.getByRole("button", { name: "Set alert" }).click();
    await expect(form.getByText(/The price is already at or above that/)).toBeVisible();
    await expect(form.getByLabel("Price", { exact: true })).toHaveValue("0.01");
  });

  test("a sign-in from a new device is told, with the device and the address, linking to the sessions", async ({ page, request }) => {
    const user = await registerUser(request);
    await logInTo(page, user.email, user.password, "/notifications");
    await expect(page.getByText("Nothing has happened on your account yet.")).toBeVisible();
    await apiLogin(
      request,
      user.email,
      user.password,
      "198.51.100.23",
      "Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0",
    );
    await page.reload();
    const item = page.getByRole("listitem").filter({ hasText: "New sign-in from Firefox 125" });
    await expect(item).toContainText("198.51.100.23");
    await item.getByRole("link", { name: "Open" }).click();
    await expect(page).toHaveURL(/\/personal\/sessions$/);
    const mail = JSON.parse(cli("outbox", "--to", user.email, "--json")) as unknown;
    expect(JSON.stringify(mail)).toContain("/personal/sessions");
  });

  test("email choices are saved per category, without JavaScript too", async ({ page, request }) => {
    const user = await registerUser(request);
    await logInTo(page, user.email, user.password, "/personal/notifications");
    const trading = page.getByRole("checkbox", { name: "Trading" });
    await expect(trading).toBeChecked();
    await trading.uncheck();
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Your email choices are saved")).toBeVisible();
    await expect(page.getByRole("checkbox", { name: "Trading" })).not.toBeChecked();
    await expect(page.getByRole("checkbox", { name: "Security" })).toBeChecked();
  });

  for (const theme of ["dark", "light"] as const) {
    test(`axe finds nothing serious on /notifications and /personal/notifications (${theme})`, async ({ page, request, jsEnabled }) => {
      test.skip(!jsEnabled, "axe runs inside the page");
      const user = await registerUser(request);
      await setTheme(page, theme);
      await logInTo(page, user.email, user.password, "/notifications");
      await expectNoSeriousA11yViolations(page, theme);
      await page.goto("/personal/notifications");
      await expectNoSeriousA11yViolations(page, theme);
    });
  }
});

test.describe("at 390 px", () => {
  test.use({ viewport: { width: 390, height: 844 } });
  test("/notifications and the header's bell fit", async ({ page, request }) => {
    const user = await registerUser(request);
    await logInTo(page, user.email, user.password, "/notifications");
    await expect(bell(page)).toBeVisible();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
  });
});
