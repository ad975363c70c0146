import Decimal from "decimal.js";
import type { AccountCode, AccountGroup, Currency } from "~/contract/money";
import { isPlainDecimal } from "~/contract/core/trading";
import { usdTotal, usdValue } from "~/contract/core/money";

export { isPlainDecimal } from "~/contract/core/trading";
export { withdrawalPreview } from "~/contract/core/money";

/**
 * Pure rules of the assets screens (docs/product.md, "/assets"). Money stays a decimal string; decimal.js inside.
 * No runtime import of ~/contract/money here: it pulls zod into the browser, so the few rules the
 * screens need are written again here and tested against the contract's (app/features/assets/rules.test.ts).
 */

export {
  ACCOUNT_CODE_LIST,
  ACCOUNT_PAGE_NAMES,
  ACCOUNT_PAGES,
  accountPageOf,
  BIND_CODE_COUNTDOWN_S,
  CODE_COUNTDOWN_S,
  formatTime,
  isAccountCode,
  pickOtherSide,
  RECORDS_PAGE_SIZE,
  TRANSFER_RELOAD_MS,
  type AccountPage,
} from "./constants";

/** The fee rate as shown: draw_rate × 100, trailing zeros dropped ('0.001' → '0.1'). */
export function feePercent(rate: string): string {
  if (!isPlainDecimal(rate)) return "0";
  return new Decimal(rate).times(100).toFixed();
}

/** USD value of available + locked at `usdPrice`, floored to 2 decimals (the contract's rule; empty reads as 0). */
export function usdValueOf(balance: string, lock: string, usdPrice: string): string {
  return usdValue(new Decimal(balance || 0).plus(lock || 0).toFixed(), usdPrice || "0");
}

/** A group's total in USD: the exact sum of its rows, floored to 2 once. */
export function usdTotalOf(accounts: Array<{ balance: string; lock_balance: string; currency: { usd_price: string } }>): string {
  return usdTotal(
    accounts.map((a) => ({
      total: new Decimal(a.balance || 0).plus(a.lock_balance || 0).toFixed(),
      usdPrice: a.currency.usd_price || "0",
    })),
  );
}

/** A small balance ('hide small balances'): its USD value, as the row shows it, is under `threshold` (SMALL_BALANCE_USD). */
export function isSmallBalance(usd: string, threshold: string): boolean {
  return isPlainDecimal(usd) && new Decimal(usd).lessThan(threshold);
}

/** Amounts shown in the tables: the currency's decimals, floored, trailing zeros kept. */
export function amountText(value: string, decimals: number): string {
  if (!/^-?\d+(\.\d+)?$/.test(value)) return value;
  return new Decimal(value).toDecimalPlaces(Math.max(0, decimals), Decimal.ROUND_DOWN).toFixed(Math.max(0, decimals));
}

/** Is `a` > `b`? (decimal strings) */
export function greaterThan(a: string, b: string): boolean {
  return isPlainDecimal(a) && isPlainDecimal(b) && new Decimal(a).greaterThan(b);
}

/** Currencies offered for transfer: is_recharge_account = 1 and more than one account type (docs/product.md, "Transfers"). */
export function transferableCurrencies(currencies: Currency[]): Currency[] {
  return currencies.filter((c) => c.is_recharge_account === 1 && c.account_types.length > 1);
}

/** A group's accounts with the currency each one needs for the table. */
export function groupOf(groups: AccountGroup[], code: AccountCode): AccountGroup | undefined {
  return groups.find((g) => g.account_code === code);
}

/** The available balance of one currency in one account. */
export function availableIn(groups: AccountGroup[], code: AccountCode, currencyId: number): string {
  return groupOf(groups, code)?.accounts.find((a) => a.currency_id === currencyId)?.balance ?? "0";
}
