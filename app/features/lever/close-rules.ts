import Decimal from "decimal.js";
import type { LeverPosition } from "~/contract/lever";

/** What closing would do, as the confirmation says it: the positions it takes, the margin that returns, the profit/loss at the current price. */
export type CloseSummary = { positions: LeverPosition[]; margin: string; profit: string };

/**
 * The positions a close takes: the one asked for, or (a batch) the pair's positions of the side (0 all, 1 long,
 * 2 short); with their margin and profit/loss (fees not included) summed. Null when there is nothing left to close.
 */
export function closeSummary(
  open: LeverPosition[],
  ask: { kind: "close"; id: number } | { kind: "batch"; type: 0 | 1 | 2 },
): CloseSummary | null {
  const positions = ask.kind === "close" ? open.filter((p) => p.id === ask.id) : open.filter((p) => ask.type === 0 || p.type === ask.type);
  if (positions.length === 0) return null;
  let margin = new Decimal(0);
  let profit = new Decimal(0);
  for (const p of positions) {
    margin = margin.plus(p.caution_money);
    profit = profit.plus(p.profits);
  }
  return { positions, margin: margin.toFixed(), profit: profit.toFixed() };
}

/** Return on equity of a position: profit/loss (fees not included) over its margin, in percent, 2 decimals (toward zero). */
export function roePercent(profit: string, margin: string): string | null {
  const m = new Decimal(margin);
  if (m.lte(0)) return null;
  return new Decimal(profit).div(m).times(100).toDecimalPlaces(2, Decimal.ROUND_DOWN).toFixed(2);
}

/** The address without its confirmation step (where the page returns after the action or 'Back'). */
export function withoutConfirm(path: string): string {
  const [pathname, rest = ""] = path.split("?", 2);
  const [query, hash] = rest.split("#", 2);
  const q = new URLSearchParams(query);
  for (const k of ["confirm", "id", "type"]) q.delete(k);
  const s = q.toString();
  return `${pathname}${s ? `?${s}` : ""}${hash ? `#${hash}` : ""}`;
}

/** The address of a confirmation step on this page. */
export function confirmHref(search: string, ask: { kind: "close"; id: number } | { kind: "batch"; type: 0 | 1 | 2 }): string {
  const q = new URLSearchParams(search);
  for (const k of ["confirm", "id", "type"]) q.delete(k);
  q.set("confirm", ask.kind);
  if (ask.kind === "close") q.set("id", String(ask.id));
  else q.set("type", String(ask.type));
  return `?${q.toString()}`;
}
