import { join } from "node:path";
import Database from "better-sqlite3";
import { BASE_URL } from "../../playwright.config";
import { DATA_DIR, expect, expectNoSeriousA11yViolations, fundedUser, logInTo, setTheme, test } from "./fixtures";

/**
 * Assets at a glance (JavaScript on and off): the total of all accounts in USD with its 30-day chart on the account
 * pages, 'hide small balances' and the search of an account's rows; the search of /markets and of the pair lists.
 */

const DAY = 86_400_000;

/**
 * Days the daily snapshot job would have recorded, had the account existed then (the job itself is tested beside it,
 * server/exchange/money/valuation.test.ts): the test puts a few past days in the exchange's database.
 */
function pastSnapshots(email: string, values: string[]) {
  const db = new Database(join(DATA_DIR, "exchange.db"));
  db.pragma("busy_timeout = 5000");
  try {
    const today = Math.floor(Date.now() / DAY) * DAY;
    const put = db.prepare("INSERT INTO asset_snapshots (user_id, day, usd) SELECT id, ?, ? FROM users WHERE email = ?");
    values.forEach((usd, i) => put.run(today - (values.length - i) * DAY, usd, email));
  } finally {
    db.close();
  }
}

const dayText = (daysAgo: number) => new Date((Math.floor(Date.now() / DAY) - daysAgo) * DAY).toISOString().slice(0, 10);

