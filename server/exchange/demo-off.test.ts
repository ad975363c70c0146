import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { calls, EnvelopeSchema, type CallName } from "../../app/contract/index";
import { openDatabase } from "./db/index";
import { applyListing, ListingError, parseListing, type Listing } from "./db/listing";
import { DataModeError } from "./db/mode";
import { credit } from "./ledger/index";
import { createExchange, type Exchange } from "./index";

/** A real exchange (DEMO=off): the operator's listing, no demo data, nothing simulated. */

const example = (): Listing =>
  parseListing(JSON.parse(readFileSync(new URL("../../deploy/exchange.example.json", import.meta.url), "utf8")));
const dirs: string[] = [];
const tempDir = () => {
  const d = mkdtempSync(join(tmpdir(), "demo-off-"));
  dirs.push(d);
  return d;
};
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

async function call(ex: Exchange, name: CallName, payload: Record<string, string | number> = {}, token?: string) {
  const c = calls[name];
  const headers: Record<string, string> = token ? { authorization: token } : {};
  const url = new URL(`http://localhost/api/${c.path}`);
  let init: RequestInit = { headers };
  if (c.method === "GET") for (const [k, v] of Object.entries(payload)) url.searchParams.set(k, String(v));
  else init = { method: "POST", headers: { ...headers, "content-type": "application/json" }, body: JSON.stringify(payload) };
  return EnvelopeSchema.parse(await (await ex.handle(new Request(url, init))).json());
}

async function register(ex: Exchange, email: string, password: string): Promise<string> {
  expect((await call(ex, "sendEmail", { to: email, type: 1 })).code).toBe(1);
  const { code } = ex.db.prepare("SELECT code FROM outbox WHERE address = ? ORDER BY id DESC LIMIT 1").get(email) as { code: string };
  expect((await call(ex, "register", { account: email, type: "email", password, re_password: password, sms_code: code })).code).toBe(1);
  const login = await call(ex, "login", { account: email, password, login_type: "email" });
  expect(login.code).toBe(1);
  return String(login.data);
}

