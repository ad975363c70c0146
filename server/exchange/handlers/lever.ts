import Decimal from "decimal.js";
import {
  LEVER_HANDS_MAX,
  LEVER_HANDS_MIN,
  LEVER_HANDS_PRESETS,
  LEVER_MULTIPLES,
  LEVER_PAGE_SIZE,
  LEVER_STATE,
  LEVER_TYPE,
  leverQuote,
  stopSideError,
  type LeverPosition,
  type LeverType,
} from "../../../app/contract/index";
import { fail, ok, type Answer, type Ctx, type Handlers } from "../context";
import { firstAnswer, once } from "../ledger/idempotency";
import { LedgerError, post } from "../ledger/index";
import { lockLeg, openHoldOf, voidLegs } from "../ledger/holds";
import { nextMidnight, type LeverEngine } from "../lever/engine";
import {
  cancelPendingLever,
  insertLeverOrder,
  leverAvailable,
  leverOrder,
  leverPage,
  leverPair,
  openLeverPositions,
  recentLeverDeals,
  setLeverStops,
  type LeverPairRow,
  type LeverRow,
} from "../models/lever";
import { ledgerFail } from "./money-common";
import { checkPayPassword } from "./trade-password";

// Leveraged contracts, lever/* (docs/product.md, "Lever"): the engine (server/exchange/lever/engine.ts) marks and closes; these
// calls place, cancel, close and set stops, each in one transaction of balanced postings.

function engineOf(ctx: Ctx): LeverEngine {
  if (!ctx.lever) throw new Error("the lever engine is not running");
  return ctx.lever;
}

function openPair(ctx: Ctx, id: number): LeverPairRow | undefined {
  const p = leverPair(ctx.db, id);
  return p && p.open_lever === 1 ? p : undefined;
}

function terms(p: LeverPairRow) {
  return { pointRate: p.lever_point_rate, shareNum: p.lever_share_num, feeRate: p.lever_fee_rate, pricePrecision: p.price_precision };
}

/** A decimal with at most the pair's price decimals. */
function priceDecimalsOk(v: string, decimals: number): boolean {
  const frac = v.split(".")[1] ?? "";
  return frac.length <= decimals;
}

function mine(ctx: Ctx, id: number): LeverRow | undefined {
  const r = leverOrder(ctx.db, id);
  return r && r.user_id === ctx.userId ? r : undefined;
}

export const leverHandlers: Pick<
  Handlers,
  "leverSubmit" | "leverCancel" | "leverClose" | "leverSetstop" | "leverDeal" | "leverDealall" | "leverMyTrade" | "leverBatchClose"
