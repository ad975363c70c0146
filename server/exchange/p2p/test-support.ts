// Test helpers for the fiat engine's tests (imported by *.test.ts only).
import type { Exchange } from "../index";
import { credit } from "../ledger/index";
import { createUser } from "../models/users";

/**
 * A merchant with `funds` USDT in the fiat account who offers `total` of it for CNY at 7.00, 1 to 100 an order, paid
 * by bank: the sell ad the fiat tests trade on.
 */
export function sellAd(ex: Exchange, email: string, o: { funds: string; total: string; now: number }) {
  const usdt = (ex.db.prepare("SELECT id FROM currencies WHERE code = 'USDT'").get() as { id: number }).id;
  const merchant = createUser(ex.db, { email, passwordHash: "!", now: o.now });
  credit(ex.db, { userId: merchant, currencyId: usdt, accountCode: "legal_account", amount: o.funds, type: "seed" });
  const ad = ex.p2p.publishAd(
    merchant,
    {
      side: "sell",
      currencyId: usdt,
      fiat: "CNY",
      price: "7.00",
      total: o.total,
      minQuantity: "1",
      maxQuantity: "100",
      payTypes: ["bank"],
    },
    o.now,
  );
  return { usdt, merchant, ad };
}

/** A new buyer who ordered 10 USDT on `adId`, uploaded a receipt and said they paid: the order now waits on the seller. */
export function paidOrder(ex: Exchange, adId: number, email: string, now: number) {
  const buyer = createUser(ex.db, { email, passwordHash: "!", now });
  const order = ex.p2p.createOrder(buyer, adId, "10", now);
  ex.p2p.setVoucher(order.id, buyer, `${"a".repeat(32)}.png`, now);
  ex.p2p.markPaid(order.id, buyer, undefined, now);
  return { buyer, order };
}
