import { readFile } from "node:fs/promises";
import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { BASE_URL } from "../../playwright.config";
import { parseCsv } from "../../app/lib/csv";
import { cli, expect, expectNoSeriousA11yViolations, logIn, registerUser, setTheme, test } from "./fixtures";

/**
 * Issue 24, end to end with JavaScript on and off: a stop-limit placed on /trade, triggered by trades the test makes
 * between its own accounts and filled; an OCO whose limit order fills cancels its stop; cancel all after the
 * confirmation; /orders' filters and its CSV download; the depth chart's name and summary; axe in both themes and
 * 390 px. Each project trades a pair of its own (BNB with JavaScript, ADA without) that no other spec trades, and
 * every price is set inside the book's spread (just under the best ask), where the test's accounts meet each other.
 */

type Market = { id: number; symbol: string; name: string; base: string; dp: number; unit: number };
const marketFor = (js: boolean): Market =>
  js
    ? { id: 7, symbol: "BNBUSDT", name: "BNB/USDT", base: "BNB", dp: 2, unit: 1 }
    : { id: 9, symbol: "TRXUSDT", name: "TRX/USDT", base: "TRX", dp: 5, unit: 1000 };
/** An amount of the market's base: `k` of its units (1 BNB, 1,000 TRX: each some 100 USDT or more). */
const qty = (m: Market, k: number) => String(k * m.unit);

async function logInTo(page: Page, email: string, password: string, to: string) {
  await logIn(page, email, password, `/login?page=${encodeURIComponent(to)}`);
  await expect(page).toHaveURL(new RegExp(`${to.split("?")[0]}`));
}

async function apiLogin(request: APIRequestContext, email: string, password: string, ip: string) {
  const r = await request.post(`${BASE_URL}/api/user/login`, { headers: { "X-Forwarded-For": ip }, data: { account: email, password } });
  const body = (await r.json()) as { code: number; data: string };
  expect(body.code).toBe(1);
  return body.data;
}

type Who = { token: string; ip: string };

async function place(request: APIRequestContext, who: Who, side: "buy" | "sell", m: Market, price: string, number: string) {
  const r = await request.post(`${BASE_URL}/api/${side === "buy" ? "tx_in" : "tx_out"}/add`, {
    headers: { authorization: who.token, "X-Forwarded-For": who.ip },
    data: { currency_match_id: m.id, price, number },
  });
  const body = (await r.json()) as { code: number; msg: string; data: { id: number } };
  expect(body, body.msg).toMatchObject({ code: 1 });
  return body.data.id;
}

/**
 * The guard's size in units. The end-to-end server invents no trades, but where the demo's market maker does trade (a
 * few market orders per 10 s, at most about a fifth of one of its levels: some 18 BNB or 30,000 TRX) it takes from the
 * guard while the test works and cannot take it all, so the test holds either way.
 */
const GUARD = 5000;

/** Cancels an order of mine; `leftover`: one that trades may have filled meanwhile (then there is nothing to cancel). */
async function cancel(request: APIRequestContext, who: Who, side: "buy" | "sell", id: number, leftover = false) {
  const r = await request.post(`${BASE_URL}/api/${side === "buy" ? "tx_in" : "tx_out"}/cancel`, {
    headers: { authorization: who.token, "X-Forwarded-For": who.ip },
    data: { id },
  });
  if (!leftover) expect(((await r.json()) as { code: number }).code).toBe(1);
}

/**
 * The book's best bid and ask now, and prices on the pair's tick from the bid up (`at(1)` is one tick above the best
 * bid). The market maker's spread is at least three ticks on both pairs, so `at(1)` and `at(2)` lie inside it.
 */
