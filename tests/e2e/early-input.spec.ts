import type { Page } from "@playwright/test";
import { expect, fundedUser, hydrated, logInTo, test } from "./fixtures";

/**
 * What is typed or picked before a page's scripts have run is what the page works with once they have
 * (app/lib/early-input.ts). The page's scripts are held back until the person has acted, so the input always comes
 * before hydration; each field here is one whose value React holds in state, which before the fix kept the value the
 * server rendered (a transfer posted the account shown before the pick; a search typed early never filtered).
 */

/** Holds every script of the page until the returned function is called; that one then waits for hydration. */
async function holdScripts(page: Page): Promise<() => Promise<void>> {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/build\/.+\.js$/, async (route) => {
    await gate;
    await route.continue();
  });
  return async () => {
    release();
    await hydrated(page);
  };
}

test.beforeEach(({ jsEnabled }) => {
  test.skip(!jsEnabled, "hydration is the subject; without JavaScript the forms post what is shown");
});

test("a transfer's account picked before hydration is the one shown, used and posted", async ({ page, request }) => {
  const user = await fundedUser(request, ["change_account", "USDT", "1000"], ["lever_account", "USDT", "40"]);
  await logInTo(page, user.email, user.password, "/assets/transfer");
  const scripts = await holdScripts(page);
  await page.goto("/assets/transfer", { waitUntil: "domcontentloaded" });
  await page.getByLabel("From", { exact: true }).selectOption({ label: "Lever account" });
  await page.getByLabel("Amount (USDT)").fill("15");
  await scripts();
  // The line under the choice follows it (it is drawn from the form's state), and the other side moved off it.
  await expect(page.getByText("Available: 40.00 USDT")).toBeVisible();
  await expect(page.getByLabel("From", { exact: true })).toHaveValue("lever_account");
  await expect(page.getByLabel("To", { exact: true })).not.toHaveValue("lever_account");
  await page.getByLabel("To", { exact: true }).selectOption({ label: "Spot account" });
  await expect(page.getByLabel("From", { exact: true })).toHaveValue("lever_account");
  await expect(page.getByLabel("Amount (USDT)")).toHaveValue("15");
  await page.getByRole("button", { name: "Transfer", exact: true }).click();
  await expect(page.getByText(/Transferred 15 USDT/)).toBeVisible();
  await expect(page.getByText("Available: 25.00 USDT")).toBeVisible();
});

test("a price and amount typed before hydration make the order's total", async ({ page }) => {
  const scripts = await holdScripts(page);
  await page.goto("/trade?symbol=BTCUSDT", { waitUntil: "domcontentloaded" });
  const form = page.getByRole("form", { name: "Buy BTC" });
  await form.getByLabel("Price (USDT)").fill("1000");
  await form.getByLabel("Amount (BTC)").fill("0.02");
  await scripts();
  await expect(page.getByTestId("total-buy")).toHaveText("20.000000");
  await expect(form.getByLabel("Price (USDT)")).toHaveValue("1000");
  await expect(form.getByLabel("Amount (BTC)")).toHaveValue("0.02");
});

test("a search typed before hydration filters once the page has hydrated", async ({ page }) => {
  const scripts = await holdScripts(page);
  await page.goto("/markets", { waitUntil: "domcontentloaded" });
  await page.getByRole("search").getByRole("searchbox", { name: "Search pairs" }).fill("eth");
  await scripts();
  await expect(page).toHaveURL(/\/markets\?q=eth$/);
  await expect(page.getByRole("row", { name: /ETH\/USDT/ }).first()).toBeVisible();
  await expect(page.getByRole("row", { name: /BTC\/USDT/ })).toHaveCount(0);
});
