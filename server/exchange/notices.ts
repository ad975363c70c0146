import type { CheckName } from "../../app/contract/index";
import type { DB } from "./db/index";
import { localTime, type Lang } from "./lib/i18n";
import { deviceName } from "../../app/contract/core/device";
import { deviceKey } from "./lib/device";
import { seeDevice } from "./models/notifications";
import { p2pOrderNo, type OrderRow } from "./models/p2p";
import { emailsKind, notify, NOTICE_TYPE, sendToUser, type NotifyDeps } from "./notifications";

/**
 * What happened to an account, told to its owner: one small function per event, each adding one notification for each
 * person it concerns (`notify`: /notifications, the header's badge, and an email for the important kinds in the
 * categories the owner gets by email). Callers call them inside the transaction of the event. A notice that carries
 * more than the notification (a locked check, a fiat payment to confirm) writes its own message to the outbox, to the
 * email or else the phone, under the same category choice.
 */

export { NOTICE_TYPE };
export type NoticeDeps = NotifyDeps;

// ---------------------------------------------------------------- funds

export function noticeDepositReviewed(
  deps: NoticeDeps,
  d: { user_id: number; id: number; amount: string; code: string },
  result: "approved" | "rejected",
): void {
  notify(deps, d.user_id, result === "approved" ? "deposit_approved" : "deposit_rejected", { id: d.id, amount: d.amount, coin: d.code });
}

export function noticeWithdrawalReviewed(
  deps: NoticeDeps,
  w: { user_id: number; id: number; amount: string; code: string },
  result: "approved" | "rejected",
): void {
  notify(deps, w.user_id, result === "approved" ? "withdrawal_approved" : "withdrawal_rejected", {
    id: w.id,
    amount: w.amount,
    coin: w.code,
  });
}

// ---------------------------------------------------------------- trading

/** A spot order of mine traded in one engine batch: filled (nothing left) or partly filled. */
export function noticeSpotFilled(
  deps: NoticeDeps,
  o: {
    userId: number;
    orderId: number;
    symbol: string;
    side: "buy" | "sell";
    price: string;
    traded: string;
    filled: string;
    number: string;
    done: boolean;
  },
): void {
  notify(deps, o.userId, o.done ? "spot_filled" : "spot_partly_filled", {
    id: o.orderId,
    symbol: o.symbol,
    side: o.side,
    price: o.price,
    traded: o.traded,
    filled: o.filled,
    number: o.number,
  });
}

/** A stop order of mine triggered at `price`: it is now a live order of the book (the stop engine calls this). */
export function noticeStopTriggered(
  deps: NoticeDeps,
  o: { userId: number; orderId: number; symbol: string; side: "buy" | "sell"; stopPrice: string; price: string },
): void {
  notify(deps, o.userId, "stop_triggered", { id: o.orderId, symbol: o.symbol, side: o.side, stop: o.stopPrice, price: o.price });
}

/** A lever position of mine was closed by its take-profit, its stop-loss or a liquidation. */
export function noticeLeverClosed(
  deps: NoticeDeps,
  p: { userId: number; positionId: number; symbol: string; price: string; profit: string; coin: string },
  reason: "take_profit" | "stop_loss" | "liquidation",
): void {
  const kind = reason === "take_profit" ? "lever_take_profit" : reason === "stop_loss" ? "lever_stop_loss" : "lever_liquidated";
  notify(deps, p.userId, kind, { id: p.positionId, symbol: p.symbol, price: p.price, profit: p.profit, coin: p.coin });
}

/** A second contract of mine settled: `profit` is what I won (negative: lost; 0: a draw). */
export function noticeSecondSettled(
  deps: NoticeDeps,
  o: { userId: number; orderId: number; symbol: string; endPrice: string; profit: string; coin: string },
): void {
  notify(deps, o.userId, "second_settled", { id: o.orderId, symbol: o.symbol, price: o.endPrice, profit: o.profit, coin: o.coin });
}

// ---------------------------------------------------------------- fiat P2P

function orderParams(o: OrderRow, coin: string, userId: number): Record<string, string | number> {
  return {
    order_id: o.id,
    order_no: p2pOrderNo(o),
    amount: o.amount,
    fiat: o.fiat,
    quantity: o.quantity,
    coin,
    role: o.merchant_id === userId ? "merchant" : "customer",
  };
}

/** A customer placed an order on the merchant's ad. */
export function noticeP2PNewOrder(deps: NoticeDeps, o: OrderRow, coin: string): void {
  notify(deps, o.merchant_id, "p2p_new_order", orderParams(o, coin, o.merchant_id));
}

/** The buyer released nothing yet: the seller released the coins to me (the buyer). */
export function noticeP2PReleased(deps: NoticeDeps, o: OrderRow, coin: string): void {
  notify(deps, o.buyer_id, "p2p_released", orderParams(o, coin, o.buyer_id));
}

/** The buyer cancelled: the seller is told. */
export function noticeP2PCancelled(deps: NoticeDeps, o: OrderRow, coin: string): void {
  notify(deps, o.seller_id, "p2p_cancelled", orderParams(o, coin, o.seller_id));
}

/** One side appealed: the other side is told. */
export function noticeP2PAppealOpened(deps: NoticeDeps, o: OrderRow, coin: string, by: number): void {
  const other = by === o.buyer_id ? o.seller_id : o.buyer_id;
  notify(deps, other, "p2p_appeal_opened", orderParams(o, coin, other));
}

