import Decimal from "decimal.js";
import { randomBytes } from "node:crypto";
import { CONVERT_QUOTE_TTL_MS, CONVERT_SPREAD, convertReceive, type Convert, type ConvertQuote } from "../../../app/contract/index";
import type { DB } from "../db/index";
import { post } from "../ledger/index";
import type { Market } from "../market";
import {
  deleteStaleQuotes,
  findConvert,
  insertConvert,
  insertQuote,
  markQuoteUsed,
  type ConvertRow,
  type QuoteRow,
} from "../models/converts";
import { usdPriceOf, type CurrencyRow } from "./currencies";

export type { ConvertRow, QuoteRow };

const RATE_DIGITS = 12;

/**
 * Live mid rate, target units per source unit: the last price of a direct open pair when there is one
 * (FROM/TO or TO/FROM), else the cross of the two currencies' live USD prices. 12 significant digits.
 */
export function midRate(market: Market, from: CurrencyRow, to: CurrencyRow): string {
  for (const p of market.pairs.values()) {
    if (p.openChange !== 1) continue;
    const price = new Decimal(market.price(p.id));
    if (price.lte(0)) continue;
    if (p.baseId === from.id && p.quoteId === to.id) return price.toSignificantDigits(RATE_DIGITS).toFixed();
    if (p.baseId === to.id && p.quoteId === from.id) return new Decimal(1).div(price).toSignificantDigits(RATE_DIGITS).toFixed();
  }
  const f = new Decimal(usdPriceOf(market, from.id, from.is_stable === 1));
  const t = new Decimal(usdPriceOf(market, to.id, to.is_stable === 1));
  if (t.lte(0) || f.lte(0)) return "0";
  return f.div(t).toSignificantDigits(RATE_DIGITS).toFixed();
}

/** Creates and stores a quote honoured for CONVERT_QUOTE_TTL_MS: rate = mid × (1 − spread), receive floored. */
export function createQuote(
  db: DB,
  market: Market,
  userId: number,
  from: CurrencyRow,
  to: CurrencyRow,
  amount: string,
  now: number,
): QuoteRow {
  const mid = midRate(market, from, to);
  const rate = new Decimal(mid).times(new Decimal(1).minus(CONVERT_SPREAD)).toSignificantDigits(RATE_DIGITS, Decimal.ROUND_DOWN).toFixed();
  const q: QuoteRow = {
    id: randomBytes(12).toString("base64url"),
    user_id: userId,
    from_currency_id: from.id,
    to_currency_id: to.id,
    amount,
    mid_rate: mid,
    rate,
    receive: convertReceive(amount, rate, to.decimals),
    spread: CONVERT_SPREAD,
    created_at: now,
    expires_at: now + CONVERT_QUOTE_TTL_MS,
    used_at: null,
  };
  // Old quotes are worth nothing after they expire; keep the table small.
  deleteStaleQuotes(db, now - 3_600_000);
  insertQuote(db, q);
  return q;
}

/** The two currencies of a quote or a convert, with their codes. */
function currenciesOf(r: { from_currency_id: number; to_currency_id: number }, codes: Map<number, string>) {
  return {
    from_currency: { id: r.from_currency_id, code: codes.get(r.from_currency_id) ?? "" },
    to_currency: { id: r.to_currency_id, code: codes.get(r.to_currency_id) ?? "" },
  };
}

export function toQuote(q: QuoteRow, codes: Map<number, string>): ConvertQuote {
  return {
    quote_id: q.id,
    ...currenciesOf(q, codes),
    amount: q.amount,
    mid_rate: q.mid_rate,
    rate: q.rate,
    receive: q.receive,
    spread: q.spread,
    expires_at: q.expires_at,
    ttl_ms: CONVERT_QUOTE_TTL_MS,
  };
}

export function toConvert(r: ConvertRow, codes: Map<number, string>): Convert {
  return {
    id: r.id,
    quote_id: r.quote_id,
    ...currenciesOf(r, codes),
    amount: r.amount,
    rate: r.rate,
    receive: r.receive,
    spread: r.spread,
    created_at: r.created_at,
  };
}

/**
 * Executes a quote inside the caller's transaction, atomically, against the treasury (the spread stays there):
 * user spot −amount FROM, treasury +amount FROM, treasury −receive TO, user spot +receive TO (all type 'convert').
 * Every currency's total is unchanged. Throws LedgerError: 'insufficient_balance' (the user's) first.
 */
export function executeQuote(db: DB, treasuryId: number, q: QuoteRow, now: number): ConvertRow {
  const id = insertConvert(db, q, now);
  const spot = "change_account" as const;
  post(db, {
    type: "convert",
    memo: `convert #${id}`,
    extra: { convert_id: id, rate: q.rate },
    now,
    legs: [
      { userId: q.user_id, currencyId: q.from_currency_id, accountCode: spot, amount: `-${q.amount}` },
      { userId: treasuryId, currencyId: q.from_currency_id, accountCode: spot, amount: q.amount },
      { userId: treasuryId, currencyId: q.to_currency_id, accountCode: spot, amount: `-${q.receive}` },
      { userId: q.user_id, currencyId: q.to_currency_id, accountCode: spot, amount: q.receive },
    ],
  });
  markQuoteUsed(db, q.id, now);
  return findConvert(db, id)!;
}
