import { LedgerError } from "../ledger/index";
import { fail, type Answer, type Ctx } from "../context";
import { loadCurrencies, usdPriceOf, type CurrencyRow } from "../money/currencies";

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
