import Decimal from "decimal.js";
import {
  allowedActions,
  completionRate,
  P2P_AD_STATUS,
  P2P_FIATS,
  P2P_PAGE_SIZE,
  P2P_STATUS,
  p2pAmount,
  p2pQuantityFor,
  PAY_METHOD_CODES,
  REVIEW_STATUS,
  type P2PAd,
  type P2PAdStatus,
  type P2PMerchant,
  type P2PMessage,
  type P2POrder,
  type P2PRole,
  type PayMethodCode,
} from "../../../app/contract/index";
import { fail, ok, type Answer, type Ctx, type Handlers } from "../context";
import { firstAnswer, remember } from "../ledger/idempotency";
import { LedgerError } from "../ledger/index";
import { boundAddresses } from "../money/addresses";
import { maskAddress } from "../models/codes";
import {
  findAd,
  findOrder,
  legalBalances,
  marketAds,
  merchantAds,
  merchantStats,
  messagesOf,
  openOrdersOfAd,
  openOrdersOfMerchant,
  ordersPage as orderRows,
  p2pCoin,
  p2pCoins,
  payMethodsOf,
  userName,
  type AdRow,
  type CoinRow,
  type MessageRow,
  p2pOrderNo,
  type OrderParty,
  type OrderRow,
} from "../models/p2p";
import { P2PRefusal, type P2PEngine } from "../p2p/engine";
import { ledgerFail } from "./money-common";
import { ownUpload } from "./personal";
import { checkPayPassword } from "./trade-password";

// Fiat P2P (docs/api.md "Fiat P2P"): the calls of /legalIndex (legal/*) and of the merchant's /myshop (shop/*). The
// rules and the money are in server/exchange/p2p/engine.ts; this file checks payloads against the state of the
// exchange and presents rows.

function engineOf(ctx: Ctx): P2PEngine {
  if (!ctx.p2p) throw new Error("the p2p engine is not running");
  return ctx.p2p;
}

/** Coins that have a legal account, with their decimals. */
function coins(ctx: Ctx): CoinRow[] {
  return p2pCoins(ctx.db);
}

/** One of them (a row per ad or order presented, so one lookup, not the list). */
function coinOf(ctx: Ctx, id: number): CoinRow | undefined {
  return p2pCoin(ctx.db, id);
}

function merchantOf(ctx: Ctx, userId: number, cache?: Map<number, P2PMerchant>): P2PMerchant {
  const hit = cache?.get(userId);
  if (hit) return hit;
  const u = userName(ctx.db, userId);
  const s = merchantStats(ctx.db, userId, ctx.now);
  const m: P2PMerchant = {
    id: userId,
    name: maskAddress(u.account),
    registered_at: u.created_at,
    total_orders: s.total_orders,
    orders_30d: s.orders_30d,
    completion_rate: completionRate(s.orders_30d, s.finished_30d),
  };
  cache?.set(userId, m);
  return m;
}

function presentAd(ctx: Ctx, a: AdRow, cache?: Map<number, P2PMerchant>, withOpen = false): P2PAd {
  const coin = coinOf(ctx, a.currency_id);
  const cap = Decimal.min(a.max_quantity, a.remaining);
  return {
    id: a.id,
    side: a.side,
    currency_id: a.currency_id,
    currency_code: coin?.code ?? "",
    fiat: a.fiat,
    price: a.price,
    total: a.total,
    remaining: a.remaining,
    min_quantity: a.min_quantity,
    max_quantity: a.max_quantity,
    min_amount: p2pAmount(a.min_quantity, a.price),
    max_amount: p2pAmount(cap.toFixed(), a.price),
    pay_types: a.pay_types.split(",") as PayMethodCode[],
    status: a.status,
    created_at: a.created_at,
    merchant: merchantOf(ctx, a.user_id, cache),
    ...(withOpen ? { open_orders: openOrdersOfAd(ctx.db, a.id) } : {}),
  };
}

