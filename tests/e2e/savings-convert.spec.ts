import type { Page } from "@playwright/test";
import { cli, expect, expectNoSeriousA11yViolations, logIn, registerUser, setTheme, test } from "./fixtures";

/**
 * Savings (/deposit, /coinlog) and flash convert (/convert), with JavaScript on and off (every spec runs
 * in both projects). Each test has its own user, credited through the operator CLI.
 */

async function freshUser(request: import("@playwright/test").APIRequestContext, usdt?: string) {
  const user = await registerUser(request);
  if (usdt) cli("credit", user.email, "change_account", "USDT", usdt);
  return user;
}

async function logInTo(page: Page, user: { email: string; password: string }, to: string) {
  await logIn(page, user.email, user.password, `/login?page=${encodeURIComponent(to)}`);
  await expect(page).toHaveURL(new RegExp(`${to}(\\?|$)`));
}

function spot(page: Page, code: string) {
  return page.getByTestId(`spot-${code}`);
}

test.describe("savings", () => {
  test("a visitor sees the products with login links instead of buy buttons", async ({ page }) => {
    await page.goto("/deposit");
    await expect(page.getByRole("heading", { level: 1, name: "Savings" })).toBeVisible();
    const row = page.getByRole("row", { name: /USDT 30-day fixed savings/ });
    await expect(row).toContainText("30 days");
    await expect(row).toContainText("6.80% p.a.");
    await expect(row).toContainText("500.00 to 100,000.00 USDT");
    await expect(row.getByRole("link", { name: "Log in to buy USDT 30-day fixed savings" })).toHaveAttribute(
      "href",
      "/login?page=%2Fdeposit",
    );
    await expect(page.getByRole("link", { name: /^Buy / })).toHaveCount(0);
    await expect(page.getByRole("main").getByRole("link", { name: "Sign up" })).toBeVisible();
  });

  test("buy a product: it is held, the spot balance moves, the log lists it", async ({ page, request, jsEnabled }) => {
    const user = await freshUser(request, "1000");
    await logInTo(page, user, "/deposit");
    await expect(spot(page, "USDT")).toHaveText("1,000.00");
    await expect(page.getByText("You have no savings yet.")).toBeVisible();

    const buy = page.getByRole("link", { name: "Buy USDT 7-day fixed savings" });
    await buy.click();
    if (jsEnabled) {
      // A modal dialog: Escape closes it and focus goes back to the buy button.
      const dialog = page.getByRole("dialog", { name: "Confirm purchase" });
      await expect(dialog).toBeVisible();
      await expect(dialog).toContainText("100.00 USDT");
      await page.keyboard.press("Escape");
      await expect(dialog).toBeHidden();
      await expect(buy).toBeFocused();
      await buy.click();
      await expect(dialog).toBeVisible();
      await expect(page).toHaveURL(/\/deposit$/);
    } else {
      // Without JavaScript the buy button leads to a confirmation step.
      await expect(page).toHaveURL(/\/deposit\?confirm=\d+/);
      await expect(page.getByRole("region", { name: "Confirm purchase" })).toContainText("Available in spot account1,000.00 USDT");
    }
    await page.getByRole("button", { name: "Buy", exact: true }).click();
    await expect(page.getByText("You bought USDT 7-day fixed savings: 100.00 USDT is now locked.")).toBeVisible();
    if (jsEnabled) await expect(page.getByRole("dialog")).toBeHidden();

    const held = page.getByRole("region", { name: "My savings" }).getByRole("row", { name: /USDT 7-day fixed savings/ });
    await expect(held).toContainText("100.00 USDT");
    await expect(held).toContainText("In force");
    await expect(held).toContainText("7 of 7 days left");
    await expect(held).toContainText("0.012328 USDT"); // daily dividend: 100 × 4.5 % / 365, floored
    await expect(spot(page, "USDT")).toHaveText("900.00");

    await page.getByRole("link", { name: "Savings log" }).first().click();
    await expect(page).toHaveURL(/\/coinlog$/);
    await expect(page.getByRole("heading", { level: 1, name: "Savings log" })).toBeVisible();
    const rows = page.getByRole("region", { name: "Savings log" }).locator("tbody tr");
    await expect(rows).toHaveCount(2);
    await expect(rows.filter({ hasText: "-100.00" })).toContainText("Spot");
    await expect(rows.filter({ hasText: "+100.00" })).toContainText("Savings (financial)");
    // 2 entries: no pager.
    await expect(page.getByRole("navigation", { name: "Pages" })).toHaveCount(0);
  });

  test("a balance below the minimum is said before confirming, and the purchase is off (issue 9)", async ({ page, request, jsEnabled }) => {
    const user = await freshUser(request);
    await logInTo(page, user, "/deposit");
    await page.getByRole("link", { name: "Buy USDT 30-day fixed savings" }).click();
    const scope = jsEnabled ? page.getByRole("dialog") : page.getByRole("region", { name: "Confirm purchase" });
    await expect(scope).toContainText("Available in spot account0.00 USDT");
    await expect(scope).toContainText("Your spot balance of 0.00 USDT is below this product's minimum of 500.00 USDT.");
    await expect(scope.getByRole("button", { name: "Buy", exact: true })).toBeDisabled();
    await expect(page.getByText("You have no savings yet.")).toBeVisible();
  });

  test("an empty savings log says so", async ({ page, request }) => {
    const user = await freshUser(request);
    await logInTo(page, user, "/coinlog");
    await expect(page.getByText("No savings activity yet.")).toBeVisible();
  });

  for (const theme of ["dark", "light"] as const) {
    test(`/deposit has no serious accessibility violations (${theme})`, async ({ page, request, jsEnabled }) => {
      test.skip(!jsEnabled, "axe needs JavaScript in the page");
      await setTheme(page, theme);
      const user = await freshUser(request, "1000");
      await logInTo(page, user, "/deposit");
      await page.getByRole("link", { name: "Buy USDT 7-day fixed savings" }).click();
      await page.getByRole("button", { name: "Buy", exact: true }).click();
      await expect(page.getByText("You bought USDT 7-day fixed savings")).toBeVisible();
      await expectNoSeriousA11yViolations(page, theme);
      await page.getByRole("link", { name: "Buy USDT 30-day fixed savings" }).click();
      await expect(page.getByRole("dialog")).toBeVisible();
      await expectNoSeriousA11yViolations(page, theme);
    });
  }
});

