import Decimal from "decimal.js";
import type { SpotOrder } from "~/contract/entities";

/**
 * The average price of what an order filled: the exchange's `avg_price`, or (from an exchange that does not send it)
 * filled value / filled quantity; null when nothing filled. The history shows it beside the order's own price.
 */
export function averagePriceOf(o: Pick<SpotOrder, "avg_price" | "transacted_amount" | "transacted_volume">): string | null {
  const filled = new Decimal(o.transacted_amount || "0");
  if (filled.lte(0)) return null;
  if (o.avg_price && new Decimal(o.avg_price).gt(0)) return o.avg_price;
  return new Decimal(o.transacted_volume || "0").div(filled).toFixed();
}
