import type { MicroOrder } from "~/contract/micro";

/**
 * SPEC §4: on a MICRO_CLOSED push the matching row of the in-progress list is replaced by the closed order (and
 * removed 500 ms later by `dropClosed`); the closed list gains it at the top (page 1).
 */
export function applyMicroClosed(rows: MicroOrder[], order: MicroOrder, tab: "progress" | "closed", page: number): MicroOrder[] {
  if (tab === "progress") return rows.map((r) => (r.id === order.id ? order : r));
  if (page !== 1 || rows.some((r) => r.id === order.id)) return rows;
  return [order, ...rows];
}

export function dropClosed(rows: MicroOrder[], id: number): MicroOrder[] {
  return rows.filter((r) => !(r.id === id && r.status === 3));
}
