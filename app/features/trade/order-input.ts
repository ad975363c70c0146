import Decimal from "decimal.js";
import type { Depth, DepthEntry, SpotBalances } from "~/contract/entities";
import { dec } from "~/lib/money";
import { PRICE_DECIMALS, sanitizePriceInput } from "~/lib/price-input";
import { PLAIN_DECIMAL } from "~/contract/core/trading";

// A price field's rules are every pair screen's (app/lib/price-input.ts); the order form's own rules follow.
export { PRICE_DECIMALS, sanitizePriceInput };

/**
 * The order form's rules (docs/product.md, "/trade"), as pure functions over decimal strings: price and quantity input,
 * rounding of quantity and total, the slider, the best book price and the balance a side spends. decimal.js
 * only: no float ever touches a price, a quantity or a balance here.
 */

/** Quantities floored to 6 decimals (docs/product.md, "Money and rounding"). */
export const QTY_DECIMALS = 6;
/** Totals rounded up to 6 decimals (docs/product.md, "Money and rounding"). */
export const TOTAL_DECIMALS = 6;
export const SLIDER_STEP = 25;

export type Side = "buy" | "sell";
/** The form's tabs: a limit or market order, a stop-limit order, or an OCO (a limit order and a stop-limit order). */
export const ORDER_TYPES = ["limit", "market", "stop_limit", "oco"] as const;
export type OrderType = (typeof ORDER_TYPES)[number];

/** The same for a quantity: digits and one dot, at most 6 decimals. */
export function sanitizeQtyInput(raw: string): string {
  return sanitizePriceInput(raw, QTY_DECIMALS);
}

function decimalsOf(v: string): number {
  const i = v.indexOf(".");
  return i < 0 ? 0 : v.slice(i + 1).replace(/0+$/, "").length;
}

export type PriceProblem = "price_required" | "price_invalid" | "price_decimals" | "price_positive";
export type QtyProblem = "number_required" | "number_invalid" | "number_decimals" | "number_positive";

/** A limit price is required, digits only, at most `decimals` decimals, above 0 (docs/product.md, "/trade"). */
export function priceProblem(value: string | undefined | null, decimals = PRICE_DECIMALS): PriceProblem | null {
  const v = (value ?? "").trim();
  if (!v) return "price_required";
  if (!PLAIN_DECIMAL.test(v)) return "price_invalid";
  if (decimalsOf(v) > decimals) return "price_decimals";
  if (!/[1-9]/.test(v)) return "price_positive";
  return null;
}

/** The quantity is required, a plain decimal with at most 6 decimals, above 0 (docs/product.md, "/trade"). */
export function qtyProblem(value: string | undefined | null): QtyProblem | null {
  const v = (value ?? "").trim();
  if (!v) return "number_required";
  if (!PLAIN_DECIMAL.test(v)) return "number_invalid";
  if (decimalsOf(v) > QTY_DECIMALS) return "number_decimals";
  if (!/[1-9]/.test(v)) return "number_positive";
  return null;
}

/** Quantity scale: floored to 6 decimals, trailing zeros dropped ('0.1234569' → '0.123456'). */
export function floorQty(value: string | Decimal | null | undefined): string {
  const d = value instanceof Decimal ? value : dec(value);
  if (!d || d.isNegative()) return "";
  return d.toDecimalPlaces(QTY_DECIMALS, Decimal.ROUND_FLOOR).toFixed();
}

/** Total = price × quantity, rounded UP to 6 decimals; '' while either is missing. */
export function orderTotal(price: string | null | undefined, qty: string | null | undefined): string {
  const p = dec(price);
  const q = dec(qty);
  if (!p || !q || p.isNegative() || q.isNegative()) return "";
  return p.times(q).toDecimalPlaces(TOTAL_DECIMALS, Decimal.ROUND_CEIL).toFixed(TOTAL_DECIMALS);
}

/** Snaps a slider value to 0, 25, 50, 75 or 100. */
export function snapPercent(value: string | number | null | undefined): number {
  const n = typeof value === "number" ? value : Number.parseInt(String(value ?? "0"), 10);
  if (!Number.isFinite(n)) return 0;
  return Math.min(100, Math.max(0, Math.round(n / SLIDER_STEP) * SLIDER_STEP));
}

/**
 * The quantity a slider position means (docs/product.md, "/trade"): a buy spends `percent` of the available quote
 * at `price`; a sell sells `percent` of the available base. Floored to 6 decimals. '' when a buy has no price.
 */