export function presentOrder(ctx: Ctx, o: OrderRow, viewerId: number, cache?: Map<number, P2PMerchant>): P2POrder {
  const role: P2PRole = o.buyer_id === viewerId ? "buyer" : "seller";
  const other = role === "buyer" ? o.seller_id : o.buyer_id;
  const ad = findAd(ctx.db, o.ad_id)!;
  const payTypes = ad.pay_types.split(",") as PayMethodCode[];
  const hidden = o.status === P2P_STATUS.CANCELLED ? ("cancelled" as const) : role !== "buyer" ? ("not_buyer" as const) : null;
  const payees = hidden ? null : payMethodsOf(ctx.db, o.seller_id).filter((m) => payTypes.includes(m.code as PayMethodCode));
  return {
    id: o.id,
    order_no: p2pOrderNo(o),
    ad_id: o.ad_id,
    role,
    is_merchant: o.merchant_id === viewerId,
    currency_id: o.currency_id,
    currency_code: coinOf(ctx, o.currency_id)?.code ?? "",
    fiat: o.fiat,
    price: o.price,
    quantity: o.quantity,
    amount: o.amount,
    status: o.status,
    pay_type: (o.pay_type as PayMethodCode | null) ?? null,
    voucher: o.voucher ? `/uploads/${o.voucher}` : null,
    created_at: o.created_at,
    pay_due_at: o.pay_due_at,
    paid_at: o.paid_at,
    confirm_due_at: o.confirm_due_at,
    finished_at: o.finished_at,
    delayed: o.delayed === 1,
    cancel_by: o.cancel_by,
    complete_by: o.complete_by,
    abnormal_reason: o.abnormal_reason,
    abnormal_by_me: o.abnormal_by === viewerId,
    appeal_reason: o.appeal_reason,
    appeal_by_me: o.appeal_by === viewerId,
    resolution: o.resolution,
    resolution_note: o.resolution_note,
    counterparty: { id: other, name: maskAddress(userName(ctx.db, other).account) },
    merchant: merchantOf(ctx, o.merchant_id, cache),
    pay_types: payTypes,
    payees: payees?.map((m) => ({ code: m.code as PayMethodCode, raw_data: m.raw_data })) ?? null,
    payment_hidden: hidden,
    actions: allowedActions(o.status, role),
    now: ctx.now,
  };
}

function presentMessage(ctx: Ctx, m: MessageRow, viewerId: number): P2PMessage {
  // System lines are stored as message keys and read in the reader's language.
  const system = m.user_id == null;
  return {
    id: m.id,
    from: system ? "system" : m.user_id === viewerId ? "me" : "them",
    body: system && m.body.startsWith("p2p_line_") ? ctx.t(m.body) : m.body,
    created_at: m.created_at,
  };
}

/** Runs an engine step; a refusal or a ledger error becomes the answer. */
function attempt<D>(ctx: Ctx, fn: () => Answer<D>, balanceField = "value", balanceKey = "insufficient_balance"): Answer<D> {
  try {
    return fn();
  } catch (err) {
    if (err instanceof P2PRefusal) return fail(ctx, err.key, err.vars, err.field);
    if (err instanceof LedgerError && err.reason === "insufficient_balance") return fail(ctx, balanceKey, undefined, balanceField);
    return ledgerFail(ctx, err);
  }
}

function ordersPage(ctx: Ctx, who: OrderParty, p: { filter?: "open" | "done"; status?: number; page: number }) {
  const { total, rows } = orderRows(ctx.db, who, p, P2P_PAGE_SIZE, (p.page - 1) * P2P_PAGE_SIZE);
  const cache = new Map<number, P2PMerchant>();
  return { data: rows.map((o) => presentOrder(ctx, o, ctx.userId!, cache)), total, per_page: P2P_PAGE_SIZE };
}

function requireMerchant(ctx: Ctx): Answer<never> | null {
  return userName(ctx.db, ctx.userId!).is_seller === 1 ? null : fail(ctx, "p2p_not_merchant");
}

