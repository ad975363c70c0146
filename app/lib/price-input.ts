// A price as a pair screen's field takes it (/trade, /lever, /second): string work only, for the first load.

/** The default price decimals; a pair's own `price_precision` wins (docs/product.md, "Money and rounding"). */
export const PRICE_DECIMALS = 4;

/**
 * What a price field keeps of what was typed: digits and one dot, at most `decimals` decimals.
 * 'e', '+', '-' and anything else are dropped (typing e or minus does nothing: docs/product.md, "Money and rounding").
 */
export function sanitizePriceInput(raw: string, decimals = PRICE_DECIMALS): string {
  let int = "";
  let frac = "";
  let dot = false;
  for (const ch of raw) {
    if (ch >= "0" && ch <= "9") {
      if (!dot) int += ch;
      else if (frac.length < decimals) frac += ch;
    } else if ((ch === "." || ch === ",") && !dot && decimals > 0) dot = true;
  }
  return dot ? `${int || "0"}.${frac}` : int;
}
