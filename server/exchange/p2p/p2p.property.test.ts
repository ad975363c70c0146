import { removeExchange, reopenableExchange } from "../../../tests/helpers/quiet-exchange";
import fc from "fast-check";
import Decimal from "decimal.js";
import { describe, expect, it } from "vitest";
import { type Exchange } from "../index";
import { credit, LedgerError } from "../ledger/index";
import { createUser } from "../models/users";
import { P2PRefusal } from "./engine";
import { action } from "../../../tests/helpers/actions";
import { expectLockedIsHeld, heldFor } from "../../../tests/helpers/holds";
import { expectConservedAndNonNegative, lockedOf } from "../../../tests/helpers/ledger";

/**
 * Random sequences of P2P orders and every party's actions on them, ads paused and taken off the shelf, the clock
 * running past the limits and restarts in the middle: funds are conserved exactly, nothing goes below zero, each
 * user's legal lock is exactly what escrow holds for them (the sum of their open holds, each holding its ad's or
 * order's coins), and no order's coins move out of escrow twice.
 */
type Act = "pay" | "cancel" | "confirm" | "delay" | "abnormal" | "appeal" | "resolve_buyer" | "resolve_seller";
type Action =
  | { k: "order"; user: number; ad: number; quantity: string }
  | { k: "act"; order: number; by: number; act: Act }
  | { k: "ad"; ad: number; status: 1 | 2 | 3 }
  | { k: "time"; ms: number }
  | { k: "restart" };

const randomAction: fc.Arbitrary<Action> = fc.oneof(
  action(5, "order", {
    user: fc.integer({ min: 0, max: 2 }),
    ad: fc.integer({ min: 0, max: 2 }),
    quantity: fc.constantFrom("10", "25.5", "100", "333.333333"),
  }),
  action(8, "act", {
    order: fc.integer({ min: 0, max: 7 }),
    by: fc.integer({ min: 0, max: 2 }),
    act: fc.constantFrom<Act>("pay", "cancel", "confirm", "delay", "abnormal", "appeal", "resolve_buyer", "resolve_seller"),
  }),
  action(1, "ad", { ad: fc.integer({ min: 0, max: 2 }), status: fc.constantFrom(1 as const, 2 as const, 3 as const) }),
  action(2, "time", { ms: fc.constantFrom(60_000, 16 * 60_000, 31 * 60_000) }),
  action(1, "restart"),
);