test.describe("assets at a glance", () => {
  test("the total of all accounts and, until the first daily value, no chart; small balances hidden and a search", async ({
    page,
    request,
    jsEnabled,
  }) => {
    const { email, password } = await fundedUser(
      request,
      ["change_account", "USDT", "1000"],
      ["change_account", "BTC", "0.000001"],
      ["lever_account", "USDT", "250"],
    );
    await logInTo(page, email, password, "/assets/tradeAccount");

    // All accounts: spot and lever together (the BTC adds a few cents).
    const glance = page.getByRole("region", { name: "Total value of all accounts" });
    await expect(glance.getByText(/^1,250\.\d\d USD$/)).toBeVisible();
    await expect(glance.getByText(/No daily value yet/)).toBeVisible();
    await expect(glance.getByRole("img")).toHaveCount(0);

    const rows = page.getByRole("main").getByRole("row");
    const apply = page.getByRole("search", { name: "Filter balances" }).getByRole("button", { name: "Apply" });
    await expect(page.getByRole("row", { name: /^BTC/ })).toBeVisible();
    await expect(page.getByRole("row", { name: /^ETH/ })).toBeVisible();

    // Hide small balances (under 1.00 USD): the BTC worth cents and the empty rows go; USDT stays.
    await page.getByRole("checkbox", { name: "Hide small balances (under 1.00 USD)" }).check();
    if (!jsEnabled) await apply.click();
    // (Without JavaScript the form sends its empty search along.)
    await expect(page).toHaveURL(/\/assets\/tradeAccount\?(q=&)?hide=1$/);
    await expect(page.getByRole("row", { name: /^BTC/ })).toHaveCount(0);
    await expect(page.getByRole("row", { name: /^USDT/ })).toContainText("1,000.00");
    await expect(rows).toHaveCount(2);
    await expect(page.getByRole("status").filter({ hasText: /^1 of \d+ assets shown$/ })).toBeVisible();

    // The search finds codes containing what is typed, in any case; with small ones hidden, nothing is left.
    await page.getByRole("searchbox", { name: "Search assets" }).fill("bt");
    if (!jsEnabled) await apply.click();
    await expect(page).toHaveURL(/\?q=bt&hide=1$/);
    await expect(page.getByText("No asset matches the search or filter.")).toBeVisible();
    await page.getByRole("checkbox", { name: /Hide small balances/ }).uncheck();
    if (!jsEnabled) await apply.click();
    await expect(page).toHaveURL(/\?q=bt$/);
    await expect(page.getByRole("row", { name: /^BTC/ })).toBeVisible();
    await expect(rows).toHaveCount(2);

    // The address carries the filter: a reload shows the same rows, drawn by the server.
    await page.reload();
    await expect(page.getByRole("searchbox", { name: "Search assets" })).toHaveValue("bt");
    await expect(page.getByRole("row", { name: /^BTC/ })).toBeVisible();
    await expect(rows).toHaveCount(2);

    // Another account starts unfiltered.
    await page.getByRole("link", { name: "Lever account" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Lever account" })).toBeVisible();
    await expect(page.getByRole("searchbox", { name: "Search assets" })).toHaveValue("");
    await expect(page.getByRole("row", { name: /^USDT/ })).toContainText("250.00");
  });

  test("the 30-day chart from the daily values: named, described by its figures, and a table of the days; 390 px fits, axe clean", async ({
    page,
    request,
    jsEnabled,
  }) => {
    const { email, password } = await fundedUser(request, ["change_account", "USDT", "1000"]);
    pastSnapshots(email, ["900.00", "1200.00", "950.50"]);
    await logInTo(page, email, password, "/assets/tradeAccount");

    const glance = page.getByRole("region", { name: "Total value of all accounts" });
    const chart = glance.getByRole("img", { name: "Value of all accounts, last 30 days" });
    await expect(chart).toBeVisible();
    await expect(chart).toHaveAccessibleDescription(
      new RegExp(
        `Start \\(${dayText(3)}\\) 900\\.00 USD Now 1,000\\.00 USD Change \\+100\\.00 USD \\(\\+11\\.11%\\) ` +
          `High \\(${dayText(2)}\\) 1,200\\.00 USD Low \\(${dayText(3)}\\) 900\\.00 USD`,
      ),
    );
    // The figures are on screen too, not only read out.
    await expect(glance.getByText("+100.00 USD (+11.11%)")).toBeVisible();
    const days = glance.getByRole("table", { name: "Value of all accounts by day (USD)" });
    await expect(days.getByRole("row")).toHaveCount(5);
    await expect(days.getByRole("row", { name: dayText(1) })).toContainText("950.50");
    await expect(days.getByRole("row", { name: /^Now/ })).toContainText("1,000.00");

    await page.setViewportSize({ width: 390, height: 800 });
    await page.reload();
    await expect(chart).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390 + 1);

    // axe runs inside the page: with JavaScript only (the markup it checks is the same server render).
    if (!jsEnabled) return;
    for (const theme of ["light", "dark"] as const) {
      await setTheme(page, theme);
      await page.reload();
      await expect(chart).toBeVisible();
      await expectNoSeriousA11yViolations(page, theme);
    }
  });
  test("the header's account menu shows the same total as the page, in the reader's separators (Spanish)", async ({ page, request }) => {
    const { email, password } = await fundedUser(request, ["change_account", "USDT", "4800.5"]);
    await logInTo(page, email, password, "/assets/tradeAccount");
    await page.context().addCookies([{ name: "lang", value: "es", url: BASE_URL }]);
    await page.reload();
    await expect(
      page.getByRole("region", { name: "Valor total de todas las cuentas" }).getByText("4.800,50 USD", { exact: true }),
    ).toBeVisible();
    // The menu is a <details> (closed until opened): its link is read where it is.
    const menuTotal = page
      .getByRole("banner")
      .getByRole("link", { name: /^Activos totales/, includeHidden: true })
      .first();
    await expect(menuTotal).toHaveAttribute("href", "/assets");
    await expect(menuTotal).toContainText("≈ 4.800,50 USD");
  });
});

test.describe("search of pairs", () => {
  test("/markets: the search keeps the pairs that match and says when none does", async ({ page, jsEnabled }) => {
    await page.goto("/markets");
    await expect(page.getByRole("row", { name: /BTC\/USDT/ }).first()).toBeVisible();
    const search = page.getByRole("search");
    await search.getByRole("searchbox", { name: "Search pairs" }).fill("eth");
    if (!jsEnabled) await search.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/\/markets\?q=eth$/);
    await expect(page.getByRole("row", { name: /ETH\/USDT/ }).first()).toBeVisible();
    await expect(page.getByRole("row", { name: /BTC\/USDT/ })).toHaveCount(0);
    // What the search found is said under the field, and politely to a screen reader.
    const found = page.getByRole("status").filter({ hasText: /match/ });
    await expect(found).toHaveText(/^[1-9]\d* pairs? match(es)? “ETH”$/i);
    await search.getByRole("searchbox", { name: "Search pairs" }).fill("zzz");
    if (!jsEnabled) await search.getByRole("button", { name: "Search" }).click();
    await expect(page.getByText("No pair matches “ZZZ”.")).toBeVisible();
    await expect(found).toHaveText(/^0 pairs match “ZZZ”$/i);
  });

  test("the pair list of /trade: the search keeps the pair being traded and the page's other choices", async ({ page, jsEnabled }) => {
    await page.goto("/trade?symbol=btcusdt");
    const list = page.getByRole("region", { name: "Pairs quoted in USDT" });
    await expect(list.getByRole("link", { name: "BTC/USDT" })).toBeVisible();
    const search = page.getByRole("search").filter({ has: page.getByRole("searchbox", { name: "Search pairs" }) });
    await search.getByRole("searchbox", { name: "Search pairs" }).fill("eth");
    if (!jsEnabled) await search.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/\/trade\?(.+&)?q=eth$/);
    expect(new URL(page.url()).searchParams.get("symbol")?.toUpperCase()).toMatch(/^BTC.?USDT$/);
    await expect(list.getByRole("link", { name: "ETH/USDT" })).toBeVisible();
    await expect(list.getByRole("link", { name: "BTC/USDT" })).toHaveCount(0);
    await expect(page.getByRole("status").filter({ hasText: /match/ })).toHaveText(/^[1-9]\d* pairs? match(es)? “eth”$/i);
    // Still trading BTC/USDT.
    await expect(page.getByRole("heading", { level: 1 })).toContainText("BTC/USDT");
  });
});
