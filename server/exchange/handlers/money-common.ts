import { LedgerError } from "../ledger/index";
import { fail, ok, type Answer, type Ctx } from "../context";
import { loadCurrencies, usdPriceOf, type CurrencyRow } from "../money/currencies";
import { pageOf } from "../money/paging";

/** Shared by the money handlers (assets, deposit, withdraw, transfer, savings, convert). */
export type Priced = CurrencyRow & { usd: string };

export function pricedCurrencies(ctx: Ctx): Map<number, Priced> {
  const out = new Map<number, Priced>();
  for (const c of loadCurrencies(ctx.db)) out.set(c.id, { ...c, usd: usdPriceOf(ctx.market, c.id, c.is_stable === 1) });
  return out;
}

/** LedgerError → the message of a refused money movement. */
export function ledgerFail(ctx: Ctx, err: unknown): Answer<never> {
  if (err instanceof LedgerError) return fail(ctx, err.reason === "insufficient_balance" ? "insufficient_balance" : "amount_invalid");
  throw err;
}

/**
 * The answer to a list call: `list` finds the rows in the window the call asked for (its page and size), and each row
 * is shown as `show` turns it into what the call answers.
 */
export function pageAnswer<R, T>(
  ctx: Ctx,
  window: { page: number; limit: number; offset: number },
  list: (limit: number, offset: number) => { total: number; rows: R[] },
  show: (row: R) => T,
): Answer<ReturnType<typeof pageOf<T>>> {
  const { total, rows } = list(window.limit, window.offset);
  return ok(ctx, pageOf(total, window.page, window.limit, rows.map(show)));
}
