import type { DB } from "../db/index";
import type { P2PEngine } from "./engine";

/**
 * The demo merchant's shop on a new database (after the demo users are seeded): bob@example.com gets a bank
 * collection method, a bound USDT withdrawal address (a merchant binds one before publishing) and three ads,
 * published through the engine so their coins are in escrow exactly as a merchant's own ads would be.
 */
export function seedP2PDemo(db: DB, p2p: P2PEngine, now: number): void {
  const bob = db.prepare("SELECT id FROM users WHERE email = 'bob@example.com'").get() as { id: number } | undefined;
  const usdt = db.prepare("SELECT id FROM currencies WHERE code = 'USDT'").get() as { id: number } | undefined;
  if (!bob || !usdt) return;
  db.transaction(() => {
    db.prepare(
      "INSERT INTO pay_methods (user_id, type_id, raw_data, updated_at) SELECT ?, id, ?, ? FROM pay_method_types WHERE code = 'bank'",
    ).run(
      bob.id,
      JSON.stringify({ real_name: "Bob Merchant", bank_name: "Demo Bank", bank_address: "Central branch", card_no: "6222 0000 1234 5678" }),
      now,
    );
    const protocol = db
      .prepare(
        "SELECT p.id FROM currency_protocols p JOIN chain_protocols c ON c.id = p.chain_protocol_id WHERE p.currency_id = ? AND c.code = 'TRC20'",
      )
      .get(usdt.id) as { id: number } | undefined;
    if (protocol) {
      db.prepare("INSERT INTO withdrawal_addresses (user_id, currency_id, protocol_id, address, created_at) VALUES (?, ?, ?, ?, ?)").run(
        bob.id,
        usdt.id,
        protocol.id,
        "TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf",
        now,
      );
    }
    const ad = { currencyId: usdt.id, payTypes: ["bank"] };
    p2p.publishAd(bob.id, { ...ad, side: "sell", fiat: "CNY", price: "7.20", total: "5000", minQuantity: "10", maxQuantity: "2000" }, now);
    p2p.publishAd(bob.id, { ...ad, side: "sell", fiat: "USD", price: "1.01", total: "2000", minQuantity: "10", maxQuantity: "500" }, now);
    p2p.publishAd(bob.id, { ...ad, side: "buy", fiat: "CNY", price: "7.05", total: "3000", minQuantity: "10", maxQuantity: "1000" }, now);
  })();
}