async function book(request: APIRequestContext, m: Market) {
  const deal = (await (await request.get(`${BASE_URL}/api/market/deal?currency_match_id=${m.id}`)).json()) as {
    data: { depth: { in: { price: string }[]; out: { price: string }[] } };
  };
  const tick = 10 ** -m.dp;
  const bid = Number(deal.data.depth.in[0]?.price);
  const ask = Number(deal.data.depth.out[0]?.price);
  const at = (ticks: number) => (Math.round(bid / tick) * tick + ticks * tick).toFixed(m.dp);
  expect(Number(at(2)), `the spread ${bid}..${ask}`).toBeLessThan(ask);
  return { bid, ask, at, low: (bid * 0.5).toFixed(m.dp), high: (ask * 1.5).toFixed(m.dp) };
}

/**
 * Three accounts: the trader on screen (quote and base), and a buyer (quote) and a seller (base) who trade with each
 * other through the API. Each registration and credit goes through the operator's CLI, seconds each on a loaded
 * machine: the test that asks for them is marked slow here.
 */
async function accounts(request: APIRequestContext, m: Market, ip: string) {
  test.slow();
  const [trader, buyer, seller] = [await registerUser(request), await registerUser(request), await registerUser(request)];
  cli("credit", trader.email, "change_account", "USDT", "10000000");
  cli("credit", trader.email, "change_account", m.base, qty(m, 100_000));
  cli("credit", buyer.email, "change_account", "USDT", "10000000");
  cli("credit", seller.email, "change_account", m.base, qty(m, 100_000));
  return {
    trader,
    buyer: { token: await apiLogin(request, buyer.email, buyer.password, ip), ip },
    seller: { token: await apiLogin(request, seller.email, seller.password, ip), ip },
  };
}

type Accounts = Awaited<ReturnType<typeof accounts>>;

/** The market of this project, its three accounts, the trader signed in on /trade with the order type `otype`, and the book. */
async function traderOnForm(page: Page, request: APIRequestContext, clientIp: string, jsEnabled: boolean, otype: string) {
  const m = marketFor(jsEnabled);
  const a = await accounts(request, m, clientIp);
  await logInTo(page, a.trader.email, a.trader.password, `/trade?symbol=${m.symbol}&otype=${otype}`);
  return { m, a, p: await book(request, m) };
}

/**
 * Makes `price` the last price and a guard of it: a large order of `side` there (GUARD units, from the seller for a
 * sell, the buyer for a buy) and a trade of one unit on it. Returns the guard's id: cancelling it lets the price move.
 */
async function holdLastPrice(request: APIRequestContext, a: Accounts, m: Market, side: "buy" | "sell", price: string) {
  const [guardian, taker] = side === "sell" ? [a.seller, a.buyer] : [a.buyer, a.seller];
  const guard = await place(request, guardian, side, m, price, qty(m, GUARD));
  await place(request, taker, side === "sell" ? "buy" : "sell", m, price, qty(m, 1));
  return guard;
}

/** A row of an orders table by its type cell ('Limit', 'Stop-limit'). */
const ofType = (rows: Locator, type: string) =>
  rows.filter({ has: rows.page().locator('td[data-label="Type"]', { hasText: new RegExp(`^${type}`) }) });

