import { quietExchange, removeExchange } from "../../../tests/helpers/quiet-exchange";
import Decimal from "decimal.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LeverDealallSchema, LeverDealSchema, LeverPageSchema, LeverPositionSchema } from "../../../app/contract/index";
import { demoExchange, leverTrader, moneyClient, type MoneyClient } from "../../../tests/helpers/money-client";
import { recordTrade, type Exchange } from "../index";
import { globalTotals } from "../ledger/index";
import { DAY } from "../lib/time";

const BTC = 1; // BTC/USDT: lever_point_rate 0.05 %, lever_share_num 0.01, lever_fee_rate 0.001, 2 price decimals
const LINK = 10; // LINK/USDT: open for leverage only

let now = Date.UTC(2026, 10, 24, 12, 0, 0);
let ex: Exchange, dir: string, c: MoneyClient, demo: string, usdt: number;

function price(matchId: number, p: string) {
  recordTrade(ex, matchId, { way: 2, price: p, number: "0.01", time: now });
  ex.lever.evaluate(matchId, now);
}

function bal(email: string) {
  return c.balances(c.userId(email), usdt, "lever_account");
}

async function open(token: string, p: Record<string, string | number>) {
  return c.call(
    "leverSubmit",
    { currency_match_id: BTC, type: 1, status: 1, multiple: 10, share: 1, password: "Trade123", ...p },
    { token },
  );
}

const newTrader = (email: string, leverUsdt: string) => leverTrader(ex, c, email, leverUsdt, now);

beforeAll(async () => {
  ({ ex, dir, c, usdt, demo } = await demoExchange("lever", { now: () => now }, "Trade123"));
  price(BTC, "60000");
});
afterAll(() => removeExchange(ex, dir));

