import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { moneyClient } from "../../../tests/helpers/money-client";
import {
  exportPageOf,
  AccountLogEntrySchema,
  AccountLogPageSchema,
  SpotCancelAllSchema,
  SpotFillPageSchema,
  SpotFillSchema,
  SpotOcoSchema,
  SpotOrderPageSchema,
  SpotOrderSchema,
} from "../../../app/contract/index";
import { createExchange, type Exchange } from "../index";
import { removeExchange } from "../../../tests/helpers/quiet-exchange";

// Stop-limit, OCO, cancel all, my orders and fills across pairs, and the export pages, through the API.

let ex: Exchange;
let dir: string;
let demo: string;
let alice: string;
const SOL = 3;
const ETH = 2;

/** The API through the exchange's own handler (tests/helpers/money-client.ts), once `ex` is up. */
const call: ReturnType<typeof moneyClient>["call"] = (...args) => moneyClient(ex).call(...args);
const login = (account: string, password: string) => moneyClient(ex).login(account, password);

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "exchange-orders-"));
  ex = createExchange({ dataDir: dir, simulator: false, marketMaker: false, log: () => {} });
  demo = await login("demo@example.com", "Trade2026");
  alice = await login("alice@example.com", "Alice2026");
  // The last SOL price is 100: demo sells to alice.
  expect((await call("txOutAdd", { currency_match_id: SOL, price: "100", number: "2" }, { token: demo })).code).toBe(1);
  expect((await call("txInAdd", { currency_match_id: SOL, price: "100", number: "2" }, { token: alice })).code).toBe(1);
});
afterAll(() => removeExchange(ex, dir));

describe("stop-limit orders through the API", () => {
  it("places one untriggered, named in the caller's language", async () => {
    const r = await call(
      "txOutAdd",
      { currency_match_id: SOL, type: "stop_limit", trigger_price: "95", price: "94", number: "1" },
      { token: demo, lang: "de" },
    );
    expect(r.code).toBe(1);
    expect(r.msg).toBe("Stop-Limit-Auftrag erteilt");
    const o = SpotOrderSchema.parse(r.data);
    expect(o).toMatchObject({
      type: "stop_limit",
      status: 4,
      status_name: "nicht ausgelöst",
      trigger_price: "95.00",
      triggered_at: null,
      oco_id: null,
    });
  });

  it("refuses on the field: a trigger on the wrong side, a stop without a limit price, a trigger on a limit order, more than the balance", async () => {
    const wrong = await call(
      "txOutAdd",
      { currency_match_id: SOL, type: "stop_limit", trigger_price: "101", price: "94", number: "1" },
      { token: demo },
    );
    expect(wrong).toMatchObject({
      code: 0,
      msg: "a sell stop's trigger price must be below the last price 100.00",
      reason: { key: "trigger_below_last", field: "trigger_price" },
    });
    const noPrice = await call(
      "txInAdd",
      { currency_match_id: SOL, type: "stop_limit", trigger_price: "105", number: "1" },
      { token: demo },
    );
    expect(noPrice).toMatchObject({ status: 400, reason: { key: "price_required", field: "price" } });
    const onLimit = await call("txInAdd", { currency_match_id: SOL, trigger_price: "105", price: "100", number: "1" }, { token: demo });
    expect(onLimit).toMatchObject({ status: 400, reason: { key: "trigger_not_stop", field: "trigger_price" } });
    const tooMuch = await call(
      "txInAdd",
      { currency_match_id: SOL, type: "stop_limit", trigger_price: "105", price: "106", number: "1000" },
      { token: demo },
    );
    expect(tooMuch).toMatchObject({ code: 0, reason: { key: "insufficient_balance", field: "number" } });
  });
});

