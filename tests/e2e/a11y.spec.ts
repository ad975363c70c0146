import type { Locator, Page } from "@playwright/test";
import { cli, expect, logIn as logInForm, registerUser, test } from "./fixtures";

/**
 * Issue 27, as a keyboard and screen-reader user meets the site: a refusal from the server moves focus to the field
 * it is about (its message in the field's description) or to the form's alert, with JavaScript and without.
 */

async function logIn(page: Page, who: { email: string; password: string }, to: string) {
  await logInForm(page, who.email, who.password, `/login?page=${encodeURIComponent(to)}`);
  await page.waitForURL((u) => !u.pathname.startsWith("/login"));
}

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
    await logIn(page, { email: "demo@example.com", password: "Trade2026" }, "/legalIndex/legal?fiat=CNY");
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
