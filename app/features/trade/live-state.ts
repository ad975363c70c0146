import type { Depth, KlineBar, KlinePeriod, SpotBalances, SpotOrder, SpotOrderPage, Trade } from "~/contract/entities";
import { isWorkingOrder, type OrderWay } from "~/contract/core/trading";
import { CHART_BARS_MAX } from "./chart-periods";
import { sameAmount } from "./order-input";

/** Reducers that apply live messages (book, trades, bars, my orders, balances) to the trade screen's state. */

export const RECENT_TRADES_MAX = 30;
export const ORDERS_PAGE_SIZE = 10;

/** MARKET_DEPTH carries the whole book (20 levels a side): it replaces what we hold. */
export function applyDepth(current: Depth, msg: { depth: Depth }): Depth {
  return { in: msg.depth.in.slice(), out: msg.depth.out.slice() };
}

/**
 * GLOBAL_TX: the tick's trades (newest first) go on top; a snapshot replaces the list.
 * Duplicates (a replay after a reconnect) are dropped by id; at most 30 are kept (docs/product.md, "/trade").
 */
export function applyTrade(current: Trade[], msg: { completes: Trade[] }, snapshot = false): Trade[] {
  const base = snapshot ? [] : current;
  const seen = new Set<number>();
  const out: Trade[] = [];
  for (const t of [...msg.completes, ...base]) {
    if (seen.has(t.id)) continue;
    seen.add(t.id);
    out.push(t);
    if (out.length >= RECENT_TRADES_MAX) break;
  }
  return out;
}

export type KlineChange = "none" | "update" | "append";

/**
 * KLINE: the bar in progress of some period. Only the shown period counts; the last bar is replaced
 * when it is the same bar, one is appended when a newer bar starts (the oldest leaves past `max`).
 */
export function applyKline(
  bars: KlineBar[],
  bar: KlineBar,
  period: KlinePeriod,
  max = CHART_BARS_MAX,
): { bars: KlineBar[]; change: KlineChange } {
  if (bar.period !== period) return { bars, change: "none" };
  const last = bars[bars.length - 1];
  const clean: KlineBar = {
    open: bar.open,
    high: bar.high,
    low: bar.low,
    close: bar.close,
    volume: bar.volume,
    time: bar.time,
    period: bar.period,
  };
  if (last && last.time === bar.time) {
    if (
      last.open === clean.open &&
      last.high === clean.high &&
      last.low === clean.low &&
      last.close === clean.close &&
      last.volume === clean.volume
    ) {
      return { bars, change: "none" };
    }
    const next = bars.slice();
    next[next.length - 1] = clean;
    return { bars: next, change: "update" };
  }
  if (last && bar.time < last.time) return { bars, change: "none" };
  const next = [...bars, clean];
  return { bars: next.length > max ? next.slice(next.length - max) : next, change: "append" };
}

export type OrdersTab = "current" | "all" | "history";
export const ORDERS_TABS: OrdersTab[] = ["current", "all", "history"];
/** Which side my orders list shows: one side, or both (null, the default). */
export type OrdersSide = OrderWay | null;
export type OrdersView = { pairId: number; tab: OrdersTab; way: OrdersSide; page: number };
export type OrderEvent =
  { type: "TX_SUBMIT"; currency_match_id: number; order: SpotOrder } | { type: "TX_MATCHED"; currency_match_id: number; order: SpotOrder };

/** On the book and not yet filled, or a stop waiting for its trigger: the current orders list shows it. */
function isStillOpen(o: SpotOrder): boolean {
  return isWorkingOrder(o) && !sameAmount(o.transacted_amount, o.number);
}

/**
 * TX_SUBMIT / TX_MATCHED against the orders list on screen (docs/product.md, "/trade"):
 * - a new order is prepended only on page 1, not on history, when its side matches the sub-tab (any side on 'both')
 *   (and, on current orders, only while it is still open);
 * - a fill replaces the row; on current orders a row whose transacted_amount equals its number leaves;
 * - on history page 1 an order that a fill just finished comes on top (history lists finished orders).
 */
export function applyOrderEvent(rows: SpotOrder[], ev: OrderEvent, view: OrdersView): SpotOrder[] {
  const o = ev.order;
  if (ev.currency_match_id !== view.pairId) return rows;
  const at = rows.findIndex((r) => r.id === o.id);
  if (view.tab === "history") {
    if (at >= 0) return rows.map((r) => (r.id === o.id ? o : r));
    // Never a submission (history lists finished orders); a fill that finished an order does belong there.
    if (ev.type === "TX_MATCHED" && view.page === 1 && !isStillOpen(o)) return [o, ...rows].slice(0, ORDERS_PAGE_SIZE);
    return rows;
  }
  if (view.way !== null && o.way !== view.way) return rows;
  const keep = view.tab === "all" || isStillOpen(o);
  if (at >= 0) return keep ? rows.map((r) => (r.id === o.id ? o : r)) : rows.filter((r) => r.id !== o.id);
  if (ev.type === "TX_SUBMIT" && view.page === 1 && keep) return [o, ...rows].slice(0, ORDERS_PAGE_SIZE);
  return rows;
}

/** Page `page` of my orders of both sides, from the first pages of each side (newest first, like each list). */
export function mergeOrderPages(buys: SpotOrderPage, sells: SpotOrderPage, page: number): SpotOrderPage {
  const rows = [...buys.data, ...sells.data].sort((a, b) => b.created_at - a.created_at || b.id - a.id);
  const total = buys.total + sells.total;
  return {
    total,
    per_page: ORDERS_PAGE_SIZE,
    current_page: page,
    last_page: Math.max(1, Math.ceil(total / ORDERS_PAGE_SIZE)),
    data: rows.slice((page - 1) * ORDERS_PAGE_SIZE, page * ORDERS_PAGE_SIZE),
  };
}

/** Balances a private push carries, for the pair on screen only. */
export function applyBalances(
  current: SpotBalances | null,
  msg: { currency_match_id: number; base_account: SpotBalances["base"]; quote_account: SpotBalances["quote"] },
  pairId: number,
): SpotBalances | null {
  if (msg.currency_match_id !== pairId) return current;
  return { base: msg.base_account, quote: msg.quote_account };
}
