import { mkdirSync, writeFileSync } from "node:fs";
import { quietExchange, removeExchange } from "../../../tests/helpers/quiet-exchange";
import { randomBytes } from "node:crypto";
import { join } from "node:path";
import Decimal from "decimal.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { P2PAdPageSchema, P2POrderSchema, type P2POrder } from "../../../app/contract/index";
import { demoExchange, moneyClient, type MoneyClient, type Payload } from "../../../tests/helpers/money-client";
import { type Exchange } from "../index";
import { globalTotals } from "../ledger/index";

// Fiat P2P end to end through the exchange's HTTP surface, on bob's seeded shop (p2p/demo.ts): a USDT sell ad for
// CNY at 7.20 (5000, 10–2000), a sell ad for USD at 1.01 (2000, 10–500) and a buy ad for CNY at 7.05 (3000, 10–1000).

let ex: Exchange;
let dir: string;
let now = Date.UTC(2026, 10, 24, 9, 0, 0);
let c: MoneyClient;
let demo: string;
let bob: string;
let alice: string;
let usdt: number;
let totals: Map<number, string>;
const MIN = 60_000;

const ads = (q: Payload = {}) => c.call("legalAds", q).then((r) => P2PAdPageSchema.parse(r.data));
const legal = (email: string) => c.balances(c.userId(email), usdt, "legal_account");
const adOf = (fiat: string, side: "sell" | "buy") =>
  ex.db.prepare("SELECT * FROM p2p_ads WHERE fiat = ? AND side = ? ORDER BY id LIMIT 1").get(fiat, side) as {
    id: number;
    remaining: string;
    status: number;
  };
const order = (r: { data?: unknown }) => P2POrderSchema.parse(r.data);
let key = 0;
const create = (token: string, p: Payload) => c.call("legalOrderCreate", { idempotency_key: `k${++key}`, ...p }, { token });

/** An image of `email`'s, as the upload call would have stored it (the handlers check ownership, not pixels). */
function upload(email: string): string {
  const name = `${randomBytes(16).toString("hex")}.png`;
  ex.db
    .prepare("INSERT INTO uploads (user_id, name, mime, bytes, width, height, created_at) VALUES (?, ?, 'image/png', 4, 1, 1, ?)")
    .run(c.userId(email), name, now);
  mkdirSync(join(dir, "uploads"), { recursive: true });
  writeFileSync(join(dir, "uploads", name), "png!");
  return name;
}

/** Every user's legal lock equals what escrow holds for them: their sell ads' rest plus their open orders as seller. */
function escrowHolds() {
  const users = ex.db
    .prepare("SELECT user_id, lock_balance FROM accounts WHERE account_code = 'legal_account' AND currency_id = ?")
    .all(usdt) as {
    user_id: number;
    lock_balance: string;
  }[];
  for (const u of users) {
    const ads = ex.db.prepare("SELECT remaining FROM p2p_ads WHERE user_id = ? AND side = 'sell' AND status <> 3").all(u.user_id) as {
      remaining: string;
    }[];
    const open = ex.db.prepare("SELECT quantity FROM p2p_orders WHERE seller_id = ? AND status IN (1, 2, 5, 6, 7)").all(u.user_id) as {
      quantity: string;
    }[];
    const held = [...ads.map((a) => a.remaining), ...open.map((o) => o.quantity)].reduce((s, v) => s.plus(v), new Decimal(0));
    expect(`${u.user_id}:${new Decimal(u.lock_balance).toFixed()}`).toBe(`${u.user_id}:${held.toFixed()}`);
  }
}

async function uploadFetch(name: string, token: string) {
  return ex.handle(new Request(`http://localhost/api/uploads/${name}`, { headers: { authorization: token } }));
}

beforeAll(async () => {
  ({ ex, dir, c, usdt, demo } = await demoExchange("p2p", { now: () => now }));
  bob = await c.login("bob@example.com", "Bob2026x");
  alice = await c.login("alice@example.com", "Alice2026");
  expect((await c.setPayPassword(bob, "bob@example.com", "Shop1234")).code).toBe(1);
  totals = globalTotals(ex.db);
});
afterAll(() => removeExchange(ex, dir));

