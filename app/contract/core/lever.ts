import DecimalBase from "decimal.js";

/**
 * Leveraged contracts: the constants the exchange states (docs/decisions/013-lever-and-second-contract.md) and the pure formulas of
 * docs/product.md, "Lever" and "Money and rounding", shared by the browser (confirmation dialog, take-profit/stop-loss
 * dialog), the app's server and the exchange's engine. Decimal strings in and out; decimal.js inside; no zod, no node imports.
 */

const Decimal = DecimalBase.clone({ precision: 60, toExpNeg: -60, toExpPos: 60 });
type Decimal = DecimalBase;

/** 1 long, 2 short (the lever order's `type`). */
export const LEVER_TYPE = { LONG: 1, SHORT: 2 } as const;
export type LeverType = (typeof LEVER_TYPE)[keyof typeof LEVER_TYPE];
/** 1 market, 0 fixed price (the lever order's `status`). */
export const LEVER_PRICE_MODE = { FIXED: 0, MARKET: 1 } as const;
/** Order states: pending (delegating), trading (open position), closing, closed, cancelled (docs/product.md, "Lever"). */
export const LEVER_STATE = { PENDING: 0, TRADING: 1, CLOSING: 2, CLOSED: 3, CANCELLED: 4 } as const;
export type LeverState = (typeof LEVER_STATE)[keyof typeof LEVER_STATE];

/** The multiples offered (order_data `multiple.muit`). */
export const LEVER_MULTIPLES = [5, 10, 20, 50, 100] as const;
/** Hands: default 1, from 1 to 100; presets offered in the form (`multiple.share`; docs/product.md, "/lever"). */
export const LEVER_HANDS_DEFAULT = 1;
export const LEVER_HANDS_MIN = 1;
export const LEVER_HANDS_MAX = 100;
export const LEVER_HANDS_PRESETS = [1, 5, 10, 20, 50, 100] as const;
/** The liquidation line: at or below this risk rate (percent) every position of the account is closed at market. */
export const LEVER_LIQUIDATION_LINE = "20";
/** The risk rate warns (text and colour) at or below this percent. */
export const LEVER_RISK_WARNING = "50";
/** Overnight fee: this fraction of a position's value, once a day at 00:00 UTC for positions held over it. */
export const LEVER_OVERNIGHT_RATE = "0.0005";
/** Margins, fees and overnight fees are taken rounded up to this many decimals (the trader never pays less than the formula). */
export const LEVER_MONEY_DECIMALS = 8;
/** The margin and the fee as the confirmation dialog shows them: 4 decimals (docs/product.md, "Money and rounding"). */
export const LEVER_DIALOG_DECIMALS = 4;
/** Positions and pending orders per page (docs/product.md, "Lists and pagers"). */
export const LEVER_PAGE_SIZE = 10;
/** The history tabs of /lever and what each lists (docs/product.md, "/lever"). */
export const LEVER_TABS = {
  current: 5,
  positions: 1,
  pending: 0,
  closed: 3,
  cancelled: 4,
  delegation: 6,
} as const;
export type LeverTab = keyof typeof LEVER_TABS;

export interface LeverTerms {
  /** lever_point_rate: the spread added to the open price, in percent. */
  pointRate: string;
  /** lever_share_num: base units per hand. */
  shareNum: string;
  /** lever_fee_rate: fraction of the position's value. */
  feeRate: string;
  /** The pair's price decimals (the open price is rounded to them, against the trader). */
  pricePrecision: number;
}

function sign(type: LeverType): 1 | -1 {
  return type === LEVER_TYPE.LONG ? 1 : -1;
}

/**
 * The open price: price × (1 ± lever_point_rate/100), + for a long, − for a short (docs/product.md, "Money and rounding"), rounded to
 * the pair's decimals against the trader (up for a long, down for a short).
 */
export function leverOpenPrice(price: string, type: LeverType, terms: Pick<LeverTerms, "pointRate" | "pricePrecision">): string {
  const p = new Decimal(price).times(new Decimal(1).plus(new Decimal(terms.pointRate).div(100).times(sign(type))));
  return p
    .toDecimalPlaces(terms.pricePrecision, type === LEVER_TYPE.LONG ? Decimal.ROUND_UP : Decimal.ROUND_DOWN)
    .toFixed(terms.pricePrecision);
}

