import DecimalBase from "decimal.js";
import {
  canAct,
  P2P_AD_STATUS,
  P2P_CANCELS_PER_DAY,
  P2P_CONFIRM_MINUTES,
  P2P_CONFIRM_REMINDER_MINUTES,
  P2P_DELAY_MINUTES,
  P2P_OPEN_ORDERS_MAX,
  P2P_PAY_MINUTES,
  P2P_RULES,
  P2P_STATUS,
  p2pAmount,
  utcDayStart,
  type P2PAction,
  type P2PAdStatus,
  type P2PFiat,
  type P2PRole,
  type P2PSide,
} from "../../../app/contract/index";
import type { DB } from "../db/index";
import type { Hub } from "../hub";
import { post } from "../ledger/index";
import { holdLegs, openHoldOf, releaseLeg, voidLegs } from "../ledger/holds";
import {
  noticeP2PAppealDecided,
  noticeP2PAppealOpened,
  noticeP2PCancelled,
  noticeP2PConfirmSoon,
  noticeP2PDeadline,
  noticeP2PNewOrder,
  noticeP2PPaid,
  noticeP2PReleased,
} from "../notices";
import {
  addMessage,
  cancelsSince,
  dueOrders,
  findAd,
  findOrder,
  insertAd,
  insertOrder,
  minutesSetting,
  takeTestPaySeconds,
  moveOrder,
  nextDue,
  openOrdersAsCustomer,
  remindOrders,
  setAd,
  type AdRow,
  type OrderRow,
} from "../models/p2p";

const Decimal = DecimalBase.clone({ precision: 60, toExpNeg: -60, toExpPos: 60 });
const REMIND_MS = P2P_CONFIRM_REMINDER_MINUTES * 60_000;

/** A refusal of a P2P action: the message key of `exchange.json`, the payload field it concerns, and its variables. */
export class P2PRefusal extends Error {
  constructor(
    public readonly key: string,
    public readonly field?: string,
    public readonly vars?: Record<string, string | number>,
  ) {
    super(key);
  }
}

export interface P2PEngineOptions {
  clock: () => number;
  log: (line: string) => void;
  /** Run the order limits on the exchange's scheduler (default on); off (the CLI's engine, tests), only `runDue()` does. */
  timer?: boolean;
  /** The scheduler's wake-up: an order's limit falls due at its time. */
  wake?: (at: number | null) => void;
  /**
   * Test-only (the end-to-end server, TEST_SETTINGS=on): a pay limit in seconds stored for one buyer's next order by
   * the CLI's `p2p-limits --pay-seconds`, so a test sees an order lapse without waiting a minute.
   */
  testSettings?: boolean;
}

export interface PublishInput {
  side: P2PSide;
  currencyId: number;
  fiat: P2PFiat;
  price: string;
  total: string;
  minQuantity: string;
  maxQuantity: string;
  payTypes: string[];
}

/** Which system lines the chat records, as message keys (the reader's language renders them). */
export const P2P_SYSTEM_LINES = {
  created: "p2p_line_created",
  paid: "p2p_line_paid",
  completed: "p2p_line_completed",
  cancelled: "p2p_line_cancelled",
  timeout_cancel: "p2p_line_timeout_cancel",
  timeout_release: "p2p_line_timeout_release",
  delayed: "p2p_line_delayed",
  abnormal: "p2p_line_abnormal",
  appeal: "p2p_line_appeal",
  resolved_buyer: "p2p_line_resolved_buyer",
  resolved_seller: "p2p_line_resolved_seller",
} as const;

/**
 * Fiat P2P: ads, orders, escrow and timers (docs/decisions/014-fiat-p2p.md).
 *
 * Escrow is a hold on the seller's legal account: a sell ad holds its whole quantity when published (hold kind
 * `p2p_ad`: what is on offer and the escrow of its orders in progress), a user selling to a buy ad holds the order's
 * quantity when ordering (`p2p_order`). Completion posts the quantity from that hold to the buyer's available
 * balance; a cancel gives it back to the ad (it stays in the ad's hold) or voids it to the seller's available
 * balance when the ad is off the shelf or the seller is not its merchant. Every movement is one
 * balanced posting in the same transaction as the state change it belongs to, and every state change is guarded by
 * the state it leaves, so nothing happens twice. The limits are stored due times (`nextDue`), run by the exchange's
 * scheduler (`runDue`); a restart runs what fell due.
 */