export const p2pHandlers: Pick<
  Handlers,
  | "legalMarket"
  | "legalAds"
  | "legalOrderCreate"
  | "legalOrders"
  | "legalOrderDetail"
  | "legalVoucher"
  | "legalPay"
  | "legalCancel"
  | "legalConfirm"
  | "legalDelay"
  | "legalAbnormal"
  | "legalAppeal"
  | "legalMessages"
  | "legalMessage"
  | "shopInfo"
  | "shopAds"
  | "shopAdPublish"
  | "shopAdStatus"
  | "shopOrders"
> = {
  legalMarket(_p, ctx) {
    const p2p = engineOf(ctx);
    return ok(ctx, {
      coins: coins(ctx),
      fiats: [...P2P_FIATS],
      pay_types: [...PAY_METHOD_CODES],
      pay_minutes: p2p.payMinutes(),
      confirm_minutes: p2p.confirmMinutes(),
    });
  },

  legalAds(p, ctx) {
    // The user buys from sell ads (cheapest first) and sells to buy ads (best paying first).
    const side = p.side === "buy" ? "sell" : "buy";
    const { total, rows } = marketAds(
      ctx.db,
      { side, currencyId: p.currency_id || undefined, fiat: p.fiat || undefined, payType: p.pay_type || undefined },
      P2P_PAGE_SIZE,
      (p.page - 1) * P2P_PAGE_SIZE,
    );
    const cache = new Map<number, P2PMerchant>();
    return ok(ctx, { data: rows.map((a) => presentAd(ctx, a, cache)), total, per_page: P2P_PAGE_SIZE });
  },

  legalOrderCreate(p, ctx) {
    const userId = ctx.userId!;
    const seen = firstAnswer<P2POrder>(ctx.db, userId, "legalOrderCreate", p.idempotency_key);
    if (seen) return seen;
    const ad = findAd(ctx.db, p.ad_id);
    if (!ad || ad.status !== P2P_AD_STATUS.OPEN) return fail(ctx, "p2p_ad_unavailable");
    if (ad.user_id === userId) return fail(ctx, "p2p_own_ad");
    const coin = coinOf(ctx, ad.currency_id);
    if (!coin) return fail(ctx, "p2p_ad_unavailable");
    if (userName(ctx.db, userId).review_status !== REVIEW_STATUS.APPROVED) return fail(ctx, "p2p_identity_required");
    const value = new Decimal(p.value);
    if (value.lte(0)) return fail(ctx, "p2p_value_invalid", undefined, "value");
    let quantity: string;
    if (p.by === "amount") {
      if (value.decimalPlaces() > 2) return fail(ctx, "p2p_value_invalid", undefined, "value");
      quantity = p2pQuantityFor(value.toFixed(), ad.price, coin.decimals);
    } else {
      if (value.decimalPlaces() > coin.decimals) return fail(ctx, "p2p_value_invalid", undefined, "value");
      quantity = value.toFixed();
    }
    if (ad.side === "buy") {
      // The user sells: the merchant pays them, so they need a collection method the ad accepts.
      const mine = payMethodsOf(ctx.db, userId).map((m) => m.code);
      if (!ad.pay_types.split(",").some((c) => mine.includes(c))) return fail(ctx, "p2p_method_first");
    }
    return attempt(ctx, () =>
      ctx.db.transaction(() => {
        const order = engineOf(ctx).createOrder(userId, ad.id, quantity, ctx.now);
        const answer = ok(ctx, presentOrder(ctx, order, userId), "p2p_order_created");
        remember(ctx.db, userId, "legalOrderCreate", p.idempotency_key, answer, ctx.now);
        return answer;
      })(),
    );
  },

  legalOrders(p, ctx) {
    return ok(ctx, ordersPage(ctx, { party: ctx.userId! }, p));
  },

  legalOrderDetail(p, ctx) {
    const userId = ctx.userId!;
    const o = findOrder(ctx.db, p.id);
    if (!o || (o.buyer_id !== userId && o.seller_id !== userId)) return fail(ctx, "p2p_order_not_found");
    return ok(ctx, { order: presentOrder(ctx, o, userId), messages: messagesOf(ctx.db, o.id).map((m) => presentMessage(ctx, m, userId)) });
  },

  legalVoucher(p, ctx) {
    const userId = ctx.userId!;
    const name = ownUpload(ctx, userId, p.voucher);
    if (!name) return fail(ctx, "image_not_found", undefined, "voucher");
    return attempt(ctx, () =>
      ok(ctx, presentOrder(ctx, engineOf(ctx).setVoucher(p.id, userId, name, ctx.now), userId), "p2p_voucher_saved"),
    );
  },

  legalPay(p, ctx) {
    return attempt(ctx, () =>
      ok(ctx, presentOrder(ctx, engineOf(ctx).markPaid(p.id, ctx.userId!, p.pay_type, ctx.now), ctx.userId!), "p2p_paid"),
    );
  },

  legalCancel(p, ctx) {
    return attempt(ctx, () =>
      ok(ctx, presentOrder(ctx, engineOf(ctx).buyerCancel(p.id, ctx.userId!, ctx.now), ctx.userId!), "p2p_cancelled"),
    );
  },

  async legalConfirm(p, ctx) {
    const userId = ctx.userId!;
    const o = findOrder(ctx.db, p.id);
    // A repeated confirmation of a completed order answers it as it is: repeated clicks act once (docs/product.md, "Fiat P2P").
    if (o && o.seller_id === userId && o.status === P2P_STATUS.COMPLETED) return ok(ctx, presentOrder(ctx, o, userId), "p2p_completed");
    if (!o || (o.buyer_id !== userId && o.seller_id !== userId)) return fail(ctx, "p2p_order_not_found");
    if (o.seller_id !== userId) return fail(ctx, "p2p_not_seller");
    const refused = await checkPayPassword(ctx, userId, p.password);
    if (refused) return { ...refused, reason: { key: refused.reason?.key ?? "pay_password_incorrect", field: "password" } };
    return attempt(ctx, () => ok(ctx, presentOrder(ctx, engineOf(ctx).sellerConfirm(p.id, userId, ctx.now), userId), "p2p_completed"));
  },

  legalDelay(p, ctx) {
    return attempt(ctx, () => ok(ctx, presentOrder(ctx, engineOf(ctx).delay(p.id, ctx.userId!, ctx.now), ctx.userId!), "p2p_delayed"));
  },

  legalAbnormal(p, ctx) {
    return attempt(ctx, () =>
      ok(ctx, presentOrder(ctx, engineOf(ctx).markAbnormal(p.id, ctx.userId!, p.reason, ctx.now), ctx.userId!), "p2p_abnormal_marked"),
    );
  },

  legalAppeal(p, ctx) {
    return attempt(ctx, () =>
      ok(ctx, presentOrder(ctx, engineOf(ctx).appeal(p.id, ctx.userId!, p.reason, ctx.now), ctx.userId!), "p2p_appealed"),
    );
  },

  legalMessages(p, ctx) {
    const userId = ctx.userId!;
    const o = findOrder(ctx.db, p.id);
    if (!o || (o.buyer_id !== userId && o.seller_id !== userId)) return fail(ctx, "p2p_order_not_found");
    return ok(
      ctx,
      messagesOf(ctx.db, o.id, p.after ?? 0).map((m) => presentMessage(ctx, m, userId)),
    );
  },

  legalMessage(p, ctx) {
    const userId = ctx.userId!;
    return attempt(ctx, () => ok(ctx, presentMessage(ctx, engineOf(ctx).message(p.id, userId, p.body, ctx.now), userId)));
  },

  shopInfo(_p, ctx) {
    const refused = requireMerchant(ctx);
    if (refused) return refused;
    const userId = ctx.userId!;
    const balances = legalBalances(ctx.db, userId);
    const open = openOrdersOfMerchant(ctx.db, userId);
    return ok(ctx, {
      merchant: merchantOf(ctx, userId),
      balances,
      pay_types: payMethodsOf(ctx.db, userId).map((m) => m.code as PayMethodCode),
      open_orders: open,
    });
  },

  shopAds(p, ctx) {
    const refused = requireMerchant(ctx);
    if (refused) return refused;
    const { total, rows } = merchantAds(ctx.db, ctx.userId!, p.status || undefined, P2P_PAGE_SIZE, (p.page - 1) * P2P_PAGE_SIZE);
    const cache = new Map<number, P2PMerchant>();
    return ok(ctx, { data: rows.map((a) => presentAd(ctx, a, cache, true)), total, per_page: P2P_PAGE_SIZE });
  },

  shopAdPublish(p, ctx) {
    const refused = requireMerchant(ctx);
    if (refused) return refused;
    const userId = ctx.userId!;
    const seen = firstAnswer<P2PAd>(ctx.db, userId, "shopAdPublish", p.idempotency_key);
    if (seen) return seen;
    const coin = coinOf(ctx, p.currency_id);
    if (!coin) return fail(ctx, "p2p_coin_invalid", undefined, "currency_id");
    // A withdrawal address must be bound first (docs/product.md, "Fiat P2P").
    if (boundAddresses(ctx.db, userId, coin.id).length === 0) return fail(ctx, "bind_address_first", undefined, "currency_id");
    const price = new Decimal(p.price);
    if (price.lte(0) || price.decimalPlaces() > 2) return fail(ctx, "p2p_price_invalid", undefined, "price");
    for (const f of ["total", "min_quantity", "max_quantity"] as const) {
      const v = new Decimal(p[f]);
      if (v.lte(0) || v.decimalPlaces() > coin.decimals)
        return fail(ctx, `p2p_${f === "total" ? "total" : f === "min_quantity" ? "min" : "max"}_invalid`, undefined, f);
    }
    if (new Decimal(p.max_quantity).gt(p.total)) return fail(ctx, "p2p_max_above_total", undefined, "max_quantity");
    const mine = payMethodsOf(ctx.db, userId).map((m) => m.code);
    const missing = p.pay_types.find((c) => !mine.includes(c));
    if (missing) return fail(ctx, "p2p_method_missing", { method: ctx.t(`pay_method_${missing}`) }, "pay_types");
    return attempt(
      ctx,
      () =>
        ctx.db.transaction(() => {
          const ad = engineOf(ctx).publishAd(
            userId,
            {
              side: p.side,
              currencyId: coin.id,
              fiat: p.fiat,
              price: price.toFixed(),
              total: new Decimal(p.total).toFixed(),
              minQuantity: new Decimal(p.min_quantity).toFixed(),
              maxQuantity: new Decimal(p.max_quantity).toFixed(),
              payTypes: [...new Set(p.pay_types)],
            },
            ctx.now,
          );
          const answer = ok(ctx, presentAd(ctx, ad, undefined, true), "p2p_ad_published");
          remember(ctx.db, userId, "shopAdPublish", p.idempotency_key, answer, ctx.now);
          return answer;
        })(),
      "total",
      // 'insufficient total release': the legal account holds less than the ad offers (docs/product.md, "Fiat P2P").
      "p2p_total_insufficient",
    );
  },

  shopAdStatus(p, ctx) {
    const refused = requireMerchant(ctx);
    if (refused) return refused;
    return attempt(ctx, () =>
      ok(
        ctx,
        presentAd(ctx, engineOf(ctx).setAdStatus(ctx.userId!, p.id, p.status as P2PAdStatus, ctx.now), undefined, true),
        "p2p_ad_saved",
      ),
    );
  },

  shopOrders(p, ctx) {
    const refused = requireMerchant(ctx);
    if (refused) return refused;
    return ok(ctx, ordersPage(ctx, { merchant: ctx.userId!, adId: p.ad_id || undefined }, p));
  },
};