export interface LeverQuote {
  openPrice: string;
  /** hands × lever_share_num: the base units the position holds. */
  number: string;
  /** openPrice × number. */
  value: string;
  /** value / multiple, rounded up to LEVER_MONEY_DECIMALS. */
  margin: string;
  /** value × lever_fee_rate, rounded up to LEVER_MONEY_DECIMALS. */
  fee: string;
}

/** Margin = price × (1 ± point rate) × hands × share_num / multiple; fee = value × fee rate (docs/product.md, "Lever"). */
export function leverQuote(input: {
  price: string;
  type: LeverType;
  hands: number | string;
  multiple: number | string;
  terms: LeverTerms;
}): LeverQuote {
  const openPrice = leverOpenPrice(input.price, input.type, input.terms);
  const number = new Decimal(input.hands).times(input.terms.shareNum);
  const value = number.times(openPrice);
  return {
    openPrice,
    number: number.toFixed(),
    value: value.toFixed(),
    margin: roundUp(value.div(input.multiple)),
    fee: roundUp(value.times(input.terms.feeRate)),
  };
}

function roundUp(d: Decimal): string {
  return d.toDecimalPlaces(LEVER_MONEY_DECIMALS, Decimal.ROUND_UP).toFixed();
}

/** A money amount as the confirmation dialog shows it: 4 decimals, rounded up like the amount taken. */
export function dialogAmount(amount: string): string {
  return new Decimal(amount).toDecimalPlaces(LEVER_DIALOG_DECIMALS, Decimal.ROUND_UP).toFixed(LEVER_DIALOG_DECIMALS);
}

/** Profit (positive) or loss (negative) of a position: (current − open) × number for a long, reversed for a short. */
export function leverProfit(type: LeverType, openPrice: string, currentPrice: string, number: string): string {
  return new Decimal(currentPrice).minus(openPrice).times(number).times(sign(type)).toFixed();
}

/**
 * What the take-profit/stop-loss dialog shows as you type (docs/product.md, "/lever"): the expected profit is (target − open) ×
 * number when the target is on the profitable side of the open price, else 0; the expected loss is the same for
 * the stop on the losing side, as a positive amount. An empty or zero price expects nothing.
 */
export function expectedProfit(type: LeverType, openPrice: string, target: string, number: string): string {
  if (!isPositive(target)) return "0";
  const p = new Decimal(leverProfit(type, openPrice, target, number));
  return p.gt(0) ? p.toFixed() : "0";
}

export function expectedLoss(type: LeverType, openPrice: string, stop: string, number: string): string {
  if (!isPositive(stop)) return "0";
  const p = new Decimal(leverProfit(type, openPrice, stop, number));
  return p.lt(0) ? p.neg().toFixed() : "0";
}

function isPositive(v: string): boolean {
  try {
    return new Decimal(v).gt(0);
  } catch {
    return false;
  }
}

/**
 * Risk rate in percent (2 decimals, rounded down so it never looks safer than it is):
 * (lever balance + margin in use + unrealized profit/loss) / margin in use × 100. The lever balance is the
 * account's available balance; the margin of the open positions is part of the equity. Null with no position.
 */
export function riskRate(available: string, marginInUse: string, profit: string): string | null {
  const m = new Decimal(marginInUse);
  if (m.lte(0)) return null;
  return new Decimal(available).plus(m).plus(profit).div(m).times(100).toDecimalPlaces(2, Decimal.ROUND_DOWN).toFixed(2);
}

/**
 * At or below the liquidation line: every position of the account is closed at market. Judged on the exact
 * ratio, not the rounded percentage (one tick short of the line must not liquidate).
 */
export function mustLiquidate(available: string, marginInUse: string, profit: string, line: string = LEVER_LIQUIDATION_LINE): boolean {
  const m = new Decimal(marginInUse);
  if (m.lte(0)) return false;
  return new Decimal(available).plus(m).plus(profit).times(100).lte(m.times(line));
}

/** Near the line: the header warns in words and colour. */
export function riskWarning(rate: string | null): boolean {
  return rate !== null && new Decimal(rate).lte(LEVER_RISK_WARNING);
}