test.describe("flash convert", () => {
  test("requires a login and comes back afterwards", async ({ page, request }) => {
    await page.goto("/convert");
    await expect(page).toHaveURL(/\/login\?page=%2Fconvert/);
    const user = await freshUser(request);
    await page.getByLabel("Email").fill(user.email);
    await page.getByLabel("Password", { exact: true }).fill(user.password);
    await page.getByRole("button", { name: "Log in", exact: true }).click();
    await expect(page).toHaveURL(/\/convert$/);
    await expect(page.getByText("No converts yet.")).toBeVisible();
  });

  test("convert USDT → BTC: the quote, the confirmation, the history and the balances", async ({ page, request, jsEnabled }) => {
    const user = await freshUser(request, "1000");
    await logInTo(page, user, "/convert");
    await expect(page.getByLabel("From")).toHaveValue(/\d+/);
    await expect(page.getByLabel("From").locator("option:checked")).toHaveText("USDT");
    await expect(page.getByLabel("To").locator("option:checked")).toHaveText("BTC");
    await expect(page.getByTestId("available")).toHaveText("1,000.00");

    await page.getByLabel("Amount (USDT)").fill("100");
    // With JavaScript the quote comes as you type; without, 'Get quote' posts step 1.
    if (!jsEnabled) await page.getByRole("button", { name: "Get quote" }).click();
    const quote = page.getByRole("region", { name: "Quote" });
    await expect(quote.getByTestId("quote-receive")).toHaveText(/^0\.\d+ BTC$/);
    await expect(quote).toContainText("0.2% (market rate");
    await expect(quote.getByTestId("quote-rate")).toContainText("1 USDT = 0.0000");
    await expect(quote.getByRole("timer")).toHaveText(/^(10|9|8|7|6|5|4|3|2|1) seconds?$/);
    const receive = (await quote.getByTestId("quote-receive").textContent())!.replace(" BTC", "");

    await quote.getByRole("button", { name: `Convert 100.00 USDT to ${receive} BTC` }).click();
    await expect(page.getByText(`Converted 100.00 USDT into ${receive} BTC.`)).toBeVisible();
    // The amount box starts empty for the next one, without an error the user did not cause.
    await expect(page.getByLabel("Amount (USDT)")).toHaveValue("");
    await expect(page.getByLabel("Amount (USDT)")).not.toHaveAttribute("aria-invalid", "true");
    await expect(page.getByText("Enter an amount", { exact: true })).toHaveCount(0);
    const history = page.getByRole("region", { name: "Convert history" });
    await expect(history.locator("tbody tr")).toHaveCount(1);
    await expect(history.locator("tbody tr").first()).toContainText("100.00 USDT");
    await expect(history.locator("tbody tr").first()).toContainText(`${receive} BTC`);
    await expect(page.getByTestId("available")).toHaveText("900.00");

    // The BTC arrived in the spot account.
    await page.goto("/deposit");
    await expect(spot(page, "USDT")).toHaveText("900.00");
    await expect(spot(page, "BTC")).toHaveText(receive);
  });

  test("the amount is checked before a quote is asked for", async ({ page, request, jsEnabled }) => {
    const user = await freshUser(request, "50");
    await logInTo(page, user, "/convert");
    // With JavaScript the checks load after hydration: wait for them, then they run as you type.
    if (jsEnabled) await page.waitForLoadState("networkidle");
    const amount = page.getByLabel("Amount (USDT)");
    await amount.fill("5000");
    if (!jsEnabled) await page.getByRole("button", { name: "Get quote" }).click();
    await expect(page.getByText("More than your available 50.00 USDT")).toBeVisible();
    await expect(page.getByLabel("Amount (USDT)")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByTestId("quote-receive")).toHaveCount(0);
    await page.getByLabel("Amount (USDT)").fill("abc");
    if (!jsEnabled) await page.getByRole("button", { name: "Get quote" }).click();
    await expect(page.getByText("Enter a valid amount")).toBeVisible();
  });

  test("swap exchanges the two currencies", async ({ page, request }) => {
    const user = await freshUser(request, "10");
    await logInTo(page, user, "/convert");
    await page.getByLabel("Amount (USDT)").fill("1");
    await page.getByRole("button", { name: "Swap the two coins" }).click();
    await expect(page.getByLabel("From").locator("option:checked")).toHaveText("BTC");
    await expect(page.getByLabel("To").locator("option:checked")).toHaveText("USDT");
    await expect(page.getByLabel("Amount (BTC)")).toHaveValue("1");
  });

  test("an expired quote is never executed unseen: the new rate is shown to confirm", async ({ page, request, jsEnabled }) => {
    const user = await freshUser(request, "1000");
    // The page's countdown runs on Playwright's clock, moved on below instead of waited out.
    if (jsEnabled) await page.clock.install();
    await logInTo(page, user, "/convert");
    await page.getByLabel("Amount (USDT)").fill("10");
    if (!jsEnabled) await page.getByRole("button", { name: "Get quote" }).click();
    const quote = page.getByRole("region", { name: "Quote" });
    await expect(quote.getByTestId("quote-receive")).toBeVisible();
    if (jsEnabled) {
      // The countdown runs out; the confirm button gives way to getting the new rate.
      await page.clock.fastForward(11_000);
      await expect(quote.getByText("Expired")).toBeVisible();
      await expect(quote.getByRole("button", { name: /^Convert / })).toHaveCount(0);
      await quote.getByRole("button", { name: "Get the new rate" }).click();
      await expect(quote.getByRole("timer")).toHaveText(/seconds?$/);
    } else {
      // Without JavaScript the page cannot know: confirming late gets the exchange's fresh quote instead. The quote
      // is ended now (the operator's command) rather than waited out.
      expect(cli("expire-quotes", user.email)).toContain("ended 1 open convert quote(s)");
      await quote.getByRole("button", { name: /^Convert 10.00 USDT/ }).click();
      await expect(quote.getByRole("alert")).toHaveText("The quote has expired, please confirm the new rate");
      await expect(page.getByText("No converts yet.")).toBeVisible();
    }
    const receive = (await quote.getByTestId("quote-receive").textContent())!.replace(" BTC", "");
    await quote.getByRole("button", { name: `Convert 10.00 USDT to ${receive} BTC` }).click();
    await expect(page.getByText(`Converted 10.00 USDT into ${receive} BTC.`)).toBeVisible();
    await expect(page.getByRole("region", { name: "Convert history" }).locator("tbody tr")).toHaveCount(1);
  });

  for (const theme of ["dark", "light"] as const) {
    test(`/convert has no serious accessibility violations (${theme})`, async ({ page, request, jsEnabled }) => {
      test.skip(!jsEnabled, "axe needs JavaScript in the page");
      await setTheme(page, theme);
      const user = await freshUser(request, "1000");
      await logInTo(page, user, "/convert");
      await page.getByLabel("Amount (USDT)").fill("100");
      await expect(page.getByTestId("quote-receive")).toBeVisible();
      await expectNoSeriousA11yViolations(page, theme);
      await page.getByRole("button", { name: /^Convert 100.00 USDT/ }).click();
      await expect(page.getByRole("region", { name: "Convert history" }).locator("tbody tr")).toHaveCount(1);
      await expectNoSeriousA11yViolations(page, theme);
    });
  }
});
