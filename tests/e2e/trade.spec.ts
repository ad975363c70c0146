import Decimal from "decimal.js";
import type { Browser, Page } from "@playwright/test";
import { BASE_URL } from "../../playwright.config";
import { cli, expect, expectNoSeriousA11yViolations, loadedSvgImage, registerUser, setTheme, test } from "./fixtures";

/**
 * /trade, with JavaScript on and off (every spec runs in both projects). The server runs the simulator and
 * the market maker, so resting orders are placed where the maker's ladder cannot reach them (a buy of BTC at
 * 1000), and the crossing test trades inside the spread, at a price no maker order has.
 */

async function logIn(page: Page, email: string, password: string, to: string) {
  await page.goto(`/login?page=${encodeURIComponent(to)}`);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL(/\/trade/);
}

function buyForm(page: Page, base = "BTC") {
  return page.getByRole("form", { name: `Buy ${base}` });
}
/** The sell form: a phone and a desktop's form column show one side at a time, so 'Sell' is picked first when it is hidden. */
async function sellForm(page: Page, base = "BTC") {
  const form = page.getByRole("form", { name: `Sell ${base}` });
  if (!(await form.isVisible())) {
    await page.locator("#order-forms").getByRole("link", { name: "Sell", exact: true }).click();
    await expect(form).toBeVisible();
  }
  return form;
}
function ordersTable(page: Page) {
  return page.getByRole("region", { name: "My orders" }).locator("table");
}

/** Cancels open BTC buys at this price left over by an earlier failed run. */
async function cancelLeftovers(page: Page, shown: string) {
  const rows = ordersTable(page).locator("tr[data-order-id]", { hasText: shown });
  for (let i = await rows.count(); i > 0; i--) {
    await rows
      .first()
      .getByRole("button", { name: /^Cancel order/ })
      .click();
    await expect(rows).toHaveCount(i - 1);
  }
}

