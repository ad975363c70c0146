import { MICRO_LAST_RESULT_MS, MICRO_STATUS, microExpected, type MicroType } from "~/contract/core/micro";
import type { MicroOrder } from "~/contract/micro";

/**
 * On a MICRO_CLOSED push the matching row of the in-progress list is replaced by the closed order (and removed
 * MICRO_REMOVE_DELAY_MS later by `dropClosed`, the trader having seen its result); the closed list gains it at the
 * top (page 1).
 */
export function applyMicroClosed(rows: MicroOrder[], order: MicroOrder, tab: "progress" | "closed", page: number): MicroOrder[] {
  if (tab === "progress") return rows.map((r) => (r.id === order.id ? order : r));
  if (page !== 1 || rows.some((r) => r.id === order.id)) return rows;
  return [order, ...rows];
}

export function dropClosed(rows: MicroOrder[], id: number): MicroOrder[] {
  return rows.filter((r) => !(r.id === id && r.status === MICRO_STATUS.CLOSED));
}

/**
 * A running order's 'current price' and 'expected profit/loss' at the live price of its pair (the header's), so
 * they move during the countdown; the server's figures until a price arrives, and a closed order's own.
 */
export function liveFigures(o: MicroOrder, pairId: number, price: string | null): { current: string | null; expected: string } {
  if (o.status !== MICRO_STATUS.RUNNING || o.match_id !== pairId || !price) return { current: o.end_price, expected: o.expected_profits };
  return {
    current: price,
    expected: microExpected({ type: o.type as MicroType, open: o.open_price, price, stake: o.number, ratio: o.profit_ratio }),
  };
}

/** The last result the order form shows: a closed order settled less than MICRO_LAST_RESULT_MS ago, else none. */
export function recentResult(order: MicroOrder | null | undefined, now: number): MicroOrder | null {
  if (!order || order.status !== MICRO_STATUS.CLOSED || !order.result) return null;
  return now - order.due_at <= MICRO_LAST_RESULT_MS ? order : null;
}