describe("OCO orders through the API", () => {
  it("places both orders under one id, repeats once per key, and refuses the key for another kind of order", async () => {
    const payload = {
      currency_match_id: SOL,
      price: "120",
      trigger_price: "90",
      stop_price: "89",
      number: "0.5",
      idempotency_key: "oco-1",
    };
    const r = await call("txOutOco", payload, { token: demo });
    expect(r.code).toBe(1);
    const oco = SpotOcoSchema.parse(r.data);
    expect(oco.limit).toMatchObject({ id: oco.oco_id, type: "limit", oco_id: oco.oco_id, status: 0, price: "120.00" });
    expect(oco.stop).toMatchObject({ type: "stop_limit", oco_id: oco.oco_id, status: 4, trigger_price: "90.00", price: "89.00" });
    expect(SpotOcoSchema.parse((await call("txOutOco", payload, { token: demo })).data)).toEqual(oco);
    const reused = await call(
      "txOutAdd",
      { currency_match_id: SOL, price: "130", number: "0.1", idempotency_key: "oco-1" },
      { token: demo },
    );
    expect(reused).toMatchObject({ code: 0, reason: { key: "idempotency_key_reused", field: "idempotency_key" } });
    const wrongSide = await call(
      "txInOco",
      { currency_match_id: SOL, price: "101", trigger_price: "110", stop_price: "111", number: "1" },
      { token: demo },
    );
    expect(wrongSide).toMatchObject({ code: 0, reason: { key: "oco_price_above_last", field: "price" } });
    const missing = await call("txInOco", { currency_match_id: SOL, price: "90", number: "1" }, { token: demo });
    expect(missing).toMatchObject({ status: 400, reason: { field: "trigger_price" } });
  });
});

describe("my orders and fills across pairs", () => {
  it("lists every pair's orders with the filters, and the fills with their fee, role and value", async () => {
    expect((await call("txInAdd", { currency_match_id: ETH, price: "3000", number: "0.1" }, { token: demo })).code).toBe(1);
    const all = SpotOrderPageSchema.parse((await call("spotOrders", {}, { token: demo })).data);
    expect(new Set(all.data.map((o) => o.currency_match.id))).toEqual(new Set([SOL, ETH]));
    expect(all.data.map((o) => o.id)).toEqual([...all.data.map((o) => o.id)].sort((a, b) => b - a));
    const untriggered = SpotOrderPageSchema.parse((await call("spotOrders", { status: "untriggered" }, { token: demo })).data);
    expect(untriggered.data.length).toBe(2);
    expect(untriggered.data.every((o) => o.status === 4)).toBe(true);
    const eth = SpotOrderPageSchema.parse(
      (await call("spotOrders", { currency_match_id: ETH, way: 1, status: "open" }, { token: demo })).data,
    );
    expect(eth.data.map((o) => o.currency_match.symbol)).toEqual(["ETH/USDT"]);
    const first = all.data.at(-1)!;
    const fromTo = SpotOrderPageSchema.parse(
      (await call("spotOrders", { from: first.created_at, to: first.created_at + 1 }, { token: demo })).data,
    );
    expect(fromTo.data.map((o) => o.id)).toContain(first.id);
    const paged = SpotOrderPageSchema.parse((await call("spotOrders", { limit: 2, page: 2 }, { token: demo })).data);
    expect(paged).toMatchObject({ total: all.total, per_page: 2, current_page: 2, data: all.data.slice(2, 4) });
    expect((await call("spotOrders", { currency_match_id: 999 }, { token: demo })).reason).toMatchObject({ field: "currency_match_id" });

    const fills = SpotFillPageSchema.parse((await call("spotFills", {}, { token: alice, lang: "en" })).data);
    // Alice's buy of 2 at 100 took demo's resting sell: taker, fee 0.002 SOL; value 200 USDT.
    expect(fills.data).toHaveLength(1);
    expect(fills.data[0]).toMatchObject({
      role: "taker",
      role_name: "taker",
      way: 1,
      price: "100.00",
      number: "2",
      volume: "200",
      fee: "0.002",
      fee_currency: "SOL",
    });
    const mine = SpotFillPageSchema.parse((await call("spotFills", { currency_match_id: SOL, way: 2 }, { token: demo })).data);
    expect(mine.data[0]).toMatchObject({ role: "maker", fee: "0.2", fee_currency: "USDT" });
    expect(SpotFillPageSchema.parse((await call("spotFills", { way: 1 }, { token: demo })).data).data).toEqual([]);
  });
});

describe("cancel all", () => {
  it("cancels the working orders of a pair (an OCO's two with it), then of every pair", async () => {
    const r = await call("txCancelAll", { currency_match_id: SOL }, { token: demo, lang: "en" });
    const body = SpotCancelAllSchema.parse(r.data);
    expect(body.cancelled).toBe(3);
    expect(r.msg).toBe("3 orders cancelled");
    expect(
      SpotOrderPageSchema.parse((await call("spotOrders", { status: "open" }, { token: demo })).data).data.map((o) => o.currency_match.id),
    ).toEqual([ETH]);
    const rest = await call("txCancelAll", {}, { token: demo, lang: "pl" });
    expect(SpotCancelAllSchema.parse(rest.data).cancelled).toBe(1);
    expect(rest.msg).toBe("anulowano 1 zlecenie");
    expect(SpotOrderPageSchema.parse((await call("spotOrders", { status: "open" }, { token: demo })).data).total).toBe(0);
  });
});