describe("lever/submit", () => {
  it("checks in order: price, multiple, hands, trade password", async () => {
    const msg = async (p: Record<string, string | number>) => (await open(demo, p)).msg;
    expect(await msg({ status: 0, target_price: "", multiple: "", share: "" })).toBe("please enter the price");
    expect(await msg({ multiple: "", share: "" })).toBe("please choose the leverage");
    expect(await msg({ multiple: 7 })).toBe("choose one of the leverages offered");
    expect(await msg({ share: "" })).toBe("please enter the size");
    expect(await msg({ share: 0 })).toBe("the size cannot be less than 1");
    expect(await msg({ share: 101 })).toBe("the size cannot be more than 100");
    expect(await msg({ password: "" })).toBe("please enter the trade password");
    // A market order does not read the price field, whatever was left typed in it; a fixed-price order does, and says
    // so whole (the message naming the pair's decimals is the handler's, which knows them).
    expect(await msg({ status: 1, target_price: "12.", share: 0 })).toBe("the size cannot be less than 1");
    const unfinished = await open(demo, { status: 0, target_price: "12.", share: 0 });
    expect(unfinished.reason).toMatchObject({ key: "price_invalid", field: "target_price" });
    expect(unfinished.msg).toBe("price is invalid");
    expect((await open(demo, { status: 0, target_price: "12.345", share: 2 })).msg).toBe("enter a price above 0 with at most 2 decimals");
    const wrong = await open(demo, { password: "Wrong999" });
    expect(wrong.msg).toBe("incorrect trade password");
    expect(wrong.reason).toEqual({ key: "pay_password_incorrect", field: "password" });
    expect(
      (
        await c.call(
          "leverSubmit",
          { currency_match_id: 8, type: 1, status: 1, multiple: 10, share: 1, password: "Trade123" },
          { token: demo },
        )
      ).msg,
    ).toBe("this pair is not open for leverage");
    expect(bal("demo@example.com")).toEqual({ balance: "5000", lock_balance: "0" });
  });

  it("orders sent at once open at the price of the moment each opens, not one read before the trade password's wait", async () => {
    price(BTC, "60000");
    const token = await newTrader("racer@example.com", "20000");
    // Four at once: they wait in line for the password's check, and the price moves while the last three wait.
    const sent = Array.from({ length: 4 }, () => open(token, { share: 1 }));
    expect(await sent[0]).toMatchObject({ code: 1, data: { price: "60030.00" } });
    now += 1000;
    price(BTC, "63000");
    const later = (await Promise.all(sent.slice(1))).map((r) => (r.data as { price: string }).price);
    expect(later).toEqual(["63031.50", "63031.50", "63031.50"]);
    for (const r of await Promise.all(sent))
      expect((await c.call("leverClose", { id: (r.data as { id: number }).id }, { token })).code).toBe(1);
    price(BTC, "60000");
  });

  it("opens a long at market: margin and fee by the formulas (hand-worked) through the ledger", async () => {
    // open = 60000 × 1.0005 = 60030; number = 2 × 0.01 = 0.02; value = 1200.6; margin = 1200.6 / 10; fee = 1200.6 × 0.001
    const r = await open(demo, { share: 2, idempotency_key: "open-1" });
    expect(r.code).toBe(1);
    const pos = LeverPositionSchema.parse(r.data);
    // Marked at once to 60000: the spread is the first loss, (60000 − 60030) × 0.02.
    expect(pos).toMatchObject({
      type: 1,
      status: 1,
      price: "60030.00",
      origin_price: "60000.00",
      number: "0.02",
      caution_money: "120.06",
      trade_fee: "1.2006",
      profits: "-0.6",
    });
    expect(bal("demo@example.com")).toEqual({ balance: "4878.7394", lock_balance: "120.06" });
    // A double-posted order (the same key) opens one position.
    const again = await open(demo, { share: 2, idempotency_key: "open-1" });
    expect(again.data).toEqual(r.data);
    expect(bal("demo@example.com").lock_balance).toBe("120.06");
  });

  it("marks to the live price: profit, risk rate, liquidation price; close pays back margin and profit", async () => {
    price(BTC, "60530");
    const all = LeverDealallSchema.parse((await c.call("leverDealall", { currency_match_id: BTC }, { token: demo })).data);
    expect(all.order.total).toBe(1);
    const pos = all.order.data[0]!;
    expect(pos.profits).toBe("10"); // (60530 − 60030) × 0.02
    expect(all.profits_all).toBe("10");
    // (4878.7394 + 120.06 + 10) / 120.06 × 100 = 4171.9135…, shown rounded down
    expect(all.hazard_rate).toBe("4171.91");
    // Cross margin: the free balance covers any fall of this small long, so no price above 0 liquidates it.
    expect(pos.liquidation_price).toBeNull();
    const closed = await c.call("leverClose", { id: pos.id }, { token: demo });
    expect(closed.code).toBe(1);
    expect(LeverPositionSchema.parse(closed.data)).toMatchObject({
      status: 3,
      profits: "10",
      update_price: "60530.00",
      close_reason: "close",
    });
    expect(bal("demo@example.com")).toEqual({ balance: "5008.7994", lock_balance: "0" });
    expect((await c.call("leverClose", { id: pos.id }, { token: demo })).msg).toBe("this position is no longer open");
  });

  it("refuses stops on the wrong side and an order beyond the balance, moving nothing", async () => {
    const before = bal("demo@example.com");
    expect((await open(demo, { target_profit_price: "60000" })).reason).toEqual({ key: "lever_tp_above", field: "target_profit_price" });
    expect((await open(demo, { type: 2, stop_loss_price: "60000" })).reason).toEqual({ key: "lever_sl_above", field: "stop_loss_price" });
    const big = await open(demo, { share: 100, multiple: 5 });
    expect(big.reason).toEqual({ key: "insufficient_balance", field: "share" });
    expect(bal("demo@example.com")).toEqual(before);
  });
});

