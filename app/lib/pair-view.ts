import type { Pair } from "~/contract/entities";
import { PRICE_DECIMALS } from "~/lib/price-input";

/** What the pair screens (/trade, /lever, /second) need of a pair. */
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
