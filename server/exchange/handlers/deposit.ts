import Decimal from "decimal.js";
import { RECORDS_PAGE_SIZE } from "../../../app/contract/index";
import { addressFitsChain } from "../../../app/contract/core/addresses";
import { fail, ok, type Handlers } from "../context";
import { firstAnswer, once } from "../ledger/idempotency";
import { findDeposit, insertDeposit, listDeposits } from "../models/deposits";
import { depositAddress } from "../money/addresses";
import { canonical, decimalsProblem, loadCurrency, protocolOf } from "../money/currencies";
import { pageAnswer, pageWindow } from "../money/paging";
import { toDeposit } from "../money/review";

// Deposits: the deposit address, the declaration of a deposit (reviewed by the operator), the list.

export const depositHandlers: Pick<Handlers, "wallet" | "createPayOrder" | "depositList"> = {
  wallet(p, ctx) {
    const c = loadCurrency(ctx.db, p.currency_id);
    if (!c) return fail(ctx, "currency_not_found");
    if (c.open_recharge !== 1) return fail(ctx, "recharge_closed", { code: c.code });
    const proto = protocolOf(c, p.currency_protocol_id);
    if (!proto) return fail(ctx, "chain_not_found");
    const d = depositAddress(ctx.db, ctx.userId!, c, proto, ctx.now);
    return ok(ctx, {
      currency_id: c.id,
      currency_code: c.code,
      currency_protocol_id: proto.id,
      chain_protocol: { id: proto.chain_id, code: proto.chain },
      address: d.address,
      memo: d.memo,
    });
  },

  createPayOrder(p, ctx) {
    const userId = ctx.userId!;
    const seen = firstAnswer<never>(ctx.db, userId, "createPayOrder", p.idempotency_key);
    if (seen) return seen;
    const c = loadCurrency(ctx.db, p.currency_id);
    if (!c) return fail(ctx, "currency_not_found");
    if (c.open_recharge !== 1) return fail(ctx, "recharge_closed", { code: c.code });
    const proto = protocolOf(c, p.currency_protocol_id);
    if (p.currency_protocol_id !== undefined && !proto) return fail(ctx, "chain_not_found");
    // The checks a withdrawal makes: the amount's decimals and minimum, the address's shape on its chain.
    const dec = decimalsProblem(p.chargeNum, c.decimals);
    if (dec) return fail(ctx, dec.key, dec.vars, "chargeNum");
    if (new Decimal(p.chargeNum).lt(c.recharge_min)) return fail(ctx, "deposit_min", { min: c.recharge_min, code: c.code }, "chargeNum");
    if (proto && !addressFitsChain(proto.chain, p.walletAddress)) {
      return fail(ctx, "wallet_address_chain", { chain: proto.chain }, "walletAddress");
    }
    const amount = canonical(p.chargeNum);
    return once(ctx.db, userId, "createPayOrder", p.idempotency_key, ctx.now, () => {
      const id = insertDeposit(ctx.db, {
        userId,
        currencyId: c.id,
        protocolId: proto?.id ?? null,
        amount,
        inAddress: p.in_address,
        walletAddress: p.walletAddress,
        now: ctx.now,
      });
      return ok(ctx, toDeposit(findDeposit(ctx.db, id)!, ctx.t), "deposit_submitted");
    });
  },

  depositList(p, ctx) {
    const list = (limit: number, offset: number) => listDeposits(ctx.db, { userId: ctx.userId!, limit, offset });
    return pageAnswer(ctx, pageWindow(p, RECORDS_PAGE_SIZE), list, (r) => toDeposit(r, ctx.t));
  },
};
