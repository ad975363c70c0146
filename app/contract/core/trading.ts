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

/** 0 open (or partially filled), 1 completed, 2 cancelled (by its owner), 3 revoked (the unfilled rest of a market order). */
export const SPOT_ORDER_STATUS = { OPEN: 0, COMPLETED: 1, CANCELLED: 2, REVOKED: 3 } as const;
export const SPOT_ORDER_TYPES = ["limit", "market"] as const;
export type SpotOrderType = (typeof SPOT_ORDER_TYPES)[number];

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