export class P2PEngine {
  constructor(
    private readonly db: DB,
    private readonly hub: Hub,
    private readonly opts: P2PEngineOptions,
  ) {}

  /** The earliest stored limit of an order in progress (the scheduler's next run). */
  nextDue(): number | null {
    return nextDue(this.db, REMIND_MS);
  }

  payMinutes(): number {
    return minutesSetting(this.db, "p2p_pay_minutes", P2P_PAY_MINUTES);
  }

  /** A new order's pay limit in ms: the operator's minutes, or a test setup's seconds for this buyer. */
  private payMs(buyerId: number): number {
    const seconds = this.opts.testSettings ? takeTestPaySeconds(this.db, buyerId) : null;
    return seconds !== null ? seconds * 1000 : this.payMinutes() * 60_000;
  }

  confirmMinutes(): number {
    return minutesSetting(this.db, "p2p_confirm_minutes", P2P_CONFIRM_MINUTES);
  }

  private wake(at: number | null): void {
    if (this.opts.timer !== false) this.opts.wake?.(at);
  }

  /**
   * Cancels unpaid orders past their pay limit and releases paid ones past their confirmation limit; answers how many.
   * Reminds the sellers whose confirmation limit is near.
   */
  runDue(now = this.opts.clock()): number {
    for (const o of remindOrders(this.db, now, REMIND_MS)) this.remindSeller(o.id, now);
    let n = 0;
    for (const o of dueOrders(this.db, now)) {
      const done = o.status === P2P_STATUS.PENDING ? this.cancel(o.id, "timeout", now) : this.release(o.id, "timeout", now);
      if (done) n++;
    }
    if (n) this.opts.log(`[p2p] timers closed ${n} order(s)`);
    return n;
  }

  // ------------------------------------------------------------------ ads

  publishAd(merchantId: number, a: PublishInput, now: number): AdRow {
    return this.db.transaction(() => {
      const row: Omit<AdRow, "id"> = {
        user_id: merchantId,
        side: a.side,
        currency_id: a.currencyId,
        fiat: a.fiat,
        price: new Decimal(a.price).toFixed(2),
        total: a.total,
        remaining: a.total,
        min_quantity: a.minQuantity,
        max_quantity: a.maxQuantity,
        pay_types: a.payTypes.join(","),
        status: P2P_AD_STATUS.OPEN,
        created_at: now,
        updated_at: now,
      };
      const id = insertAd(this.db, row);
      if (a.side === "sell") {
        const acct = { userId: merchantId, currencyId: a.currencyId, accountCode: "legal_account" as const };
        post(this.db, { type: "p2p_ad_lock", extra: { p2p_ad_id: id }, now, legs: holdLegs(acct, "p2p_ad", id, a.total) });
      }
      return { ...row, id };
    })();
  }

  /** Open (1), pause (2) or take off the shelf (3, final: a sell ad's unsold rest returns to the merchant). */
  setAdStatus(merchantId: number, adId: number, status: P2PAdStatus, now: number): AdRow {
    return this.db.transaction(() => {
      const ad = findAd(this.db, adId);
      if (!ad || ad.user_id !== merchantId) throw new P2PRefusal("p2p_ad_not_found");
      if (ad.status === P2P_AD_STATUS.OFF) throw new P2PRefusal("p2p_ad_off");
      if (ad.status === status) return ad;
      if (status === P2P_AD_STATUS.OFF) {
        if (ad.side === "sell" && new Decimal(ad.remaining).gt(0)) {
          // What is still on offer comes back; the escrow of orders in progress stays in the ad's hold until they end.
          post(this.db, {
            type: "p2p_ad_unlock",
            extra: { p2p_ad_id: ad.id },
            now,
            legs: voidLegs(openHoldOf(this.db, "p2p_ad", ad.id), ad.remaining),
          });
        }
        setAd(this.db, ad.id, { status, remaining: "0", updated_at: now });
        return { ...ad, status, remaining: "0", updated_at: now };
      }
      setAd(this.db, ad.id, { status, updated_at: now });
      return { ...ad, status, updated_at: now };
    })();
  }

