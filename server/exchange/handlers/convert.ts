import { RECORDS_PAGE_SIZE, SPOT_ACCOUNT } from "../../../app/contract/core/index";
import { fail, ok, type Handlers } from "../context";
import { firstAnswer, once } from "../ledger/idempotency";
import { availableOf, currencyCodes } from "../models/accounts";
import { findQuote, listConverts, quoteUsedAt } from "../models/converts";
import { createQuote, executeQuote, toConvert, toQuote } from "../money/convert";
import { canonical, decimalsProblem, loadCurrency } from "../money/currencies";
import { pageAnswer, pageWindow } from "../money/paging";
import { ledgerFail } from "./money-common";
import Decimal from "decimal.js";

// Flash convert: a quote against the treasury, executed before it expires.

export const convertHandlers: Pick<Handlers, "convertQuote" | "convertExecute" | "convertHistory"> = {
  convertQuote(p, ctx) {
    if (p.from_currency_id === p.to_currency_id) return fail(ctx, "convert_same_currency");
    const from = loadCurrency(ctx.db, p.from_currency_id);
    const to = loadCurrency(ctx.db, p.to_currency_id);
    if (!from || !to) return fail(ctx, "currency_not_found");
    const dec = decimalsProblem(p.amount, from.decimals);
    if (dec) return fail(ctx, dec.key, dec.vars);
    const q = createQuote(ctx.db, ctx.market, ctx.userId!, from, to, canonical(p.amount), ctx.now);
    if (new Decimal(q.rate).lte(0)) return fail(ctx, "convert_no_price");
    if (new Decimal(q.receive).lte(0)) return fail(ctx, "convert_amount_too_small");
    return ok(ctx, toQuote(q, currencyCodes(ctx.db)));
  },

  convertExecute(p, ctx) {
    const userId = ctx.userId!;
    const seen = firstAnswer<never>(ctx.db, userId, "convertExecute", p.idempotency_key);
    if (seen) return seen;
    const q = findQuote(ctx.db, p.quote_id);
    if (!q || q.user_id !== userId) return fail(ctx, "convert_quote_not_found");
    if (q.used_at !== null) return fail(ctx, "convert_quote_used");
    if (ctx.now > q.expires_at) {
      const from = loadCurrency(ctx.db, q.from_currency_id)!;
      const to = loadCurrency(ctx.db, q.to_currency_id)!;
      const fresh = createQuote(ctx.db, ctx.market, userId, from, to, q.amount, ctx.now);
      return { ...fail(ctx, "convert_quote_expired"), data: toQuote(fresh, currencyCodes(ctx.db)) as never };
    }
    try {
      return once(ctx.db, userId, "convertExecute", p.idempotency_key, ctx.now, () => {
        // Re-read inside the transaction: a racing execute of the same quote may have used it.
        if (quoteUsedAt(ctx.db, q.id) !== null) return fail(ctx, "convert_quote_used");
        const treasury = availableOf(ctx.db, ctx.system.treasuryId, q.to_currency_id, SPOT_ACCOUNT);
        if (treasury.lt(q.receive)) return fail(ctx, "convert_unavailable");
        const row = executeQuote(ctx.db, ctx.system.treasuryId, q, ctx.now);
        return ok(ctx, toConvert(row, currencyCodes(ctx.db)), "convert_ok");
      });
    } catch (err) {
      return ledgerFail(ctx, err);
    }
  },

  convertHistory(p, ctx) {
    const codes = currencyCodes(ctx.db);
    const list = (limit: number, offset: number) => listConverts(ctx.db, ctx.userId!, limit, offset);
    return pageAnswer(ctx, pageWindow(p, RECORDS_PAGE_SIZE), list, (r) => toConvert(r, codes));
  },
};
