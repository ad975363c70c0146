import { removeExchange, reopenableExchange } from "../../../tests/helpers/quiet-exchange";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { P2P_RULES, P2P_STATUS, type P2PAction, type P2PRole } from "../../../app/contract/index";
import { type Exchange } from "../index";
import { globalTotals } from "../ledger/index";
import { createUser } from "../models/users";
import { setTestPaySeconds } from "../models/p2p";
import { P2PEngine, P2PRefusal } from "./engine";
import { sellAd } from "./test-support";

/**
 * The state machine, exhaustively: an order is brought into each of the seven states, and each action is tried by
 * each party. Allowed ones lead to the state P2P_RULES names; every other one is refused with the reason that says
 * why ('only the buyer…', 'only the seller…', 'this order can no longer do that') and changes nothing: not the
 * order, not a balance, not the ad.
 */
let ex: Exchange;
const now = Date.UTC(2026, 10, 25, 10, 0, 0);
const data = reopenableExchange("p2p-states-", () => now);
let merchant = 0;
let adId = 0;
let n = 0;

const STATES = [1, 2, 3, 4, 5, 6, 7] as const;
const ACTIONS = Object.keys(P2P_RULES) as P2PAction[];

/** A fresh customer with an order on the merchant's sell ad, brought into `status` through the engine. */
function orderIn(status: number): { id: number; buyer: number; seller: number } {
  const buyer = createUser(ex.db, { email: `sm-${++n}@example.com`, passwordHash: "!", now });
  const p2p = ex.p2p;
  const o = p2p.createOrder(buyer, adId, "10", now);
  const voucher = `${"b".repeat(32)}.png`;
  // Abnormal (7) needs a payment claimed first, as do delayed (5) and appeal (6).
  if (status === 2 || status === 5 || status === 6 || status === 7) {
    p2p.setVoucher(o.id, buyer, voucher, now);
    p2p.markPaid(o.id, buyer, undefined, now);
  }
  if (status === 5) p2p.delay(o.id, merchant, now);
  if (status === 6) p2p.appeal(o.id, buyer, "not released", now);
  if (status === 7) p2p.markAbnormal(o.id, merchant, "name differs", now);
  if (status === 3) p2p.sellerConfirm(o.id, merchant, now);
  if (status === 4) p2p.buyerCancel(o.id, buyer, now);
  return { id: o.id, buyer, seller: merchant };
}

function act(action: P2PAction, orderId: number, userId: number) {
  const p2p = ex.p2p;
  switch (action) {
    case "voucher":
      return p2p.setVoucher(orderId, userId, `${"c".repeat(32)}.png`, now);
    case "pay":
      return p2p.markPaid(orderId, userId, undefined, now);
    case "cancel":
      return p2p.buyerCancel(orderId, userId, now);
    case "confirm":
      return p2p.sellerConfirm(orderId, userId, now);
    case "delay":
      return p2p.delay(orderId, userId, now);
    case "abnormal":
      return p2p.markAbnormal(orderId, userId, "x", now);
    case "appeal":
      return p2p.appeal(orderId, userId, "x", now);
    case "message":
      return p2p.message(orderId, userId, "hello", now);
  }
}

const snapshot = (orderId: number) => ({
  order: ex.db.prepare("SELECT * FROM p2p_orders WHERE id = ?").get(orderId),
  accounts: ex.db
    .prepare("SELECT user_id, balance, lock_balance FROM accounts WHERE account_code = 'legal_account' ORDER BY user_id")
    .all(),
  ad: ex.db.prepare("SELECT remaining, status FROM p2p_ads WHERE id = ?").get(adId),
});

beforeAll(() => {
  ex = data.open();
  const offer = sellAd(ex, "sm-merchant@example.com", { funds: "100000", total: "100000", now });
  merchant = offer.merchant;
  adId = offer.ad.id;
});
afterAll(() => removeExchange(ex, data.dir));

