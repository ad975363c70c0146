import type { SpotFill, SpotOrder } from "~/contract/entities";
import type { ApiArgs } from "~/lib/api.server";
import { csvDownload, type CsvFailure } from "~/lib/csv.server";
import { csvFileName, csvTime } from "~/lib/csv";
import { getT } from "~/lib/i18next.server";
import { parseOrdersQuery } from "./filters";
import { ordersFilter } from "./forms.server";

type Args = Parameters<typeof csvDownload>[0] & ApiArgs;

/** The type of an order as a trader names it (the exchange names sides and statuses; types are ours). */
function typeKey(o: SpotOrder): string {
  return o.type === "market" ? "form.market" : o.type === "stop_limit" ? "form.stopLimit" : "form.limit";
}

/**
 * /resources/export/orders: my orders with /orders' filters (the open list or the history), newest first. One row per
 * order: what was asked (price, trigger, amount), what filled (amount, value, average price, fee) and when.
 */
export async function ordersCsv(args: Args, search: URLSearchParams): Promise<Response | CsvFailure> {
  const q = parseOrdersQuery(search);
  const t = await getT(args.request, "trade");
  return csvDownload(args, {
    call: "exportOrders",
    payload: ordersFilter({ ...q, view: q.view === "fills" ? "open" : q.view }),
    fileName: csvFileName(q.view === "history" ? "order-history" : "open-orders"),
    header: [
      t("csv.orderId"),
      t("csv.time"),
      t("csv.pair"),
      t("csv.side"),
      t("csv.type"),
      t("form.timeInForce"),
      t("csv.status"),
      t("csv.price"),
      t("csv.triggerPrice"),
      t("csv.triggeredAt"),
      t("csv.ocoId"),
      t("csv.amount"),
      t("csv.filled"),
      t("csv.filledValue"),
      t("csv.avgPrice"),
      t("csv.fee"),
      t("csv.feeCurrency"),
      t("csv.updatedAt"),
    ],
    row: (o: SpotOrder) => [
      o.id,
      csvTime(o.created_at),
      o.currency_match.symbol,
      o.way_name,
      t(typeKey(o)),
      // A limit order's (a stop-limit order rests until cancelled once it fires; a market order has none).
      o.type === "limit" ? t(`form.tif.${o.time_in_force ?? "gtc"}`) : "",
      o.status_name,
      o.price,
      o.trigger_price ?? "",
      csvTime(o.triggered_at),
      o.oco_id ?? "",
      o.number,
      o.transacted_amount,
      o.transacted_volume,
      o.avg_price ?? "",
      o.fee,
      o.fee_currency,
      csvTime(o.updated_at),
    ],
  });
}

/** /resources/export/fills: my fills with /orders' filters, newest first: each my side of one trade. */
export async function fillsCsv(args: Args, search: URLSearchParams): Promise<Response | CsvFailure> {
  const q = parseOrdersQuery(search);
  const t = await getT(args.request, "trade");
  return csvDownload(args, {
    call: "exportFills",
    payload: ordersFilter({ ...q, view: "fills" }),
    fileName: csvFileName("fills"),
    header: [
      t("csv.fillId"),
      t("csv.time"),
      t("csv.pair"),
      t("csv.side"),
      t("csv.role"),
      t("csv.price"),
      t("csv.amount"),
      t("csv.value"),
      t("csv.fee"),
      t("csv.feeCurrency"),
      t("csv.orderId"),
      t("csv.tradeId"),
    ],
    row: (f: SpotFill) => [
      f.id,
      csvTime(f.time),
      f.currency_match.symbol,
      f.way_name,
      f.role_name,
      f.price,
      f.number,
      f.volume,
      f.fee ?? "",
      f.fee_currency,
      f.order_id,
      f.trade_id,
    ],
  });
}
