// Test helpers for the spot engine's property tests (imported by *.test.ts only).
import Decimal from "decimal.js";
import fc from "fast-check";
import type { DB } from "../db/index";
import { credit } from "../ledger/index";
import type { Market } from "../market";
import { createUser } from "../models/users";
import { BUY, SELL, type Way } from "./book";
import type { TimeInForce } from "../../../app/contract/core/index";
import type { AddCommand, SpotEngine } from "./engine";
import { formatScaled } from "./fixed";

/** The seed's SOL/USDT pair (price precision 2) and its two currencies. */
export const SOL = 3;
export const SOL_ID = 5;
export const USDT_ID = 1;

/** A seeded database with its market, an engine over it and four funded traders. */
export interface SpotWorld {
  db: DB;
  market: Market;
  engine: SpotEngine;
  users: number[];
  feeUser: number;
}

/** Sum of available + locked per currency over every spot account (users and system users). */
export function spotTotals(db: DB): Record<number, string> {
  const rows = db.prepare("SELECT currency_id, balance, lock_balance FROM accounts WHERE account_code = 'change_account'").all() as {
    currency_id: number;
    balance: string;
    lock_balance: string;
  }[];
  const out: Record<number, Decimal> = {};
  for (const r of rows) out[r.currency_id] = (out[r.currency_id] ?? new Decimal(0)).plus(r.balance).plus(r.lock_balance);
  return Object.fromEntries(Object.entries(out).map(([k, v]) => [k, v.toFixed()]));
}

/** Four traders `<name>0@example.com`…, each credited `funds` (currency id → amount) on their spot account. */
export function fundedTraders(db: DB, name: string, funds: Record<number, string>, now: number): number[] {
  const users: number[] = [];
  for (let i = 0; i < 4; i++) {
    const id = createUser(db, { email: `${name}${i}@example.com`, passwordHash: "!", now });
    for (const [currencyId, amount] of Object.entries(funds)) {
      credit(db, { userId: id, currencyId: Number(currencyId), accountCode: "change_account", amount, type: "test" });
    }
    users.push(id);
  }
  return users;
}

/**
 * A limit order by one of `nUsers` traders, `ticks` from a reference price, for 1 to `maxMicro` millionths, with a time
 * in force (until cancelled in half of them; a test that does not pass it on places them all so).
 */
export const limitArb = (nUsers: number, ticks: number, maxMicro: number) =>
  fc.record({
    kind: fc.constant("limit" as const),
    user: fc.nat(nUsers - 1),
    way: fc.constantFrom(BUY, SELL),
    ticks: fc.integer({ min: -ticks, max: ticks }),
    micro: fc.integer({ min: 1, max: maxMicro }),
    tif: fc.constantFrom<TimeInForce>("gtc", "gtc", "gtc", "ioc", "fok", "post_only"),
  });

/** A market order by one of `nUsers` traders for 1 to `maxMicro` millionths. */
export const marketArb = (nUsers: number, maxMicro: number) =>
  fc.record({
    kind: fc.constant("market" as const),
    user: fc.nat(nUsers - 1),
    way: fc.constantFrom(BUY, SELL),
    micro: fc.integer({ min: 1, max: maxMicro }),
  });

/** A cancel by one of `nUsers` traders of one of their orders (`pick` modulo how many they have). */
export const cancelArb = (nUsers: number) =>
  fc.record({ kind: fc.constant("cancel" as const), user: fc.nat(nUsers - 1), pick: fc.nat(1000) });

/**
 * The property tests' order on pair `matchId` for an arbitrary's `micro` units (times 100: at most 6 decimals): at the
 * market, or at a limit `price` (a stop-limit also names its `trigger`).
 */
export function spotOrder(
  matchId: number,
  userId: number,
  c: { way: Way; micro: number },
  limit?: { price: string; trigger?: string; timeInForce?: TimeInForce },
): AddCommand {
  const number = formatScaled(BigInt(c.micro) * 100n);
  return limit
    ? { kind: "add", userId, matchId, way: c.way, type: "limit", number, ...limit }
    : { kind: "add", userId, matchId, way: c.way, type: "market", number };
}