  // ------------------------------------------------------------------ orders

  /**
   * A user's order of `quantity` on an ad, in one transaction: the checks that depend on the state of the moment
   * (the ad open, enough left, the day's cancels, the open-orders cap, the seller's balance) run inside it.
   */
  createOrder(userId: number, adId: number, quantity: string, now: number): OrderRow {
    return this.db.transaction(() => {
      const ad = findAd(this.db, adId);
      if (!ad || ad.status !== P2P_AD_STATUS.OPEN) throw new P2PRefusal("p2p_ad_unavailable");
      if (ad.user_id === userId) throw new P2PRefusal("p2p_own_ad");
      const q = new Decimal(quantity);
      if (q.lte(0)) throw new P2PRefusal("p2p_value_invalid", "value");
      if (q.lt(ad.min_quantity)) throw new P2PRefusal("p2p_below_limit", "value", { min: ad.min_quantity });
      const cap = Decimal.min(ad.max_quantity, ad.remaining);
      if (q.gt(cap)) throw new P2PRefusal("p2p_above_limit", "value", { max: cap.toFixed() });
      const buying = ad.side === "sell";
      if (buying && cancelsSince(this.db, userId, utcDayStart(now)) >= P2P_CANCELS_PER_DAY) {
        throw new P2PRefusal("p2p_cancel_limit", undefined, { count: P2P_CANCELS_PER_DAY });
      }
      if (openOrdersAsCustomer(this.db, userId) >= P2P_OPEN_ORDERS_MAX)
        throw new P2PRefusal("p2p_open_limit", undefined, { max: P2P_OPEN_ORDERS_MAX });
      const id = insertOrder(this.db, {
        ad_id: ad.id,
        merchant_id: ad.user_id,
        buyer_id: buying ? userId : ad.user_id,
        seller_id: buying ? ad.user_id : userId,
        currency_id: ad.currency_id,
        fiat: ad.fiat,
        price: ad.price,
        quantity: q.toFixed(),
        amount: p2pAmount(q.toFixed(), ad.price),
        created_at: now,
        pay_due_at: now + this.payMs(buying ? userId : ad.user_id),
      });
      setAd(this.db, ad.id, { remaining: new Decimal(ad.remaining).minus(q).toFixed(), updated_at: now });
      if (!buying) {
        // The user sells: their coins go into escrow now (a sell ad's coins are in escrow since it was published).
        const acct = { userId, currencyId: ad.currency_id, accountCode: "legal_account" as const };
        post(this.db, { type: "p2p_escrow", extra: { p2p_order_id: id }, now, legs: holdLegs(acct, "p2p_order", id, q.toFixed()) });
      }
      addMessage(this.db, id, null, P2P_SYSTEM_LINES.created, now);
      const order = findOrder(this.db, id)!;
      noticeP2PNewOrder(this.deps(now), order, this.coinCode(order.currency_id));
      this.notify(order);
      return order;
    })();
  }

  roleOf(order: OrderRow, userId: number): P2PRole | null {
    return order.buyer_id === userId ? "buyer" : order.seller_id === userId ? "seller" : null;
  }

  /** The order if `userId` may do `action` on it now; else the refusal (not a party: not found, so ids cannot be probed). */
  private guard(orderId: number, userId: number, action: P2PAction): { order: OrderRow; role: P2PRole } {
    const order = findOrder(this.db, orderId);
    const role = order ? this.roleOf(order, userId) : null;
    if (!order || !role) throw new P2PRefusal("p2p_order_not_found");
    if (!canAct(action, order.status, role)) {
      const rule = P2P_RULES[action];
      throw new P2PRefusal(rule.role !== "either" && rule.role !== role ? `p2p_not_${rule.role}` : "p2p_wrong_state");
    }
    return { order, role };
  }

