import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { moneyClient } from "../../../tests/helpers/money-client";
import { DealSchema, SpotBalancesSchema, SpotOrderPageSchema, SpotOrderSchema } from "../../../app/contract/index";
import { createExchange, setPairPrice, type Exchange } from "../index";
import { removeExchange } from "../../../tests/helpers/quiet-exchange";

let ex: Exchange;
let dir: string;
let demo: string;
let alice: string;

/** The API through the exchange's own handler (tests/helpers/money-client.ts), once `ex` is up. */
const call: ReturnType<typeof moneyClient>["call"] = (...args) => moneyClient(ex).call(...args);
const login = (account: string, password: string) => moneyClient(ex).login(account, password);

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "exchange-spot-"));
  ex = createExchange({ dataDir: dir, simulator: false, marketMaker: false, log: () => {} });
  demo = await login("demo@example.com", "Trade2026");
  alice = await login("alice@example.com", "Alice2026");
});
afterAll(() => removeExchange(ex, dir));

describe("spot orders through the API", () => {
  it("needs a login", async () => {
    expect((await call("txInAdd", { currency_match_id: 2, number: "1", price: "3000" })).code).toBe(999);
    expect((await call("txInList", { currency_match_id: 2 })).code).toBe(999);
  });

  it("validates, in the request's language", async () => {
    const add = (p: Record<string, string | number>, lang?: string) =>
      call("txInAdd", { currency_match_id: 2, ...p }, { token: demo, lang });
    expect((await add({ number: "1" })).msg).toBe("please enter the price");
    expect((await add({ price: "3000" })).msg).toBe("please enter the quantity");
    expect((await add({ price: "3000", number: "0.1234567" })).msg).toBe("quantity may have at most 6 decimals");
    expect((await add({ price: "3000", number: "0" })).msg).toBe("quantity must be greater than 0");
    expect((await add({ price: "3000", number: "-1" })).msg).toBe("quantity is invalid");
    expect((await add({ price: "1e3", number: "1" })).msg).toBe("price is invalid");
    expect((await add({ price: "3000.123", number: "1" })).msg).toBe("price may have at most 2 decimals");
    expect((await add({ price: "3000.123", number: "1" }, "de")).msg).toBe("der Preis darf höchstens 2 Nachkommastellen haben");
    expect((await add({ price: "3000", number: "100" })).msg).toBe("insufficient balance");
    expect((await add({ price: "3000", number: "100" }, "hk")).msg).toBe("餘額不足");
    expect((await add({ type: "market", number: "1" })).msg).toBe("no best price at the moment");
    expect((await add({ type: "market", number: "1" }, "jp")).msg).toBe("現在、最良価格がありません");
    expect((await call("txInAdd", { currency_match_id: 10, price: "1", number: "1" }, { token: demo })).msg).toBe("trading pair not found");
  });

  it("adds, lists, fills, cancels and keeps history", async () => {
    // Alice sells 1 ETH at 3400; demo buys 0.4 at 3410 (fills at 3400) and then rests 0.5 at 3390.
    const sell = await call("txOutAdd", { currency_match_id: 2, price: "3400", number: "1" }, { token: alice });
    expect(sell).toMatchObject({ code: 1, msg: "order placed" });
    const s = SpotOrderSchema.parse(sell.data);
    expect(s).toMatchObject({
      way: 2,
      way_name: "sell",
      status: 0,
      status_name: "open",
      number: "1",
      transacted_amount: "0",
      price: "3400.00",
      type: "limit",
    });
    expect(s.currency_match).toEqual({ id: 2, symbol: "ETH/USDT" });

    const buy = SpotOrderSchema.parse(
      (await call("txInAdd", { currency_match_id: 2, price: "3410", number: "0.4" }, { token: demo })).data,
    );
    expect(buy).toMatchObject({
      status: 1,
      status_name: "completed",
      transacted_amount: "0.4",
      transacted_volume: "1360",
      fee: "0.0004",
      fee_currency: "ETH",
    });
    const rest = SpotOrderSchema.parse(
      (await call("txInAdd", { currency_match_id: 2, price: "3390", number: "0.5" }, { token: demo, lang: "zh" })).data,
    );
    expect(rest).toMatchObject({ status: 0, status_name: "委托中", way_name: "买入" });

    const deal = DealSchema.parse((await call("deal", { currency_match_id: 2 })).data);
    expect(deal.depth.in).toEqual([{ index: 0, price: "3390.00", amount: "0.5" }]);
    expect(deal.depth.out).toEqual([{ index: 0, price: "3400.00", amount: "0.6" }]);
    expect(deal.tx_completes[0]).toMatchObject({ way: 2, price: "3400.00", number: "0.4" });
    expect(deal.quotation.close).toBe("3400.00");

    const open = SpotOrderPageSchema.parse((await call("txInList", { currency_match_id: 2 }, { token: demo })).data);
    expect(open).toMatchObject({ total: 1, per_page: 10, last_page: 1, current_page: 1 });
    expect(open.data[0].id).toBe(rest.id);
    const all = SpotOrderPageSchema.parse((await call("txInList", { currency_match_id: 2, status: "all" }, { token: demo })).data);
    expect(all.data.map((o) => o.id)).toEqual([rest.id, buy.id]);
    const sells = SpotOrderPageSchema.parse((await call("txOutList", { currency_match_id: 2 }, { token: alice })).data);
    expect(sells.data[0]).toMatchObject({
      id: s.id,
      transacted_amount: "0.4",
      transacted_volume: "1360",
      fee: "1.36",
      fee_currency: "USDT",
    });

    // Cancel: only my order, only through the call of its side.
    expect((await call("txInCancel", { id: rest.id }, { token: alice })).msg).toBe("order not found");
    expect((await call("txOutCancel", { id: rest.id }, { token: demo })).msg).toBe("order not found");
    const cancelled = await call("txInCancel", { id: rest.id }, { token: demo });
    expect(cancelled).toMatchObject({ code: 1, msg: "order cancelled" });
    expect(SpotOrderSchema.parse(cancelled.data)).toMatchObject({ status: 2, status_name: "cancelled" });
    expect((await call("txInCancel", { id: rest.id }, { token: demo })).msg).toBe("this order is already completed or cancelled");
    expect((await call("txInCancel", { id: buy.id }, { token: demo })).msg).toBe("this order is already completed or cancelled");

    const history = SpotOrderPageSchema.parse((await call("txHistoryList", { currency_match_id: 2, limit: 1 }, { token: demo })).data);
    expect(history).toMatchObject({ total: 2, per_page: 1, last_page: 2, current_page: 1 });
    expect(history.data[0].id).toBe(rest.id);
    const page2 = SpotOrderPageSchema.parse(
      (await call("txHistoryList", { currency_match_id: 2, limit: 1, page: 2 }, { token: demo })).data,
    );
    expect(page2.data[0].id).toBe(buy.id);

    const balances = SpotBalancesSchema.parse((await call("spotBalances", { currency_match_id: 2 }, { token: demo })).data);
    // demo: 5 + 0.4 − 0.0004 ETH; 10000 − 1360 USDT, nothing locked after the cancel.
    expect(balances).toEqual({
      base: { currency_code: "ETH", balance: "5.3996", lock_balance: "0" },
      quote: { currency_code: "USDT", balance: "8640", lock_balance: "0" },
    });
  });

  it("answers the average fill price beside the limit price, and the fee to the currency's decimals", async () => {
    // demo's buy at 3410 filled at alice's 3400: the history names both prices.
    const history = SpotOrderPageSchema.parse((await call("txHistoryList", { currency_match_id: 2 }, { token: demo })).data);
    const filled = history.data.find((o) => o.transacted_amount === "0.4")!;
    expect(filled).toMatchObject({ price: "3410.00", avg_price: "3400.00" });
    expect(history.data.find((o) => o.transacted_amount === "0")!.avg_price).toBe("0");
    // 0.225521 ETH × 3400 = 766.7714 USDT: the seller's fee is 0.7667714 USDT, shown to USDT's 6 decimals.
    const buy = SpotOrderSchema.parse(
      (await call("txInAdd", { currency_match_id: 2, price: "3400", number: "0.225521" }, { token: demo })).data,
    );
    expect(buy).toMatchObject({ transacted_amount: "0.225521", avg_price: "3400.00", fee: "0.00022552", fee_currency: "ETH" });
    const sells = SpotOrderPageSchema.parse((await call("txOutList", { currency_match_id: 2 }, { token: alice })).data);
    // 1.36 + 0.7667714 = 2.1267714 booked; 2.126771 answered.
    expect(sells.data[0]).toMatchObject({ transacted_amount: "0.625521", avg_price: "3400.00", fee: "2.126771", fee_currency: "USDT" });
  });

  it("performs an idempotent add once and answers a repeat with the first result", async () => {
    const payload = { currency_match_id: 3, price: "100", number: "1.5", idempotency_key: "form-7f3a" };
    const count = () => (ex.db.prepare("SELECT COUNT(*) AS n FROM spot_orders").get() as { n: number }).n;
    const before = count();
    const first = await call("txInAdd", payload, { token: demo });
    const second = await call("txInAdd", payload, { token: demo });
    expect(first.code).toBe(1);
    expect(second).toEqual(first);
    expect(count()).toBe(before + 1);
    // Concurrent repeats in the same tick: still one order.
    const [a, b] = await Promise.all([
      call("txInAdd", { ...payload, idempotency_key: "k2" }, { token: demo }),
      call("txInAdd", { ...payload, idempotency_key: "k2" }, { token: demo }),
    ]);
    expect(b.data).toEqual(a.data);
    expect(count()).toBe(before + 2);
    // Another user may use the same key.
    expect(((await call("txInAdd", payload, { token: alice })).data as { id: number }).id).not.toBe((first.data as { id: number }).id);
    const balances = SpotBalancesSchema.parse((await call("spotBalances", { currency_match_id: 3 }, { token: demo })).data);
    expect(balances.quote.lock_balance).toBe("300");
  });

  it("trades against the market maker's ladder", async () => {
    const mmEx = createExchange({ dataDir: mkdtempSync(join(tmpdir(), "exchange-mm-")), simulator: false, log: () => {} });
    try {
      await mmEx.ready;
      await setPairPrice(mmEx, 1, "64000");
      const deal = DealSchema.parse((await (await mmEx.handle(new Request("http://x/api/market/deal?currency_match_id=1"))).json()).data);
      expect(deal.depth.in.length).toBeGreaterThanOrEqual(15);
      expect(deal.depth.out.length).toBeGreaterThanOrEqual(15);
      const spread = Number(deal.depth.out[0].price) / Number(deal.depth.in[0].price) - 1;
      expect(spread).toBeGreaterThan(0);
      expect(spread).toBeLessThan(0.002);
      const token = (
        (await (
          await mmEx.handle(
            new Request("http://x/api/user/login", {
              method: "POST",
              headers: { "content-type": "application/json" },
              body: JSON.stringify({ account: "bob@example.com", password: "Bob2026x" }),
            }),
          )
        ).json()) as { data: string }
      ).data;
      const r = (await (
        await mmEx.handle(
          new Request("http://x/api/tx_in/add", {
            method: "POST",
            headers: { "content-type": "application/json", authorization: token },
            body: JSON.stringify({ currency_match_id: 1, number: "0.05", type: "market" }),
          }),
        )
      ).json()) as { code: number; data: { transacted_amount: string; status: number } };
      expect(r.code).toBe(1);
      expect(r.data).toMatchObject({ transacted_amount: "0.05", status: 1 });
    } finally {
      await mmEx.close();
    }
  });
});
