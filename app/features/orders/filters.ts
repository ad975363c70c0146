import type { SpotOrderFilterName } from "~/contract/core/trading";

/**
 * /orders' address: which list (`view`: open orders, history, fills), its filters (`pair` id, `side`, `status`, the
 * days `from` and `to` in UTC, both included) and `page`. The same address feeds the page's lists and its CSV
 * downloads, so a download holds exactly what the filters show. Pure: no zod, no decimal.js.
 */

export const ORDERS_VIEWS = ["open", "history", "fills"] as const;
export type OrdersView = (typeof ORDERS_VIEWS)[number];
/** The status choices of each list ('' is every status of that list). */
export const VIEW_STATUSES: Record<Exclude<OrdersView, "fills">, readonly SpotOrderFilterName[]> = {
  open: ["untriggered"],
  history: ["completed", "cancelled"],
};
export const MY_ORDERS_PAGE_SIZE = 20;
export const DAY_MS = 86_400_000;

export interface OrdersQuery {
  view: OrdersView;
  pairId: number | null;
  side: "buy" | "sell" | null;
  /** A status of the view's list, or null for all of them. */
  status: SpotOrderFilterName | null;
  /** 'YYYY-MM-DD' as given (kept in the form even when refused). */
  from: string;
  to: string;
  page: number;
  /** A date that is not one, or a start after the end: said on its field, and not applied. */
  errors: { from?: "date_invalid" | "date_order"; to?: "date_invalid" };
}

/** A UTC day 'YYYY-MM-DD' → its first millisecond; null when it is not a real day. */
export function dayStart(day: string): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!m) return null;
  const ms = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return new Date(ms).toISOString().slice(0, 10) === day ? ms : null;
}

export function parseOrdersQuery(q: URLSearchParams): OrdersQuery {
  const rawView = q.get("view") ?? "";
  const view: OrdersView = (ORDERS_VIEWS as readonly string[]).includes(rawView) ? (rawView as OrdersView) : "open";
  const pairRaw = (q.get("pair") ?? "").trim();
  const pairId = /^\d{1,9}$/.test(pairRaw) && pairRaw !== "0" ? Number(pairRaw) : null;
  const sideRaw = q.get("side");
  const side = sideRaw === "buy" || sideRaw === "sell" ? sideRaw : null;
  const statusRaw = q.get("status") ?? "";
  const status =
    view !== "fills" && (VIEW_STATUSES[view] as readonly string[]).includes(statusRaw) ? (statusRaw as SpotOrderFilterName) : null;
  const from = (q.get("from") ?? "").trim().slice(0, 10);
  const to = (q.get("to") ?? "").trim().slice(0, 10);
  const errors: OrdersQuery["errors"] = {};
  const f = from ? dayStart(from) : null;
  const t = to ? dayStart(to) : null;
  if (from && f === null) errors.from = "date_invalid";
  if (to && t === null) errors.to = "date_invalid";
  if (f !== null && t !== null && f > t) errors.from = "date_order";
  const pageRaw = (q.get("page") ?? "").trim();
  const page = /^\d{1,6}$/.test(pageRaw) && Number(pageRaw) > 0 ? Number(pageRaw) : 1;
  return { view, pairId, side, status, from, to, page, errors };
}

/** /orders with these query values changed (null removes one); a new filter goes back to page 1. */
export function ordersUrl(search: string, changes: Record<string, string | number | null>): string {
  const q = new URLSearchParams(search);
  q.delete("confirm");
  for (const [k, v] of Object.entries(changes)) {
    if (v === null || v === "") q.delete(k);
    else q.set(k, String(v));
  }
  if (!("page" in changes)) q.delete("page");
  const s = q.toString();
  return s ? `/orders?${s}` : "/orders";
}

/** The CSV download of what the list shows: orders (open or history) or fills, with the same filters. */
export function exportUrl(q: OrdersQuery): string {
  const p = new URLSearchParams();
  p.set("view", q.view);
  if (q.pairId !== null) p.set("pair", String(q.pairId));
  if (q.side) p.set("side", q.side);
  if (q.status) p.set("status", q.status);
  if (q.from) p.set("from", q.from);
  if (q.to) p.set("to", q.to);
  return `/resources/export/${q.view === "fills" ? "fills" : "orders"}?${p.toString()}`;
}