describe("fiat P2P: conservation across random sequences and restarts", () => {
  it("conserves funds, keeps escrow exact and releases or returns each order once", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(randomAction, { minLength: 5, maxLength: 40 }), async (actions) => {
        let now = Date.UTC(2026, 10, 24, 12, 0, 0);
        const { dir, open } = reopenableExchange("p2p-prop-", () => now);
        let ex: Exchange = open();
        try {
          const usdt = (ex.db.prepare("SELECT id FROM currencies WHERE code = 'USDT'").get() as { id: number }).id;
          const users: number[] = [];
          for (let i = 0; i < 3; i++) {
            const id = createUser(ex.db, { email: `p2p-${i}@example.com`, passwordHash: "!", now });
            credit(ex.db, { userId: id, currencyId: usdt, accountCode: "legal_account", amount: "1000", type: "seed" });
            users.push(id);
          }
          const ad = { currencyId: usdt, fiat: "CNY" as const, price: "7.13", minQuantity: "10", maxQuantity: "400", payTypes: ["bank"] };
          const ads = [
            ex.p2p.publishAd(users[0]!, { ...ad, side: "sell", total: "600" }, now).id,
            ex.p2p.publishAd(users[0]!, { ...ad, side: "buy", total: "800" }, now).id,
            ex.p2p.publishAd(users[1]!, { ...ad, side: "sell", total: "300" }, now).id,
          ];
          const orders: number[] = [];
          for (const a of actions) {
            try {
              if (a.k === "order") {
                orders.push(ex.p2p.createOrder(users[a.user]!, ads[a.ad]!, a.quantity, now).id);
              } else if (a.k === "act") {
                const id = orders[a.order];
                if (id === undefined) continue;
                const by = users[a.by]!;
                const p2p = ex.p2p;
                const steps: Record<Act, () => unknown> = {
                  pay: () => (p2p.setVoucher(id, by, "0".repeat(32) + ".png", now), p2p.markPaid(id, by, undefined, now)),
                  cancel: () => p2p.buyerCancel(id, by, now),
                  confirm: () => p2p.sellerConfirm(id, by, now),
                  delay: () => p2p.delay(id, by, now),
                  abnormal: () => p2p.markAbnormal(id, by, "x", now),
                  appeal: () => p2p.appeal(id, by, "x", now),
                  resolve_buyer: () => p2p.resolveAppeal(id, "buyer", "", now),
                  resolve_seller: () => p2p.resolveAppeal(id, "seller", "", now),
                };
                steps[a.act]();
              } else if (a.k === "ad") {
                const owner = a.ad === 2 ? users[1]! : users[0]!;
                ex.p2p.setAdStatus(owner, ads[a.ad]!, a.status, now);
              } else if (a.k === "time") {
                now += a.ms;
                ex.p2p.runDue(now);
              } else {
                await ex.close();
                ex = open();
                ex.p2p.runDue(now);
              }
            } catch (err) {
              if (!(err instanceof P2PRefusal) && !(err instanceof LedgerError)) throw err;
            }
            expectConservedAndNonNegative(ex.db);
            for (const u of users) {
              const lock = lockedOf(ex.db, u, usdt, "legal_account");
              const adsLeft = ex.db
                .prepare("SELECT remaining AS q FROM p2p_ads WHERE user_id = ? AND side = 'sell' AND status <> 3")
                .all(u) as { q: string }[];
              const inOrders = ex.db
                .prepare("SELECT quantity AS q FROM p2p_orders WHERE seller_id = ? AND status IN (1, 2, 5, 6, 7)")
                .all(u) as { q: string }[];
              expect(new Decimal(lock).toFixed()).toBe([...adsLeft, ...inOrders].reduce((s, r) => s.plus(r.q), new Decimal(0)).toFixed());
            }
            expectLockedIsHeld(ex.db);
            // Each escrow hold holds exactly its object's coins: a sell ad what is on offer and its orders in progress,
            // a sale to a buy ad its quantity.
            for (const ad of ex.db.prepare("SELECT id, side, remaining, status FROM p2p_ads").all() as {
              id: number;
              side: string;
              remaining: string;
              status: number;
            }[]) {
              const inFlight = ex.db
                .prepare("SELECT id, quantity AS q FROM p2p_orders WHERE ad_id = ? AND status IN (1, 2, 5, 6, 7)")
                .all(ad.id) as { id: number; q: string }[];
              if (ad.side === "sell") {
                const expected = inFlight.reduce((s, r) => s.plus(r.q), new Decimal(ad.status === 3 ? 0 : ad.remaining));
                expect(heldFor(ex.db, "p2p_ad", ad.id)).toBe(expected.toFixed());
              } else for (const o of inFlight) expect(heldFor(ex.db, "p2p_order", o.id)).toBe(new Decimal(o.q).toFixed());
            }
            // An ad never offers more than it had: its rest plus its open and completed orders make its total.
            for (const row of ex.db.prepare("SELECT id, total, remaining, status FROM p2p_ads").all() as {
              id: number;
              total: string;
              remaining: string;
              status: number;
            }[]) {
              const sold = ex.db.prepare("SELECT quantity AS q FROM p2p_orders WHERE ad_id = ? AND status <> 4").all(row.id) as {
                q: string;
              }[];
              const used = sold.reduce((s, r) => s.plus(r.q), new Decimal(row.remaining));
              if (row.status === 3) expect(used.lte(row.total)).toBe(true);
              else expect(used.toFixed()).toBe(new Decimal(row.total).toFixed());
            }
            const twice = ex.db
              .prepare(
                "SELECT json_extract(extra_data, '$.p2p_order_id') AS id, COUNT(*) AS n FROM account_log WHERE type IN ('p2p_release', 'p2p_return') GROUP BY id HAVING n > 2",
              )
              .all();
            expect(twice).toEqual([]);
          }
        } finally {
          await removeExchange(ex, dir);
        }
      }),
      { numRuns: 40 },
    );
  }, 120_000);
});
