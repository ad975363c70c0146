import { removeExchange, reopenableExchange } from "../../../tests/helpers/quiet-exchange";
import fc from "fast-check";
import Decimal from "decimal.js";
import { describe, expect, it } from "vitest";
import { recordTrade, type Exchange } from "../index";
import { credit } from "../ledger/index";
import { createUser, issueToken } from "../models/users";
import { action } from "../../../tests/helpers/actions";
import { expectLockedIsHeld, heldFor } from "../../../tests/helpers/holds";
import { expectConservedAndNonNegative, lockedOf } from "../../../tests/helpers/ledger";

/**
 * Random sequences of second-contract orders, price prints, the clock moving and restarts in the middle: funds are
 * conserved exactly, nothing goes below zero, the locked stake is exactly the running orders', and no order is
 * settled twice.
 */
type Action =
  | { k: "submit"; user: number; type: 1 | 2; seconds: 30 | 60 | 120; number: string }
  | { k: "print"; pair: 1 | 2; move: number }
  | { k: "time"; ms: number }
  | { k: "restart" };

const randomAction: fc.Arbitrary<Action> = fc.oneof(
  action(5, "submit", {
    user: fc.integer({ min: 0, max: 2 }),
    type: fc.constantFrom(1 as const, 2 as const),
    seconds: fc.constantFrom(30 as const, 60 as const, 120 as const),
    number: fc.constantFrom("10", "50", "99.5", "400"),
  }),
  action(4, "print", { pair: fc.constantFrom(1 as const, 2 as const), move: fc.integer({ min: -3, max: 3 }) }),
  action(3, "time", { ms: fc.integer({ min: 1_000, max: 90_000 }) }),
  action(1, "restart"),
);

describe("second contract: conservation across random sequences and restarts", () => {
  it("conserves funds, keeps locks exact and settles each order once", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(randomAction, { minLength: 5, maxLength: 30 }), async (actions) => {
        let now = Date.UTC(2026, 10, 24, 12, 0, 0);
        const { dir, open } = reopenableExchange("micro-prop-", () => now);
        let ex: Exchange = open();
        try {
          const usdt = (ex.db.prepare("SELECT id FROM currencies WHERE code = 'USDT'").get() as { id: number }).id;
          const users: { id: number; token: string }[] = [];
          for (let i = 0; i < 3; i++) {
            const id = createUser(ex.db, { email: `prop-${i}@example.com`, passwordHash: "!", now });
            credit(ex.db, { userId: id, currencyId: usdt, accountCode: "micro_account", amount: "500", type: "seed" });
            users.push({ id, token: issueToken(ex.db, id, now) });
          }
          const prices = { 1: 60000, 2: 3000 };
          recordTrade(ex, 1, { way: 2, price: "60000", number: "0.01", time: now });
          recordTrade(ex, 2, { way: 2, price: "3000", number: "0.01", time: now });
          for (const a of actions) {
            if (a.k === "submit") {
              const u = users[a.user]!;
              await ex.handle(
                new Request("http://localhost/api/microtrade/submit", {
                  method: "POST",
                  headers: { authorization: u.token, "content-type": "application/json" },
                  body: JSON.stringify({
                    match_id: 1 + (a.user % 2),
                    currency_id: usdt,
                    type: a.type,
                    seconds: a.seconds,
                    number: a.number,
                  }),
                }),
              );
            } else if (a.k === "print") {
              prices[a.pair] += a.move;
              recordTrade(ex, a.pair, { way: 2, price: String(prices[a.pair]), number: "0.01", time: now });
            } else if (a.k === "time") {
              now += a.ms;
              ex.micro.settleDue(now);
            } else {
              await ex.close();
              ex = open();
              ex.micro.settleDue(now);
            }
            expectConservedAndNonNegative(ex.db);
            for (const u of users) {
              const lock = lockedOf(ex.db, u.id, usdt, "micro_account");
              const running = ex.db.prepare("SELECT id, number FROM micro_orders WHERE user_id = ? AND status = 1").all(u.id) as {
                id: number;
                number: string;
              }[];
              expect(new Decimal(lock).eq(running.reduce((s, r) => s.plus(r.number), new Decimal(0)))).toBe(true);
              for (const r of running) expect(heldFor(ex.db, "micro_order", r.id)).toBe(new Decimal(r.number).toFixed());
            }
            expectLockedIsHeld(ex.db);
            const twice = ex.db
              .prepare(
                "SELECT json_extract(extra_data, '$.micro_order_id') AS id, COUNT(DISTINCT type || created_at) AS n FROM account_log WHERE type IN ('micro_win', 'micro_lose', 'micro_tie') GROUP BY id HAVING n > 1",
              )
              .all();
            expect(twice).toEqual([]);
          }
        } finally {
          await removeExchange(ex, dir);
        }
      }),
      { numRuns: 15 },
    );
  }, 120_000);
});
