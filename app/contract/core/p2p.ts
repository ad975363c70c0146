import DecimalBase from "decimal.js";

/**
 * Fiat peer-to-peer (docs/product.md, "Fiat P2P": /legalIndex and /myshop, the order and ad states, who may act, the
 * publishing rules, three cancels a day). The first design gave labels, not calls: the states, who may do what in which state, and
 * the rounding of amounts are decided here (docs/api.md "Fiat P2P", docs/decisions/014-fiat-p2p.md) and shared by
 * the browser, the app's server and the exchange. Decimal strings in and out; no zod, no node imports.
 */

const Decimal = DecimalBase.clone({ precision: 60, toExpNeg: -60, toExpPos: 60 });

/** Fiat order states, in the order of docs/product.md, "Fiat P2P". */
export const P2P_STATUS = { PENDING: 1, PAID: 2, COMPLETED: 3, CANCELLED: 4, DELAYED: 5, APPEAL: 6, ABNORMAL: 7 } as const;
export type P2PStatus = (typeof P2P_STATUS)[keyof typeof P2P_STATUS];
export const P2P_STATUSES: readonly P2PStatus[] = [1, 2, 3, 4, 5, 6, 7];
/** Orders still in progress (escrow held). */
export const P2P_OPEN_STATUSES: readonly P2PStatus[] = [1, 2, 5, 6, 7];

/** Merchant ad states (docs/product.md, "Fiat P2P"). */
export const P2P_AD_STATUS = { OPEN: 1, PAUSED: 2, OFF: 3 } as const;
export type P2PAdStatus = (typeof P2P_AD_STATUS)[keyof typeof P2P_AD_STATUS];

/** The merchant's side of an ad: `sell` ads sell coins (the user buys), `buy` ads buy coins (the user sells). */
export const P2P_SIDES = ["sell", "buy"] as const;
export type P2PSide = (typeof P2P_SIDES)[number];

/** The fiat currencies an ad may be priced in. */
export const P2P_FIATS = ["CNY", "USD", "EUR", "HKD", "JPY", "KRW", "THB", "PLN"] as const;
export type P2PFiat = (typeof P2P_FIATS)[number];
/** Unit prices and order totals are in cents of the fiat currency. */
export const P2P_FIAT_DECIMALS = 2;

/** The time limits (docs/product.md, "Fiat P2P"); the pay and confirm limits can be changed by the operator. */
export const P2P_PAY_MINUTES = 15;
export const P2P_CONFIRM_MINUTES = 30;
/** A seller's delayed confirmation adds this much to the confirmation limit, once per order. */
export const P2P_DELAY_MINUTES = 30;
/**
 * The seller is told at once when the buyer marks an order paid, and reminded this long before the confirmation
 * limit runs out (not again when the limit is this short or shorter: the first notice already names it).
 */
export const P2P_CONFIRM_REMINDER_MINUTES = 10;
/** A buyer who cancels this many orders in one (UTC) day cannot buy again that day (docs/product.md, "Fiat P2P"). */
export const P2P_CANCELS_PER_DAY = 3;
/** One user's orders in progress at once, as buyer or seller outside their own ads. */
export const P2P_OPEN_ORDERS_MAX = 5;
export const P2P_MESSAGE_MAX = 500;
export const P2P_REASON_MAX = 300;
export const P2P_PAGE_SIZE = 10;

export type P2PRole = "buyer" | "seller";
export type P2PAction = "voucher" | "pay" | "cancel" | "confirm" | "delay" | "abnormal" | "appeal" | "message";

/**
 * Who may do what, from which states (docs/product.md, "Fiat P2P": the buyer may cancel and mark paid; the seller confirms receipt and may
 * delay confirmation; either side may mark abnormal or appeal). `to` is the state the action leads to.
 * - The buyer may cancel until the seller has released: cancelling only returns the coins to the seller.
 * - The seller may release at any state before completion, except while an appeal is with the operator.
 * - Abnormal needs a payment claimed (paid, delayed): before that the pay limit decides (an unpaid order marked
 *   abnormal would stop it and hold the seller's coins with no end; docs/decisions/018-p2p-abnormal-after-paid.md).
 * - An appeal needs a payment claimed (paid, delayed) or an order marked abnormal.
 */
export const P2P_RULES: Record<P2PAction, { role: P2PRole | "either"; from: readonly P2PStatus[]; to?: P2PStatus }> = {
  voucher: { role: "buyer", from: [1, 2, 5, 7] },
  pay: { role: "buyer", from: [1], to: 2 },
  cancel: { role: "buyer", from: [1, 2, 5, 7], to: 4 },
  confirm: { role: "seller", from: [1, 2, 5, 7], to: 3 },
  delay: { role: "seller", from: [2], to: 5 },
  abnormal: { role: "either", from: [2, 5], to: 7 },
  appeal: { role: "either", from: [2, 5, 7], to: 6 },
  message: { role: "either", from: [1, 2, 5, 6, 7] },
};

export function canAct(action: P2PAction, status: number, role: P2PRole): boolean {
  const rule = P2P_RULES[action];
  return (rule.role === "either" || rule.role === role) && (rule.from as readonly number[]).includes(status);
}

/** The actions open to `role` in `status`, in the order of P2P_RULES. */
export function allowedActions(status: number, role: P2PRole): P2PAction[] {
  return (Object.keys(P2P_RULES) as P2PAction[]).filter((a) => canAct(a, status, role));
}

/** The user's side of an order on an ad: a `sell` ad's merchant sells, so the user buys. */
export function userRoleOnAd(side: P2PSide): P2PRole {
  return side === "sell" ? "buyer" : "seller";
}

/** Fiat total of `quantity` coins at `price`, to the cent, half up. */
export function p2pAmount(quantity: string, price: string): string {
  return new Decimal(quantity).times(price).toDecimalPlaces(P2P_FIAT_DECIMALS, Decimal.ROUND_HALF_UP).toFixed(P2P_FIAT_DECIMALS);
}

/** Coins a fiat `amount` buys at `price`, floored to the coin's decimals (the user never pays for more than they get). */
export function p2pQuantityFor(amount: string, price: string, coinDecimals: number): string {
  return new Decimal(amount).div(price).toDecimalPlaces(coinDecimals, Decimal.ROUND_DOWN).toFixed();
}

/** Whether decimal string `a` is below `b` (the shop form's 'max trade amount cannot be below min'). */
export function decimalBelow(a: string, b: string): boolean {
  return new Decimal(a).lt(b);
}

/** Completion rate in percent with 2 decimals: completed over finished (completed + cancelled); null with none. */
export function completionRate(completed: number, finished: number): string | null {
  if (finished <= 0) return null;
  return new Decimal(completed).div(finished).times(100).toDecimalPlaces(2, Decimal.ROUND_DOWN).toFixed(2);
}

/** The start of the UTC day of `now` (the three-cancels rule counts from it). */
export function utcDayStart(now: number): number {
  const d = new Date(now);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());
}

/** Whole seconds left until `due` (0 once passed): the countdowns, rendered by the server without JavaScript. */
export function secondsLeft(due: number | null, now: number): number {
  if (due == null) return 0;
  return Math.max(0, Math.ceil((due - now) / 1000));
}