> = {
  async leverSubmit(p, ctx) {
    const userId = ctx.userId!;
    const lever = engineOf(ctx);
    const seen = firstAnswer<never>(ctx.db, userId, "leverSubmit", p.idempotency_key);
    if (seen) return seen;
    const type = p.type as LeverType;
    /** The pair, its price now and the price the position opens at, or the refusal, in the form's order. */
    const check = () => {
      const pair = openPair(ctx, p.currency_match_id);
      if (!pair) return fail(ctx, "lever_pair_closed");
      const market = lever.price(pair.id);
      if (!new Decimal(market).gt(0)) return fail(ctx, "no_best_price");
      if (p.status === 0) {
        if (!new Decimal(p.target_price!).gt(0) || !priceDecimalsOk(p.target_price!, pair.price_precision)) {
          return fail(ctx, "lever_price_invalid", { decimals: pair.price_precision }, "target_price");
        }
      }
      for (const [field, v] of [
        ["target_profit_price", p.target_profit_price],
        ["stop_loss_price", p.stop_loss_price],
      ] as const) {
        if (!priceDecimalsOk(v, pair.price_precision)) return fail(ctx, "lever_price_invalid", { decimals: pair.price_precision }, field);
      }
      // Stops are judged against the price the position opens at (the target of a fixed-price order).
      const base = p.status === 0 ? p.target_price! : market;
      const side = stopSideError(type, base, p.target_profit_price, p.stop_loss_price);
      if (side === "take_profit")
        return fail(ctx, type === LEVER_TYPE.LONG ? "lever_tp_above" : "lever_tp_below", { price: base }, "target_profit_price");
      if (side === "stop_loss")
        return fail(ctx, type === LEVER_TYPE.LONG ? "lever_sl_below" : "lever_sl_above", { price: base }, "stop_loss_price");
      return { pair, market, base };
    };
    const first = check();
    if ("code" in first) return first;
    const refused = await checkPayPassword(ctx, userId, p.password);
    if (refused) return { ...refused, reason: { key: refused.reason?.key ?? "pay_password_incorrect", field: "password" } };
    // Checked again after the wait for the password: a position opens at the price of the moment it opens, never at one
    // read before (orders sent at once wait in line, and the price moves meanwhile), on a pair still open.
    const ready = check();
    if ("code" in ready) return ready;
    const { pair, market, base } = ready;
    const q = leverQuote({ price: base, type, hands: p.share, multiple: p.multiple, terms: terms(pair) });
    const pending = p.status === 0;
    try {
      const answer = once(ctx.db, userId, "leverSubmit", p.idempotency_key, ctx.now, (): Answer<LeverPosition> => {
        const row: Omit<LeverRow, "id" | "profits" | "absorbed" | "close_reason" | "closed_at" | "overnight_money"> = {
          user_id: userId,
          currency_match_id: pair.id,
          currency_id: pair.quote_currency_id,
          type,
          status: pending ? 0 : 1,
          share: p.share,
          multiple: p.multiple,
          number: q.number,
          price: q.openPrice,
          origin_price: pending ? new Decimal(p.target_price!).toFixed(pair.price_precision) : market,
          update_price: market,
          target_profit_price: new Decimal(p.target_profit_price).toFixed(),
          stop_loss_price: new Decimal(p.stop_loss_price).toFixed(),
          caution_money: q.margin,
          origin_caution_money: q.margin,
          trade_fee: q.fee,
          created_at: ctx.now,
          opened_at: pending ? null : ctx.now,
          next_overnight_at: pending ? null : nextMidnight(ctx.now),
        };
        const id = insertLeverOrder(ctx.db, row);
        const user = { userId, currencyId: pair.quote_currency_id, accountCode: "lever_account" as const };
        const total = new Decimal(q.margin).plus(q.fee);
        const extra = { lever_order_id: id };
        // Margin (and, while pending, the fee) is a hold of the order on the lever account.
        post(ctx.db, {
          type: pending ? "lever_reserve" : "lever_open",
          extra,
          now: ctx.now,
          legs: pending
            ? [{ ...user, amount: total.neg().toFixed() }, lockLeg(user, "lever_order", id, total.toFixed())]
            : [
                { ...user, amount: total.neg().toFixed() },
                lockLeg(user, "lever_order", id, q.margin),
                ...(new Decimal(q.fee).gt(0)
                  ? [
                      {
                        userId: ctx.system.feeCollectorId,
                        currencyId: pair.quote_currency_id,
                        accountCode: "change_account" as const,
                        amount: q.fee,
                        type: "lever_fee",
                      },
                    ]
                  : []),
              ],
        });
        const full: LeverRow = { ...row, id, profits: "0", absorbed: "0", close_reason: null, closed_at: null, overnight_money: "0" };
        lever.placed(full);
        return ok(ctx, lever.present(full, ctx.t), pending ? "lever_pending_placed" : "lever_opened");
      });
      return answer;
    } catch (err) {
      if (err instanceof LedgerError && err.reason === "insufficient_balance") {
        return {
          ...fail(ctx, "insufficient_balance", undefined, "share"),
          data: {
            available: leverAvailable(ctx.db, userId, pair.quote_currency_id),
            required: new Decimal(q.margin).plus(q.fee).toFixed(),
          } as never,
        };
      }
      return ledgerFail(ctx, err);
    }
  },

  leverCancel(p, ctx) {
    const lever = engineOf(ctx);
    const r = mine(ctx, p.id);
    if (!r) return fail(ctx, "lever_not_found");
    if (r.status !== LEVER_STATE.PENDING) return fail(ctx, "lever_not_pending");
    const done = ctx.db.transaction(() => {
      if (!cancelPendingLever(ctx.db, r.id, ctx.now)) return null;
      const total = new Decimal(r.caution_money).plus(r.trade_fee).toFixed();
      // The reservation's hold is voided: margin and fee come back.
      post(ctx.db, {
        type: "lever_cancel",
        extra: { lever_order_id: r.id },
        now: ctx.now,
        legs: voidLegs(openHoldOf(ctx.db, "lever_order", r.id), total),
      });
      return { ...r, status: 4 as const, close_reason: "cancel", closed_at: ctx.now };
    })();
    if (!done) return fail(ctx, "lever_not_pending");
    lever.closedAfterCommit([done], "cancel");
    return ok(ctx, lever.present(done, ctx.t), "lever_cancelled");
  },

  leverClose(p, ctx) {
    const lever = engineOf(ctx);
    const r = mine(ctx, p.id);
    if (!r) return fail(ctx, "lever_not_found");
    if (r.status !== LEVER_STATE.TRADING) return fail(ctx, "lever_not_open");
    const [closed] = lever.closeMany([r], "close", ctx.now);
    // Not closed (the treasury short of its profit; the engine logged why): it stays open, to close later.
    if (!closed) return fail(ctx, "server_error");
    return ok(ctx, lever.present(closed, ctx.t), "lever_closed");
  },

  leverBatchClose(p, ctx) {
    const lever = engineOf(ctx);
    const rows = openLeverPositions(ctx.db, ctx.userId!, p.currency_match_id, p.type || undefined);
    if (rows.length === 0) return fail(ctx, "lever_nothing_to_close");
    const closed = lever.closeMany(rows, "batch", ctx.now);
    return ok(ctx, { closed: closed.length }, "lever_batch_closed", { count: closed.length });
  },

  leverSetstop(p, ctx) {
    const lever = engineOf(ctx);
    const r = mine(ctx, p.id);
    if (!r) return fail(ctx, "lever_not_found");
    if (r.status !== LEVER_STATE.TRADING && r.status !== LEVER_STATE.PENDING) return fail(ctx, "lever_not_open");
    const pair = leverPair(ctx.db, r.currency_match_id)!;
    for (const [field, v] of [
      ["target_profit_price", p.target_profit_price],
      ["stop_loss_price", p.stop_loss_price],
    ] as const) {
      if (!priceDecimalsOk(v, pair.price_precision)) return fail(ctx, "lever_price_invalid", { decimals: pair.price_precision }, field);
    }
    const base = r.status === LEVER_STATE.PENDING ? r.origin_price : lever.price(r.currency_match_id);
    const side = stopSideError(r.type, base, p.target_profit_price, p.stop_loss_price);
    if (side === "take_profit")
      return fail(ctx, r.type === LEVER_TYPE.LONG ? "lever_tp_above" : "lever_tp_below", { price: base }, "target_profit_price");
    if (side === "stop_loss")
      return fail(ctx, r.type === LEVER_TYPE.LONG ? "lever_sl_below" : "lever_sl_above", { price: base }, "stop_loss_price");
    const tp = new Decimal(p.target_profit_price).toFixed();
    const sl = new Decimal(p.stop_loss_price).toFixed();
    if (!setLeverStops(ctx.db, r.id, tp, sl)) return fail(ctx, "lever_not_open");
    const updated = { ...r, target_profit_price: tp, stop_loss_price: sl };
    lever.placed(updated);
    lever.priceMoved(r.currency_match_id);
    return ok(ctx, lever.present(updated, ctx.t), "lever_stop_saved");
  },

  leverDeal(p, ctx) {
    const lever = engineOf(ctx);
    const pair = openPair(ctx, p.currency_match_id);
    if (!pair) return fail(ctx, "lever_pair_closed");
    const recent = recentLeverDeals(ctx.db, ctx.userId!, pair.id);
    return ok(ctx, {
      my_transaction: recent.map((r) => ({
        id: r.id,
        type_name: ctx.t(
          r.status === LEVER_STATE.CLOSED
            ? r.type === LEVER_TYPE.LONG
              ? "lever_close_long"
              : "lever_close_short"
            : r.type === LEVER_TYPE.LONG
              ? "lever_long"
              : "lever_short",
        ),
        time: r.time,
        price: r.status === LEVER_STATE.CLOSED ? r.update_price : r.price,
        number: r.number,
      })),
      user_lever: leverAvailable(ctx.db, ctx.userId!, pair.quote_currency_id),
      currency: { id: pair.quote_currency_id, code: pair.quote_code },
      multiple: {
        muit: LEVER_MULTIPLES.map((m) => ({ value: m, label: `${m}x` })),
        share: LEVER_HANDS_PRESETS.map((h) => ({ value: h, label: String(h) })),
      },
      share_min: LEVER_HANDS_MIN,
      share_max: LEVER_HANDS_MAX,
      lever_share_num: pair.lever_share_num,
      lever_fee_rate: pair.lever_fee_rate,
      lever_point_rate: pair.lever_point_rate,
      price: lever.price(pair.id),
      liquidation_line: lever.line,
    });
  },

  leverDealall(p, ctx) {
    const lever = engineOf(ctx);
    const pair = leverPair(ctx.db, p.currency_match_id);
    if (!pair) return fail(ctx, "lever_pair_closed");
    const state = lever.accountState(ctx.userId!, pair.quote_currency_id);
    const { rows, total } = leverPage(ctx.db, { userId: ctx.userId!, statuses: [1], matchId: pair.id }, p.page, LEVER_PAGE_SIZE);
    return ok(ctx, {
      order: { data: rows.map((r) => lever.present(r, ctx.t, state)), total, per_page: LEVER_PAGE_SIZE },
      hazard_rate: state.hazard,
      profits_all: state.profit,
      caution_money_all: state.marginInUse,
    });
  },

  leverMyTrade(p, ctx) {
    const lever = engineOf(ctx);
    const { rows, total } = leverPage(
      ctx.db,
      { userId: ctx.userId!, statuses: [p.status], matchId: p.currency_match_id },
      p.page,
      LEVER_PAGE_SIZE,
    );
    return ok(ctx, { data: rows.map((r) => lever.present(r, ctx.t)), total, per_page: LEVER_PAGE_SIZE });
  },
};