/** The operator decided an appeal: `userId` (one of the two sides) is told which way. */
export function noticeP2PAppealDecided(deps: NoticeDeps, o: OrderRow, coin: string, userId: number, to: "buyer" | "seller"): void {
  notify(deps, userId, to === "buyer" ? "p2p_appeal_released" : "p2p_appeal_returned", orderParams(o, coin, userId));
}

/** A deadline closed the order (unpaid: cancelled; unconfirmed: released to the buyer): `userId` is told. */
export function noticeP2PDeadline(deps: NoticeDeps, o: OrderRow, coin: string, userId: number, outcome: "cancelled" | "released"): void {
  notify(deps, userId, outcome === "cancelled" ? "p2p_deadline_cancelled" : "p2p_deadline_released", orderParams(o, coin, userId));
}

function orderVars(o: OrderRow, lang: Lang) {
  return {
    order_no: p2pOrderNo(o),
    amount: o.amount,
    fiat: o.fiat,
    quantity: o.quantity,
    time: o.confirm_due_at ? localTime(o.confirm_due_at, lang) : "",
  };
}

/** Fiat P2P: the buyer marked the order paid; the seller has until the confirmation deadline to answer. */
export function noticeP2PPaid(deps: NoticeDeps, order: OrderRow, code: string): void {
  const params = { ...orderParams(order, code, order.seller_id), due_at: order.confirm_due_at ?? "" };
  notify(deps, order.seller_id, "p2p_paid", params, false);
  if (emailsKind(deps.db, order.seller_id, "p2p_paid"))
    sendToUser(deps, order.seller_id, NOTICE_TYPE.P2P_PAID, "notice_p2p_paid", (lang) => ({ ...orderVars(order, lang), code }), {
      smsToo: true,
      footer: false,
    });
}

/** Fiat P2P: the confirmation deadline is near and the seller has not answered. */
export function noticeP2PConfirmSoon(deps: NoticeDeps, order: OrderRow, code: string): void {
  const params = { ...orderParams(order, code, order.seller_id), due_at: order.confirm_due_at ?? "" };
  notify(deps, order.seller_id, "p2p_confirm_soon", params, false);
  if (emailsKind(deps.db, order.seller_id, "p2p_confirm_soon"))
    sendToUser(
      deps,
      order.seller_id,
      NOTICE_TYPE.P2P_CONFIRM_SOON,
      "notice_p2p_confirm_soon",
      (lang) => ({ ...orderVars(order, lang), code }),
      {
        smsToo: true,
        footer: false,
      },
    );
}

// ---------------------------------------------------------------- account

export function noticeIdentityReviewed(deps: NoticeDeps, userId: number, approved: boolean, reason: string): void {
  notify(deps, userId, approved ? "identity_approved" : "identity_rejected", approved ? {} : { reason });
}

export function noticeFeedbackAnswered(deps: NoticeDeps, userId: number, feedbackId: number, title: string): void {
  notify(deps, userId, "feedback_answered", { id: feedbackId, title: title.slice(0, 80) });
}

// ---------------------------------------------------------------- security

/**
 * A sign-in: its device is remembered, and a device the account had not used before (not its first ever sign-in) is
 * told with the time, the address and the device's name, linking to the sessions to end it.
 */
export function noticeSignIn(deps: NoticeDeps, userId: number, client: { ip: string; device: string }): boolean {
  const { isNew } = seeDevice(deps.db, userId, deviceKey(client.device), deps.now);
  if (isNew) notify(deps, userId, "new_device", { device: deviceName(client.device) || "?", ip: client.ip || "?", time_at: deps.now });
  return isNew;
}

export type SecurityChange = "password_changed" | "pay_password_changed" | "authenticator_changed" | "contact_bound";

/** A security setting of mine changed (from `ip`). */
export function noticeSecurityChange(deps: NoticeDeps, userId: number, change: SecurityChange, ip: string): void {
  notify(deps, userId, change, { ip: ip || "?", time_at: deps.now });
}

/** A check of the account's (authenticator, codes, trade password) was locked after too many wrong tries. */
export function noticeCheckLocked(deps: NoticeDeps, userId: number, check: CheckName, until: number, tries: number): void {
  notify(deps, userId, "check_locked", { check, tries, time_at: until }, false);
  if (emailsKind(deps.db, userId, "check_locked"))
    sendToUser(
      deps,
      userId,
      NOTICE_TYPE.CHECK_LOCKED,
      `notice_check_locked_${check}`,
      (lang) => ({ count: tries, time: localTime(until, lang) }),
      { smsToo: true, footer: false },
    );
}

// ---------------------------------------------------------------- price alerts

/** My price alert fired on a trade at `price` (emailed when I asked for it on the alert). */
export function noticePriceAlert(
  deps: NoticeDeps,
  a: { userId: number; alertId: number; symbol: string; direction: "above" | "below"; target: string; price: string; email: boolean },
): void {
  notify(
    deps,
    a.userId,
    a.direction === "above" ? "price_alert_above" : "price_alert_below",
    { id: a.alertId, symbol: a.symbol, target: a.target, price: a.price },
    a.email,
  );
}

export type { DB };
