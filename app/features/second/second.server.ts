import type { QuoteGroup } from "~/contract/entities";
import { normalizeSymbol } from "~/contract/core/channels";

/** Only USDT-quoted pairs open for the second contract (open_microtrade = 1; docs/product.md, "/second"). */
export function microPairs(groups: QuoteGroup[]) {
  return groups.filter((g) => g.code.toUpperCase() === "USDT").flatMap((g) => g.matches.filter((p) => p.open_microtrade === 1));
}

export function pickMicroPair<P extends { symbol: string }>(pairs: P[], symbol: string | null): P | null {
  if (symbol) {
    const found = pairs.find((p) => normalizeSymbol(p.symbol) === normalizeSymbol(symbol));
    if (found) return found;
  }
  return pairs[0] ?? null;
}
