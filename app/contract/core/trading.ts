/**
 * Sides and statuses of spot orders and trades. An order's `way` and a trade's `way` number the sides
 * differently (see the glossary of docs/architecture.md): always compare through these names, never with a bare 1 or 2.
 */

/** Order side: 1 buy, 2 sell. */
export const ORDER_WAY = { BUY: 1, SELL: 2 } as const;
export type OrderWay = (typeof ORDER_WAY)[keyof typeof ORDER_WAY];

/** A trade's side is the taker's: 2 buy (shown rising), 1 sell. */
export const TRADE_WAY = { SELL: 1, BUY: 2 } as const;
export type TradeWay = (typeof TRADE_WAY)[keyof typeof TRADE_WAY];

export function isBuyOrder(order: { way: number }): boolean {
  return order.way === ORDER_WAY.BUY;
}

export function isBuyTrade(trade: { way: number }): boolean {
  return trade.way === TRADE_WAY.BUY;
}

/**
 * 0 open (or partially filled), 1 completed, 2 cancelled (by its owner, or the other leg of its OCO), 3 revoked (the
 * unfilled rest of a market order), 4 untriggered (a stop-limit order waiting for the last price to reach its trigger).
 */
export const SPOT_ORDER_STATUS = { OPEN: 0, COMPLETED: 1, CANCELLED: 2, REVOKED: 3, UNTRIGGERED: 4 } as const;
export type SpotOrderStatus = (typeof SPOT_ORDER_STATUS)[keyof typeof SPOT_ORDER_STATUS];
/** A limit or market order, or a stop-limit order (a limit order placed on the book when the last trade reaches its trigger price). */
export const SPOT_ORDER_TYPES = ["limit", "market", "stop_limit"] as const;
export type SpotOrderType = (typeof SPOT_ORDER_TYPES)[number];
/**
 * A limit order's time in force: until cancelled, immediate or cancel (the rest revoked at once), fill or kill
 * (whole at once or refused), post only (rests only, refused if it would take).
 */
export const TIME_IN_FORCE = ["gtc", "ioc", "fok", "post_only"] as const;
export type TimeInForce = (typeof TIME_IN_FORCE)[number];

/** The time in force an order is tagged with beside its type (IOC, FOK, Post only): none for good till cancelled. */
export function taggedTimeInForce(order: { time_in_force?: TimeInForce | null }): Exclude<TimeInForce, "gtc"> | null {
  const tif = order.time_in_force;
  return tif && tif !== "gtc" ? tif : null;
}

/** An order its owner can still cancel: on the book, or a stop waiting for its trigger. */
export function isWorkingOrder(order: { status: number }): boolean {
  return order.status === SPOT_ORDER_STATUS.OPEN || order.status === SPOT_ORDER_STATUS.UNTRIGGERED;
}

/**
 * Which way a stop's trigger is reached: a sell stop fires when a trade is at or below its trigger ('≤'), a buy stop
 * at or above it ('≥').
 */
export function stopComparison(order: { way: number }): "≤" | "≥" {
  return order.way === ORDER_WAY.SELL ? "≤" : "≥";
}

/**
 * Which of a user's orders a list shows: `open` what can still be cancelled (on the book or untriggered), `untriggered`
 * the stops still waiting, `completed` filled in full, `cancelled` cancelled or revoked, `history` every finished one.
 */
export const SPOT_ORDER_FILTERS = ["open", "untriggered", "completed", "cancelled", "history"] as const;
export type SpotOrderFilterName = (typeof SPOT_ORDER_FILTERS)[number];

/** A fill's part in its trade: the maker's order rested on the book, the taker's came in and took it. */
export const FILL_ROLES = ["maker", "taker"] as const;
export type FillRole = (typeof FILL_ROLES)[number];

/** Every chart resolution: 1, 3, 5, 15, 30, 60, 120, 240, 360, 720 minutes, 1D, 3D, 1W, 1M (docs/product.md, "Market data"). */
export const KLINE_PERIODS = [
  "1min",
  "3min",
  "5min",
  "15min",
  "30min",
  "60min",
  "120min",
  "240min",
  "360min",
  "720min",
  "1day",
  "3day",
  "1week",
  "1mon",
] as const;
export type KlinePeriod = (typeof KLINE_PERIODS)[number];

/**
 * The chart's names of the same resolutions (minutes as a number, then 1D, 3D, 1W, 1M; D, W and M alone are one of
 * each), which market/kline accepts as well as the periods' own names.
 */
export const KLINE_RESOLUTIONS: Readonly<Record<string, KlinePeriod>> = {
  "1": "1min",
  "3": "3min",
  "5": "5min",
  "15": "15min",
  "30": "30min",
  "60": "60min",
  "120": "120min",
  "240": "240min",
  "360": "360min",
  "720": "720min",
  "1D": "1day",
  D: "1day",
  "3D": "3day",
  "1W": "1week",
  W: "1week",
  "1M": "1mon",
  M: "1mon",
};

/** A period's own name, from itself or from the chart's resolution name; anything else is left as it came. */
export function klinePeriodFrom(value: unknown): unknown {
  return typeof value === "string" && Object.hasOwn(KLINE_RESOLUTIONS, value.trim()) ? KLINE_RESOLUTIONS[value.trim()] : value;
}

/**
 * The plain decimal as typed (a price, a quantity, an amount): digits, then optionally a point and more digits (no
 * sign, exponent, grouping or spaces). The one definition for the browser, the app's server and the exchange; it is
 * here, beside the order sides every pair screen loads first, so a form's check brings neither decimal.js nor zod
 * nor a file of its own.
 */
export const PLAIN_DECIMAL = /^\d+(\.\d+)?$/;

/** Whether the text, trimmed, is a plain decimal. */
export function isPlainDecimal(v: string): boolean {
  return PLAIN_DECIMAL.test(v.trim());
}
