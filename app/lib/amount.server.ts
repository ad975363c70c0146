import type { Lang } from "~/i18n";
import { formatAmount } from "./amount";

/**
 * A USD figure the server formats for a page, in the one amount format (app/lib/amount.ts): '12,345.67 USD' en,
 * '12.345,67 USD' de and es, '12 345,67 USD' fr and pl. Through a `.server` module, so a loader that formats (the
 * root's, for the header's total) does not put the formatter in every page's JavaScript.
 */
export function usdText(value: string, lang: Lang): string {
  return `${formatAmount(value, { lang, dp: 2 })} USD`;
}