  /** The buyer's payment voucher (an upload of theirs; the handler checks that). */
  setVoucher(orderId: number, userId: number, uploadName: string, now: number): OrderRow {
    return this.db.transaction(() => {
      const { order } = this.guard(orderId, userId, "voucher");
      moveOrder(this.db, order.id, [order.status], { voucher: uploadName });
      return this.changed(order.id, null, now);
    })();
  }

  /** The voucher must be uploaded before marking paid (docs/product.md, "Fiat P2P"). */
  markPaid(orderId: number, userId: number, payType: string | undefined, now: number): OrderRow {
    return this.db.transaction(() => {
      const { order } = this.guard(orderId, userId, "pay");
      if (!order.voucher) throw new P2PRefusal("p2p_voucher_first", "voucher");
      const ad = findAd(this.db, order.ad_id)!;
      const accepted = ad.pay_types.split(",");
      const method = payType ?? accepted[0]!;
      if (!accepted.includes(method)) throw new P2PRefusal("p2p_pay_type_invalid", "pay_type");
      const confirmDue = now + this.confirmMinutes() * 60_000;
      moveOrder(this.db, order.id, [P2P_STATUS.PENDING], {
        status: P2P_STATUS.PAID,
        pay_type: method,
        paid_at: now,
        pay_due_at: null,
        confirm_due_at: confirmDue,
        // A limit no longer than the reminder's lead gets no reminder: this notice already names it.
        confirm_reminded_at: confirmDue - REMIND_MS <= now ? now : null,
      });
      const paid = this.changed(order.id, P2P_SYSTEM_LINES.paid, now);
      // The seller hears of it at once, with the deadline: a seller who does not answer loses the coins to the buyer.
      noticeP2PPaid(this.deps(now), paid, this.coinCode(paid.currency_id));
      return paid;
    })();
  }

  /** The seller needs more time: the confirmation limit moves on by P2P_DELAY_MINUTES, once. */
  delay(orderId: number, userId: number, now: number): OrderRow {
    return this.db.transaction(() => {
      const { order } = this.guard(orderId, userId, "delay");
      if (order.delayed) throw new P2PRefusal("p2p_wrong_state");
      moveOrder(this.db, order.id, [P2P_STATUS.PAID], {
        status: P2P_STATUS.DELAYED,
        delayed: 1,
        confirm_due_at: (order.confirm_due_at ?? now) + P2P_DELAY_MINUTES * 60_000,
        // Reminded again before the new limit.
        confirm_reminded_at: null,
      });
      return this.changed(order.id, P2P_SYSTEM_LINES.delayed, now);
    })();
  }

  /** Either side: something is wrong. The timers stop; the seller can still release, the buyer cancel, either appeal. */
  markAbnormal(orderId: number, userId: number, reason: string, now: number): OrderRow {
    return this.db.transaction(() => {
      const { order } = this.guard(orderId, userId, "abnormal");
      moveOrder(this.db, order.id, [order.status], {
        status: P2P_STATUS.ABNORMAL,
        abnormal_by: userId,
        abnormal_reason: reason,
        pay_due_at: null,
        confirm_due_at: null,
      });
      return this.changed(order.id, P2P_SYSTEM_LINES.abnormal, now);
    })();
  }

  /** Either side hands the order to the operator; nothing moves until the operator resolves it. */
  appeal(orderId: number, userId: number, reason: string, now: number): OrderRow {
    return this.db.transaction(() => {
      const { order } = this.guard(orderId, userId, "appeal");
      moveOrder(this.db, order.id, [order.status], {
        status: P2P_STATUS.APPEAL,
        appeal_by: userId,
        appeal_reason: reason,
        appeal_from: order.status,
        appeal_at: now,
        pay_due_at: null,
        confirm_due_at: null,
      });
      const appealed = this.changed(order.id, P2P_SYSTEM_LINES.appeal, now);
      noticeP2PAppealOpened(this.deps(now), appealed, this.coinCode(appealed.currency_id), userId);
      return appealed;
    })();
  }

  buyerCancel(orderId: number, userId: number, now: number): OrderRow {
    return this.db.transaction(() => {
      const { order } = this.guard(orderId, userId, "cancel");
      if (!this.cancel(order.id, "buyer", now)) throw new P2PRefusal("p2p_wrong_state");
      return findOrder(this.db, order.id)!;
    })();
  }