const count = (ex: Exchange, table: string) => (ex.db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n;

describe("DEMO=off", () => {
  it("has no demo account, no invented balance, and no trade until someone trades", async () => {
    const dir = tempDir();
    const logs: string[] = [];
    const ex = createExchange({ dataDir: dir, demo: false, listing: example(), log: (l) => logs.push(l) });
    try {
      expect(ex.demoAccounts).toEqual([]);
      expect(ex.marketMaker).toBeNull();
      // Only the system accounts, holding nothing: no demo user, no inventory from nowhere.
      expect((ex.db.prepare("SELECT COUNT(*) AS n FROM users WHERE is_system = 0").get() as { n: number }).n).toBe(0);
      expect(
        (ex.db.prepare("SELECT COUNT(*) AS n FROM accounts WHERE balance != '0' OR lock_balance != '0'").get() as { n: number }).n,
      ).toBe(0);
      expect((await call(ex, "login", { account: "demo@example.com", password: "Trade2026", login_type: "email" })).code).not.toBe(1);
      // The operator's listing, not the demo's.
      const pairs = ex.db.prepare("SELECT open_change FROM currency_matches").all();
      expect(pairs).toHaveLength(3);
      expect(count(ex, "currencies")).toBe(3);
      expect(count(ex, "lock_products")).toBe(1);
      expect(count(ex, "news")).toBe(1);
      expect(logs).toContain("[listing] pair BTC/USDT: added");
      // Nothing trades by itself: no simulator history, no market maker's ladder, no order.
      for (const table of ["trades", "klines", "spot_orders", "p2p_ads"]) expect(count(ex, table), table).toBe(0);
      await new Promise((r) => setTimeout(r, 300));
      await ex.engine.idle();
      expect(count(ex, "trades")).toBe(0);

      // Two people sign up, the operator credits them, they trade: then, and only then, a trade.
      const seller = await register(ex, "seller@exchange.example", "Seller2026");
      const buyer = await register(ex, "buyer@exchange.example", "Buyer20261");
      const idOf = (email: string) => (ex.db.prepare("SELECT id FROM users WHERE email = ?").get(email) as { id: number }).id;
      const currency = (code: string) => (ex.db.prepare("SELECT id FROM currencies WHERE code = ?").get(code) as { id: number }).id;
      credit(ex.db, {
        userId: idOf("seller@exchange.example"),
        currencyId: currency("BTC"),
        accountCode: "change_account",
        amount: "1",
        type: "admin_credit",
      });
      credit(ex.db, {
        userId: idOf("buyer@exchange.example"),
        currencyId: currency("USDT"),
        accountCode: "change_account",
        amount: "1000",
        type: "admin_credit",
      });
      const pair = (ex.db.prepare("SELECT id FROM currency_matches WHERE base_currency_id = ?").get(currency("BTC")) as { id: number }).id;
      expect((await call(ex, "txOutAdd", { currency_match_id: pair, price: "500", number: "0.01", type: "limit" }, seller)).code).toBe(1);
      expect((await call(ex, "txInAdd", { currency_match_id: pair, price: "500", number: "0.01", type: "limit" }, buyer)).code).toBe(1);
      await ex.engine.idle();
      expect(ex.db.prepare("SELECT price, number, source FROM trades").all()).toEqual([
        { price: "500.00", number: "0.01", source: "user" },
      ]);
    } finally {
      await ex.close();
    }
  });

  it("refuses a database of the other kind, both ways", async () => {
    const demoDir = tempDir();
    await createExchange({ dataDir: demoDir, simulator: false, marketMaker: false, log: () => {} }).close();
    expect(() => createExchange({ dataDir: demoDir, demo: false, listing: example(), log: () => {} })).toThrow(DataModeError);
    expect(() => createExchange({ dataDir: demoDir, demo: false, listing: example(), log: () => {} })).toThrow(/holds the demo/);

    const liveDir = tempDir();
    await createExchange({ dataDir: liveDir, demo: false, listing: example(), log: () => {} }).close();
    expect(() => createExchange({ dataDir: liveDir, simulator: false, log: () => {} })).toThrow(/belongs to a real exchange/);
    expect(() => createExchange({ dataDir: liveDir, demo: false, simulator: true, listing: example(), log: () => {} })).toThrow(
      /neither the market simulator nor the market maker/,
    );
  });
});

describe("the listing", () => {
  it("reports every problem with its place in the file", () => {
    const l = example() as unknown as Record<string, unknown>;
    const broken = structuredClone(l) as { pairs: Array<Record<string, unknown>>; currencies: Array<Record<string, unknown>> };
    broken.pairs.push({ base: "DOGE", quote: "ETH", pricePrecision: 2, amountPrecision: 2 });
    broken.currencies[0].decimals = 19;
    (broken.currencies[1].withdrawal as Record<string, unknown>).feeRate = "0,001";
    expect(() => parseListing(broken)).toThrow(ListingError);
    let message = "";
    try {
      parseListing(broken);
    } catch (err) {
      message = (err as Error).message;
    }
    expect(message).toContain("currencies.0.decimals");
    expect(message).toContain("currencies.1.withdrawal.feeRate: must be a decimal number");
    expect(message).toContain("pairs.3.base: DOGE is not in currencies");
    expect(message).toContain('pairs.3.quote: ETH is not marked "quote": true');
  });

  it("adds and updates on the next start, never deletes, and keeps a currency's decimals", () => {
    const db = openDatabase(tempDir());
    try {
      const first = example();
      expect(applyListing(db, first)).toContain("currency ETH: added");
      expect(applyListing(db, first)).toEqual([]);

      const reopened = structuredClone(first);
      reopened.pairs[2].spot = true;
      reopened.currencies[0].withdrawal.feeRate = "0.002";
      expect(applyListing(db, reopened, { dryRun: true })).toEqual(["currency USDT: updated", "pair ETH/BTC: updated"]);
      expect((db.prepare("SELECT draw_rate FROM currencies WHERE code = 'USDT'").get() as { draw_rate: string }).draw_rate).toBe("0.001");
      expect(applyListing(db, reopened)).toEqual(["currency USDT: updated", "pair ETH/BTC: updated"]);
      expect((db.prepare("SELECT draw_rate FROM currencies WHERE code = 'USDT'").get() as { draw_rate: string }).draw_rate).toBe("0.002");

      const dropped = structuredClone(first);
      dropped.pairs.pop();
      expect(() => applyListing(db, dropped)).toThrow(/pairs ETH\/BTC are in the database but not in the listing/);
      const noEth = structuredClone(first);
      noEth.currencies.pop();
      noEth.pairs = noEth.pairs.filter((p) => p.base !== "ETH");
      expect(() => applyListing(db, noEth)).toThrow(/currencies ETH are in the database but not in the listing/);
      const decimals = structuredClone(first);
      decimals.currencies[1].decimals = 6;
      expect(() => applyListing(db, decimals)).toThrow(/BTC: decimals are 8 in the database and cannot change/);
      // A refused listing wrote nothing.
      expect((db.prepare("SELECT decimals FROM currencies WHERE code = 'BTC'").get() as { decimals: number }).decimals).toBe(8);
    } finally {
      db.close();
    }
  });
});