describe("fiat P2P", () => {
  it("lists the merchant's ads by the user's side, cheapest sell first, with the merchant's record and limits in fiat", async () => {
    const buying = await ads();
    expect(buying.data.map((a) => [a.side, a.fiat, a.price])).toEqual([
      ["sell", "USD", "1.01"],
      ["sell", "CNY", "7.20"],
    ]);
    const cny = (await ads({ fiat: "CNY" })).data[0]!;
    expect(cny).toMatchObject({
      min_quantity: "10",
      max_quantity: "2000",
      min_amount: "72.00",
      max_amount: "14400.00",
      pay_types: ["bank"],
    });
    expect(cny.merchant).toMatchObject({ total_orders: 0, completion_rate: null });
    expect((await ads({ side: "sell" })).data.map((a) => [a.side, a.price])).toEqual([["buy", "7.05"]]);
    expect((await ads({ pay_type: "alipay" })).total).toBe(0);
    // The sell ads' 7000 USDT are in escrow since they were published.
    expect(legal("bob@example.com")).toEqual({ balance: "3000", lock_balance: "7000" });
    escrowHolds();
  });

  it("refuses orders that break a rule, with the message on the field, and moves nothing", async () => {
    const cny = adOf("CNY", "sell");
    expect((await create(alice, { ad_id: cny.id, value: "720" })).reason).toEqual({ key: "p2p_identity_required" });
    expect((await create(bob, { ad_id: cny.id, value: "720" })).reason).toEqual({ key: "p2p_own_ad" });
    const low = await create(demo, { ad_id: cny.id, value: "71.99" });
    expect(low.reason).toEqual({ key: "p2p_below_limit", field: "value" });
    expect(low.msg).toBe("the quantity is below this ad's minimum of 10");
    expect((await create(demo, { ad_id: cny.id, by: "quantity", value: "2000.5" })).msg).toBe(
      "the quantity is above this ad's maximum of 2000",
    );
    expect((await create(demo, { ad_id: cny.id, value: "" })).reason).toEqual({ key: "p2p_value_required", field: "value" });
    expect((await create(demo, { ad_id: cny.id, value: "7.123" })).reason).toEqual({ key: "p2p_value_invalid", field: "value" });
    const sellTo = adOf("CNY", "buy");
    const noMethod = await c.call("legalOrderCreate", { ad_id: sellTo.id, by: "quantity", value: "20" }, { token: demo, lang: "de" });
    expect(noMethod.msg).toBe("Bitte fügen Sie zuerst eine Zahlungsempfangsmethode hinzu, die diese Anzeige akzeptiert");
    expect(ex.db.prepare("SELECT COUNT(*) AS n FROM p2p_orders").get()).toEqual({ n: 0 });
    expect(adOf("CNY", "sell").remaining).toBe("5000");
    expect(legal("demo@example.com")).toEqual({ balance: "2000", lock_balance: "0" });
  });

  it("buy: order by fiat amount, voucher before paid, only the right party acts, the seller's trade password releases once", async () => {
    const cny = adOf("CNY", "sell");
    const pushes: unknown[] = [];
    ex.hub.subscribe({ userId: c.userId("bob@example.com"), channels: new Set(), send: (m) => pushes.push(m) }, "P2P_ORDER");
    const created = await create(demo, { ad_id: cny.id, value: "720" });
    expect(created.msg).toBe("order placed, please pay within the time limit");
    const o = order(created);
    expect(o).toMatchObject({
      role: "buyer",
      quantity: "100",
      amount: "720.00",
      status: 1,
      pay_due_at: now + 15 * MIN,
      actions: ["voucher", "pay", "cancel", "message"],
    });
    expect(o.payees).toEqual([{ code: "bank", raw_data: expect.objectContaining({ bank_name: "Demo Bank" }) }]);
    expect(pushes).toEqual([{ type: "P2P_ORDER", id: o.id, status: 1 }]);
    expect(adOf("CNY", "sell").remaining).toBe("4900");
    // The seller sees the order without the buyer's view of the payee.
    const detail = (await c.call("legalOrderDetail", { id: o.id }, { token: bob })).data as {
      order: P2POrder;
      messages: { from: string; body: string }[];
    };
    expect(detail.order).toMatchObject({
      role: "seller",
      payment_hidden: "not_buyer",
      payees: null,
      actions: ["confirm", "message"],
    });
    expect(detail.messages[0]).toMatchObject({ from: "system", body: expect.stringContaining("Order created") });
    expect((await c.call("legalOrderDetail", { id: o.id }, { token: alice })).reason).toEqual({ key: "p2p_order_not_found" });

    const paidEarly = await c.call("legalPay", { id: o.id }, { token: demo });
    expect(paidEarly).toMatchObject({
      msg: "please upload the payment voucher first",
      reason: { key: "p2p_voucher_first", field: "voucher" },
    });
    expect((await c.call("legalPay", { id: o.id }, { token: bob })).reason).toEqual({ key: "p2p_not_buyer" });
    expect(
      (await c.call("legalVoucher", { id: o.id, voucher: `/uploads/${upload("alice@example.com")}` }, { token: demo })).reason,
    ).toEqual({
      key: "image_not_found",
      field: "voucher",
    });
    const voucher = upload("demo@example.com");
    expect((await c.call("legalVoucher", { id: o.id, voucher: `/uploads/${voucher}` }, { token: demo })).code).toBe(1);
    // The voucher is shown to both parties of the order and to no one else.
    expect((await uploadFetch(voucher, bob)).status).toBe(200);
    expect((await uploadFetch(voucher, alice)).status).toBe(404);
    expect(order(await c.call("legalPay", { id: o.id }, { token: demo }))).toMatchObject({
      status: 2,
      pay_type: "bank",
      confirm_due_at: now + 30 * MIN,
    });
    expect((await c.call("legalCancel", { id: o.id }, { token: bob })).reason).toEqual({ key: "p2p_not_buyer" });
    expect((await c.call("legalConfirm", { id: o.id, password: "Shop1234" }, { token: demo })).reason).toEqual({ key: "p2p_not_seller" });

    const wrong = await c.call("legalConfirm", { id: o.id, password: "Nope1234" }, { token: bob });
    expect(wrong.reason).toEqual({ key: "pay_password_incorrect", field: "password" });
    expect(legal("demo@example.com")).toEqual({ balance: "2000", lock_balance: "0" });
    const done = await c.call("legalConfirm", { id: o.id, password: "Shop1234" }, { token: bob });
    expect(order(done)).toMatchObject({ status: 3, complete_by: "seller", actions: [] });
    // A second click answers the completed order; the coins moved once.
    expect((await c.call("legalConfirm", { id: o.id, password: "Shop1234" }, { token: bob })).code).toBe(1);
    expect(legal("demo@example.com")).toEqual({ balance: "2100", lock_balance: "0" });
    expect(legal("bob@example.com")).toEqual({ balance: "3000", lock_balance: "6900" });
    expect((await c.call("legalCancel", { id: o.id }, { token: demo })).reason).toEqual({ key: "p2p_wrong_state" });
    expect(pushes.map((p) => (p as { status: number }).status)).toEqual([1, 1, 2, 3]);
    const merchant = (await ads({ fiat: "CNY" })).data[0]!.merchant;
    expect(merchant).toMatchObject({ total_orders: 1, orders_30d: 1, completion_rate: "100.00" });
    escrowHolds();
    expect(globalTotals(ex.db)).toEqual(totals);
  });

  it("an unpaid order is cancelled at its pay limit and its coins go back on offer; the third cancel of a UTC day stops buying until the next", async () => {
    const cny = adOf("CNY", "sell");
    const first = order(await create(demo, { ad_id: cny.id, by: "quantity", value: "50" }));
    now += 15 * MIN - 1;
    expect(ex.p2p.runDue()).toBe(0);
    now += 1;
    expect(ex.p2p.runDue()).toBe(1);
    const after = (await c.call("legalOrderDetail", { id: first.id }, { token: demo })).data as {
      order: P2POrder;
      messages: { body: string }[];
    };
    expect(after.order).toMatchObject({ status: 4, cancel_by: "timeout", payment_hidden: "cancelled", payees: null });
    expect(after.messages.at(-1)!.body).toBe("The order was cancelled because it was not paid in time.");
    expect(adOf("CNY", "sell").remaining).toBe("4900");
    for (let i = 0; i < 2; i++) {
      const o = order(await create(demo, { ad_id: cny.id, by: "quantity", value: "10" }));
      expect(order(await c.call("legalCancel", { id: o.id }, { token: demo }))).toMatchObject({ status: 4, cancel_by: "buyer" });
    }
    const blocked = await create(demo, { ad_id: cny.id, by: "quantity", value: "10" });
    expect(blocked).toMatchObject({
      msg: "you have cancelled 3 orders today and cannot buy again until tomorrow (UTC)",
      reason: { key: "p2p_cancel_limit" },
    });
    const midnight = Date.UTC(2026, 10, 25);
    now = midnight;
    const next = order(await create(demo, { ad_id: cny.id, by: "quantity", value: "10" }));
    expect((await c.call("legalCancel", { id: next.id }, { token: demo })).code).toBe(1);
    expect(adOf("CNY", "sell").remaining).toBe("4900");
    escrowHolds();
    expect(globalTotals(ex.db)).toEqual(totals);
  });

  it("sell to a buy ad: the user's coins go into escrow; a delayed confirmation runs out and the coins are released to the merchant", async () => {
    ex.db
      .prepare("INSERT INTO pay_methods (user_id, type_id, raw_data, updated_at) VALUES (?, 3, ?, ?)")
      .run(
        c.userId("demo@example.com"),
        JSON.stringify({ real_name: "Demo", bank_name: "Bank", bank_address: "Main", card_no: "1234" }),
        now,
      );
    const buyAd = adOf("CNY", "buy");
    const o = order(await create(demo, { ad_id: buyAd.id, by: "quantity", value: "50" }));
    expect(o).toMatchObject({ role: "seller", amount: "352.50", actions: ["confirm", "message"] });
    expect(legal("demo@example.com")).toEqual({ balance: "2050", lock_balance: "50" });
    // The merchant is the buyer: he sees the user's bank details to pay them.
    const asBuyer = (await c.call("legalOrderDetail", { id: o.id }, { token: bob })).data as { order: P2POrder };
    expect(asBuyer.order.payees).toEqual([{ code: "bank", raw_data: expect.objectContaining({ real_name: "Demo" }) }]);
    expect((await c.call("legalVoucher", { id: o.id, voucher: `/uploads/${upload("bob@example.com")}` }, { token: bob })).code).toBe(1);
    expect((await c.call("legalPay", { id: o.id }, { token: bob })).code).toBe(1);
    const delayed = order(await c.call("legalDelay", { id: o.id }, { token: demo }));
    expect(delayed).toMatchObject({ status: 5, delayed: true, confirm_due_at: now + 60 * MIN });
    expect((await c.call("legalDelay", { id: o.id }, { token: demo })).reason).toEqual({ key: "p2p_wrong_state" });
    now += 59 * MIN;
    expect(ex.p2p.runDue()).toBe(0);
    now += MIN;
    expect(ex.p2p.runDue()).toBe(1);
    expect(ex.p2p.runDue()).toBe(0);
    expect(legal("demo@example.com")).toEqual({ balance: "2050", lock_balance: "0" });
    expect(legal("bob@example.com")).toEqual({ balance: "3050", lock_balance: "6900" });
    expect(adOf("CNY", "buy").remaining).toBe("2950");
    escrowHolds();
    expect(globalTotals(ex.db)).toEqual(totals);
  });

  it("an appeal stops the timers and waits for the operator, who decides for the seller or the buyer", async () => {
    const cny = adOf("CNY", "sell");
    const reasons = { reason: "paid but not released" };
    const a = order(await create(demo, { ad_id: cny.id, by: "quantity", value: "20" }));
    expect((await c.call("legalAppeal", { id: a.id, ...reasons }, { token: demo })).reason).toEqual({ key: "p2p_wrong_state" });
    await c.call("legalVoucher", { id: a.id, voucher: `/uploads/${upload("demo@example.com")}` }, { token: demo });
    await c.call("legalPay", { id: a.id }, { token: demo });
    expect((await c.call("legalAppeal", { id: a.id, reason: "" }, { token: demo })).reason).toEqual({
      key: "p2p_reason_required",
      field: "reason",
    });
    expect(order(await c.call("legalAppeal", { id: a.id, ...reasons }, { token: demo }))).toMatchObject({
      status: 6,
      appeal_by_me: true,
      actions: ["message"],
    });
    expect((await c.call("legalConfirm", { id: a.id, password: "Shop1234" }, { token: bob })).reason).toEqual({ key: "p2p_wrong_state" });
    now += 24 * 60 * MIN;
    expect(ex.p2p.runDue()).toBe(0);
    ex.p2p.resolveAppeal(a.id, "seller", "no payment arrived", now);
    expect(adOf("CNY", "sell").remaining).toBe("4900");
    const seen = (await c.call("legalOrderDetail", { id: a.id }, { token: demo })).data as {
      order: P2POrder;
      messages: { body: string }[];
    };
    expect(seen.order).toMatchObject({ status: 4, cancel_by: "operator", resolution: "seller" });
    expect(seen.messages.slice(-2).map((m) => m.body)).toEqual([
      "Customer service returned the coins to the seller.",
      "no payment arrived",
    ]);

    const b = order(await create(demo, { ad_id: cny.id, by: "quantity", value: "20" }));
    await c.call("legalVoucher", { id: b.id, voucher: `/uploads/${upload("demo@example.com")}` }, { token: demo });
    await c.call("legalPay", { id: b.id }, { token: demo });
    expect(order(await c.call("legalAbnormal", { id: b.id, reason: "wrong name on transfer" }, { token: bob }))).toMatchObject({
      status: 7,
      confirm_due_at: null,
    });
    expect(order(await c.call("legalAppeal", { id: b.id, reason: "I paid" }, { token: demo })).status).toBe(6);
    const before = legal("demo@example.com").balance;
    ex.p2p.resolveAppeal(b.id, "buyer", "", now);
    expect(() => ex.p2p.resolveAppeal(b.id, "buyer", "", now)).toThrow("p2p_wrong_state");
    expect(new Decimal(legal("demo@example.com").balance).minus(before).toFixed()).toBe("20");
    escrowHolds();
    expect(globalTotals(ex.db)).toEqual(totals);
  });

  it("merchant: publish checks each field in order, off shelf returns the unsold rest, a paused ad takes no orders", async () => {
    const base = {
      side: "sell",
      currency_id: usdt,
      fiat: "CNY",
      price: "7.10",
      total: "100",
      min_quantity: "10",
      max_quantity: "50",
      pay_types: "bank",
    };
    const publish = (p: Payload, token = bob) => c.call("shopAdPublish", { ...base, ...p }, { token });
    expect((await publish({}, demo)).reason).toEqual({ key: "p2p_not_merchant" });
    expect((await publish({ max_quantity: "5" })).msg).toBe("max trade amount cannot be below min");
    expect((await publish({ max_quantity: "500" })).reason).toEqual({ key: "p2p_max_above_total", field: "max_quantity" });
    expect((await publish({ price: "7.105" })).reason).toEqual({ key: "p2p_price_invalid", field: "price" });
    expect((await publish({ pay_types: "alipay" })).msg).toBe("please add Alipay as a collection method first");
    expect((await publish({ total: "999999", max_quantity: "50" })).msg).toBe("insufficient total release");
    expect(legal("bob@example.com").lock_balance).toBe("6880");
    const ad = (await publish({ idempotency_key: "ad-1" })).data as { id: number };
    expect(((await publish({ idempotency_key: "ad-1" })).data as { id: number }).id).toBe(ad.id);
    expect(legal("bob@example.com").lock_balance).toBe("6980");
    expect((await c.call("shopAdStatus", { id: ad.id, status: 2 }, { token: bob })).code).toBe(1);
    expect((await create(demo, { ad_id: ad.id, by: "quantity", value: "10" })).reason).toEqual({ key: "p2p_ad_unavailable" });
    expect((await c.call("shopAdStatus", { id: ad.id, status: 3 }, { token: bob })).code).toBe(1);
    expect((await c.call("shopAdStatus", { id: ad.id, status: 1 }, { token: bob })).reason).toEqual({ key: "p2p_ad_off" });
    expect(legal("bob@example.com").lock_balance).toBe("6880");
    const mine = P2PAdPageSchema.parse((await c.call("shopAds", {}, { token: bob })).data);
    expect(mine.data.at(-1)).toMatchObject({ id: ad.id, status: 3, remaining: "0" });
    const info = (await c.call("shopInfo", {}, { token: bob })).data as { pay_types: string[] };
    expect(info.pay_types).toEqual(["bank"]);
    escrowHolds();
    expect(globalTotals(ex.db)).toEqual(totals);
  });

  it("an order open when its ad goes off the shelf still completes or returns its coins to the seller", async () => {
    const usd = adOf("USD", "sell");
    const o = order(await create(demo, { ad_id: usd.id, by: "quantity", value: "100" }));
    const before = legal("bob@example.com");
    expect((await c.call("shopAdStatus", { id: usd.id, status: 3 }, { token: bob })).code).toBe(1);
    // The unsold 1900 return; the 100 of the open order stay in escrow.
    expect(legal("bob@example.com")).toEqual({
      balance: new Decimal(before.balance).plus(1900).toFixed(),
      lock_balance: new Decimal(before.lock_balance).minus(1900).toFixed(),
    });
    escrowHolds();
    expect((await c.call("legalCancel", { id: o.id }, { token: demo })).code).toBe(1);
    expect(legal("bob@example.com")).toEqual({
      balance: new Decimal(before.balance).plus(2000).toFixed(),
      lock_balance: new Decimal(before.lock_balance).minus(2000).toFixed(),
    });
    escrowHolds();
    expect(globalTotals(ex.db)).toEqual(totals);
  });

  it("an unpaid order cannot be marked abnormal by either party: the pay limit still runs and the escrow comes back", async () => {
    now = Date.UTC(2026, 10, 27, 9, 0, 0);
    const cny = adOf("CNY", "sell");
    const o = order(await create(demo, { ad_id: cny.id, by: "quantity", value: "10" }));
    expect(o.actions).not.toContain("abnormal");
    for (const token of [demo, bob]) {
      const r = await c.call("legalAbnormal", { id: o.id, reason: "I have not paid and never will" }, { token });
      expect(r.reason).toEqual({ key: "p2p_wrong_state" });
    }
    const held = ex.db.prepare("SELECT status, pay_due_at FROM p2p_orders WHERE id = ?").get(o.id);
    expect(held).toEqual({ status: 1, pay_due_at: now + 15 * MIN });
    now += 15 * MIN;
    expect(ex.p2p.runDue()).toBe(1);
    expect(ex.db.prepare("SELECT status, cancel_by FROM p2p_orders WHERE id = ?").get(o.id)).toEqual({ status: 4, cancel_by: "timeout" });
    expect(adOf("CNY", "sell").remaining).toBe(cny.remaining);
    escrowHolds();
    expect(globalTotals(ex.db)).toEqual(totals);
  });

  it("tells the seller at once when the buyer marks paid and again before the deadline; an appeal by either party stops the clock", async () => {
    now = Date.UTC(2026, 10, 28, 9, 0, 0);
    const notices = (type: number) =>
      ex.db.prepare("SELECT body, created_at FROM outbox WHERE address = 'bob@example.com' AND type = ? ORDER BY id").all(type) as {
        body: string;
        created_at: number;
      }[];
    const paidBefore = notices(102).length;
    const cny = adOf("CNY", "sell");
    const o = order(await create(demo, { ad_id: cny.id, by: "quantity", value: "10" }));
    await c.call("legalVoucher", { id: o.id, voucher: `/uploads/${upload("demo@example.com")}` }, { token: demo });
    const paid = order(await c.call("legalPay", { id: o.id }, { token: demo }));
    expect(paid.confirm_due_at).toBe(now + 30 * MIN);
    const told = notices(102).slice(paidBefore);
    expect(told).toHaveLength(1);
    expect(told[0]!.created_at).toBe(now);
    expect(told[0]!.body).toBe(
      `Fiat order ${paid.order_no}: the buyer says they have paid 72.00 CNY for 10 USDT. Check that the money has arrived, then ` +
        "confirm receipt. If you neither confirm nor appeal by Nov 28, 2026, 09:30 AM UTC, the coins are released to the buyer automatically.",
    );
    // Ten minutes before the deadline, a reminder; once.
    const remindersBefore = notices(103).length;
    now += 20 * MIN - 1;
    expect(ex.p2p.runDue()).toBe(0);
    expect(notices(103)).toHaveLength(remindersBefore);
    now += 1;
    ex.p2p.runDue();
    ex.p2p.runDue();
    const reminded = notices(103).slice(remindersBefore);
    expect(reminded.map((n) => n.body)).toEqual([
      `Reminder for fiat order ${paid.order_no}: unless you confirm receipt or appeal before Nov 28, 2026, 09:30 AM UTC, the 10 USDT are ` +
        "released to the buyer automatically.",
    ]);
    // The seller appeals: the clock stops, nothing is released at the deadline or a day later.
    const appealed = order(await c.call("legalAppeal", { id: o.id, reason: "no money arrived" }, { token: bob }));
    expect(appealed).toMatchObject({ status: 6, confirm_due_at: null, appeal_by_me: true });
    now += 24 * 60 * MIN;
    expect(ex.p2p.runDue()).toBe(0);
    expect(ex.db.prepare("SELECT status FROM p2p_orders WHERE id = ?").get(o.id)).toEqual({ status: 6 });
    ex.p2p.resolveAppeal(o.id, "seller", "", now);
    // A delay moves the deadline and the reminder with it.
    const d = order(await create(demo, { ad_id: cny.id, by: "quantity", value: "10" }));
    await c.call("legalVoucher", { id: d.id, voucher: `/uploads/${upload("demo@example.com")}` }, { token: demo });
    await c.call("legalPay", { id: d.id }, { token: demo });
    const delayed = order(await c.call("legalDelay", { id: d.id }, { token: bob }));
    expect(delayed.confirm_due_at).toBe(now + 60 * MIN);
    const beforeDelayReminder = notices(103).length;
    now += 50 * MIN;
    ex.p2p.runDue();
    expect(notices(103)).toHaveLength(beforeDelayReminder + 1);
    expect(order(await c.call("legalConfirm", { id: d.id, password: "Shop1234" }, { token: bob })).status).toBe(3);
    escrowHolds();
    expect(globalTotals(ex.db)).toEqual(totals);
  });

  it("keeps orders, timers and escrow across a restart", async () => {
    const cny = adOf("CNY", "sell");
    const o = order(await create(demo, { ad_id: cny.id, by: "quantity", value: "10" }));
    await ex.close();
    now += 16 * MIN;
    ex = quietExchange(dir, { now: () => now });
    c = moneyClient(ex);
    expect(ex.p2p.runDue()).toBe(1);
    expect(
      ex.db.prepare("SELECT status, cancel_by FROM p2p_orders WHERE id = ?").get(o.id) as { status: number; cancel_by: string },
    ).toEqual({ status: 4, cancel_by: "timeout" });
    escrowHolds();
    expect(globalTotals(ex.db)).toEqual(totals);
  });
});