describe("stops, pending orders, batch close", () => {
  it("a take-profit set with the order closes the position when the price crosses it", async () => {
    price(BTC, "60000");
    const r = await open(demo, { target_profit_price: "60100", stop_loss_price: "59000" });
    const id = LeverPositionSchema.parse(r.data).id;
    price(BTC, "60099.99");
    expect(
      LeverPositionSchema.parse(LeverPageSchema.parse((await c.call("leverMyTrade", { status: 1 }, { token: demo })).data).data[0]).id,
    ).toBe(id);
    price(BTC, "60100");
    const closed = LeverPageSchema.parse((await c.call("leverMyTrade", { status: 3 }, { token: demo })).data);
    expect(closed.data[0]).toMatchObject({ id, close_reason: "take_profit", update_price: "60100.00", profits: "0.7" });
  });

  it("lever/setstop sets both; a short's stop-loss closes it on the way up", async () => {
    price(BTC, "60000");
    const id = LeverPositionSchema.parse((await open(demo, { type: 2 })).data).id;
    const bad = await c.call("leverSetstop", { id, target_profit_price: "61000", stop_loss_price: "0" }, { token: demo });
    expect(bad.msg).toBe("for a short position the take-profit must be below 60000.00");
    const set = await c.call("leverSetstop", { id, target_profit_price: "59000", stop_loss_price: "60500" }, { token: demo });
    expect(LeverPositionSchema.parse(set.data)).toMatchObject({ target_profit_price: "59000", stop_loss_price: "60500" });
    price(BTC, "60500");
    expect(
      LeverPositionSchema.parse(LeverPageSchema.parse((await c.call("leverMyTrade", { status: 3 }, { token: demo })).data).data[0]),
    ).toMatchObject({ id, close_reason: "stop_loss" });
  });

  it("a fixed-price order waits with its margin and fee reserved, opens at its price, and a cancel returns the reservation", async () => {
    price(BTC, "60000");
    const before = bal("demo@example.com");
    const a = LeverPositionSchema.parse((await open(demo, { status: 0, target_price: "59000" })).data);
    // open = 59000 × 1.0005 = 59029.5; value 590.295; margin 59.0295; fee 0.590295
    expect(a).toMatchObject({ status: 0, price: "59029.50", caution_money: "59.0295", trade_fee: "0.590295" });
    const b = LeverPositionSchema.parse((await open(demo, { status: 0, target_price: "58000" })).data);
    expect(LeverPageSchema.parse((await c.call("leverMyTrade", { status: 0 }, { token: demo })).data).total).toBe(2);
    price(BTC, "59000");
    expect(
      LeverPositionSchema.parse(
        LeverDealallSchema.parse((await c.call("leverDealall", { currency_match_id: BTC }, { token: demo })).data).order.data[0],
      ),
    ).toMatchObject({ id: a.id, status: 1 });
    const cancelled = await c.call("leverCancel", { id: b.id }, { token: demo });
    expect(LeverPositionSchema.parse(cancelled.data).status).toBe(4);
    expect((await c.call("leverCancel", { id: b.id }, { token: demo })).msg).toBe("this order is no longer pending");
    // Held: a's margin (its fee went to the collector when it opened); b's reservation is back.
    expect(bal("demo@example.com")).toEqual({
      balance: new Decimal(before.balance).minus("59.0295").minus("0.590295").toFixed(),
      lock_balance: "59.0295",
    });
    await c.call("leverClose", { id: a.id }, { token: demo });
  });

  it("batch close: long only leaves the shorts", async () => {
    price(BTC, "60000");
    for (const type of [1, 1, 2]) expect((await open(demo, { type })).code).toBe(1);
    const r = await c.call("leverBatchClose", { type: 1, currency_match_id: BTC }, { token: demo });
    expect(r).toMatchObject({ code: 1, data: { closed: 2 }, msg: "2 positions closed" });
    const left = LeverDealallSchema.parse((await c.call("leverDealall", { currency_match_id: BTC }, { token: demo })).data);
    expect(left.order.data.map((p) => p.type)).toEqual([2]);
    expect((await c.call("leverBatchClose", { type: 0, currency_match_id: BTC }, { token: demo })).data).toEqual({ closed: 1 });
    expect((await c.call("leverBatchClose", { type: 0, currency_match_id: BTC }, { token: demo })).msg).toBe("no open position to close");
  });
});