export function sliderQuantity(args: { side: Side; percent: number; available: string | null | undefined; price?: string | null }): string {
  const avail = dec(args.available);
  const pct = snapPercent(args.percent);
  if (!avail || avail.lte(0) || pct === 0) return pct === 0 ? "" : "0";
  const share = avail.times(pct).div(100);
  if (args.side === "sell") return floorQty(share);
  const price = dec(args.price);
  if (!price || price.lte(0)) return "";
  return floorQty(share.div(price));
}

/**
 * How far beyond the book's best price a limit order may be priced before the form asks the trader to confirm it
 * (docs/product.md, "/trade"), in percent: a buy above the lowest ask, a sell below the highest bid.
 */
export const FAR_FROM_BEST_PERCENT = 5;

/**
 * How far, in percent to 2 decimals, a limit `price` is beyond `best`, the book's best price it would take (a buy
 * above the lowest ask, a sell below the highest bid), when that is more than FAR_FROM_BEST_PERCENT; else null. The
 * figure is rounded, but never to the line itself: 5.001 % reads "5.01", as a figure past the line.
 */
export function farFromBest(side: Side, price: string, best: string | null): string | null {
  const p = dec(price);
  const b = dec(best);
  if (!p || !b || b.lte(0)) return null;
  const beyond = (side === "buy" ? p.minus(b) : b.minus(p)).div(b).times(100);
  if (!beyond.gt(FAR_FROM_BEST_PERCENT)) return null;
  const shown = beyond.toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
  return (shown.gt(FAR_FROM_BEST_PERCENT) ? shown : beyond.toDecimalPlaces(2, Decimal.ROUND_UP)).toFixed(2);
}

/** The market price: a buy takes the lowest ask, a sell the highest bid; null when that side is empty (docs/product.md, "/trade"). */
export function bestPrice(depth: Depth | null | undefined, side: Side): string | null {
  const levels: DepthEntry[] = side === "buy" ? (depth?.out ?? []) : (depth?.in ?? []);
  let best: Decimal | null = null;
  let text: string | null = null;
  for (const l of levels) {
    const p = dec(l.price);
    const a = dec(l.amount);
    if (!p || !a || a.lte(0)) continue;
    if (!best || (side === "buy" ? p.lt(best) : p.gt(best))) {
      best = p;
      text = l.price;
    }
  }
  return text;
}

/** Available funds of a form: the quote for a buy, the base for a sell. */
export function availableFor(balances: SpotBalances | null | undefined, side: Side): string | null {
  if (!balances) return null;
  return side === "buy" ? balances.quote.balance : balances.base.balance;
}

/** Compares two decimal strings for equality without floats ('1.50' equals '1.5'). */
export function sameAmount(a: string, b: string): boolean {
  const x = dec(a);
  const y = dec(b);
  return !!x && !!y && x.eq(y);
}

/**
 * The price a form's funds are counted at (its total and its slider): a limit or stop-limit order's limit price; an
 * OCO's dearer one for a buy (the exchange holds that much for both of its orders; a sell holds the quantity).
 */
export function holdPrice(type: OrderType, side: Side, price: string | null | undefined, stopPrice: string | null | undefined): string {
  if (type !== "oco" || side === "sell") return price ?? "";
  const a = dec(price);
  const b = dec(stopPrice);
  if (!a) return stopPrice ?? "";
  if (!b) return price ?? "";
  return a.gte(b) ? (price ?? "") : (stopPrice ?? "");
}

export type SideProblem = "trigger_above_last" | "trigger_below_last" | "oco_price_above_last" | "oco_price_below_last";

/**
 * Which side of the last price a stop's trigger (and an OCO's limit price) must be on, checked in the form as the
 * exchange checks it: a sell stop waits below the last price and a buy stop above it (else it would fire at once); an
 * OCO's limit price sits on the other side. The exchange, whose last price is the one that counts, checks again.
 */
export function sideProblems(args: {
  type: OrderType;
  side: Side;
  last: string | null | undefined;
  trigger?: string | null;
  price?: string | null;
}): { trigger?: SideProblem; price?: SideProblem } {
  const last = dec(args.last);
  if (!last || last.lte(0) || (args.type !== "stop_limit" && args.type !== "oco")) return {};
  const out: { trigger?: SideProblem; price?: SideProblem } = {};
  const trigger = dec(args.trigger);
  if (trigger && (args.side === "sell" ? trigger.gte(last) : trigger.lte(last)))
    out.trigger = args.side === "sell" ? "trigger_below_last" : "trigger_above_last";
  const price = dec(args.price);
  if (args.type === "oco" && price && (args.side === "sell" ? price.lte(last) : price.gte(last)))
    out.price = args.side === "sell" ? "oco_price_below_last" : "oco_price_above_last";
  return out;
}
