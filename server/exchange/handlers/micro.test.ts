import { quietExchange, removeExchange } from "../../../tests/helpers/quiet-exchange";
import Decimal from "decimal.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MicroOrderSchema, MicroPageSchema, MicroSecondsSchema, MicroWalletSchema } from "../../../app/contract/index";
import { demoExchange, moneyClient, type MoneyClient } from "../../../tests/helpers/money-client";
import { recordTrade, type Exchange } from "../index";
import { globalTotals } from "../ledger/index";

const BTC = 1;
let now = Date.UTC(2026, 10, 24, 12, 0, 0);
let ex: Exchange, dir: string, c: MoneyClient, demo: string, usdt: number;

const open = () => ex.db.prepare("SELECT COUNT(*) AS n FROM micro_orders WHERE status = 1").get() as { n: number };
function price(p: string, at = now) {
  recordTrade(ex, BTC, { way: 2, price: p, number: "0.01", time: at });
}
const micro = () => c.balances(c.userId("demo@example.com"), usdt, "micro_account");
const submit = (p: Record<string, string | number>) =>
  c.call("microSubmit", { match_id: BTC, currency_id: usdt, type: 1, seconds: 30, number: "100", ...p }, { token: demo });
function create() {
  return quietExchange(dir, { now: () => now });
}

beforeAll(async () => {
  ({ ex, dir, c, usdt, demo } = await demoExchange("micro", { now: () => now }));
  price("60000");
});
afterAll(() => removeExchange(ex, dir));

describe("microtrade", () => {
  it("offers the wallets with their micro balance and presets, and the times with their profit ratios", async () => {
    const wallets = (await c.call("microPayableCurrencies", {}, { token: demo })).data as unknown[];
    expect(wallets.map((w) => MicroWalletSchema.parse(w))).toEqual([
      { id: usdt, code: "USDT", micro_account: { balance: "1000" }, micro_numbers: [10, 50, 100, 500, 1000].map((number) => ({ number })) },
    ]);
    const secs = ((await c.call("microSeconds", {})).data as unknown[]).map((s) => MicroSecondsSchema.parse(s));
    expect(secs.map((s) => [s.seconds, s.profit_ratio])).toEqual([
      [30, "0.2"],
      [60, "0.3"],
      [120, "0.4"],
      [300, "0.5"],
    ]);
  });

  it("refuses out-of-bounds stakes, unknown times, closed pairs and more than the balance, moving nothing", async () => {
    expect((await submit({ number: "" })).msg).toBe("please enter the quantity");
    expect((await submit({ number: "abc" })).msg).toBe("the quantity must be a number");
    expect((await submit({ number: "5" })).reason).toEqual({ key: "micro_number_min", field: "number" });
    expect((await submit({ number: "5" })).msg).toBe("the quantity cannot be less than 10 USDT");
    expect((await submit({ number: "5001" })).msg).toBe("the quantity cannot be more than 5000 USDT");
    expect((await submit({ seconds: 45 })).reason).toEqual({ key: "micro_seconds_invalid", field: "seconds" });
    expect((await submit({ match_id: 6 })).msg).toBe("this pair is not open for the second contract");
    expect((await submit({ number: "1000" })).reason).toEqual({ key: "insufficient_balance", field: "number" });
    expect(micro()).toEqual({ balance: "1000", lock_balance: "0" });
  });

  it("an up order that wins: stake and fee taken at once, stake + stake × 20 % back at expiry, pushed once", async () => {
    price("60000");
    const r = await submit({ number: "100", idempotency_key: "up-1" });
    expect(r.code).toBe(1);
    const o = MicroOrderSchema.parse(r.data);
    expect(o).toMatchObject({
      status: 1,
      open_price: "60000.00",
      number: "100",
      fee: "0.1",
      remain_milli_seconds: 30_000,
      profit_ratio: "0.2",
    });
    // A double post (the same key) places one order.
    expect((await submit({ number: "100", idempotency_key: "up-1" })).data).toEqual(r.data);
    expect(micro()).toEqual({ balance: "899.9", lock_balance: "100" });
    price("60010", now + 10_000);
    price("59990", now + 31_000); // after expiry: not the end price
    now += 30_000;
    expect(ex.micro.settleDue(now)).toBe(1);
    expect(ex.micro.settleDue(now)).toBe(0);
    const closed = MicroPageSchema.parse((await c.call("microLists", { match_id: BTC, status: 3 }, { token: demo })).data);
    expect(closed.data[0]).toMatchObject({
      id: o.id,
      status: 3,
      end_price: "60010.00",
      result: "win",
      fact_profits: "20",
      remain_milli_seconds: 0,
    });
    expect(micro()).toEqual({ balance: "1019.9", lock_balance: "0" });
  });

  it("a down order that loses keeps the stake; a tie pays the stake back (the fee is kept)", async () => {
    price("60000");
    const down = MicroOrderSchema.parse((await submit({ type: 2, number: "50" })).data);
    price("60001", now + 29_000);
    now += 30_000;
    expect(ex.micro.settleDue(now)).toBe(1);
    price("60000");
    const tie = MicroOrderSchema.parse((await submit({ type: 1, number: "10" })).data);
    now += 30_000; // no print since: the end price is the open price
    expect(ex.micro.settleDue(now)).toBe(1);
    const rows = MicroPageSchema.parse((await c.call("microLists", { status: 3 }, { token: demo })).data).data;
    expect(rows.find((r) => r.id === down.id)).toMatchObject({ result: "lose", fact_profits: "-50" });
    expect(rows.find((r) => r.id === tie.id)).toMatchObject({ result: "tie", fact_profits: "0" });
    // 1019.9 − 50.05 − 10.01 + 10
    expect(micro()).toEqual({ balance: new Decimal("1019.9").minus("50.05").minus("10.01").plus("10").toFixed(), lock_balance: "0" });
    for (const total of globalTotals(ex.db).values()) expect(total).toBe("0");
  });

  it("a restart in the middle settles overdue orders once, at the price of their due time", async () => {
    price("60000");
    const o = MicroOrderSchema.parse((await submit({ type: 1, number: "10", seconds: 60 })).data);
    price("60100", now + 59_000);
    await ex.close();
    now += 120_000;
    ex = create();
    c = moneyClient(ex);
    demo = await c.login("demo@example.com", "Trade2026");
    price("59000", now); // later than its due time: not its end price
    expect(open().n).toBe(1);
    expect(ex.micro.settleDue(now)).toBe(1);
    expect(ex.micro.settleDue(now)).toBe(0);
    const row = ex.db.prepare("SELECT end_price, result FROM micro_orders WHERE id = ?").get(o.id);
    expect(row).toEqual({ end_price: "60100.00", result: "win" });
    for (const total of globalTotals(ex.db).values()) expect(total).toBe("0");
  });

  it("caps a user's orders in progress", async () => {
    price("60000");
    await c.call("transfer", { currency_id: usdt, balance: "3000", from: "change_account", to: "micro_account" }, { token: demo });
    for (let i = 0; i < 20; i++) expect((await submit({ number: "10" })).code).toBe(1);
    expect((await submit({ number: "10" })).msg).toBe("you can have at most 20 orders in progress");
  });
});