describe("risk and liquidation", () => {
  it("one tick short of the line does not liquidate; one tick past it does", async () => {
    price(BTC, "60000");
    // 1 hand × 100 at 60030: value 600.3, margin 6.003, fee 0.6003; the account holds exactly both.
    const bob = await newTrader("bob-lever@example.com", "6.6033");
    expect((await open(bob, { multiple: 100 })).code).toBe(1);
    expect(bal("bob-lever@example.com")).toEqual({ balance: "0", lock_balance: "6.003" });
    // Its estimated liquidation price: equity 6.003 − 0.3 = 5.703; room above the line 5.703 − 20 % × 6.003 = 4.5024;
    // 4.5024 / 0.01 = 450.24 under 60000.
    const est = LeverDealallSchema.parse((await c.call("leverDealall", { currency_match_id: BTC }, { token: bob })).data).order.data[0]!;
    expect(est.liquidation_price).toBe("59549.76");
    // Line: (6.003 + (P − 60030) × 0.01) / 6.003 ≤ 20 % ⇔ P ≤ 59549.76
    price(BTC, "59549.77");
    expect(LeverDealallSchema.parse((await c.call("leverDealall", { currency_match_id: BTC }, { token: bob })).data).order.total).toBe(1);
    price(BTC, "59549.76");
    const closed = LeverPageSchema.parse((await c.call("leverMyTrade", { status: 3 }, { token: bob })).data);
    expect(closed.data[0]).toMatchObject({ close_reason: "liquidation", profits: "-4.8024" });
    expect(bal("bob-lever@example.com")).toEqual({ balance: "1.2006", lock_balance: "0" });
  });

  it("a gap past the margin never takes the balance below zero: the counterparty absorbs the rest", async () => {
    price(BTC, "60000");
    const carol = await newTrader("carol-lever@example.com", "6.6033");
    expect((await open(carol, { multiple: 100 })).code).toBe(1);
    price(BTC, "50000"); // loss (50000 − 60030) × 0.01 = 100.3, margin only 6.003
    const row = ex.db
      .prepare("SELECT profits, absorbed, close_reason FROM lever_orders WHERE user_id = ? ORDER BY id DESC")
      .get(c.userId("carol-lever@example.com"));
    expect(row).toEqual({ profits: "-6.003", absorbed: "94.297", close_reason: "liquidation" });
    expect(bal("carol-lever@example.com")).toEqual({ balance: "0", lock_balance: "0" });
    for (const total of globalTotals(ex.db).values()) expect(total).toBe("0");
  });

  it("the overnight fee is charged once per 00:00 UTC held over, to the fee collector", async () => {
    price(BTC, "60000");
    const dave = await newTrader("dave-lever@example.com", "100");
    const id = LeverPositionSchema.parse((await open(dave, {})).data).id;
    const fees = () => c.balances(ex.system.feeCollectorId, usdt).balance;
    const before = fees();
    expect(ex.lever.runOvernight(now)).toBe(0);
    now += DAY * 2; // two midnights
    expect(ex.lever.runOvernight(now)).toBe(2);
    // value 600.3 × 0.0005 = 0.30015, twice
    expect(ex.db.prepare("SELECT overnight_money FROM lever_orders WHERE id = ?").get(id)).toEqual({ overnight_money: "0.6003" });
    expect(new Decimal(fees()).minus(before).toFixed()).toBe("0.6003");
    expect(ex.lever.runOvernight(now)).toBe(0);
  });
});

describe("lever/deal and the pair flags", () => {
  it("offers the multiples, the hands and the balance; a leverage-only pair is open here", async () => {
    const d = LeverDealSchema.parse((await c.call("leverDeal", { currency_match_id: LINK }, { token: demo })).data);
    expect(d.multiple.muit.map((o) => o.value)).toEqual([5, 10, 20, 50, 100]);
    expect(d).toMatchObject({ share_min: 1, share_max: 100, currency: { code: "USDT" }, liquidation_line: "20" });
  });
});

describe("restart", () => {
  it("keeps positions and stops across a restart", async () => {
    price(BTC, "60000");
    const id = LeverPositionSchema.parse((await open(demo, { stop_loss_price: "59900" })).data).id;
    await ex.close();
    ex = quietExchange(dir, { now: () => now });
    c = moneyClient(ex);
    demo = await c.login("demo@example.com", "Trade2026");
    expect(ex.lever.liveCount()).toBeGreaterThan(0);
    price(BTC, "59800");
    expect(ex.db.prepare("SELECT status, close_reason FROM lever_orders WHERE id = ?").get(id)).toEqual({
      status: 3,
      close_reason: "stop_loss",
    });
    for (const total of globalTotals(ex.db).values()) expect(total).toBe("0");
  });
});
