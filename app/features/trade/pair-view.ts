import type { Pair } from "~/contract/entities";
import { PRICE_DECIMALS } from "./order-input";

/** What the spot and lever screens need of a pair. */
export function pairView(p: Pair) {
  return {
    id: p.id,
    symbol: p.symbol,
    base: p.base_currency_code,
    quote: p.quote_currency_code,
    decimals: p.price_precision ?? PRICE_DECIMALS,
    quotation: p.currency_quotation,
  };
}
export type PairView = ReturnType<typeof pairView>;