describe("exports", () => {
  it("reads every row a page at a time by the id it stops before, newest first, the same rows as the lists", async () => {
    const all = SpotOrderPageSchema.parse((await call("spotOrders", { limit: 100 }, { token: demo })).data).data;
    const seen: number[] = [];
    let before: number | null | undefined;
    const Page = exportPageOf(SpotOrderSchema);
    for (let i = 0; i < 20; i++) {
      const page = Page.parse((await call("exportOrders", { limit: 2, ...(before ? { before_id: before } : {}) }, { token: demo })).data);
      seen.push(...page.data.map((o) => o.id));
      before = page.next_before_id;
      if (before === null) break;
    }
    expect(before).toBeNull();
    expect(seen).toEqual(all.map((o) => o.id));
    const fills = exportPageOf(SpotFillSchema).parse((await call("exportFills", {}, { token: alice })).data);
    expect(fills).toMatchObject({ next_before_id: null, data: [{ role: "taker" }] });
    // The account log across currencies, merged in id order: the list's rows.
    const log = AccountLogPageSchema.parse((await call("accountLogChange", { limit: 100 }, { token: demo })).data).data;
    const exported: number[] = [];
    before = undefined;
    for (let i = 0; i < 50 && before !== null; i++) {
      const page = exportPageOf(AccountLogEntrySchema).parse(
        (
          await call(
            "exportAccountLog",
            { account_code: "change_account", limit: 3, ...(before ? { before_id: before } : {}) },
            { token: demo },
          )
        ).data,
      );
      exported.push(...page.data.map((e) => e.id));
      before = page.next_before_id;
    }
    expect(exported).toEqual(log.map((e) => e.id));
    expect((await call("exportAccountLog", { limit: 1001 }, { token: demo })).reason).toMatchObject({ field: "limit" });
    for (const name of ["exportDeposits", "exportWithdrawals", "exportTransfers", "exportSavingsLog"] as const) {
      const r = await call(name, {}, { token: demo });
      expect([name, r.code]).toEqual([name, 1]);
    }
  });
});

describe("a limit order's time in force through the API", () => {
  it("post only, immediate or cancel and fill or kill, each refusal on its field; the field refused where it has no sense", async () => {
    // An empty SOL book (the market maker is off), then one ask of 1 at 101.
    for (const token of [demo, alice]) expect((await call("txCancelAll", { currency_match_id: SOL }, { token })).code).toBe(1);
    expect((await call("txOutAdd", { currency_match_id: SOL, price: "101", number: "1" }, { token: demo })).code).toBe(1);
    const postOnly = await call(
      "txInAdd",
      { currency_match_id: SOL, price: "101", number: "1", time_in_force: "post_only" },
      { token: alice },
    );
    expect(postOnly).toMatchObject({
      code: 0,
      msg: "a post-only order only rests on the book, and at this price it would take from it: the best price on the other side is 101.00",
      reason: { key: "post_only_would_take", field: "price" },
    });
    const ioc = await call(
      "txInAdd",
      { currency_match_id: SOL, price: "101", number: "3", time_in_force: "ioc" },
      { token: alice, lang: "de" },
    );
    expect(ioc.code).toBe(1);
    expect(SpotOrderSchema.parse(ioc.data)).toMatchObject({
      status: 3,
      transacted_amount: "1",
      number: "3",
      type: "limit",
      time_in_force: "ioc",
    });
    const fok = await call("txInAdd", { currency_match_id: SOL, price: "101", number: "1", time_in_force: "fok" }, { token: alice });
    expect(fok).toMatchObject({
      code: 0,
      msg: "nothing in the book at 101.00 or better: a fill-or-kill order fills whole or not at all",
      reason: { key: "fok_nothing_to_take", field: "price" },
    });
    const onMarket = await call("txInAdd", { currency_match_id: SOL, type: "market", number: "1", time_in_force: "fok" }, { token: alice });
    expect(onMarket).toMatchObject({ status: 400, reason: { key: "time_in_force_not_limit", field: "time_in_force" } });
    const unknown = await call("txInAdd", { currency_match_id: SOL, price: "90", number: "1", time_in_force: "day" }, { token: alice });
    expect(unknown).toMatchObject({ status: 400, reason: { key: "time_in_force_invalid", field: "time_in_force" } });
  });
});
