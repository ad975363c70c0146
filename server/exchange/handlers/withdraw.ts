import Decimal from "decimal.js";
import { RECORDS_PAGE_SIZE, withdrawalAmounts } from "../../../app/contract/index";
import { SPOT_ACCOUNT } from "../../../app/contract/core/index";
import { fail, ok, type Answer, type Handlers } from "../context";
import { firstAnswer, once } from "../ledger/idempotency";
import { post } from "../ledger/index";
import { availableOf } from "../models/accounts";
import { findWithdrawal, insertWithdrawal, listWithdrawals, withdrawnToday } from "../models/withdrawals";
import { holdLegs } from "../ledger/holds";
import { boundAddresses } from "../money/addresses";
import { decimalsProblem, loadCurrency, protocolOf } from "../money/currencies";
import { pageAnswer, pageWindow } from "../money/paging";
import { toWithdrawal } from "../money/review";
import { ledgerFail } from "./money-common";
import { checkPayPassword } from "./trade-password";
import { requireGoogleCode } from "./personal";
import { DRAW_DAILY_LIMIT_USD } from "../../../app/contract/index";
import { localTime } from "../lib/i18n";
import { identityStatus, withdrawalHold } from "../models/personal";
import { REVIEW_STATUS } from "../../../app/contract/core/personal";
import { usdPriceOf } from "../money/currencies";
import type { Ctx } from "../context";

/** Today's limit (UTC day) by identity: an approved identity raises it (the same answer the personal centre gives). */
function dailyDrawLimit(ctx: Ctx, userId: number): { usd: string; verified: boolean } {
  const verified = identityStatus(ctx.db, userId) === REVIEW_STATUS.APPROVED;
  return { usd: verified ? DRAW_DAILY_LIMIT_USD.verified : DRAW_DAILY_LIMIT_USD.unverified, verified };
}

// Withdrawals: to a bound address, checked by the trade password, the amount held (a hold of the withdrawal) until reviewed.

export const withdrawHandlers: Pick<Handlers, "draw" | "drawList"> = {
  async draw(p, ctx) {
    const userId = ctx.userId!;
    const seen = firstAnswer<never>(ctx.db, userId, "draw", p.idempotency_key);
    if (seen) return seen;
    // After a change of password, trade password, authenticator or bound address, nothing leaves for 24 h.
    const heldUntil = withdrawalHold(ctx.db, userId, ctx.now);
    if (heldUntil) return fail(ctx, "withdraw_held", { time: localTime(heldUntil, ctx.lang) });
    const c = loadCurrency(ctx.db, p.currency_id);
    if (!c) return fail(ctx, "currency_not_found");
    if (c.open_draw !== 1) return fail(ctx, "draw_closed", { code: c.code });
    const proto = protocolOf(c, p.currency_protocol_id);
    if (!proto) return fail(ctx, "chain_not_found");
    const bound = boundAddresses(ctx.db, userId, c.id, proto.id);
    if (bound.length === 0) return fail(ctx, "bind_address_first");
    // The entry with exactly this address and memo: one address can be bound with several memos
    // (an exchange's shared deposit address), and the memo decides whose account is credited. Without
    // a memo, the address must be bound once only, so there is no doubt which entry is meant.
    const sameAddress = bound.filter((b) => b.address === p.address);
    const entry = sameAddress.find((b) => b.memo === p.memo) ?? (p.memo === "" && sameAddress.length === 1 ? sameAddress[0] : undefined);
    if (!entry) return fail(ctx, "address_not_bound");
    const dec = decimalsProblem(p.number, c.decimals);
    if (dec) return fail(ctx, dec.key, dec.vars, "number");
    const amount = new Decimal(p.number);
    if (amount.lt(c.draw_min)) return fail(ctx, "draw_min", { min: c.draw_min, code: c.code }, "number");
    if (new Decimal(c.draw_max).gt(0) && amount.gt(c.draw_max)) return fail(ctx, "draw_max", { max: c.draw_max, code: c.code }, "number");
    // A cheap look first (the authoritative check is the ledger's, inside the transaction below).
    if (availableOf(ctx.db, userId, c.id, SPOT_ACCOUNT).lt(amount)) return fail(ctx, "insufficient_balance", undefined, "number");
    // The daily limit in USD value: higher once the identity is verified (docs/product.md, "Withdrawals").
    const overLimit = (): Answer<never> | null => {
      const limit = dailyDrawLimit(ctx, userId);
      const usd = (id: number) => new Decimal(usdPriceOf(ctx.market, id));
      const today = withdrawnToday(ctx.db, userId, ctx.now).reduce(
        (sum, w) => sum.plus(new Decimal(w.amount).times(usd(w.currency_id))),
        new Decimal(0),
      );
      if (!today.plus(amount.times(usd(c.id))).gt(limit.usd)) return null;
      return fail(
        ctx,
        limit.verified ? "draw_daily_limit" : "draw_daily_limit_verify",
        { limit: limit.usd, left: Decimal.max(0, new Decimal(limit.usd).minus(today)).toFixed(2) },
        "number",
      );
    };
    // Asked here so the form's errors come in its order (the amount before the trade password)…
    const over = overLimit();
    if (over) return over;
    const refused = await checkPayPassword(ctx, userId, p.pay_password);
    if (refused) return refused;
    const googleRefused = requireGoogleCode(ctx, userId, p.google_code);
    if (googleRefused) return googleRefused;
    const amountStr = amount.toFixed();
    const { fee, received } = withdrawalAmounts(amountStr, c.draw_rate, c.decimals);
    try {
      return once(ctx.db, userId, "draw", p.idempotency_key, ctx.now, () => {
        // …and again in the transaction that writes the withdrawal: withdrawals sent at once all passed the first look
        // (the trade password's check waits in between), and only the first ones the limit allows may be written.
        const stillOver = overLimit();
        if (stillOver) return stillOver;
        const id = insertWithdrawal(ctx.db, {
          user_id: userId,
          currency_id: c.id,
          protocol_id: proto.id,
          address: entry.address,
          memo: entry.memo,
          amount: amountStr,
          fee,
          received,
          rate: c.draw_rate,
          created_at: ctx.now,
        });
        const account = { userId, currencyId: c.id, accountCode: SPOT_ACCOUNT } as const;
        post(ctx.db, {
          type: "withdrawal",
          memo: `withdrawal #${id} locked`,
          extra: { withdrawal_id: id, stage: "locked" },
          now: ctx.now,
          legs: holdLegs(account, "withdrawal", id, amountStr),
        });
        return ok(ctx, toWithdrawal(findWithdrawal(ctx.db, id)!, ctx.t), "draw_submitted");
      });
    } catch (err) {
      return ledgerFail(ctx, err);
    }
  },

  drawList(p, ctx) {
    const list = (limit: number, offset: number) => listWithdrawals(ctx.db, { userId: ctx.userId!, limit, offset });
    return pageAnswer(ctx, pageWindow(p, RECORDS_PAGE_SIZE), list, (r) => toWithdrawal(r, ctx.t));
  },
};
