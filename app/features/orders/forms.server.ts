import { z } from "zod";
import { ORDER_WAY, type OrderWay, type SpotOrderFilterName } from "~/contract/core/trading";
import { dayStart, DAY_MS, type OrdersQuery } from "./filters";

/** The forms of /orders' action: one order's cancel (its id and side), and cancel all (one pair, or every pair). */
const CancelSchema = z.object({
  intent: z.literal("cancel"),
  id: z.coerce.number().int().positive(),
  way: z.coerce.number().int().min(1).max(2),
});
const CancelAllSchema = z.object({
  intent: z.literal("cancel-all"),
  currency_match_id: z
    .union([z.literal(""), z.coerce.number().int().positive()])
    .optional()
    .transform((v) => (v === "" ? undefined : v)),
});

export function parseOrdersForm(formData: FormData) {
  return z.discriminatedUnion("intent", [CancelSchema, CancelAllSchema]).safeParse(Object.fromEntries(formData));
}

/** The exchange's filters (tx/orders, tx/fills and their exports): the days as [from, to + 1 day) in unix ms. */
export function ordersFilter(q: OrdersQuery): {
  currency_match_id?: number;
  way?: OrderWay;
  status?: SpotOrderFilterName;
  from?: number;
  to?: number;
} {
  const out: ReturnType<typeof ordersFilter> = {};
  if (q.pairId !== null) out.currency_match_id = q.pairId;
  if (q.side) out.way = q.side === "buy" ? ORDER_WAY.BUY : ORDER_WAY.SELL;
  if (q.view !== "fills") out.status = q.status ?? (q.view === "open" ? "open" : "history");
  const f = q.from && !q.errors.from ? dayStart(q.from) : null;
  const t = q.to && !q.errors.to && q.errors.from !== "date_order" ? dayStart(q.to) : null;
  if (f !== null) out.from = f;
  if (t !== null) out.to = t + DAY_MS;
  return out;
}

/** The exchange's cancel call for an order of this side. */
export function cancelCallOf(way: number): "txInCancel" | "txOutCancel" {
  return way === ORDER_WAY.BUY ? "txInCancel" : "txOutCancel";
}
