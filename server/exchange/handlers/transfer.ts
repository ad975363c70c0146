import { RECORDS_PAGE_SIZE } from "../../../app/contract/index";
import { fail, ok, type Ctx, type Handlers } from "../context";
import { firstAnswer, once } from "../ledger/idempotency";
import { post } from "../ledger/index";
import { insertTransfer, listTransfers, type TransferRow } from "../models/transfers";
import { accountName, canonical, currencyRef, decimalsProblem, loadCurrency } from "../money/currencies";
import { pageAnswer, pageWindow } from "../money/paging";
import { ledgerFail } from "./money-common";

// Transfers between a user's own accounts of one currency.

export const transferHandlers: Pick<Handlers, "transfer" | "transferLog"> = {
  transfer(p, ctx) {
    const userId = ctx.userId!;
    const seen = firstAnswer<never>(ctx.db, userId, "transfer", p.idempotency_key);
    if (seen) return seen;
    const c = loadCurrency(ctx.db, p.currency_id);
    if (!c) return fail(ctx, "currency_not_found");
    if (c.is_recharge_account !== 1 || c.accountCodes.length < 2) return fail(ctx, "transfer_not_available", { code: c.code });
    if (p.from === p.to) return fail(ctx, "transfer_same_account");
    for (const code of [p.from, p.to]) {
      if (!c.accountCodes.includes(code))
        return fail(ctx, "transfer_account_not_supported", { account: accountName(ctx.t, code), code: c.code });
    }
    const dec = decimalsProblem(p.balance, c.decimals);
    if (dec) return fail(ctx, dec.key, dec.vars);
    const amount = canonical(p.balance);
    try {
      return once(ctx.db, userId, "transfer", p.idempotency_key, ctx.now, () => {
        const id = insertTransfer(ctx.db, { userId, currencyId: c.id, from: p.from, to: p.to, amount, now: ctx.now });
        post(ctx.db, {
          type: "transfer",
          memo: `transfer #${id}`,
          extra: { transfer_id: id, from: p.from, to: p.to },
          now: ctx.now,
          legs: [
            { userId, currencyId: c.id, accountCode: p.from, amount: `-${amount}` },
            { userId, currencyId: c.id, accountCode: p.to, amount },
          ],
        });
        return ok(
          ctx,
          transferOf(ctx, { id, currency_id: c.id, code: c.code, from_code: p.from, to_code: p.to, amount, created_at: ctx.now }),
          "transfer_ok",
        );
      });
    } catch (err) {
      return ledgerFail(ctx, err);
    }
  },

  transferLog(p, ctx) {
    const list = (limit: number, offset: number) => listTransfers(ctx.db, ctx.userId!, p.currency_id, limit, offset);
    return pageAnswer(ctx, pageWindow(p, RECORDS_PAGE_SIZE), list, (r) => transferOf(ctx, r));
  },
};

export function transferOf(ctx: Ctx, r: TransferRow) {
  return {
    id: r.id,
    currency: currencyRef(r),
    balance: r.amount,
    from: r.from_code,
    to: r.to_code,
    from_name: accountName(ctx.t, r.from_code),
    to_name: accountName(ctx.t, r.to_code),
    created_at: r.created_at,
  };
}
