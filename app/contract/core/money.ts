import DecimalBase from "decimal.js";
import { isPlainDecimal } from "./trading";

/**
 * Money constants and the pure money rules (docs/product.md, "Money and rounding"), shared by the browser, the app's server and the
 * exchange. Amounts are decimal strings in and out; decimal.js inside. No zod, no node imports.
 */

const Decimal = DecimalBase.clone({ precision: 60, toExpNeg: -60, toExpPos: 60 });

/** Records pages hold 15 entries; the pager shows only when total exceeds this (docs/product.md, "Lists and pagers"). */
export const RECORDS_PAGE_SIZE = 15;
/** storage_currency lists: at most 30 (docs/product.md, "Savings"). */
export const LOCK_LIST_LIMIT = 30;
/** Flash convert: the spread taken from the live mid rate, and how long a quote is honoured. */
export const CONVERT_SPREAD = "0.002";
export const CONVERT_QUOTE_TTL_MS = 10_000;
/** Address service: the code type of SendVerificationcode, its resend wait, and the oldest timestamp accepted. */
export const ADDRESS_CODE_TYPE = 6;
export const ADDRESS_CODE_RESEND_SECONDS = 59;
export const ADDRESS_SIGN_MAX_AGE_SECONDS = 300;
/** A timestamp may be ahead of the service's clock by this much (clock skew); more is refused. */
export const ADDRESS_SIGN_MAX_SKEW_SECONDS = 30;

/**
 * Account-log entry categories (`category`), derived from `type`: what kind of movement a row is, in words the app
 * translates. The lever, second-contract and fiat accounts have their own kinds (margin, profit, stake, escrow…).
 */
export const LOG_CATEGORIES = [
  "trade",
  "fee",
  "transfer",
  "deposit",
  "withdrawal",
  "savings",
  "convert",
  "margin",
  "profit",
  "loss",
  "liquidation",
  "overnight",
  "stake",
  "payout",
  "escrow",
  "release",
  "return",
  "other",
] as const;
export type LogCategory = (typeof LOG_CATEGORIES)[number];

/** Ledger types written by the exchange and the category each belongs to. */
export const LOG_TYPE_CATEGORY: Record<string, LogCategory> = {
  spot_lock: "trade",
  spot_unlock: "trade",
  spot_trade: "trade",
  spot_refund: "trade",
  spot_fee: "fee",
  transfer: "transfer",
  deposit: "deposit",
  seed: "deposit",
  admin_credit: "deposit",
  withdrawal: "withdrawal",
  withdrawal_fee: "fee",
  withdrawal_refund: "withdrawal",
  savings_lock: "savings",
  savings_interest: "savings",
  savings_return: "savings",
  convert: "convert",
  // Lever: margin held at opening (with the fee) or reserved by a fixed-price order, returned at closing or cancelling.
  lever_open: "margin",
  lever_reserve: "margin",
  lever_cancel: "margin",
  lever_margin_release: "margin",
  lever_fee: "fee",
  lever_profit: "profit",
  lever_loss: "loss",
  lever_overnight: "overnight",
  // Second contract: the stake (and its fee) at submission; the payout of a win or a level result, or the stake lost.
  micro_stake: "stake",
  micro_fee: "fee",
  micro_win: "payout",
  micro_tie: "payout",
  micro_lose: "loss",
  // Fiat P2P: coins held for an ad or an order, released to the buyer, or returned to the seller.
  p2p_ad_lock: "escrow",
  p2p_ad_unlock: "return",
  p2p_escrow: "escrow",
  p2p_release: "release",
  p2p_return: "return",
};

/** The category of a log row; a lever loss taken by a liquidation is a liquidation (its `extra_data.reason`). */
export function logCategoryOf(type: string, extra?: Record<string, unknown>): LogCategory {
  if (type === "lever_loss" && extra?.reason === "liquidation") return "liquidation";
  return LOG_TYPE_CATEGORY[type] ?? "other";
}

// ---------------------------------------------------------------- pure money rules (tested)
/** Decimals of a plain decimal string, trailing zeros ignored ('1.2500' → 2). */
export function decimalPlacesOf(v: string): number {
  const dot = v.indexOf(".");
  return dot < 0 ? 0 : v.slice(dot + 1).replace(/0+$/, "").length;
}

/**
 * Withdrawal: `received = amount × (1 − rate)` rounded DOWN to the currency's decimals, `fee = amount − received`
 * (so the fee is `amount × rate` rounded up to the same decimals, and fee + received = amount exactly).
 */
export function withdrawalAmounts(amount: string, rate: string, decimals: number): { fee: string; received: string } {
  const a = new Decimal(amount);
  const received = a.times(new Decimal(1).minus(rate)).toDecimalPlaces(decimals, Decimal.ROUND_DOWN);
  return { fee: a.minus(received).toFixed(), received: received.toFixed() };
}

/** USD value of `balance + lock` at `usdPrice`, floored to 2 decimals (display; docs/product.md, "Money and rounding"). */
export function usdValue(total: string, usdPrice: string): string {
  return new Decimal(total).times(usdPrice).toDecimalPlaces(2, Decimal.ROUND_DOWN).toFixed(2);
}

/** Sum of exact USD values, floored to 2 decimals once (a group total is not the sum of floored rows). */
export function usdTotal(items: Array<{ total: string; usdPrice: string }>): string {
  let sum = new Decimal(0);
  for (const i of items) sum = sum.plus(new Decimal(i.total).times(i.usdPrice));
  return sum.toDecimalPlaces(2, Decimal.ROUND_DOWN).toFixed(2);
}

/** Convert: what `amount` of the source buys at `rate` (target per source), floored to the target's decimals. */
export function convertReceive(amount: string, rate: string, toDecimals: number): string {
  return new Decimal(amount).times(rate).toDecimalPlaces(toDecimals, Decimal.ROUND_DOWN).toFixed();
}

/** Savings: one day's interest of `principal` at `annualRate` (fraction per 365-day year), floored to the currency's decimals. */
export function dailyInterest(principal: string, annualRate: string, decimals: number): string {
  return new Decimal(principal).times(annualRate).div(365).toDecimalPlaces(decimals, Decimal.ROUND_DOWN).toFixed();
}

/** Review states of deposits and withdrawals; savings holdings. */
export const REVIEW_STATUSES = ["pending", "approved", "rejected"] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];
export const SAVINGS_STATUSES = ["active", "expired"] as const;

/** Withdrawal preview on the form: null while the amount is not a positive plain decimal. */
export function withdrawalPreview(amount: string, rate: string, decimals: number): { fee: string; received: string } | null {
  const a = amount.trim();
  if (!isPlainDecimal(a) || !isPlainDecimal(rate) || new Decimal(a).isZero()) return null;
  return withdrawalAmounts(a, rate, Math.max(0, decimals));
}