/**
 * The price at which this position alone brings the account to the liquidation line, the rest unchanged:
 * equity E at the current price falls by number per unit of adverse move; the line is reached at
 * E − number × |move| = line × margin in use. Null when the account is at or below the line already, or when only a
 * price at or below zero would reach it.
 */
export type LiquidationInput = {
  type: LeverType;
  currentPrice: string;
  number: string;
  /** The lever account's available balance, its margin in use and its open profit/loss. */
  available: string;
  marginInUse: string;
  profit: string;
  pricePrecision: number;
  line?: string;
};
export function liquidationPrice(input: LiquidationInput): string | null {
  const m = new Decimal(input.marginInUse);
  if (m.lte(0) || new Decimal(input.number).lte(0)) return null;
  const equity = new Decimal(input.available).plus(m).plus(input.profit);
  const room = equity.minus(m.times(input.line ?? LEVER_LIQUIDATION_LINE).div(100));
  if (room.lte(0)) return null;
  const move = room.div(input.number);
  const long = input.type === LEVER_TYPE.LONG;
  const price = long ? new Decimal(input.currentPrice).minus(move) : new Decimal(input.currentPrice).plus(move);
  // No price above zero reaches the line: this position alone cannot be liquidated.
  if (price.lte(0)) return null;
  return price.toDecimalPlaces(input.pricePrecision, long ? Decimal.ROUND_UP : Decimal.ROUND_DOWN).toFixed(input.pricePrecision);
}

/**
 * What closing a position pays back, as legs of the ledger: the margin is released; a profit is paid by the
 * counterparty (the treasury); a loss is taken from the released margin and then the free lever balance, and
 * whatever exceeds both is absorbed by the counterparty (`absorbed`), so no balance goes below zero.
 */
export function settle(input: { margin: string; available: string; profit: string }): {
  paid: string;
  lossTaken: string;
  absorbed: string;
} {
  const p = new Decimal(input.profit);
  if (p.gte(0)) return { paid: p.toFixed(), lossTaken: "0", absorbed: "0" };
  const loss = p.neg();
  const can = new Decimal(input.margin).plus(input.available);
  const taken = Decimal.min(loss, can);
  return { paid: "0", lossTaken: taken.toFixed(), absorbed: loss.minus(taken).toFixed() };
}

/** The overnight fee of a position: value × LEVER_OVERNIGHT_RATE, rounded up. */
export function overnightFee(value: string, rate: string = LEVER_OVERNIGHT_RATE): string {
  return roundUp(new Decimal(value).times(rate));
}

/** Whether a price reaches a take-profit or stop-loss (0 or empty = not set). */
export function stopHit(type: LeverType, price: string, takeProfit: string, stopLoss: string): "profit" | "loss" | null {
  const p = new Decimal(price);
  const long = type === LEVER_TYPE.LONG;
  if (isPositive(stopLoss) && (long ? p.lte(stopLoss) : p.gte(stopLoss))) return "loss";
  if (isPositive(takeProfit) && (long ? p.gte(takeProfit) : p.lte(takeProfit))) return "profit";
  return null;
}

/** Whether a fixed-price order opens at this price: a long when the price falls to its target, a short when it rises to it. */
export function pendingReached(type: LeverType, price: string, target: string): boolean {
  return type === LEVER_TYPE.LONG ? new Decimal(price).lte(target) : new Decimal(price).gte(target);
}

/**
 * Which take-profit and stop-loss prices are acceptable against the current price: for a long the take-profit
 * above it and the stop below it; for a short reversed (otherwise it would close at once). 0 or empty clears one.
 */
export function stopSideError(
  type: LeverType,
  currentPrice: string,
  takeProfit: string,
  stopLoss: string,
): "take_profit" | "stop_loss" | null {
  const long = type === LEVER_TYPE.LONG;
  const cur = new Decimal(currentPrice);
  if (isPositive(takeProfit) && (long ? new Decimal(takeProfit).lte(cur) : new Decimal(takeProfit).gte(cur))) return "take_profit";
  if (isPositive(stopLoss) && (long ? new Decimal(stopLoss).gte(cur) : new Decimal(stopLoss).lte(cur))) return "stop_loss";
  return null;
}
