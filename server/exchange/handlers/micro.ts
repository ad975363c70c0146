import Decimal from "decimal.js";
import {
  MICRO_OPEN_MAX,
  MICRO_OPTIONS,
  MICRO_PAGE_SIZE,
  MICRO_PRESETS,
  microFee,
  type MicroOrder,
  type MicroType,
} from "../../../app/contract/index";
import { fail, ok, type Ctx, type Handlers } from "../context";
import { firstAnswer, once } from "../ledger/idempotency";
import { LedgerError, post } from "../ledger/index";
import { lockLeg } from "../ledger/holds";
import type { MicroEngine } from "../micro/engine";
import {
  insertMicroOrder,
  microAvailable,
  microPage,
  microPair,
  microWallets,
  runningMicroCount,
  type MicroRow,
  type MicroWalletRow,
} from "../models/micro";
import { ledgerFail } from "./money-common";

// The second contract, microtrade/* (docs/product.md, "Second contract"): a stake on the price being up or down after some seconds, settled
// by the micro engine (server/exchange/micro/engine.ts) at its due time.

function engineOf(ctx: Ctx): MicroEngine {
  if (!ctx.micro) throw new Error("the micro engine is not running");
  return ctx.micro;
}

function payable(ctx: Ctx): MicroWalletRow[] {
  return microWallets(ctx.db);
}

function microBalance(ctx: Ctx, userId: number, currencyId: number): string {
  return microAvailable(ctx.db, userId, currencyId);
}

export const microHandlers: Pick<Handlers, "microPayableCurrencies" | "microSeconds" | "microSubmit" | "microLists"> = {
  microPayableCurrencies(_p, ctx) {
    return ok(
      ctx,
      payable(ctx).map((c) => ({
        id: c.id,
        code: c.code,
        micro_account: { balance: microBalance(ctx, ctx.userId!, c.id) },
        micro_numbers: MICRO_PRESETS.map((number) => ({ number })),
      })),
    );
  },

  microSeconds(_p, ctx) {
    return ok(
      ctx,
      MICRO_OPTIONS.map((o) => ({ ...o })),
    );
  },

  microSubmit(p, ctx) {
    const userId = ctx.userId!;
    const micro = engineOf(ctx);
    const seen = firstAnswer<never>(ctx.db, userId, "microSubmit", p.idempotency_key);
    if (seen) return seen;
    const pair = microPair(ctx.db, p.match_id);
    if (!pair || pair.open_microtrade !== 1 || pair.quote !== "USDT") return fail(ctx, "micro_pair_closed");
    const wallet = payable(ctx).find((c) => c.id === p.currency_id);
    if (!wallet) return fail(ctx, "micro_currency_invalid", undefined, "currency_id");
    const option = MICRO_OPTIONS.find((o) => o.seconds === p.seconds);
    if (!option) return fail(ctx, "micro_seconds_invalid", undefined, "seconds");
    const stake = new Decimal(p.number);
    if (stake.decimalPlaces() > wallet.decimals) return fail(ctx, "micro_number_invalid", undefined, "number");
    if (stake.lt(option.min)) return fail(ctx, "micro_number_min", { min: option.min, code: wallet.code }, "number");
    if (stake.gt(option.max)) return fail(ctx, "micro_number_max", { max: option.max, code: wallet.code }, "number");
    const open = micro.priceAt(pair.id, ctx.now);
    if (!open || !new Decimal(open).gt(0)) return fail(ctx, "no_best_price");
    const fee = microFee(stake.toFixed());
    try {
      const answer = once(ctx.db, userId, "microSubmit", p.idempotency_key, ctx.now, () => {
        if (runningMicroCount(ctx.db, userId) >= MICRO_OPEN_MAX) return fail(ctx, "micro_too_many", { max: MICRO_OPEN_MAX });
        const due = ctx.now + micro.runMs(option.seconds);
        const row: Omit<MicroRow, "id"> = {
          user_id: userId,
          match_id: pair.id,
          currency_id: wallet.id,
          type: p.type as MicroType,
          status: 1,
          seconds: option.seconds,
          number: stake.toFixed(),
          profit_ratio: option.profit_ratio,
          fee,
          open_price: open,
          end_price: null,
          result: null,
          fact_profits: null,
          created_at: ctx.now,
          due_at: due,
          settled_at: null,
        };
        const id = insertMicroOrder(ctx.db, row);
        const user = { userId, currencyId: wallet.id, accountCode: "micro_account" as const };
        // The stake is a hold of the order on the micro account until settlement; the fee goes at once.
        post(ctx.db, {
          type: "micro_stake",
          extra: { micro_order_id: id },
          now: ctx.now,
          legs: [
            { ...user, amount: stake.plus(fee).neg().toFixed() },
            lockLeg(user, "micro_order", id, stake.toFixed()),
            ...(new Decimal(fee).gt(0)
              ? [
                  {
                    userId: ctx.system.feeCollectorId,
                    currencyId: wallet.id,
                    accountCode: "change_account" as const,
                    amount: fee,
                    type: "micro_fee",
                  },
                ]
              : []),
          ],
        });
        return ok<MicroOrder>(ctx, micro.present({ ...row, id }, ctx.t, ctx.now), "micro_placed");
      });
      if (answer.code === 1 && answer.data) micro.placed((answer.data as MicroOrder).due_at);
      return answer;
    } catch (err) {
      if (err instanceof LedgerError && err.reason === "insufficient_balance") {
        return {
          ...fail(ctx, "insufficient_balance", undefined, "number"),
          data: { available: microBalance(ctx, userId, wallet.id), required: stake.plus(fee).toFixed() } as never,
        };
      }
      return ledgerFail(ctx, err);
    }
  },

  microLists(p, ctx) {
    const micro = engineOf(ctx);
    const limit = Math.min(p.limit, 100) || MICRO_PAGE_SIZE;
    const { total, rows } = microPage(
      ctx.db,
      { userId: ctx.userId!, status: p.status, matchId: p.match_id || undefined },
      limit,
      (p.page - 1) * limit,
    );
    return ok(ctx, { data: rows.map((r) => micro.present(r, ctx.t, ctx.now)), total, per_page: limit });
  },
};
