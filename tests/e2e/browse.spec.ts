import Decimal from "decimal.js";
import { expect, expectNoSeriousA11yViolations, loadedQrImage, setTheme, test } from "./fixtures";

test.describe("home", () => {
  test("banners, up to 6 market tiles, notices and the app download codes", async ({ page }) => {
    await page.goto("/home");
    await expect(page.getByRole("heading", { name: "Popular markets" })).toBeVisible();
    const tiles = page
      .getByRole("region", { name: "Popular markets" })
      .or(page.locator("section", { has: page.getByRole("heading", { name: "Popular markets" }) }));
    const tileLinks = tiles.first().locator('a[href^="/trade?symbol="]');
    const n = await tileLinks.count();
    expect(n).toBeGreaterThan(0);
    expect(n).toBeLessThanOrEqual(6);
    await expect(tiles.first()).toContainText("/USDT");
    await expect(page.locator('a[href*="category_id=1"] img, a[href*="category_id=1"]').first()).toBeVisible();
    await expect(page.getByRole("link", { name: "More notices" })).toBeVisible();
    await expect(page.getByRole("img", { name: /android/i })).toBeVisible();
    await expect(page.getByRole("img", { name: /ios/i })).toBeVisible();
    // Each code is an image of its own URL, the same for every visitor; the page carries no drawing.
    const android = await loadedQrImage(page, page.getByRole("img", { name: /android/i }), "android");
    const ios = await loadedQrImage(page, page.getByRole("img", { name: /ios/i }), "ios");
    expect(android.cache).toBe("public, max-age=3600");
    expect(android.svg).not.toBe(ios.svg);
    expect(await page.locator("main svg path[stroke='#000000']").count()).toBe(0);
  });

  test("the popup shows once, closes, and stays away for the hour", async ({ page, context }) => {
    await context.clearCookies();
    await page.goto("/home");
    const dialog = page.getByRole("dialog");
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button").last().click();
    await expect(dialog).toBeHidden();
    await page.reload();
    await expect(page.getByRole("dialog")).toHaveCount(0);
  });

  for (const theme of ["dark", "light"] as const) {
    test(`has no serious accessibility violations (${theme})`, async ({ page, jsEnabled }) => {
      test.skip(!jsEnabled, "axe runs inside the page");
      await setTheme(page, theme);
      await page.goto("/home");
      await expectNoSeriousA11yViolations(page, theme);
    });
  }
});

test.describe("markets", () => {
  const prices = async (page: import("@playwright/test").Page) => {
    const cells = page.locator("tbody tr td:nth-child(3)");
    const texts = await cells.allInnerTexts();
    return texts.map((t) => new Decimal(t.split("\n")[0].replace(/,/g, "").trim()));
  };

  test("sorts by price both ways and switches quote tabs", async ({ page }) => {
    await page.goto("/markets");
    await expect(page.getByRole("heading", { level: 1, name: "Markets" })).toBeVisible();
    await page.getByRole("link", { name: /Latest price/ }).click();
    await expect(page.getByRole("columnheader", { name: /Latest price/ })).toHaveAttribute("aria-sort", /ascending|descending/);
    const first = await prices(page);
    const order = await page.getByRole("columnheader", { name: /Latest price/ }).getAttribute("aria-sort");
    for (let i = 1; i < first.length; i++) {
      if (order === "ascending") expect(first[i].gte(first[i - 1])).toBe(true);
      else expect(first[i].lte(first[i - 1])).toBe(true);
    }
    await page.getByRole("link", { name: /Latest price/ }).click();
    await expect(page.getByRole("columnheader", { name: /Latest price/ })).toHaveAttribute(
      "aria-sort",
      order === "ascending" ? "descending" : "ascending",
    );
    const second = await prices(page);
    for (let i = 1; i < second.length; i++) {
      if (order === "ascending") expect(second[i].lte(second[i - 1])).toBe(true);
      else expect(second[i].gte(second[i - 1])).toBe(true);
    }

    await page.getByRole("link", { name: "BTC", exact: true }).click();
    await expect(page).toHaveURL(/tab=BTC/);
    // The address changes as the navigation starts rendering; the rows follow in the same navigation, so they are
    // waited for, not read at once.
    const pairs = page.locator("tbody tr > :nth-child(2)");
    await expect(pairs.filter({ hasNotText: /\/\s*BTC/ })).toHaveCount(0);
    expect(await pairs.count()).toBeGreaterThan(0);
  });

  test("a pair open for leverage only (LINK/USDT) is not on the spot screens", async ({ page }) => {
    await page.goto("/markets");
    await expect(page.getByRole("link", { name: /^BTC\s*\/USDT$/ })).toBeVisible();
    await expect(page.getByRole("link", { name: /^LINK\s*\/USDT$/ })).toHaveCount(0);
    // /trade answers a spot-closed pair with its default pair.
    await page.goto("/trade?symbol=LINKUSDT");
    await expect(page).not.toHaveURL(/LINKUSDT/);
    await expect(page.getByRole("heading", { level: 1 })).not.toHaveText("LINK/USDT");
  });

  test("a star keeps a favourite", async ({ page }) => {
    await page.goto("/markets?tab=ALL");
    const star = page.getByRole("button", { name: "Add ETH/USDT to favourites" });
    // With JavaScript the star flips at once (optimistic) while the choice is saved: wait for the save
    // (the form's own POST, or the page it redirects to without JavaScript) before leaving the page.
    const saved = page.waitForResponse((r) => r.url().includes("/resources/favourite") && r.request().method() === "POST");
    await star.click();
    await saved;
    await expect(page.getByRole("button", { name: "Remove ETH/USDT from favourites" })).toHaveAttribute("aria-pressed", "true");
    await page.goto("/markets?tab=FAV");
    await expect(page.locator("tbody")).toContainText("ETH");
  });

  for (const theme of ["dark", "light"] as const) {
    test(`has no serious accessibility violations (${theme})`, async ({ page, jsEnabled }) => {
      test.skip(!jsEnabled, "axe runs inside the page");
      await setTheme(page, theme);
      await page.goto("/markets");
      await expectNoSeriousA11yViolations(page, theme);
    });
  }
});

test.describe("notice", () => {
  test("opens an article from the footer, with its category list", async ({ page }) => {
    await page.goto("/home");
    const footerLink = page.getByRole("contentinfo").getByRole("link").first();
    const title = (await footerLink.innerText()).trim();
    await footerLink.click();
    await expect(page).toHaveURL(/\/notice\?id=\d+&category_id=\d+/);
    await expect(page.getByRole("heading", { name: title }).first()).toBeVisible();
    await expect(page.locator('[aria-current="page"]', { hasText: title })).toBeVisible();
  });

  test("the user agreement is article 66 of category 26", async ({ page }) => {
    const res = await page.goto("/notice?id=66&category_id=26");
    expect(res?.status()).toBe(200);
    await expect(page.locator("main")).toContainText(/agreement/i);
  });

  test("an unknown article is a 404 page", async ({ request }) => {
    const res = await request.get("/notice?id=999999&category_id=3");
    expect(res.status()).toBe(404);
    expect(await res.text()).toContain("does not exist");
  });

  for (const theme of ["dark", "light"] as const) {
    test(`has no serious accessibility violations (${theme})`, async ({ page, jsEnabled }) => {
      test.skip(!jsEnabled, "axe runs inside the page");
      await setTheme(page, theme);
      await page.goto("/notice?id=66&category_id=26");
      await expectNoSeriousA11yViolations(page, theme);
    });
  }
});
