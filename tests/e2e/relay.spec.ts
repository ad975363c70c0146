import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, connect, type Server, type Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Decimal from "decimal.js";
import { expect, test } from "./fixtures";
import { freePort } from "../helpers/ports";

/**
 * The relay's upstream socket, killed five times in a row, through a real browser page.
 *
 * This spec runs its own server (own port, own fresh database, simulator off so the book holds
 * still) whose relay reaches the exchange's /ws through a TCP proxy in this test process: killing
 * the proxy's connections is the network failure. After each kill the exchange moves on (a new best
 * bid and a trade at a new price, placed through the API while the relay is away or reconnecting)
 * and the anonymous /trade page must show both again within 35 s, without a reload.
 */

/** Forwards TCP to `target`; `kill()` cuts every connection as a network failure would. */
async function tcpProxy(target: number) {
  const pairs = new Set<[Socket, Socket]>();
  let connections = 0;
  const server: Server = createServer((client) => {
    connections++;
    const upstream = connect(target, "127.0.0.1");
    const pair: [Socket, Socket] = [client, upstream];
    pairs.add(pair);
    client.pipe(upstream).pipe(client);
    const drop = () => {
      pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on("error", drop).on("close", drop);
    upstream.on("error", drop).on("close", drop);
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()));
  return {
    port: (server.address() as { port: number }).port,
    get connections() {
      return connections;
    },
    get open() {
      return pairs.size;
    },
    kill() {
      for (const [a, b] of pairs) {
        a.destroy();
        b.destroy();
      }
      pairs.clear();
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

test.describe("relay", () => {
  test.skip(({ javaScriptEnabled }) => javaScriptEnabled === false, "live updates need JavaScript");

  let server: ChildProcess | null = null;
  let proxy: Awaited<ReturnType<typeof tcpProxy>> | null = null;
  let dataDir = "";
  let base = "";
  let output = "";

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    const port = await freePort();
    proxy = await tcpProxy(port);
    dataDir = mkdtempSync(join(tmpdir(), "e2e-relay-"));
    base = `http://127.0.0.1:${port}`;
    // This Node with tsx's loader, as `npm start` runs the server (no npm and tsx launcher to start first).
    server = spawn(process.execPath, ["--import", "tsx", "server/index.ts"], {
      env: {
        ...process.env,
        PORT: String(port),
        DATA_DIR: dataDir,
        NODE_ENV: "production",
        SIMULATOR: "off",
        COOKIE_SECURE: "false",
        EXCHANGE_WS_URL: `ws://127.0.0.1:${proxy.port}/ws`,
      },
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
    });
    server.stdout!.on("data", (b: Buffer) => (output += b.toString()));
    server.stderr!.on("data", (b: Buffer) => (output += b.toString()));
    for (let i = 0; ; i++) {
      if (i > 300) throw new Error(`the relay test's server did not start:\n${output.slice(-2000)}`);
      try {
        if ((await fetch(`${base}/healthz`)).ok) break;
      } catch {
        /* not yet */
      }
      await new Promise((r) => setTimeout(r, 400));
    }
  });

  test.afterAll(async () => {
    if (server?.pid) {
      try {
        process.kill(-server.pid, "SIGTERM");
      } catch {
        /* gone */
      }
    }
    await proxy?.close();
    await new Promise((r) => setTimeout(r, 500));
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  async function call(path: string, body: unknown, token?: string) {
    const res = await fetch(`${base}/api/${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/json", ...(token ? { Authorization: token } : {}) },
      body: JSON.stringify(body),
    });
    return (await res.json()) as { code: number; msg: string; data: any };
  }
  async function get(path: string) {
    return ((await (await fetch(`${base}/api/${path}`)).json()) as { data: any }).data;
  }
  async function login(account: string, password: string): Promise<string> {
    const r = await call("user/login", { account, password });
    expect(r.code, r.msg).toBe(1);
    return r.data as string;
  }
  const grouped = (d: Decimal) => d.toFixed(2).replace(/\B(?=(\d{3})+(?!\d))/g, ",");

  test("an upstream socket killed five times in a row: the page shows the current book and trades again each time", async ({ page }) => {
    test.setTimeout(300_000);
    const groups = await get("market/currency_matches");
    const pair = groups.flatMap((g: { matches: any[] }) => g.matches).find((p: { symbol: string }) => p.symbol === "BTC/USDT");
    expect(pair, "BTC/USDT is listed").toBeTruthy();
    const deal = await get(`market/deal?currency_match_id=${pair.id}`);
    const bestBid = new Decimal(deal.depth.in[0].price);
    const bestAsk = new Decimal(deal.depth.out[0].price);
    expect(bestAsk.minus(bestBid).gt("0.10"), `a spread to trade inside (${bestBid}–${bestAsk})`).toBe(true);
    // Five prices inside the spread, rising: each becomes the new best bid and the price of a trade.
    const step = bestAsk.minus(bestBid).div(7).toDecimalPlaces(2, Decimal.ROUND_DOWN);
    const prices = [1, 2, 3, 4, 5].map((i) => bestBid.plus(step.times(i)));
    const buyer = await login("demo@example.com", "Trade2026");
    const seller = await login("bob@example.com", "Bob2026x");

    await page.context().addCookies([{ name: "popup_seen", value: "1", url: base }]);
    await page.goto(`${base}/trade?symbol=BTCUSDT`);
    await expect(page.getByRole("heading", { level: 1, name: "BTC/USDT" })).toBeVisible();
    await page.evaluate(() => ((window as unknown as { __noReload: boolean }).__noReload = true));
    const book = page.getByRole("table", { name: /order book/i });
    const trades = page.getByRole("table", { name: /latest trades/i });

    for (const [round, price] of prices.entries()) {
      // The relay is connected (again): its public upstream socket goes through the proxy.
      await expect.poll(() => proxy!.open, { timeout: 40_000, message: `relay connected before kill ${round + 1}` }).toBeGreaterThan(0);
      proxy!.kill();
      const buy = await call("tx_in/add", { currency_match_id: pair.id, type: "limit", price: price.toFixed(2), number: "0.02" }, buyer);
      expect(buy.code, buy.msg).toBe(1);
      const sell = await call("tx_out/add", { currency_match_id: pair.id, type: "limit", price: price.toFixed(2), number: "0.01" }, seller);
      expect(sell.code, sell.msg).toBe(1);
      // Within 35 s, without a reload: the rest of the buy is the best bid, and the trade is listed.
      const shown = grouped(price);
      await expect(book.locator("tbody").last().getByRole("link").first(), `best bid after kill ${round + 1}`).toHaveText(shown, {
        timeout: 35_000,
      });
      await expect(trades, `trade after kill ${round + 1}`).toContainText(shown, { timeout: 35_000 });
    }
    expect(proxy!.connections, "the relay reconnected after every kill").toBeGreaterThanOrEqual(6);
    expect(await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);
  });
});
