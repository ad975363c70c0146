import { removeExchange } from "../../../tests/helpers/quiet-exchange";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AccountLogPageSchema } from "../../../app/contract/index";
import { demoExchange, type MoneyClient } from "../../../tests/helpers/money-client";
import { recordTrade, type Exchange } from "../index";
import { credit } from "../ledger/index";
import { issueToken } from "../models/users";
import { paidOrder, sellAd } from "../p2p/test-support";

/**
 * The account logs of the lever, second-contract and fiat accounts name each kind of row (a category the app
 * translates, and a memo in the caller's language): margin, fee, profit, loss, liquidation, stake, payout, escrow,
 * release… never 'other / balance change'.
 */
const BTC = 1;
let now = Date.UTC(2026, 10, 24, 12, 0, 0);
let ex: Exchange, dir: string, c: MoneyClient, demo: string, usdt: number;

const price = (p: string) => {
  recordTrade(ex, BTC, { way: 2, price: p, number: "0.01", time: now });
  ex.lever.evaluate(BTC, now);
};

async function log(call: "accountLogLever" | "accountLogMicro" | "accountLogLegal", token: string, lang?: string) {
  const r = await c.call(call, { currency_id: usdt, limit: 100 }, { token, lang });
  expect(r.code).toBe(1);
  return AccountLogPageSchema.parse(r.data).data.map((e) => ({ type: e.type, field: e.field, category: e.category, memo: e.memo }));
}

/** The demo account opens a long lever position on BTC at the market; its id. */
async function openLong(multiple: number, share: number) {
  const opened = await c.call(
    "leverSubmit",
    { currency_match_id: BTC, type: 1, status: 1, multiple, share, password: "Trade123" },
    { token: demo },
  );
  expect(opened.code, opened.msg).toBe(1);
  return (opened.data as { id: number }).id;
}

beforeAll(async () => {
  ({ ex, dir, c, usdt, demo } = await demoExchange("log-kinds", { now: () => now }, "Trade123"));
  price("60000");
});
afterAll(() => removeExchange(ex, dir));

describe("account log kinds", () => {
  it("lever: margin and fee at opening, the margin released, the profit, the overnight fee; a liquidation's loss", async () => {
    const id = await openLong(10, 1);
    now += 60_000;
    price("61000");
    expect((await c.call("leverClose", { id }, { token: demo })).code).toBe(1);
    const rows = await log("accountLogLever", demo);
    const mine = rows.filter((r) => r.memo.includes(`#${id}`));
    expect(mine).toEqual(
      expect.arrayContaining([
        { type: "lever_open", field: "balance", category: "margin", memo: `Position #${id}: margin and fee paid` },
        { type: "lever_open", field: "lock_balance", category: "margin", memo: `Position #${id}: margin held` },
        { type: "lever_margin_release", field: "lock_balance", category: "margin", memo: `Position #${id}: margin released` },
        { type: "lever_margin_release", field: "balance", category: "margin", memo: `Position #${id}: margin released` },
        { type: "lever_profit", field: "balance", category: "profit", memo: `Position #${id}: profit` },
      ]),
    );
    expect(rows.some((r) => r.category === "other")).toBe(false);
    // In the caller's language.
    const de = await log("accountLogLever", demo, "de");
    expect(de.find((r) => r.type === "lever_profit" && r.memo.includes(`#${id}`))?.memo).toBe(`Position #${id}: Gewinn`);

    // A loss taken by a liquidation says so.
    const bigId = await openLong(100, 100);
    now += 60_000;
    price("30000");
    const after = await log("accountLogLever", demo);
    expect(after).toContainEqual({
      type: "lever_loss",
      field: "balance",
      category: "liquidation",
      memo: `Position #${bigId}: loss at liquidation`,
    });
  });

  it("second contract: stake and fee, the stake held, then the payout of a win", async () => {
    credit(ex.db, { userId: c.userId("demo@example.com"), currencyId: usdt, accountCode: "micro_account", amount: "500", type: "seed" });
    price("60000");
    const placed = await c.call("microSubmit", { match_id: BTC, currency_id: usdt, type: 1, seconds: 30, number: "100" }, { token: demo });
    expect(placed.code, placed.msg).toBe(1);
    const id = (placed.data as { id: number }).id;
    now += 30_000;
    price("60100");
    expect(ex.micro.settleDue(now)).toBe(1);
    const rows = (await log("accountLogMicro", demo)).filter((r) => r.memo.includes(`#${id}`));
    expect(rows).toEqual(
      expect.arrayContaining([
        { type: "micro_stake", field: "balance", category: "stake", memo: `Second contract #${id}: stake and fee` },
        { type: "micro_stake", field: "lock_balance", category: "stake", memo: `Second contract #${id}: stake held` },
        { type: "micro_win", field: "balance", category: "payout", memo: `Second contract #${id}: won, stake and payout` },
      ]),
    );
  });

  it("fiat: the seller's coins in escrow and released, the buyer's coins received", async () => {
    const { merchant: seller, ad } = sellAd(ex, "log-seller@example.com", { funds: "1000", total: "500", now });
    const { buyer, order: o } = paidOrder(ex, ad.id, "log-buyer@example.com", now);
    ex.p2p.sellerConfirm(o.id, seller, now);
    const token = (uid: number) => issueToken(ex.db, uid, now);
    const sellerRows = await log("accountLogLegal", token(seller));
    expect(sellerRows).toEqual(
      expect.arrayContaining([
        { type: "p2p_ad_lock", field: "lock_balance", category: "escrow", memo: `Ad #${ad.id}: coins put on offer` },
        { type: "p2p_release", field: "lock_balance", category: "release", memo: `Fiat order #${o.id}: coins released to the buyer` },
      ]),
    );
    expect(await log("accountLogLegal", token(buyer))).toContainEqual({
      type: "p2p_release",
      field: "balance",
      category: "release",
      memo: `Fiat order #${o.id}: coins received`,
    });
  });
});