  sellerConfirm(orderId: number, userId: number, now: number): OrderRow {
    return this.db.transaction(() => {
      const { order } = this.guard(orderId, userId, "confirm");
      if (!this.release(order.id, "seller", now)) throw new P2PRefusal("p2p_wrong_state");
      return findOrder(this.db, order.id)!;
    })();
  }

  /** The operator's decision on an appeal: release to the buyer, or return to the seller. */
  resolveAppeal(orderId: number, to: "buyer" | "seller", note: string, now: number): OrderRow {
    return this.db.transaction(() => {
      const order = findOrder(this.db, orderId);
      if (!order) throw new P2PRefusal("p2p_order_not_found");
      if (order.status !== P2P_STATUS.APPEAL) throw new P2PRefusal("p2p_wrong_state");
      moveOrder(this.db, order.id, [P2P_STATUS.APPEAL], { resolution: to, resolution_note: note });
      const done =
        to === "buyer"
          ? this.release(order.id, "operator", now, [P2P_STATUS.APPEAL])
          : this.cancel(order.id, "operator", now, [P2P_STATUS.APPEAL]);
      if (!done) throw new P2PRefusal("p2p_wrong_state");
      addMessage(this.db, order.id, null, to === "buyer" ? P2P_SYSTEM_LINES.resolved_buyer : P2P_SYSTEM_LINES.resolved_seller, now);
      if (note) addMessage(this.db, order.id, null, note, now);
      const resolved = findOrder(this.db, order.id)!;
      const coin = this.coinCode(resolved.currency_id);
      for (const uid of [resolved.buyer_id, resolved.seller_id]) noticeP2PAppealDecided(this.deps(now), resolved, coin, uid, to);
      return resolved;
    })();
  }

  /**
   * Completion: the quantity leaves the seller's escrow for the buyer's available balance. Answers false when the
   * order was no longer in a state that allows it (a second click, a timer racing a click).
   */
  release(orderId: number, by: "seller" | "timeout" | "operator", now: number, from: readonly number[] = P2P_RULES.confirm.from): boolean {
    return this.db.transaction(() => {
      const order = findOrder(this.db, orderId);
      if (!order) return false;
      if (by === "timeout" && !(order.status === P2P_STATUS.PAID || order.status === P2P_STATUS.DELAYED)) return false;
      if (
        !moveOrder(this.db, order.id, from, {
          status: P2P_STATUS.COMPLETED,
          complete_by: by,
          finished_at: now,
          pay_due_at: null,
          confirm_due_at: null,
        })
      ) {
        return false;
      }
      post(this.db, {
        type: "p2p_release",
        extra: { p2p_order_id: order.id },
        now,
        legs: [
          releaseLeg(this.escrowOf(order), order.quantity, "post"),
          { userId: order.buyer_id, currencyId: order.currency_id, accountCode: "legal_account", amount: order.quantity },
        ],
      });
      const released = this.changed(
        order.id,
        by === "timeout" ? P2P_SYSTEM_LINES.timeout_release : by === "seller" ? P2P_SYSTEM_LINES.completed : null,
        now,
      );
      // The operator's release is told as the appeal's decision (resolveAppeal).
      const coin = this.coinCode(released.currency_id);
      if (by === "seller") noticeP2PReleased(this.deps(now), released, coin);
      else if (by === "timeout")
        for (const uid of [released.buyer_id, released.seller_id]) noticeP2PDeadline(this.deps(now), released, coin, uid, "released");
      return true;
    })();
  }

