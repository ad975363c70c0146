import type { AccountCode } from "~/contract/core/accounts";

export { isAccountCode } from "~/contract/core/accounts";

/**
 * The assets screens' rules that need no decimal arithmetic, in a module of their own so that the pages' browser
 * code does not pull decimal.js in (re-exported and tested through app/features/assets/rules.ts).
 */

/** The account pages under /assets and the account code each shows (docs/product.md, "/assets"). */
export const ACCOUNT_PAGES = {
  tradeAccount: "change_account",
  legalAccount: "legal_account",
  leverAccount: "lever_account",
  secondAccount: "micro_account",
  financialAccount: "financial_account",
} as const satisfies Record<string, AccountCode>;
export type AccountPage = keyof typeof ACCOUNT_PAGES;
export const ACCOUNT_PAGE_NAMES = Object.keys(ACCOUNT_PAGES) as AccountPage[];
export const ACCOUNT_CODE_LIST = Object.values(ACCOUNT_PAGES) as AccountCode[];

export function accountPageOf(code: string): AccountPage | undefined {
  return ACCOUNT_PAGE_NAMES.find((p) => ACCOUNT_PAGES[p] === code);
}

/** Records pages hold 15 entries; the pager shows only when the total exceeds that (docs/product.md, "Lists and pagers"). */
export { parsePage, RECORDS_PAGE_SIZE } from "~/lib/pager";

/** The records lists' currency filter (`?currency_id=`): a currency's id, else every currency. */
export function currencyFilter(search: URLSearchParams): number | undefined {
  const raw = search.get("currency_id") ?? "";
  return /^\d{1,9}$/.test(raw) && raw !== "0" ? Number(raw) : undefined;
}

/** Address-book code resend wait on the bind-address page (59 s), and the usual 60 s elsewhere (docs/product.md, "Verification codes"). */
export const BIND_CODE_COUNTDOWN_S = 59;
export { CODE_COUNTDOWN_S } from "~/contract/core/codes";
/** Transfer: the balances reload this long after a success (docs/product.md, "/assets/transfer and /assets/transferLog"). */
export const TRANSFER_RELOAD_MS = 1000;

/**
 * Choosing one side of a transfer picks the other: when `changed` now equals the other side (or the other side
 * is not allowed for the currency), the other side becomes the spot account, or the first allowed one that differs.
 */
export function pickOtherSide(changed: AccountCode, other: AccountCode | "", allowed: AccountCode[]): AccountCode | "" {
  if (other && other !== changed && allowed.includes(other)) return other;
  if (changed !== "change_account" && allowed.includes("change_account")) return "change_account";
  return allowed.find((c) => c !== changed) ?? "";
}

export { formatTime } from "~/lib/time";
