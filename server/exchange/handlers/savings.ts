import Decimal from "decimal.js";
import { LOCK_LIST_LIMIT } from "../../../app/contract/index";
import { fail, ok, type Handlers } from "../context";
import { firstAnswer, once } from "../ledger/idempotency";
import { findHolding, findProduct, listHoldings, listProducts } from "../models/savings";
import { decimalsProblem } from "../money/currencies";
import { pageAnswer, pageWindow } from "../money/paging";
import { buyHolding, toHolding, toLockProduct } from "../money/savings";
import { logPage } from "./assets";
import { ledgerFail } from "./money-common";

// Savings: the lock products, a user's holdings, buying one, the savings log.

export const savingsHandlers: Pick<Handlers, "lockList" | "currentSetting" | "submitLock" | "savingsLog"> = {
  lockList(p, ctx) {
    const list = (limit: number, offset: number) => listProducts(ctx.db, limit, offset);
    return pageAnswer(ctx, pageWindow(p, LOCK_LIST_LIMIT, LOCK_LIST_LIMIT), list, (r) => toLockProduct(r, ctx.t));
  },

  currentSetting(p, ctx) {
    const list = (limit: number, offset: number) => listHoldings(ctx.db, ctx.userId!, limit, offset);
    return pageAnswer(ctx, pageWindow(p, LOCK_LIST_LIMIT, LOCK_LIST_LIMIT), list, (r) => toHolding(r, ctx.t));
  },

  submitLock(p, ctx) {
    const userId = ctx.userId!;
    const seen = firstAnswer<never>(ctx.db, userId, "submitLock", p.idempotency_key);
    if (seen) return seen;
    const product = findProduct(ctx.db, p.id);
    if (!product || product.open !== 1) return fail(ctx, "savings_product_not_found");
    const number = p.number ?? product.limit_number;
    const dec = decimalsProblem(number, product.decimals);
    if (dec) return fail(ctx, dec.key, dec.vars);
    const amount = new Decimal(number);
    if (amount.lt(product.limit_number)) return fail(ctx, "savings_min", { min: product.limit_number, code: product.code });
    if (amount.gt(product.max_number)) return fail(ctx, "savings_max", { max: product.max_number, code: product.code });
    try {
      return once(ctx.db, userId, "submitLock", p.idempotency_key, ctx.now, () => {
        const id = buyHolding(ctx.db, userId, product, amount.toFixed(), ctx.now);
        return ok(ctx, toHolding(findHolding(ctx.db, id)!, ctx.t), "savings_bought");
      });
    } catch (err) {
      return ledgerFail(ctx, err);
    }
  },

  savingsLog(p, ctx) {
    return logPage(ctx, "l.user_id = ? AND l.type IN ('savings_lock', 'savings_interest', 'savings_return')", [ctx.userId], p);
  },
};