  /**
   * Cancellation: a sell ad's coins go back on offer (to the merchant's available balance if the ad is off the shelf);
   * a user's coins sold to a buy ad go back to their available balance, and the buy ad's quantity is offered again.
   */
  cancel(orderId: number, by: "buyer" | "timeout" | "operator", now: number, from: readonly number[] = P2P_RULES.cancel.from): boolean {
    return this.db.transaction(() => {
      const order = findOrder(this.db, orderId);
      if (!order) return false;
      if (by === "timeout" && order.status !== P2P_STATUS.PENDING) return false;
      if (
        !moveOrder(this.db, order.id, from, {
          status: P2P_STATUS.CANCELLED,
          cancel_by: by,
          finished_at: now,
          pay_due_at: null,
          confirm_due_at: null,
        })
      ) {
        return false;
      }
      const ad = findAd(this.db, order.ad_id)!;
      const onShelf = ad.status !== P2P_AD_STATUS.OFF;
      if (onShelf) setAd(this.db, ad.id, { remaining: new Decimal(ad.remaining).plus(order.quantity).toFixed(), updated_at: now });
      // The escrow stays locked when it goes back to a sell ad on the shelf; otherwise it returns to the seller.
      if (!(ad.side === "sell" && onShelf)) {
        post(this.db, { type: "p2p_return", extra: { p2p_order_id: order.id }, now, legs: voidLegs(this.escrowOf(order), order.quantity) });
      }
      const cancelled = this.changed(
        order.id,
        by === "timeout" ? P2P_SYSTEM_LINES.timeout_cancel : by === "buyer" ? P2P_SYSTEM_LINES.cancelled : null,
        now,
      );
      const coin = this.coinCode(cancelled.currency_id);
      if (by === "buyer") noticeP2PCancelled(this.deps(now), cancelled, coin);
      else if (by === "timeout")
        for (const uid of [cancelled.buyer_id, cancelled.seller_id]) noticeP2PDeadline(this.deps(now), cancelled, coin, uid, "cancelled");
      return true;
    })();
  }

  /** The hold an order's escrow is in: its sell ad's, or its own when a user sold to a buy ad. */
  private escrowOf(order: OrderRow) {
    const ad = findAd(this.db, order.ad_id)!;
    return ad.side === "sell" ? openHoldOf(this.db, "p2p_ad", ad.id) : openHoldOf(this.db, "p2p_order", order.id);
  }

  message(orderId: number, userId: number, body: string, now: number) {
    return this.db.transaction(() => {
      const { order } = this.guard(orderId, userId, "message");
      const m = addMessage(this.db, order.id, userId, body, now);
      this.notify(order);
      return m;
    })();
  }

  /** The seller's reminder that the confirmation limit is near (once per limit; a state change since stops it). */
  remindSeller(orderId: number, now: number): boolean {
    return this.db.transaction(() => {
      const order = findOrder(this.db, orderId);
      if (!order || order.confirm_reminded_at !== null || order.confirm_due_at === null || order.confirm_due_at <= now) return false;
      if (!moveOrder(this.db, order.id, [P2P_STATUS.PAID, P2P_STATUS.DELAYED], { confirm_reminded_at: now })) return false;
      noticeP2PConfirmSoon(this.deps(now), order, this.coinCode(order.currency_id));
      return true;
    })();
  }

  private deps(now: number) {
    return { db: this.db, now, log: this.opts.log };
  }

  private coinCode(currencyId: number): string {
    return (this.db.prepare("SELECT code FROM currencies WHERE id = ?").get(currencyId) as { code: string } | undefined)?.code ?? "";
  }

  /** Records a system line, tells both parties, and answers the order as it is now. */
  private changed(orderId: number, line: string | null, now: number): OrderRow {
    if (line) addMessage(this.db, orderId, null, line, now);
    const order = findOrder(this.db, orderId)!;
    this.notify(order);
    if (order.status === P2P_STATUS.PAID || order.status === P2P_STATUS.DELAYED)
      this.wake(
        order.confirm_reminded_at === null && order.confirm_due_at !== null ? order.confirm_due_at - REMIND_MS : order.confirm_due_at,
      );
    return order;
  }

  /** P2P_ORDER to both parties' connections: which order changed and its state (the pages reload what they show). */
  private notify(order: OrderRow): void {
    if (order.status === P2P_STATUS.PENDING) this.wake(order.pay_due_at);
    const payload = { type: "P2P_ORDER", id: order.id, status: order.status };
    for (const uid of new Set([order.buyer_id, order.seller_id])) this.hub.publishToUser(uid, "P2P_ORDER", () => payload);
  }
}