describe("fiat order state machine", () => {
  it("brings orders into each of the seven states", () => {
    for (const s of STATES)
      expect((ex.db.prepare("SELECT status FROM p2p_orders WHERE id = ?").get(orderIn(s).id) as { status: number }).status).toBe(s);
  });

  for (const status of STATES) {
    for (const action of ACTIONS) {
      for (const role of ["buyer", "seller"] as P2PRole[]) {
        const rule = P2P_RULES[action];
        const allowed = (rule.role === "either" || rule.role === role) && (rule.from as readonly number[]).includes(status);
        it(`${action} by the ${role} in state ${status}: ${allowed ? `allowed${rule.to ? ` → ${rule.to}` : ""}` : "refused, nothing changes"}`, () => {
          const o = orderIn(status);
          const by = role === "buyer" ? o.buyer : o.seller;
          const totals = globalTotals(ex.db);
          if (allowed) {
            // The voucher comes before 'paid' (its refusal is tested with the calls).
            if (action === "pay") ex.p2p.setVoucher(o.id, by, `${"d".repeat(32)}.png`, now);
            act(action, o.id, by);
            const after = (ex.db.prepare("SELECT status FROM p2p_orders WHERE id = ?").get(o.id) as { status: number }).status;
            expect(after).toBe(rule.to ?? status);
          } else {
            const before = snapshot(o.id);
            let refusal: unknown;
            try {
              act(action, o.id, by);
            } catch (err) {
              refusal = err;
            }
            expect(refusal).toBeInstanceOf(P2PRefusal);
            const wrongRole = rule.role !== "either" && rule.role !== role;
            expect((refusal as P2PRefusal).key).toBe(wrongRole ? `p2p_not_${rule.role}` : "p2p_wrong_state");
            expect(snapshot(o.id)).toEqual(before);
          }
          expect(globalTotals(ex.db)).toEqual(totals);
        });
      }
    }
  }

  it("refuses a stranger everything as 'order not found', and a second delay", () => {
    const o = orderIn(P2P_STATUS.PAID);
    const stranger = createUser(ex.db, { email: "sm-stranger@example.com", passwordHash: "!", now });
    for (const action of ACTIONS) expect(() => act(action, o.id, stranger)).toThrow("p2p_order_not_found");
    ex.p2p.delay(o.id, merchant, now);
    expect(() => ex.p2p.delay(o.id, merchant, now)).toThrow("p2p_wrong_state");
  });

  it("gives new orders the pay limit in force when they are placed", () => {
    ex.db.prepare("UPDATE settings SET value = '20' WHERE key = 'p2p_pay_minutes'").run();
    const o = orderIn(P2P_STATUS.PENDING);
    expect((ex.db.prepare("SELECT pay_due_at FROM p2p_orders WHERE id = ?").get(o.id) as { pay_due_at: number }).pay_due_at).toBe(
      now + 20 * 60_000,
    );
    ex.db.prepare("UPDATE settings SET value = '15' WHERE key = 'p2p_pay_minutes'").run();
  });

  it("gives one buyer's next order a test setup's pay limit in seconds, only on an engine with test settings on", () => {
    const dueOf = (id: number) =>
      (ex.db.prepare("SELECT pay_due_at FROM p2p_orders WHERE id = ?").get(id) as { pay_due_at: number }).pay_due_at;
    const buyer = createUser(ex.db, { email: "sm-test-limit@example.com", passwordHash: "!", now });
    setTestPaySeconds(ex.db, buyer, 20);
    // A real exchange (test settings off) ignores it.
    expect(dueOf(ex.p2p.createOrder(buyer, adId, "10", now).id)).toBe(now + 15 * 60_000);
    const testing = new P2PEngine(ex.db, ex.hub, { clock: () => now, log: () => {}, timer: false, testSettings: true });
    expect(dueOf(testing.createOrder(buyer, adId, "10", now).id)).toBe(now + 20_000);
    // It served one order; the next has the operator's limit, and other buyers never had it.
    expect(dueOf(testing.createOrder(buyer, adId, "10", now).id)).toBe(now + 15 * 60_000);
  });
});
