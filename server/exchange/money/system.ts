import Decimal from "decimal.js";
import type { DB } from "../db/index";
import { ensureSystemUsers } from "../engine/market-maker";
import { credit, openSystemAccounts } from "../ledger/index";
import { isLiveDatabase } from "../db/mode";

/** The treasury: the counterparty of flash converts and the payer of savings interest. Part of the system total. */
export const TREASURY_EMAIL = "treasury@exchange.invalid";
/** Inventory of the treasury per currency at creation, in US dollars. */
const TREASURY_USD_PER_CURRENCY = "100000000";

export interface MoneySystem {
  marketMakerId: number;
  feeCollectorId: number;
  treasuryId: number;
}

interface SeedProduct {
  code: string;
  days: number;
  rate: string;
  limit: string;
  max: string;
}

/** Lock products seeded once (when the table is empty): realistic cycles and annual rates. */
export const SEED_LOCK_PRODUCTS: SeedProduct[] = [
  { code: "USDT", days: 7, rate: "0.045", limit: "100", max: "50000" },
  { code: "USDT", days: 30, rate: "0.068", limit: "500", max: "100000" },
  { code: "USDT", days: 90, rate: "0.092", limit: "1000", max: "200000" },
  { code: "BTC", days: 30, rate: "0.025", limit: "0.01", max: "2" },
  { code: "ETH", days: 30, rate: "0.036", limit: "0.5", max: "50" },
  { code: "ETH", days: 90, rate: "0.05", limit: "1", max: "100" },
];

/**
 * The system users (market maker, fee collector, treasury) and the savings products. Idempotent; runs at every
 * start of the exchange and of the CLI, so databases created before this migration get them too.
 */
export function ensureMoneySystem(db: DB, now = Date.now()): MoneySystem {
  const live = isLiveDatabase(db);
  openSystemAccounts(db, now);
  const base = ensureSystemUsers(db, now);
  return db.transaction((): MoneySystem => {
    let treasury = (db.prepare("SELECT id FROM users WHERE email = ?").get(TREASURY_EMAIL) as { id: number } | undefined)?.id;
    if (treasury === undefined) {
      treasury = Number(
        db
          .prepare(
            "INSERT INTO users (email, password_hash, invite_code, authorization_code, is_system, created_at) VALUES (?, '!', ?, ?, 1, ?)",
          )
          .run(TREASURY_EMAIL, "SYSTRES1", "SYSTRES1", now).lastInsertRowid,
      );
      // A real exchange's treasury holds only what the operator credits it: nothing is invented there.
      const currencies = live
        ? []
        : (db.prepare("SELECT id, usd_price FROM currencies ORDER BY id").all() as { id: number; usd_price: string }[]);
      for (const c of currencies) {
        const amount = new Decimal(TREASURY_USD_PER_CURRENCY).div(c.usd_price).toDecimalPlaces(0, Decimal.ROUND_DOWN).toFixed(0);
        credit(db, {
          userId: treasury,
          currencyId: c.id,
          accountCode: "change_account",
          amount,
          type: "seed",
          memo: "treasury inventory",
          now,
        });
      }
    }
    const { n } = db.prepare("SELECT COUNT(*) AS n FROM lock_products").get() as { n: number };
    // A real exchange's savings products come from its listing.
    if (n === 0 && !live) {
      const insert = db.prepare(
        "INSERT INTO lock_products (currency_id, limit_days, annual_rate, limit_number, max_number, open, sort) VALUES (?, ?, ?, ?, ?, 1, ?)",
      );
      SEED_LOCK_PRODUCTS.forEach((p, i) => {
        const c = db.prepare("SELECT id FROM currencies WHERE code = ?").get(p.code) as { id: number } | undefined;
        if (c) insert.run(c.id, p.days, p.rate, p.limit, p.max, i + 1);
      });
    }
    return { ...base, treasuryId: treasury };
  })();
}
