import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoExchange, type MoneyClient } from "../../../tests/helpers/money-client";
import { removeExchange } from "../../../tests/helpers/quiet-exchange";
import { expectLockedIsHeld } from "../../../tests/helpers/holds";
import type { Subscriber } from "../hub";
import { recordTrade, type Exchange } from "../index";
import { credit, post } from "../ledger/index";
import { reconcile } from "../ledger/reconcile";

const BTC = 1;
let now = Date.UTC(2026, 10, 24, 12, 0, 0);
let ex: Exchange, dir: string, c: MoneyClient, demo: string, usdt: number;
const logs: string[] = [];
const price = (p: string, at = now) => recordTrade(ex, BTC, { way: 2, price: p, number: "0.01", time: at });
const submit = (type: 1 | 2, number: string) =>
  c.call("microSubmit", { match_id: BTC, currency_id: usdt, type, seconds: 30, number }, { token: demo });
const status = (id: number) =>
  ex.db.prepare("SELECT status, result FROM micro_orders WHERE id = ?").get(id) as { status: number; result: string | null };
const settledNotices = () =>
  (
    ex.db.prepare("SELECT json_extract(params, '$.id') AS id FROM notifications WHERE kind = 'second_settled'").all() as { id: string }[]
  ).map((r) => Number(r.id));

beforeAll(async () => {
  ({ ex, dir, c, usdt, demo } = await demoExchange("micro-settle", { now: () => now, log: (line) => logs.push(line) }));
  price("60000");
});
afterAll(() => removeExchange(ex, dir));

describe("second-contract settlement, one order apart from another", () => {
  it("settles a loss while a win the house cannot pay waits, and pays the win once the house is credited", async () => {
    const house = ex.system.treasuryId;
    const demoId = c.userId("demo@example.com");
    // The house holds no USDT (a live exchange's treasury starts empty and holds what the operator credits).
    const held = c.balances(house, usdt, "change_account").balance;
    post(ex.db, {
      type: "test",
      legs: [
        { userId: house, currencyId: usdt, accountCode: "change_account", amount: `-${held}` },
        { system: "external", currencyId: usdt, amount: held },
      ],
    });
    const win = (await submit(1, "500")).data as { id: number };
    const lose = (await submit(2, "50")).data as { id: number };
    const pushed: number[] = [];
    const sub: Subscriber = {
      userId: demoId,
      channels: new Set(),
      send: (m: unknown) => pushed.push((m as { order: { id: number } }).order.id),
    };
    ex.hub.subscribe(sub, "MICRO_CLOSED");
    price("60010", now + 10_000);
    now += 30_000;

    // The win (100 USDT of profit) comes first and cannot be paid; the loss settles all the same.
    expect(ex.micro.settleDue(now)).toBe(1);
    expect(status(lose.id)).toEqual({ status: 3, result: "lose" });
    expect(status(win.id)).toEqual({ status: 1, result: null });
    expect(c.balances(demoId, usdt, "micro_account")).toEqual({ balance: "449.45", lock_balance: "500" });
    expect(c.balances(house, usdt, "change_account").balance).toBe("50");
    expect(pushed).toEqual([lose.id]);
    expect(settledNotices()).toEqual([lose.id]);
    expect(logs.filter((l) => l.includes(`#${win.id} not settled: insufficient_balance`))).toHaveLength(1);

    // Still short (50 < 100): tried again, still waiting, not logged again.
    expect(ex.micro.settleDue(now + 1000)).toBe(0);
    expect(status(win.id).status).toBe(1);
    expect(logs.filter((l) => l.includes(`#${win.id} not settled`))).toHaveLength(1);

    // The operator credits the house: the next run pays the win, once.
    credit(ex.db, { userId: house, currencyId: usdt, accountCode: "change_account", amount: "1000", type: "admin_credit" });
    expect(ex.micro.settleDue(now + 2000)).toBe(1);
    expect(ex.micro.settleDue(now + 3000)).toBe(0);
    expect(status(win.id)).toEqual({ status: 3, result: "win" });
    expect(c.balances(demoId, usdt, "micro_account")).toEqual({ balance: "1049.45", lock_balance: "0" });
    expect(c.balances(house, usdt, "change_account").balance).toBe("950");
    expect(pushed).toEqual([lose.id, win.id]);
    expect(settledNotices().sort()).toEqual([win.id, lose.id].sort());
    expectLockedIsHeld(ex.db);
    expect(reconcile(ex.db).mismatches).toEqual([]);
  });
});
