import { removeExchange, reopenableExchange } from "../../../tests/helpers/quiet-exchange";
import fc from "fast-check";
import Decimal from "decimal.js";
import { describe, expect, it } from "vitest";
import { recordTrade, type Exchange } from "../index";
import { credit } from "../ledger/index";
import { hashPassword } from "../lib/crypto";
import { createUser, issueToken } from "../models/users";
import { DAY } from "../lib/time";
import { action } from "../../../tests/helpers/actions";
import { expectLockedIsHeld, heldFor } from "../../../tests/helpers/holds";
import { expectConservedAndNonNegative, lockedOf } from "../../../tests/helpers/ledger";

/**
 * Random opens (market and fixed price, long and short, any multiple), stops, closes, cancels, batch closes, price
 * paths with gaps that liquidate, overnight fees and restarts: balances + fees + the treasury stay exactly what they
 * were (the global total is zero), no balance goes below zero, and each trader's locked lever balance is exactly the
 * margin of their open positions plus the reservation (margin + fee) of their pending orders: the sum of their open
 * holds, one per order holding exactly that.
 */
type Action =
  | {
      k: "open";
      user: number;
      pair: 1 | 2;
      type: 1 | 2;
      fixed: number | null;
      hands: number;
      multiple: 5 | 10 | 20 | 50 | 100;
      tp: number;
      sl: number;
    }
  | { k: "price"; pair: 1 | 2; move: number }
  | { k: "close"; user: number; nth: number }
  | { k: "cancel"; user: number; nth: number }
  | { k: "setstop"; user: number; nth: number; tp: number; sl: number }
  | { k: "batch"; user: number; pair: 1 | 2; type: 0 | 1 | 2 }
  | { k: "overnight" }
  | { k: "restart" };

const frac = fc.integer({ min: -30, max: 30 });
const randomAction: fc.Arbitrary<Action> = fc.oneof(
  action(6, "open", {
    user: fc.integer({ min: 0, max: 2 }),
    pair: fc.constantFrom(1 as const, 2 as const),
    type: fc.constantFrom(1 as const, 2 as const),
    fixed: fc.option(frac, { nil: null }),
    hands: fc.integer({ min: 1, max: 5 }),
    multiple: fc.constantFrom(5 as const, 10 as const, 20 as const, 50 as const, 100 as const),
    tp: fc.integer({ min: 0, max: 30 }),
    sl: fc.integer({ min: 0, max: 30 }),
  }),
  // Price moves in ‰ of the start price, with rare gaps of up to 40 %.
  action(6, "price", {
    pair: fc.constantFrom(1 as const, 2 as const),
    move: fc.oneof(fc.integer({ min: -15, max: 15 }), fc.integer({ min: -400, max: 400 })),
  }),
  action(2, "close", { user: fc.integer({ min: 0, max: 2 }), nth: fc.nat(5) }),
  action(1, "cancel", { user: fc.integer({ min: 0, max: 2 }), nth: fc.nat(5) }),
  action(1, "setstop", {
    user: fc.integer({ min: 0, max: 2 }),
    nth: fc.nat(5),
    tp: fc.integer({ min: 0, max: 30 }),
    sl: fc.integer({ min: 0, max: 30 }),
  }),
  action(1, "batch", {
    user: fc.integer({ min: 0, max: 2 }),
    pair: fc.constantFrom(1 as const, 2 as const),
    type: fc.constantFrom(0 as const, 1 as const, 2 as const),
  }),
  action(1, "overnight"),
  action(1, "restart"),
);

const START = { 1: new Decimal(60000), 2: new Decimal(3000) };