test.describe("trade screen", () => {
  test("a visitor sees the market, and login and register links instead of the order buttons", async ({ page, jsEnabled }) => {
    await page.goto("/trade?symbol=BTCUSDT");
    await expect(page.getByRole("heading", { level: 1, name: "BTC/USDT" })).toBeVisible();
    await expect(page.getByRole("table", { name: /order book/i })).toBeVisible();
    await expect(page.getByRole("table", { name: /latest trades/i })).toBeVisible();
    for (const side of ["buy", "sell"] as const) {
      const form = side === "buy" ? buyForm(page) : await sellForm(page);
      await expect(form.getByRole("link", { name: "Log in" })).toHaveAttribute("href", /\/login\?page=%2Ftrade/);
      await expect(form.getByRole("link", { name: "Sign up" })).toHaveAttribute("href", /\/register\?page=%2Ftrade/);
      await expect(form.getByRole("button", { name: /Buy BTC|Sell BTC/ })).toHaveCount(0);
    }
    // The chart: the server's drawing without JavaScript (an image of its own URL, in the system's theme: light
    // here), chart.js's canvas with it.
    const chart = page.getByRole("img", { name: /BTC\/USDT candlestick chart, 1 min\. From .* opened at [\d,.]+, last [\d,.]+/ });
    await expect(chart).toBeVisible();
    if (!jsEnabled) {
      const { svg } = await loadedSvgImage(page, chart, /^\/resources\/chart\.svg\?pair=1&period=1min&theme=light&v=[0-9a-f]{12}$/);
      expect(svg).toMatch(/^<svg [^>]*viewBox="0 0 800 516"[^>]*>(<path d="[^"]+" fill="none" stroke="#(007a4d|c72c41)"[^>]*\/>)+<\/svg>$/);
    }
  });

  test("the page carries its own strings and no bars: the chart's bars and the other strings are shared resources", async ({
    page,
    request,
    jsEnabled,
  }) => {
    const html = await (await request.get("/trade?symbol=BTCUSDT", { headers: { Accept: "text/html" } })).text();
    const payload = JSON.parse(/<script id="i18n-data"[^>]*>([\s\S]*?)<\/script>/.exec(html)![1]!);
    expect(Object.keys(payload.resources).sort()).toEqual(["common", "trade"]);
    // The chart is drawn on the server as an image of its own URL, not in the page; the hydration data holds no bar
    // (a bar is the only thing with an "open").
    expect(html).toMatch(
      /<div id="chart-server-svg"[^>]*><picture [^>]*><source [^>]*\/><img [^>]*src="\/resources\/chart\.svg\?pair=1&amp;period=1min&amp;theme=dark&amp;v=[0-9a-f]{12}"/,
    );
    const hydration = [...html.matchAll(/<script nonce[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]).join("");
    expect(hydration).toContain("streamController");
    expect(hydration).not.toMatch(/\\"open\\"/);
    expect(hydration.length).toBeLessThan(30_000);

    const kline = await request.get("/resources/kline?pair=1&period=1min");
    expect(kline.status()).toBe(200);
    expect(kline.headers()["cache-control"]).toBe("public, max-age=2");
    const { period, bars } = await kline.json();
    expect(period).toBe("1min");
    expect(bars.length).toBeGreaterThan(10);
    for (const b of bars.slice(-5)) expect(b).toEqual([expect.any(Number), ...Array(5).fill(expect.stringMatching(/^\d+(\.\d+)?$/))]);
    expect((await request.get("/resources/kline?pair=x&period=1min")).status()).toBe(400);

    // The drawing a page names is kept (a URL is one drawing: a trade between the page and its image makes another
    // version, so the page is asked again then); one the bars have moved on from is answered with the current drawing,
    // never kept.
    const chartSrc = async () => {
      const page = await (await request.get("/trade?symbol=BTCUSDT", { headers: { Accept: "text/html" } })).text();
      return /<img [^>]*src="(\/resources\/chart\.svg\?[^"]+)"/.exec(page)![1]!.replaceAll("&amp;", "&");
    };
    await expect.poll(async () => (await request.get(await chartSrc())).headers()["cache-control"]).toBe("public, max-age=3600");
    const stale = await request.get("/resources/chart.svg?pair=1&period=1min&theme=dark&v=000000000000");
    expect(stale.headers()).toMatchObject({ "cache-control": "no-store", "content-type": "image/svg+xml" });
    expect(await stale.text()).toContain('stroke="#2ebd85"');
    const line = await (await request.get("/resources/chart.svg?pair=1&period=time&theme=light&v=000000000000")).text();
    expect(line).toMatch(
      /^<svg [^>]*><path d="M[^"]*L[^"]*" fill="none" stroke="#8a5a00" stroke-width="1.5" vector-effect="non-scaling-stroke"\/><\/svg>$/,
    );
    expect((await request.get("/resources/chart.svg?pair=x&period=1min&theme=dark&v=0")).status()).toBe(400);
    expect((await request.get("/resources/chart.svg?pair=9999&period=1min&theme=dark&v=0")).status()).toBe(404);

    const strings = await request.get(`/resources/strings?lang=en&v=${payload.v}`);
    expect(strings.headers()["cache-control"]).toContain("immutable");
    expect(Object.keys(await strings.json())).toEqual(expect.arrayContaining(["fiat", "lever", "savings", "trade"]));

    if (jsEnabled) {
      // Another screen reached by a link has its words, though this page did not carry them.
      await page.goto("/trade?symbol=BTCUSDT");
      await expect(page.getByRole("img", { name: /BTC\/USDT candlestick chart/ })).toBeVisible();
      await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Savings" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Savings" })).toBeVisible();
      await expect(page.getByText("Lock a coin for a fixed term", { exact: false })).toBeVisible();
    }
  });

  test("a theme picked before the live chart has loaded redraws the server's drawing in it", async ({ page, jsEnabled }) => {
    test.skip(!jsEnabled, "without JavaScript the theme's form reloads the page, which draws the chart in the new theme");
    await page.emulateMedia({ colorScheme: "dark" });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/trade?symbol=BTCUSDT");
    const chart = page.getByRole("region", { name: "Price chart" });
    const drawing = chart.getByRole("img", { name: /BTC\/USDT candlestick chart/ });
    // A phone screen that ends above the chart: the live chart waits until it is scrolled to, the drawing stays.
    const top = (await chart.locator("#chart-server-svg").boundingBox())!.y;
    await page.setViewportSize({ width: 390, height: Math.floor(top) - 20 });
    await page.goto("/trade?symbol=BTCUSDT");
    // The system's theme: the browser picks between the two drawings, dark here.
    await expect(drawing).toHaveAttribute("src", /&theme=dark&/);
    await expect(chart.locator("picture source")).toHaveAttribute("srcset", /&theme=light&/);
    await page.getByRole("banner").getByLabel("Menu").click();
    await page.getByRole("banner").getByRole("button", { name: "Switch to the light theme" }).filter({ visible: true }).click();
    await expect(page.locator("html")).toHaveAttribute("data-theme", "light");
    await expect(drawing).toHaveAttribute("src", /&theme=light&/);
    await expect(chart.locator("picture, source")).toHaveCount(0);
    await expect(chart.locator("canvas")).toHaveCount(0);
  });

  test("the pair list, intervals and the book's price links", async ({ page, jsEnabled }) => {
    await page.goto("/trade?symbol=BTCUSDT");
    await page.getByRole("navigation", { name: "Quote currencies" }).getByRole("link", { name: "BTC", exact: true }).click();
    await expect(page).toHaveURL(/tab=BTC/);
    await page.getByRole("link", { name: /^ETH\s*\/BTC$/ }).click();
    await expect(page.getByRole("heading", { level: 1, name: "ETH/BTC" })).toBeVisible();
    // The choice is saved: /trade opens on it next time.
    await page.goto("/trade");
    await expect(page.getByRole("heading", { level: 1, name: "ETH/BTC" })).toBeVisible();

    await page.goto("/trade?symbol=BTCUSDT");
    await page.getByRole("link", { name: "Line", exact: true }).click();
    await expect(page.getByRole("link", { name: "Line", exact: true })).toHaveAttribute("aria-current", "page");
    await expect(page.getByRole("img", { name: /BTC\/USDT price line/ })).toBeVisible();
    // The other resolutions are one step away, under 'More' (docs/product.md, "/trade").
    const intervals = page.getByRole("navigation", { name: "Chart intervals" });
    await intervals.getByText("More", { exact: true }).click();
    await intervals.getByRole("link", { name: "4 hours" }).click();
    await expect(page).toHaveURL(/period=240min/);
    await expect(page.getByRole("img", { name: /BTC\/USDT candlestick chart, 4 hours/ })).toBeVisible();

    const lowestBid = page.getByRole("link", { name: /^Use price/ }).last();
    // With JavaScript the book moves live: read the link's price and click it in one step, so they agree.
    const price = jsEnabled
      ? await lowestBid.evaluate((a: HTMLAnchorElement) => {
          const p = new URL(a.href).searchParams.get("price") ?? "";
          a.click();
          return p;
        })
      : (new URL((await lowestBid.getAttribute("href")) ?? "", BASE_URL).searchParams.get("price") ?? "");
    expect(price).not.toBe("");
    if (!jsEnabled) await lowestBid.click();
    if (!jsEnabled) await expect(page).toHaveURL(/price=/);
    await expect(buyForm(page).getByLabel("Price (USDT)")).toHaveValue(price);
    await expect((await sellForm(page)).getByLabel("Price (USDT)")).toHaveValue(price);
  });

  test("a resting limit order shows in current orders and is cancelled", async ({ page, jsEnabled }) => {
    // The two projects may run at once: each has its own user and price, so rows and balances don't mix.
    const [email, password, price] = jsEnabled ? ["bob@example.com", "Bob2026x", "1000"] : ["demo@example.com", "Trade2026", "1001"];
    const shown = `${price.slice(0, 1)},${price.slice(1)}.00`;
    await logIn(page, email, password, "/trade?symbol=BTCUSDT");
    await cancelLeftovers(page, shown);
    const before = await page.getByTestId("available-buy").innerText();
    const form = buyForm(page);
    await form.getByLabel("Price (USDT)").fill(price);
    await form.getByLabel("Amount (BTC)").fill("0.01");
    if (jsEnabled) await expect(page.getByTestId("total-buy")).toHaveText("10.000000");
    await form.getByRole("button", { name: "Buy BTC" }).click();
    // Said alike with JavaScript (announced, no reload) and without (the redirect's toast).
    await expect(page.getByRole("status").filter({ hasText: "Order placed" })).toBeVisible();

    const row = ordersTable(page).locator("tr[data-order-id]", { hasText: shown });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText("0.01");
    // price × 0.01 USDT are locked while the order rests (bob trades nowhere else, so his balance is exact).
    const locked = new Decimal(before.split(" ")[0]).minus(new Decimal(price).times("0.01")).toFixed();
    if (jsEnabled) await expect(page.getByTestId("available-buy")).toHaveText(`${locked} USDT`);

    await row.getByRole("button", { name: /^Cancel order/ }).click();
    await expect(page.getByRole("status").filter({ hasText: "Order cancelled" })).toBeVisible();
    await expect(row).toHaveCount(0);
    if (jsEnabled) await expect(page.getByTestId("available-buy")).toHaveText(before);
  });

  test("my orders show both sides by default: a resting sell is listed without choosing a tab", async ({ page, request }) => {
    const user = await registerUser(request);
    cli("credit", user.email, "change_account", "BTC", "0.5");
    await logIn(page, user.email, user.password, "/trade?symbol=BTCUSDT");
    const form = await sellForm(page);
    await form.getByLabel("Price (USDT)").fill("9999999");
    await form.getByLabel("Amount (BTC)").fill("0.01");
    await form.getByRole("button", { name: "Sell BTC" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Order placed" })).toBeVisible();
    const sideTabs = page.getByRole("navigation", { name: "Order side" });
    await expect(sideTabs.getByRole("link", { name: "Both sides" })).toHaveAttribute("aria-current", "page");
    await expect(ordersTable(page).locator("tr[data-order-id]", { hasText: "9,999,999" })).toHaveCount(1);
    await sideTabs.getByRole("link", { name: "Buy", exact: true }).click();
    await expect(ordersTable(page).locator("tr[data-order-id]", { hasText: "9,999,999" })).toHaveCount(0);
    await sideTabs.getByRole("link", { name: "Sell", exact: true }).click();
    await expect(ordersTable(page).locator("tr[data-order-id]", { hasText: "9,999,999" })).toHaveCount(1);
  });

  test("a limit order's time in force: post only and fill or kill refused on their fields, the choice kept; a price far beyond the best asked about; immediate or cancel says what filled", async ({
    page,
    request,
    jsEnabled,
  }) => {
    // ADA/USDT, which no other test trades: the refusals here hold and place nothing.
    const user = await registerUser(request);
    cli("credit", user.email, "change_account", "USDT", "1000");
    cli("credit", user.email, "change_account", "ADA", "1000");
    await logIn(page, user.email, user.password, "/trade?symbol=ADAUSDT");
    const buy = buyForm(page, "ADA");
    const tif = buy.getByLabel("Time in force");
    await expect(tif).toHaveValue("gtc");
    // Post only, far above the asks: it would take.
    await buy.getByLabel("Price (USDT)").fill("5");
    await buy.getByLabel("Amount (ADA)").fill("10");
    await tif.selectOption({ label: "Post only" });
    await buy.getByRole("button", { name: "Buy ADA" }).click();
    await expect(buy.getByLabel("Price (USDT)")).toHaveAccessibleDescription(
      /^A post-only order only rests on the book, and at this price it would take from it: the best price on the other side is 0\.\d{4}/,
    );
    await expect(buy.getByLabel("Price (USDT)")).toHaveValue("5");
    await expect(tif).toHaveValue("post_only");
    // Fill or kill, for more than the whole book at a price near it: refused on the quantity, saying what could fill.
    await buy.getByLabel("Price (USDT)").fill("0.46");
    await buy.getByLabel("Amount (ADA)").fill("99999999");
    await tif.selectOption("fok");
    await buy.getByRole("button", { name: "Buy ADA" }).click();
    await expect(buy.getByLabel("Amount (ADA)")).toHaveAccessibleDescription(
      /^Only [\d.]+ can fill at 0\.4600 or better: a fill-or-kill order fills whole or not at all$/,
    );
    await expect(tif).toHaveValue("fok");
    await expect(ordersTable(page).locator("tr[data-order-id]")).toHaveCount(0);

    // A sell priced far below the best bid is asked about first, on its price; ticked, it is placed at that price (and
    // fills at the bid).
    const sell = await sellForm(page, "ADA");
    await sell.getByLabel("Price (USDT)").fill("0.1");
    await sell.getByLabel("Amount (ADA)").fill("10");
    await sell.getByRole("button", { name: "Sell ADA" }).click();
    await expect(sell.getByLabel("Price (USDT)")).toHaveAccessibleDescription(
      /^\d+\.\d{2}% below the best bid \(0\.\d{4}\): it would sell at once at down to this price$/,
    );
    await expect(sell.getByLabel("Amount (ADA)")).toHaveValue("10");
    // The confirmation is of that price: ticked for 0.1 and sent with 0.2, it is asked again, of 0.2.
    await sell.getByLabel("Price (USDT)").fill("0.2");
    await sell.getByLabel("Place it at 0.1000 anyway").check();
    await sell.getByRole("button", { name: "Sell ADA" }).click();
    await sell.getByLabel("Place it at 0.2000 anyway").check();
    await sell.getByRole("button", { name: "Sell ADA" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Order placed" })).toBeVisible();
    await expect(sell.getByRole("checkbox")).toHaveCount(0);

    // Immediate or cancel (once: the two projects share the book): my own ask inside the spread, then a buy of three
    // times as much at its price fills it (a self-trade) and the rest is revoked at once.
    if (!jsEnabled) return;
    const depth = page.getByRole("region", { name: /depth/i });
    const bid = new Decimal((await depth.locator("dt:text-is('Best bid') + dd").innerText()).replace(/,/g, ""));
    const mine = bid.plus("0.0001").toFixed(4);
    await sell.getByLabel("Price (USDT)").fill(mine);
    await sell.getByLabel("Amount (ADA)").fill("10");
    await sell.getByRole("button", { name: "Sell ADA" }).click();
    await expect(ordersTable(page).locator("tr[data-order-id]")).toHaveCount(1);
    await page.locator("#order-forms").getByRole("link", { name: "Buy", exact: true }).click();
    await buy.getByLabel("Price (USDT)").fill(mine);
    await buy.getByLabel("Amount (ADA)").fill("30");
    await tif.selectOption("ioc");
    await buy.getByRole("button", { name: "Buy ADA" }).click();
    await expect(
      page.getByRole("status").filter({ hasText: "Order placed: 10 of 30 ADA filled, the rest revoked (immediate or cancel)" }),
    ).toBeVisible();
    await expect(ordersTable(page).locator("tr[data-order-id]")).toHaveCount(0);
    // The history names it: a limit order tagged IOC, revoked, 10 of 30 filled.
    await page.getByRole("link", { name: "History" }).click();
    const row = ordersTable(page).locator("tr[data-order-id]", { hasText: "IOC" });
    await expect(row).toHaveCount(1);
    await expect(row.locator('td[data-label="Type"]')).toHaveText("LimitIOC");
    await expect(row.locator('td[data-label="Status"]')).toHaveText(/revoked/i);
  });

  test("an order beyond the balance says what is available", async ({ page, request }) => {
    const user = await registerUser(request);
    await logIn(page, user.email, user.password, "/trade?symbol=BTCUSDT");
    const form = buyForm(page);
    await form.getByLabel("Price (USDT)").fill("1000");
    await form.getByLabel("Amount (BTC)").fill("0.01");
    await form.getByRole("button", { name: "Buy BTC" }).click();
    await expect(form.getByText(/^Insufficient balance: [\d,]+\.\d+ USDT available$/)).toBeVisible();
    await expect(form.getByLabel("Price (USDT)")).toHaveValue("1000");
  });

  test("an order form posted twice with the same idempotency key places one order", async ({ page, jsEnabled }) => {
    test.skip(!jsEnabled, "one run is enough: the POSTs do not depend on the page's JavaScript");
    await logIn(page, "alice@example.com", "Alice2026", "/trade?symbol=BTCUSDT");
    await cancelLeftovers(page, "1,003.00");
    const form = buyForm(page);
    const field = (name: string) => form.locator(`input[name="${name}"]`).inputValue();
    const body = {
      intent: "buy",
      type: "limit",
      currency_match_id: await field("currency_match_id"),
      idempotency_key: await field("idempotency_key"),
      back: "/trade?symbol=BTCUSDT",
      price: "1003",
      number: "0.01",
    };
    // The same form, resubmitted (a double click, a browser retry): the key makes it one order.
    for (let i = 0; i < 2; i++) {
      const res = await page.request.post("/trade?symbol=BTCUSDT", { form: body, headers: { Origin: BASE_URL }, maxRedirects: 0 });
      expect([302, 303]).toContain(res.status());
    }
    await page.goto("/trade?symbol=BTCUSDT");
    const rows = ordersTable(page).locator("tr[data-order-id]", { hasText: "1,003.00" });
    await expect(rows).toHaveCount(1);
    await cancelLeftovers(page, "1,003.00");
  });

  test("an answer goes back to /trade itself, never to an address that only starts like it", async ({ page, jsEnabled }) => {
    test.skip(!jsEnabled, "one run is enough: the POSTs do not depend on the page's JavaScript");
    await logIn(page, "alice@example.com", "Alice2026", "/trade?symbol=BTCUSDT");
    // A cancel the exchange refuses (no such order), posted without the page's JavaScript: a redirect with a toast.
    const post = (back: string) =>
      page.request.post("/trade?symbol=BTCUSDT", {
        form: { intent: "cancel", id: "999999999", way: "1", back },
        headers: { Origin: BASE_URL },
        maxRedirects: 0,
      });
    const kept = await post("/trade?symbol=ETHUSDT#orders");
    expect([302, 303]).toContain(kept.status());
    expect(kept.headers()["location"]).toBe("/trade?symbol=ETHUSDT#orders");
    for (const back of ["/tradeX", "/trades?symbol=BTCUSDT", "/trade/x"]) {
      const res = await post(back);
      expect([302, 303]).toContain(res.status());
      expect(res.headers()["location"]).toBe("/trade");
    }
  });

  test("the form refuses an empty price and quantity with its messages", async ({ page }) => {
    // With JavaScript the browser checks (once the schema has loaded); without it the action answers 400 with the same messages.
    await logIn(page, "demo@example.com", "Trade2026", "/trade?symbol=BTCUSDT");
    const form = await sellForm(page);
    await form.getByRole("button", { name: "Sell BTC" }).click();
    await expect(form).toContainText("Please enter the price");
    await expect(form).toContainText("Please enter the quantity");
  });

  test("a price copied from a page with its thousands separators is pasted without them, and a typed comma is the point", async ({
    page,
    jsEnabled,
  }) => {
    test.skip(!jsEnabled, "pasting and typing are read in the browser; without JavaScript the server reads a typed comma (assets.spec)");
    await logIn(page, "demo@example.com", "Trade2026", "/trade?symbol=BTCUSDT");
    const form = await sellForm(page);
    const price = form.getByLabel("Price (USDT)");
    // A real paste: the text on the clipboard, then the keyboard's shortcut.
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
    const paste = async (text: string) => {
      await page.evaluate((text) => navigator.clipboard.writeText(text), text);
      await price.focus();
      await page.keyboard.press("ControlOrMeta+V");
    };
    // Read as typed, its first separator would be the point: the field kept "67.12".
    for (const [copied, read] of [
      ["67,123.45", "67123.45"],
      ["67.123,45", "67123.45"],
      ["67\u202f123,45 USDT", "67123.45"],
    ]) {
      await price.fill("");
      await paste(copied);
      await expect(price).toHaveValue(read);
    }
    const amount = form.getByLabel("Amount (BTC)");
    await amount.fill("");
    await amount.pressSequentially("0,25");
    await expect(amount).toHaveValue("0.25");
  });
});

test.describe("trade screen, live", () => {
  test.skip(({ javaScriptEnabled }) => javaScriptEnabled === false, "live updates need JavaScript");

  async function secondUser(browser: Browser) {
    const ctx = await browser.newContext({
      baseURL: BASE_URL,
      extraHTTPHeaders: { "X-Forwarded-For": `10.99.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}` },
    });
    await ctx.addCookies([{ name: "popup_seen", value: "1", url: BASE_URL }]);
    return ctx;
  }

  test("a crossing order from another user fills a resting order; trades and history update without a reload", async ({
    page,
    browser,
  }) => {
    await logIn(page, "demo@example.com", "Trade2026", "/trade?symbol=ETHUSDT&orders=history");
    await expect(page.getByRole("heading", { level: 1, name: "ETH/USDT" })).toBeVisible();
    await page.evaluate(() => ((window as unknown as { __noReload: boolean }).__noReload = true));

    const aliceCtx = await secondUser(browser);
    const alice = await aliceCtx.newPage();
    await logIn(alice, "alice@example.com", "Alice2026", "/trade?symbol=ETHUSDT");

    // A price inside the spread: demo's sell becomes the best ask, and no maker order has that price. The maker
    // re-quotes every second, so its ladder can move past that price between the two orders: then alice buys
    // from the maker instead, and the test tries again at a new price (the page is never reloaded).
    const book = page.getByRole("table", { name: /order book/i });
    const priceOf = async (link: ReturnType<Page["locator"]>) => new Decimal((await link.innerText()).replace(/,/g, ""));
    const history = ordersTable(page).locator("tr[data-order-id]");
    const tried: string[] = [];
    let filled = "";
    for (let attempt = 0; attempt < 5 && !filled; attempt++) {
      const bestAsk = await priceOf(book.locator("tbody").first().getByRole("link").last());
      const bestBid = await priceOf(book.locator("tbody").last().getByRole("link").first());
      const mid = bestAsk.plus(bestBid).div(2).toDecimalPlaces(2, Decimal.ROUND_UP);
      const price = mid.gte(bestAsk) ? bestAsk.minus("0.01") : mid;
      const shown = price.toFixed(2).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
      tried.push(shown);

      const sell = await sellForm(page, "ETH");
      await sell.getByLabel("Price (USDT)").fill(price.toFixed(2));
      await sell.getByLabel("Amount (ETH)").fill("0.01");
      await sell.getByRole("button", { name: "Sell ETH" }).click();
      await expect(sell.getByLabel("Amount (ETH)")).toHaveValue("");

      const buy = buyForm(alice, "ETH");
      await buy.getByLabel("Price (USDT)").fill(price.toFixed(2));
      await buy.getByLabel("Amount (ETH)").fill("0.01");
      await buy.getByRole("button", { name: "Buy ETH" }).click();
      await expect(buy.getByLabel("Amount (ETH)")).toHaveValue("");

      // On demo's screen, without a reload: the filled order arrives in history (TX_MATCHED).
      const row = history.filter({ hasText: new RegExp(tried.map((t) => t.replace(/[.,]/g, "\\$&")).join("|")) });
      try {
        await expect(row.first()).toBeVisible({ timeout: 6_000 });
        filled = (await row.first().innerText()).match(/\d{1,3}(,\d{3})*\.\d{2}/)?.[0] ?? "";
      } catch {
        // The maker's ladder moved: try again.
      }
    }
    expect(filled, `one of ${tried.join(", ")} filled`).not.toBe("");
    await expect(history.filter({ hasText: filled }).first()).toContainText("0.01");
    // …and the trade in recent trades (GLOBAL_TX).
    await expect(page.getByRole("table", { name: /latest trades/i })).toContainText(filled, { timeout: 10_000 });
    expect(await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);
    await aliceCtx.close();
  });
});

test.describe("trade screen accessibility", () => {
  for (const theme of ["dark", "light"] as const) {
    test(`has no serious accessibility violations (${theme})`, async ({ page, jsEnabled }) => {
      test.skip(!jsEnabled, "axe runs inside the page");
      await setTheme(page, theme);
      await page.goto("/trade?symbol=BTCUSDT");
      await expectNoSeriousA11yViolations(page, theme);
    });
  }
});

test.describe("trade screen, issue 21", () => {
  test("desktop 1366 × 900: the form and its button on the first screen; history shows the average fill and a rounded fee", async ({
    page,
    request,
    clientIp,
    jsEnabled,
  }) => {
    const user = await registerUser(request);
    cli("credit", user.email, "change_account", "BTC", "0.5");
    cli("credit", user.email, "change_account", "USDT", "5000");
    const headers = { "X-Forwarded-For": clientIp };
    const token = String(
      (
        (await (await request.post("/api/user/login", { data: { account: user.email, password: user.password }, headers })).json()) as {
          data: string;
        }
      ).data,
    );
    const deal = (await (await request.get("/api/market/deal?currency_match_id=1")).json()) as {
      data: { depth: { out: { price: string }[] } };
    };
    const limit = new Decimal(deal.data.depth.out[0]!.price).times("1.01").toDecimalPlaces(2).toFixed(2);
    // A limit buy 1 % over the best ask fills at the asks (below its limit); a market sell pays its fee in USDT.
    const buy = (await (
      await request.post("/api/tx_in/add", {
        data: { currency_match_id: 1, price: limit, number: "0.001" },
        headers: { ...headers, authorization: token },
      })
    ).json()) as { code: number; msg: string; data: { id: number } };
    expect(buy.code, buy.msg).toBe(1);
    const sell = (await (
      await request.post("/api/tx_out/add", {
        data: { currency_match_id: 1, type: "market", number: "0.0123" },
        headers: { ...headers, authorization: token },
      })
    ).json()) as { code: number; msg: string; data: { id: number } };
    expect(sell.code, sell.msg).toBe(1);

    await page.setViewportSize({ width: 1366, height: 900 });
    await logIn(page, user.email, user.password, "/trade?symbol=BTCUSDT&orders=history");
    const button = (await buyForm(page).getByRole("button", { name: "Buy BTC" }).boundingBox())!;
    expect(button.y + button.height).toBeLessThanOrEqual(900);
    expect((await page.locator("#order-forms").boundingBox())!.y).toBeLessThan(450);

    const cell = (id: number, label: string) => ordersTable(page).locator(`tr[data-order-id="${id}"] td[data-label="${label}"]`);
    await expect(cell(buy.data.id, "Price")).toHaveText(Number(limit).toLocaleString("en-US", { minimumFractionDigits: 2 }));
    const avg = Number((await cell(buy.data.id, "Avg. price").innerText()).replace(/,/g, ""));
    expect(avg).toBeGreaterThan(0);
    expect(avg).toBeLessThan(Number(limit));
    // The seller's fee (filled value × 0.1 %, booked finer than a cent's fraction) is shown to USDT's 6 decimals.
    await expect(cell(sell.data.id, "Fee")).toHaveText(/^\d+\.\d{1,6} USDT$/);
    if (jsEnabled)
      for (const theme of ["dark", "light"] as const) {
        await setTheme(page, theme);
        await page.reload();
        await expectNoSeriousA11yViolations(page, theme);
      }
  });
});
