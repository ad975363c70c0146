import type { Depth, Trade } from "~/contract/entities";
import { useTradeLive, type TradeLiveInput } from "./use-trade-live";

// Stable: the live hook starts its state again whenever a value it was given changes.
const NO_DEPTH: Depth = { in: [], out: [] };
const NO_TRADES: Trade[] = [];
const NO_ORDERS_VIEW: TradeLiveInput["ordersView"] = { tab: "current", way: null, page: 1 };

/**
 * The pair's market alone (book, trades, candles, header and the pairs' prices), for a screen with no spot account
 * on it (/lever, /second); a screen without a book or trades leaves them out.
 */
export function useMarketLive({
  depth = NO_DEPTH,
  trades = NO_TRADES,
  ...input
}: Pick<TradeLiveInput, "pair" | "period" | "quotation"> & Partial<Pick<TradeLiveInput, "depth" | "trades">>) {
  return useTradeLive({ ...input, depth, trades, loggedIn: false, balances: null, orders: null, ordersView: NO_ORDERS_VIEW });
}