describe("lever: conservation across random sequences", () => {
  it("conserves funds exactly, never goes negative, and keeps the locked balance equal to what the positions hold", async () => {
    const hash = await hashPassword("Trade123");
    // What the runs went through, so that the property is known not to hold vacuously.
    const seen = new Set<string>();
    await fc.assert(
      fc.asyncProperty(fc.array(randomAction, { minLength: 5, maxLength: 40 }), async (actions) => {
        let now = Date.UTC(2026, 10, 24, 12, 0, 0);
        const { dir, open } = reopenableExchange("lever-prop-", () => now);
        let ex: Exchange = open();
        const call = async (path: string, token: string, body: Record<string, unknown>) => {
          const r = await ex.handle(
            new Request(`http://localhost/api/${path}`, {
              method: "POST",
              headers: { authorization: token, "content-type": "application/json" },
              body: JSON.stringify(body),
            }),
          );
          return (await r.json()) as { code: number; data?: unknown };
        };
        try {
          const usdt = (ex.db.prepare("SELECT id FROM currencies WHERE code = 'USDT'").get() as { id: number }).id;
          const users: { id: number; token: string }[] = [];
          for (let i = 0; i < 3; i++) {
            const id = createUser(ex.db, { email: `lever-prop-${i}@example.com`, passwordHash: "!", now });
            ex.db.prepare("UPDATE users SET pay_password_hash = ? WHERE id = ?").run(hash, id);
            credit(ex.db, { userId: id, currencyId: usdt, accountCode: "lever_account", amount: ["300", "2000", "25"][i]!, type: "seed" });
            users.push({ id, token: issueToken(ex.db, id, now) });
          }
          const price = { 1: START[1], 2: START[2] };
          const print = (pair: 1 | 2) => {
            recordTrade(ex, pair, { way: 2, price: price[pair].toFixed(2), number: "0.01", time: now });
            ex.lever.evaluate(pair, now);
          };
          print(1);
          print(2);
          const rows = (userId: number, status: number) =>
            ex.db
              .prepare("SELECT id, currency_match_id FROM lever_orders WHERE user_id = ? AND status = ? ORDER BY id")
              .all(userId, status) as { id: number; currency_match_id: number }[];
          const at = (pair: 1 | 2, permille: number) =>
            price[pair]
              .times(1000 + permille)
              .div(1000)
              .toFixed(2);
          for (const a of actions) {
            if (a.k === "open") {
              const u = users[a.user]!;
              const side = a.type === 1 ? 1 : -1;
              await call("lever/submit", u.token, {
                currency_match_id: a.pair,
                type: a.type,
                status: a.fixed === null ? 1 : 0,
                target_price: a.fixed === null ? "" : at(a.pair, -side * Math.abs(a.fixed)),
                multiple: a.multiple,
                share: a.hands,
                password: "Trade123",
                target_profit_price: a.tp ? at(a.pair, side * a.tp * 5) : "0",
                stop_loss_price: a.sl ? at(a.pair, -side * a.sl * 5) : "0",
              });
            } else if (a.k === "price") {
              price[a.pair] = Decimal.max(
                new Decimal(1),
                price[a.pair]
                  .times(1000 + a.move)
                  .div(1000)
                  .toDecimalPlaces(2),
              );
              print(a.pair);
            } else if (a.k === "close" || a.k === "cancel" || a.k === "setstop") {
              const u = users[a.user]!;
              const list = rows(u.id, a.k === "cancel" ? 0 : 1);
              const r = list[a.nth % Math.max(1, list.length)];
              if (!r) continue;
              if (a.k === "setstop") {
                await call("lever/setstop", u.token, {
                  id: r.id,
                  target_profit_price: a.tp ? at(r.currency_match_id as 1 | 2, a.tp * 5) : "0",
                  stop_loss_price: a.sl ? at(r.currency_match_id as 1 | 2, -a.sl * 5) : "0",
                });
              } else await call(a.k === "close" ? "lever/close" : "lever/cancel", u.token, { id: r.id });
            } else if (a.k === "batch") {
              await call("lever/batch_close", users[a.user]!.token, { type: a.type, currency_match_id: a.pair });
            } else if (a.k === "overnight") {
              now += DAY;
              ex.lever.runOvernight(now);
            } else {
              await ex.close();
              ex = open();
            }
            expectConservedAndNonNegative(ex.db);
            for (const u of users) {
              const lock = lockedOf(ex.db, u.id, usdt, "lever_account");
              const held = ex.db
                .prepare("SELECT id, status, caution_money, trade_fee FROM lever_orders WHERE user_id = ? AND status IN (0, 1)")
                .all(u.id) as { id: number; status: number; caution_money: string; trade_fee: string }[];
              const expected = held.reduce((s, r) => s.plus(r.caution_money).plus(r.status === 0 ? r.trade_fee : 0), new Decimal(0));
              expect(new Decimal(lock).toFixed()).toBe(expected.toFixed());
              for (const r of held)
                expect(heldFor(ex.db, "lever_order", r.id)).toBe(
                  new Decimal(r.caution_money).plus(r.status === 0 ? r.trade_fee : 0).toFixed(),
                );
            }
            expectLockedIsHeld(ex.db);
          }
          for (const r of ex.db.prepare("SELECT DISTINCT status, close_reason FROM lever_orders").all() as {
            status: number;
            close_reason: string | null;
          }[]) {
            seen.add(r.close_reason ?? `status ${r.status}`);
          }
          if ((ex.db.prepare("SELECT COUNT(*) AS n FROM lever_orders WHERE absorbed != '0'").get() as { n: number }).n > 0)
            seen.add("absorbed");
          if ((ex.db.prepare("SELECT COUNT(*) AS n FROM lever_orders WHERE overnight_money != '0'").get() as { n: number }).n > 0)
            seen.add("overnight");
        } finally {
          await removeExchange(ex, dir);
        }
      }),
      { numRuns: 20, seed: 20261125 },
    );
    for (const what of ["status 1", "close", "take_profit", "stop_loss", "liquidation", "cancel", "overnight"])
      expect(seen, what).toContain(what);
  }, 240_000);
});