test.describe("orders", () => {
  test("a stop-limit buy waits, fires on the crossing trade and fills; its fill and average price are on /orders and in the CSV", async ({
    page,
    request,
    clientIp,
    jsEnabled,
  }) => {
    const { m, a, p } = await traderOnForm(page, request, clientIp, jsEnabled, "stop_limit");
    // A sell guard one tick above the best bid: every trade the market maker makes meanwhile is at or under it (its buys
    // take this sell first), so a trigger a tick above stays above.
    const guard = await holdLastPrice(request, a, m, "sell", p.at(1));
    const trigger = p.at(2);

    // A trigger on the wrong side of the last price comes back on its field, with what was typed kept.
    const form = page.getByRole("form", { name: `Buy ${m.base}` });
    await form.getByLabel("Trigger price (USDT)").fill(p.low);
    await form.getByLabel("Limit price (USDT)").fill(trigger);
    await form.getByLabel(`Amount (${m.base})`).fill(qty(m, 2));
    await form.getByRole("button", { name: `Buy ${m.base}` }).click();
    await expect(form.getByText(/A buy stop's trigger price must be above the last price/)).toBeVisible();
    await expect(form.getByLabel(`Amount (${m.base})`)).toHaveValue(qty(m, 2));

    await form.getByLabel("Trigger price (USDT)").fill(trigger);
    await form.getByRole("button", { name: `Buy ${m.base}` }).click();
    await expect(page.getByText("Stop-limit order placed").first()).toBeVisible();

    await page.goto("/orders");
    const open = page.getByRole("table", { name: "Open orders" }).locator("tr[data-order-id]");
    await expect(open).toHaveCount(1);
    await expect(open).toContainText("Stop-limit");
    await expect(open).toContainText("waiting");
    await expect(open).toContainText("untriggered");

    // The guard goes; the seller offers at the trigger price and the buyer takes some: that trade reaches the
    // trigger, and the stop's limit order takes what is left.
    await cancel(request, a.seller, "sell", guard);
    const rest = await place(request, a.seller, "sell", m, trigger, qty(m, 100));
    await place(request, a.buyer, "buy", m, trigger, qty(m, 2));

    await page.goto("/orders?view=history");
    const done = page.getByRole("table", { name: "Order history" }).locator("tr[data-order-id]");
    await expect(done).toHaveCount(1);
    await expect(done).toContainText("Stop-limit");
    await expect(done).toContainText("completed");
    await expect(done).toContainText(/triggered \d/);
    await expect(done.locator('td[data-label="Avg. price"]')).toHaveText(trigger);

    await page.getByRole("link", { name: "Fills", exact: true }).click();
    const fills = page.getByRole("table", { name: "Fills" });
    await expect(fills.locator("tbody tr").first()).toContainText(m.name);

    // The fills as CSV: a header in the reader's language, UTC ISO times, exact prices and amounts.
    const download = page.waitForEvent("download");
    await page.getByRole("link", { name: "Download these fills (CSV)" }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^fills-\d{4}-\d{2}-\d{2}\.csv$/);
    const rows = parseCsv(await readFile((await file.path())!, "utf8"));
    const header = rows[0]!;
    expect(header).toContain("Maker or taker");
    expect(rows.length).toBeGreaterThan(1);
    let filled = 0;
    for (const fill of rows.slice(1)) {
      expect(fill[header.indexOf("Time (UTC)")]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
      expect(fill[header.indexOf("Pair")]).toBe(m.name);
      expect(Number(fill[header.indexOf("Price")])).toBe(Number(trigger));
      filled += Number(fill[header.indexOf("Amount")]);
    }
    expect(filled).toBe(2 * m.unit);
    // What the seller still offers would be the next test's best ask: it goes.
    await cancel(request, a.seller, "sell", rest, true);
  });

  test("an OCO buy whose limit order fills cancels its stop", async ({ page, request, clientIp, jsEnabled }) => {
    const { m, a, p } = await traderOnForm(page, request, clientIp, jsEnabled, "oco");
    // A buy guard two ticks above the best bid: every trade the market maker makes meanwhile is at or above it, so a
    // limit price a tick under stays under.
    const guard = await holdLastPrice(request, a, m, "buy", p.at(2));
    const limit = p.at(1);

    const form = page.getByRole("form", { name: `Buy ${m.base}` });
    await form.getByLabel("Take-profit limit price (USDT)").fill(limit);
    await form.getByLabel("Stop trigger price (USDT)").fill(p.high);
    await form.getByLabel("Stop limit price (USDT)").fill(p.high);
    await form.getByLabel(`Amount (${m.base})`).fill(qty(m, 3));
    await form.getByRole("button", { name: `Buy ${m.base}` }).click();
    await expect(page.getByText("OCO order placed").first()).toBeVisible();

    // Both legs wait on /orders, marked as one OCO.
    await page.goto(`/orders?pair=${m.id}`);
    const open = page.getByRole("table", { name: "Open orders" }).locator("tr[data-order-id]");
    await expect(open).toHaveCount(2);
    await expect(open.filter({ hasText: "OCO" })).toHaveCount(2);

    // The guard goes and a seller fills the limit order: the stop is cancelled, never triggered.
    await cancel(request, a.buyer, "buy", guard);
    await place(request, a.seller, "sell", m, limit, qty(m, 3));
    await page.goto(`/orders?view=history&pair=${m.id}`);
    const history = page.getByRole("table", { name: "Order history" }).locator("tr[data-order-id]");
    await expect(history).toHaveCount(2);
    await expect(ofType(history, "Limit")).toContainText("completed");
    await expect(ofType(history, "Stop-limit")).toContainText("cancelled");
    await expect(ofType(history, "Stop-limit")).toContainText("not triggered");
    await page.goto(`/orders?pair=${m.id}`);
    await expect(page.getByRole("table", { name: "Open orders" }).locator("tr[data-order-id]")).toHaveCount(0);
  });

  test("cancel all asks first, then cancels every open order of the pair; /orders filters by pair, side and status", async ({
    page,
    request,
    clientIp,
    jsEnabled,
  }) => {
    const m = marketFor(jsEnabled);
    const a = await accounts(request, m, clientIp);
    const trader = { token: await apiLogin(request, a.trader.email, a.trader.password, clientIp), ip: clientIp };
    const p = await book(request, m);
    // Two buys far under the market, one sell far above it, and two ETH buys far under it: none can trade.
    await place(request, trader, "buy", m, p.low, qty(m, 1));
    await place(request, trader, "buy", m, p.low, qty(m, 2));
    await place(request, trader, "sell", m, p.high, qty(m, 1));
    await place(request, trader, "buy", { ...m, id: 2 }, "1.00", "0.01");
    await place(request, trader, "buy", { ...m, id: 2 }, "1.00", "0.02");

    await logInTo(page, a.trader.email, a.trader.password, "/orders");
    await expect(page.getByTestId("orders-total")).toHaveText("5 rows");
    // Filters: the pair, then the side, then a status with nothing in it.
    const filters = page.getByRole("form", { name: "Filters" });
    await filters.getByLabel("Pair").selectOption(m.name);
    await filters.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(new RegExp(`pair=${m.id}`));
    await expect(page.getByTestId("orders-total")).toHaveText("3 rows");
    await filters.getByLabel("Side").selectOption("buy");
    await filters.getByRole("button", { name: "Apply" }).click();
    await expect(page.getByTestId("orders-total")).toHaveText("2 rows");
    await filters.getByLabel("Status").selectOption("untriggered");
    await filters.getByRole("button", { name: "Apply" }).click();
    await expect(page.getByTestId("orders-total")).toHaveText("0 rows");

    // Cancel all on the pair from /trade: the confirmation names the pair and the count.
    await page.goto(`/trade?symbol=${m.symbol}`);
    await page.getByRole("link", { name: `Cancel all on ${m.name}` }).click();
    const dialog = page.getByRole("dialog", { name: `Cancel all your orders on ${m.name}?` });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByTestId("cancel-all-count")).toHaveText(
      `3 open orders on ${m.name} will be cancelled, waiting stops included.`,
    );
    await dialog.getByRole("button", { name: "Cancel 3 orders" }).click();
    await expect(page.getByText("3 orders cancelled").first()).toBeVisible();
    await expect(dialog).toHaveCount(0);

    // On /orders: one ETH order cancelled from its row, then the other with 'cancel all' (every pair), asked first.
    await page.goto("/orders");
    await expect(page.getByTestId("orders-total")).toHaveText("2 rows");
    const eth = page.getByRole("table", { name: "Open orders" }).locator("tr[data-order-id]");
    await expect(eth.filter({ hasText: "ETH/USDT" })).toHaveCount(2);
    await eth
      .first()
      .getByRole("button", { name: /^Cancel order \d+$/ })
      .click();
    await expect(page.getByText("Order cancelled").first()).toBeVisible();
    await expect(page.getByTestId("orders-total")).toHaveText("1 row");
    await page.getByRole("link", { name: "Cancel all open orders" }).click();
    const ask = page.getByRole("region", { name: "Cancel all your open orders on every pair?" });
    await expect(ask.getByTestId("cancel-all-count")).toHaveText("1 open order will be cancelled, waiting stops included.");
    if (jsEnabled) await expect(ask.getByRole("link", { name: "Keep them" })).toBeFocused();
    await ask.getByRole("button", { name: "Cancel 1 order" }).click();
    await expect(page.getByText("1 order cancelled").first()).toBeVisible();
    await expect(page.getByTestId("orders-total")).toHaveText("0 rows");
    await expect(ask).toHaveCount(0);

    await page.goto(`/orders?view=history&pair=${m.id}&status=cancelled`);
    await expect(page.getByTestId("orders-total")).toHaveText("3 rows");

    // The orders' CSV: a header row, one row per order, the exact amounts.
    const download = page.waitForEvent("download");
    await page.getByRole("link", { name: "Download these orders (CSV)" }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^order-history-\d{4}-\d{2}-\d{2}\.csv$/);
    const rows = parseCsv(await readFile((await file.path())!, "utf8"));
    expect(rows).toHaveLength(4);
    const amount = rows[0]!.indexOf("Amount");
    expect(
      rows
        .slice(1)
        .map((r) => Number(r[amount]) / m.unit)
        .sort(),
    ).toEqual([1, 1, 2]);
  });

  test("the account records download as CSV: the reader's header, UTC times, exact amounts", async ({ page, request }) => {
    const user = await registerUser(request);
    cli("credit", user.email, "change_account", "USDT", "1234.5678");
    await logInTo(page, user.email, user.password, "/assets/dealRecords");
    const download = page.waitForEvent("download");
    await page.getByRole("link", { name: "Download all as CSV" }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/\.csv$/);
    const rows = parseCsv(await readFile((await file.path())!, "utf8"));
    const header = rows[0]!;
    expect(header).toEqual(expect.arrayContaining(["Time (UTC)", "Currency", "Change"]));
    const credited = rows.slice(1).find((r) => r[header.indexOf("Change")] === "1234.5678");
    expect(credited, JSON.stringify(rows)).toBeTruthy();
    expect(credited![header.indexOf("Currency")]).toBe("USDT");
    expect(credited![header.indexOf("Time (UTC)")]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  });

  test("/trade's depth chart has its name and summary; /orders and the stop and OCO forms pass axe in both themes and fit 390 px", async ({
    page,
    request,
    jsEnabled,
  }) => {
    const m = marketFor(jsEnabled);
    await page.goto(`/trade?symbol=${m.symbol}`);
    await expect(page.getByRole("img", { name: new RegExp(`depth`, "i") })).toBeVisible();
    const depth = page.getByRole("region", { name: /depth/i });
    await expect(depth).toContainText("Best bid");
    await expect(depth).toContainText("Best ask");
    await expect(depth).toContainText("Spread");

    const user = await registerUser(request);
    await page.setViewportSize({ width: 390, height: 844 });
    await logInTo(page, user.email, user.password, "/orders");
    await expect(page.getByRole("heading", { level: 1, name: "My spot orders" })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    // The OCO form (the most fields) fits too.
    await page.goto(`/trade?symbol=${m.symbol}&otype=oco`);
    await expect(page.getByRole("form", { name: `Buy ${m.base}` }).getByLabel("Stop trigger price (USDT)")).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    for (const theme of ["dark", "light"] as const) {
      await setTheme(page, theme);
      for (const path of ["/orders?view=history", "/orders?confirm=cancel-all&scope=all", `/trade?symbol=${m.symbol}&otype=oco`]) {
        await page.goto(path);
        await expectNoSeriousA11yViolations(page, theme);
      }
    }
  });
});
