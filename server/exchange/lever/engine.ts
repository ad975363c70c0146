import DecimalBase from "decimal.js";
import {
  LEVER_LIQUIDATION_LINE,
  LEVER_OVERNIGHT_RATE,
  LEVER_STATE,
  LEVER_TYPE,
  leverProfit,
  liquidationPrice,
  mustLiquidate,
  overnightFee,
  pendingReached,
  riskRate,
  settle,
  stopHit,
  type LeverPosition,
  type LeverType,
} from "../../../app/contract/index";
import type { DB } from "../db/index";
import type { Hub } from "../hub";
import { Ledger, type Leg, whyNotPaid } from "../ledger/index";
import { openHoldOf, releaseLeg } from "../ledger/holds";
import { DAY } from "../lib/time";
import type { Messenger, Lang, Translate } from "../lib/i18n";
import { isLang } from "../lib/i18n";
import type { Market } from "../market";
import { noticeLeverClosed } from "../notices";
import {
  closeLeverPosition,
  leverAvailable,
  liveLeverOrders,
  nextOvernightDue,
  openPendingLever,
  overnightDue,
  setOvernightCharged,
  type LeverRow,
} from "../models/lever";

const Decimal = DecimalBase.clone({ precision: 60, toExpNeg: -60, toExpPos: 60 });
type Decimal = DecimalBase;

export type CloseReason = "close" | "batch" | "take_profit" | "stop_loss" | "liquidation";

export interface LeverEngineOptions {
  /** Where fees and overnight fees go (the fee collector's spot account). */
  feeUserId: number;
  /** The counterparty of every position: pays profits, receives losses, absorbs a loss beyond margin and balance. */
  counterpartyId: number;
  clock: () => number;
  log: (line: string) => void;
  liquidationLine?: string;
  overnightRate?: string;
}

/** The next 00:00 UTC strictly after `t`: when a position held over it is charged the overnight fee. */
export function nextMidnight(t: number): number {
  return Math.floor(t / DAY) * DAY + DAY;
}

/** An account's state: the free balance, the margin of its open positions, their unrealized profit, the risk rate. */
export interface LeverAccountState {
  available: string;
  marginInUse: string;
  profit: string;
  hazard: string | null;
}

/**
 * The lever engine: pending fixed-price orders and open positions marked to each pair's live price. On every
 * trade of a pair (after its commit) it opens the pending orders the price reached, closes the positions whose
 * take-profit or stop-loss it crossed, and liquidates every account of a holder of that pair whose risk rate is
 * at or below the line; each step commits in one transaction of balanced postings. The working set lives in
 * memory and is rebuilt from `lever_orders` at start, so nothing is lost across a restart; the overnight fee is
 * charged on the stored `next_overnight_at` by the exchange's scheduler (`nextOvernight`, `runOvernight`).
 */
export class LeverEngine {
  /** Live rows (pending and open) by pair, then id. */
  private readonly live = new Map<number, Map<number, LeverRow>>();
  /** The same rows by user, then id (a holder's account state reads only their rows). */
  private readonly byUser = new Map<number, Map<number, LeverRow>>();
  private readonly due = new Set<number>();
  /** Open positions a close could not settle, with the reason last logged (each is logged once, not at every price). */
  private readonly unclosed = new Map<number, string>();
  private scheduled = false;
  private stopped = false;
  readonly line: string;
  readonly overnightRate: string;
  /** Milliseconds from a price's arrival to the end of its evaluation, for the benchmark. */
  lastEvaluationMs = 0;

  constructor(
    private readonly db: DB,
    private readonly market: Market,
    private readonly hub: Hub,
    private readonly messenger: Messenger,
    private readonly opts: LeverEngineOptions,
  ) {
    this.line = opts.liquidationLine ?? LEVER_LIQUIDATION_LINE;
    this.overnightRate = opts.overnightRate ?? LEVER_OVERNIGHT_RATE;
    for (const r of liveLeverOrders(db)) this.track(r);
    market.onTrades((matchId) => this.priceMoved(matchId));
  }

  /** Evaluates every pair once (prices may have moved while the process was down). */
  start(): void {
    for (const matchId of this.live.keys()) this.evaluate(matchId);
  }

  stop(): void {
    this.stopped = true;
    for (const t of this.pushDue.values()) if (t) clearTimeout(t);
    this.pushDue.clear();
  }

  private track(r: LeverRow): void {
    this.untrack(r);
    if (r.status !== LEVER_STATE.PENDING && r.status !== LEVER_STATE.TRADING) return;
    let m = this.live.get(r.currency_match_id);
    if (!m) this.live.set(r.currency_match_id, (m = new Map()));
    let u = this.byUser.get(r.user_id);
    if (!u) this.byUser.set(r.user_id, (u = new Map()));
    m.set(r.id, r);
    u.set(r.id, r);
    if (r.status === LEVER_STATE.TRADING) this.aggregate(r, 1);
  }

  private untrack(r: LeverRow): void {
    const old = this.live.get(r.currency_match_id)?.get(r.id);
    if (!old) return;
    this.live.get(r.currency_match_id)!.delete(r.id);
    this.byUser.get(r.user_id)?.delete(r.id);
    if (old.status === LEVER_STATE.TRADING) this.aggregate(old, -1);
  }

  /**
   * Per user and pair, the sums that give the open positions' profit at any price in two operations:
   * profit(P) = P × Σ(±number) − Σ(±open × number) (+ for a long, − for a short), and their margin.
   */
  private readonly sums = new Map<number, Map<number, { n: number; qty: Decimal; cost: Decimal; margin: Decimal }>>();

  private aggregate(r: LeverRow, sign: 1 | -1): void {
    let byPair = this.sums.get(r.user_id);
    if (!byPair) this.sums.set(r.user_id, (byPair = new Map()));
    const cur = byPair.get(r.currency_match_id) ?? { n: 0, qty: new Decimal(0), cost: new Decimal(0), margin: new Decimal(0) };
    const dir = r.type === LEVER_TYPE.LONG ? sign : -sign;
    const next = {
      n: cur.n + sign,
      qty: cur.qty.plus(new Decimal(r.number).times(dir)),
      cost: cur.cost.plus(new Decimal(r.price).times(r.number).times(dir)),
      margin: cur.margin.plus(new Decimal(r.caution_money).times(sign)),
    };
    if (next.n === 0) byPair.delete(r.currency_match_id);
    else byPair.set(r.currency_match_id, next);
  }

  /** Live rows of a user in one lever currency (all pairs quoted in it). */
  private userRows(userId: number, currencyId: number): LeverRow[] {
    const out: LeverRow[] = [];
    for (const r of this.byUser.get(userId)?.values() ?? []) if (r.currency_id === currencyId) out.push(r);
    return out;
  }

  liveCount(): number {
    let n = 0;
    for (const m of this.live.values()) n += m.size;
    return n;
  }

  /** The price positions of a pair are marked to: its last trade. */
  price(matchId: number): string {
    return this.market.price(matchId);
  }

  // ---------------------------------------------------------------- state

  accountState(userId: number, currencyId: number, available = leverAvailable(this.db, userId, currencyId)): LeverAccountState {
    let margin = new Decimal(0);
    let profit = new Decimal(0);
    for (const [matchId, sum] of this.sums.get(userId) ?? []) {
      if (this.market.pairs.get(matchId)?.quoteId !== currencyId) continue;
      margin = margin.plus(sum.margin);
      profit = profit.plus(sum.qty.times(this.price(matchId)).minus(sum.cost));
    }
    return {
      available,
      marginInUse: margin.toFixed(),
      profit: profit.toFixed(),
      hazard: riskRate(available, margin.toFixed(), profit.toFixed()),
    };
  }

  /** A row as the wire shows it: open positions marked to the current price, with their liquidation price. */
  present(r: LeverRow, t: Translate, state?: LeverAccountState): LeverPosition {
    const pair = this.market.pairs.get(r.currency_match_id);
    const open = r.status === LEVER_STATE.TRADING;
    const current = open
      ? this.price(r.currency_match_id)
      : r.status === LEVER_STATE.PENDING
        ? this.price(r.currency_match_id)
        : r.update_price;
    const profits = open ? leverProfit(r.type, r.price, current, r.number) : r.profits;
    const s = open ? (state ?? this.accountState(r.user_id, r.currency_id)) : null;
    return {
      id: r.id,
      type: r.type,
      type_name: t(r.type === LEVER_TYPE.LONG ? "lever_long" : "lever_short"),
      status: r.status,
      status_name: t(`lever_status_${r.status}`),
      currency_match_id: r.currency_match_id,
      symbol: pair?.symbol ?? "",
      share: r.share,
      multiple: r.multiple,
      price: r.price,
      origin_price: r.origin_price,
      update_price: current,
      target_profit_price: r.target_profit_price,
      stop_loss_price: r.stop_loss_price,
      caution_money: r.caution_money,
      origin_caution_money: r.origin_caution_money,
      trade_fee: r.trade_fee,
      overnight_money: r.overnight_money,
      number: r.number,
      profits,
      time: r.created_at,
      opened_at: r.opened_at,
      closed_at: r.closed_at,
      close_reason: r.close_reason,
      liquidation_price: s
        ? liquidationPrice({
            type: r.type,
            currentPrice: current,
            number: r.number,
            available: s.available,
            marginInUse: s.marginInUse,
            profit: s.profit,
            pricePrecision: pair?.pricePrecision ?? 2,
            line: this.line,
          })
        : null,
      base_currency_id: pair?.baseId ?? 0,
      quote_currency_id: pair?.quoteId ?? r.currency_id,
    };
  }

  // ---------------------------------------------------------------- commands (inside the caller's transaction)

  /** Records a new row placed by lever/submit (its money already posted in the same transaction). */
  placed(r: LeverRow): void {
    this.track(r);
    if (r.status === LEVER_STATE.PENDING) this.priceMoved(r.currency_match_id);
  }

  /**
   * Closes an open position at the current price (inside the caller's transaction, with its ledger batch):
   * the margin is released, the profit paid or the loss taken (settle), the row written closed.
   */
  closeIn(batch: Ledger, r: LeverRow, reason: CloseReason, now: number): LeverRow {
    const price = this.price(r.currency_match_id);
    const profit = leverProfit(r.type, r.price, price, r.number);
    const available = this.cachedAvailable(batch, r);
    const s = settle({ margin: r.caution_money, available, profit });
    const user = { userId: r.user_id, currencyId: r.currency_id, accountCode: "lever_account" as const };
    const extra = { lever_order_id: r.id, reason };
    const legs: Leg[] = [];
    if (new Decimal(r.caution_money).gt(0)) {
      // The margin's hold is voided (back to the available balance), then the result is settled from there.
      legs.push(releaseLeg(openHoldOf(this.db, "lever_order", r.id), r.caution_money, "void", { type: "lever_margin_release" }));
      legs.push({ ...user, amount: r.caution_money, type: "lever_margin_release" });
    }
    if (new Decimal(s.paid).gt(0)) {
      legs.push({
        userId: this.opts.counterpartyId,
        currencyId: r.currency_id,
        accountCode: "change_account",
        amount: new Decimal(s.paid).neg().toFixed(),
        type: "lever_profit",
      });
      legs.push({ ...user, amount: s.paid, type: "lever_profit" });
    }
    if (new Decimal(s.lossTaken).gt(0)) {
      legs.push({ ...user, amount: new Decimal(s.lossTaken).neg().toFixed(), type: "lever_loss" });
      legs.push({
        userId: this.opts.counterpartyId,
        currencyId: r.currency_id,
        accountCode: "change_account",
        amount: s.lossTaken,
        type: "lever_loss",
      });
    }
    const realized = new Decimal(s.paid).minus(s.lossTaken).toFixed();
    // Written closed before anything is paid, and only from open: a row that is no longer open (closed by another
    // path since it was read) is never settled twice. The throw undoes this position's savepoint alone.
    if (!closeLeverPosition(this.db, r.id, { price, profits: realized, absorbed: s.absorbed, reason, now }))
      throw new Error(`position #${r.id} is no longer open`);
    if (legs.length) batch.post({ legs, extra, now });
    const closed: LeverRow = {
      ...r,
      status: 3,
      update_price: price,
      profits: realized,
      absorbed: s.absorbed,
      close_reason: reason,
      closed_at: now,
      next_overnight_at: null,
    };
    return closed;
  }

  /** The owner of a position closed by its take-profit, its stop-loss or a liquidation is told (in the closing transaction). */
  private tellClosed(r: LeverRow, reason: "take_profit" | "stop_loss" | "liquidation", now: number): void {
    const pair = this.market.pairs.get(r.currency_match_id);
    noticeLeverClosed(
      { db: this.db, now, log: this.opts.log },
      {
        userId: r.user_id,
        positionId: r.id,
        symbol: pair?.symbol ?? "",
        price: r.update_price,
        profit: r.profits,
        coin: pair?.quoteCode ?? "",
      },
      reason,
    );
  }

  /** The user's free lever balance as the batch sees it (postings earlier in the batch included). */
  private cachedAvailable(batch: Ledger, r: LeverRow): string {
    return batch.balanceOf(r.user_id, r.currency_id, "lever_account");
  }

  /** After a commit: forget closed rows and tell the owner. */
  closedAfterCommit(rows: LeverRow[], reason: string): void {
    const byUserPair = new Map<string, { userId: number; matchId: number; ids: number[] }>();
    for (const r of rows) {
      this.untrack(r);
      const key = `${r.user_id}|${r.currency_match_id}`;
      const e = byUserPair.get(key) ?? { userId: r.user_id, matchId: r.currency_match_id, ids: [] };
      e.ids.push(r.id);
      byUserPair.set(key, e);
    }
    for (const e of byUserPair.values()) {
      this.hub.publishToUser(e.userId, "LEVER_CLOSED", () => ({ type: "LEVER_CLOSED", currency_match_id: e.matchId, ids: e.ids, reason }));
    }
  }

  /**
   * Closes a set of positions in one transaction; answers the closed rows. Each position closes in a savepoint of its
   * own, so one that cannot be closed (the treasury short of its profit) is undone alone, logged once and left open for
   * a later try, while the others close. A liquidation closes the account's positions together or not at all (every
   * one of them, the profitable ones first, so their payout covers the losing ones: docs/product.md).
   */
  closeMany(rows: LeverRow[], reason: CloseReason, now = this.opts.clock()): LeverRow[] {
    if (rows.length === 0) return [];
    const failed: { ids: number[]; why: string }[] = [];
    const closed = this.db.transaction(() => {
      // Profitable ones first: their payout is free balance the losing ones may need.
      const ordered = [...rows].sort((a, b) =>
        new Decimal(leverProfit(b.type, b.price, this.price(b.currency_match_id), b.number)).cmp(
          leverProfit(a.type, a.price, this.price(a.currency_match_id), a.number),
        ),
      );
      const out: LeverRow[] = [];
      for (const unit of reason === "liquidation" ? [ordered] : ordered.map((r) => [r])) {
        try {
          out.push(...this.db.transaction(() => this.closeTogether(unit, reason, now))());
        } catch (err) {
          failed.push({
            ids: unit.map((r) => r.id),
            why: whyNotPaid(err),
          });
        }
      }
      return out;
    })();
    this.closedAfterCommit(closed, reason);
    for (const r of closed) {
      this.unclosed.delete(r.id);
      this.opts.log(
        `[lever] closed #${r.id} (${reason}) at ${r.update_price}, profit ${r.profits}${r.absorbed !== "0" ? `, absorbed ${r.absorbed}` : ""}`,
      );
    }
    // Each position that cannot be closed is told once (again only if its reason changes), not at every price.
    for (const f of failed) {
      const key = `${reason}: ${f.why}`;
      if (f.ids.every((id) => this.unclosed.get(id) === key)) continue;
      for (const id of f.ids) this.unclosed.set(id, key);
      this.opts.log(`[lever] #${f.ids.join(", #")} not closed (${reason}): ${f.why}; tried again later`);
    }
    return closed;
  }

  /** Closes positions with one ledger batch (inside the caller's savepoint) and tells the owners of those they did not close. */
  private closeTogether(rows: LeverRow[], reason: CloseReason, now: number): LeverRow[] {
    const batch = new Ledger(this.db);
    try {
      const out = rows.map((r) => this.closeIn(batch, r, reason, now));
      batch.flush();
      if (reason === "take_profit" || reason === "stop_loss" || reason === "liquidation")
        for (const r of out) this.tellClosed(r, reason, now);
      return out;
    } finally {
      batch.clear();
    }
  }

  // ---------------------------------------------------------------- the price loop

  /** Called after a pair's trades are committed: evaluates the pair once, after the current work. */
  priceMoved(matchId: number): void {
    if (!this.live.get(matchId)?.size) return;
    this.due.add(matchId);
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      const pairs = [...this.due];
      this.due.clear();
      for (const m of pairs) {
        try {
          this.evaluate(m);
        } catch (err) {
          this.opts.log(`[lever] evaluation of pair ${m} failed: ${err instanceof Error ? err.stack : String(err)}`);
        }
      }
    });
  }

  /**
   * One price of one pair: opens the pending orders it reached, closes the positions whose stop it crossed,
   * liquidates the holders at or below the line, and pushes LEVER_TRADE to the holders who listen.
   */
  evaluate(matchId: number, now = this.opts.clock()): { opened: number; stopped: number; liquidated: number } {
    const started = performance.now();
    const rows = this.live.get(matchId);
    if (!rows || rows.size === 0) return { opened: 0, stopped: 0, liquidated: 0 };
    const price = this.price(matchId);
    const reached: LeverRow[] = [];
    const hits: { row: LeverRow; reason: CloseReason }[] = [];
    const holders = new Set<number>();
    for (const r of rows.values()) {
      holders.add(r.user_id);
      if (r.status === LEVER_STATE.PENDING) {
        if (pendingReached(r.type, price, r.origin_price)) reached.push(r);
      } else if (r.target_profit_price !== "0" || r.stop_loss_price !== "0") {
        const hit = stopHit(r.type, price, r.target_profit_price, r.stop_loss_price);
        if (hit) hits.push({ row: r, reason: hit === "profit" ? "take_profit" : "stop_loss" });
      }
    }
    if (reached.length) this.openPending(reached, now);
    for (const reason of ["take_profit", "stop_loss"] as const) {
      const these = hits.filter((h) => h.reason === reason).map((h) => h.row);
      if (these.length) this.closeMany(these, reason, now);
    }
    let liquidated = 0;
    const currencyId = this.market.pairs.get(matchId)?.quoteId;
    if (currencyId !== undefined) {
      for (const userId of holders) {
        const state = this.accountState(userId, currencyId);
        if (mustLiquidate(state.available, state.marginInUse, state.profit, this.line)) {
          const open = this.userRows(userId, currencyId).filter((r) => r.status === LEVER_STATE.TRADING);
          this.opts.log(`[lever] liquidating user ${userId}: risk rate ${state.hazard}% at or below ${this.line}%`);
          liquidated += this.closeMany(open, "liquidation", now).length;
        }
      }
      this.schedulePush(matchId);
    }
    this.lastEvaluationMs = performance.now() - started;
    return { opened: reached.length, stopped: hits.length, liquidated };
  }

  /** Pending orders whose price was reached open at their price: the reserved fee goes to the fee collector. */
  private openPending(rows: LeverRow[], now: number): void {
    const opened = this.db.transaction(() => {
      const batch = new Ledger(this.db);
      try {
        const out: LeverRow[] = [];
        for (const r of rows) {
          if (!openPendingLever(this.db, r.id, now, nextMidnight(now))) continue;
          if (new Decimal(r.trade_fee).gt(0)) {
            // The reserved fee is posted from the order's hold to the fee collector; the margin stays held.
            batch.post({
              type: "lever_fee",
              extra: { lever_order_id: r.id },
              now,
              legs: [
                releaseLeg(openHoldOf(this.db, "lever_order", r.id), r.trade_fee, "post"),
                { userId: this.opts.feeUserId, currencyId: r.currency_id, accountCode: "change_account", amount: r.trade_fee },
              ],
            });
          }
          out.push({ ...r, status: 1, opened_at: now, next_overnight_at: nextMidnight(now) });
        }
        batch.flush();
        return out;
      } finally {
        batch.clear();
      }
    })();
    for (const r of opened) {
      this.track(r);
      this.opts.log(`[lever] pending #${r.id} opened at ${r.price}`);
    }
  }

  /** Pairs whose LEVER_TRADE is due, and when each last went out (pushes are throttled per pair). */
  private readonly pushDue = new Map<number, NodeJS.Timeout | null>();
  private readonly pushedAt = new Map<number, number>();
  /** At most one LEVER_TRADE round per pair in this many ms (the latest state always goes out). */
  static readonly PUSH_INTERVAL_MS = 500;

  /** Schedules the pair's LEVER_TRADE round after the triggers (a closing never waits for it). */
  private schedulePush(matchId: number): void {
    if (this.stopped || this.pushDue.has(matchId) || !this.hub.hasSubscribers("LEVER_TRADE")) return;
    const wait = Math.max(0, (this.pushedAt.get(matchId) ?? 0) + LeverEngine.PUSH_INTERVAL_MS - Date.now());
    const timer = setTimeout(() => {
      this.pushDue.delete(matchId);
      this.pushedAt.set(matchId, Date.now());
      try {
        this.pushTrades(matchId);
      } catch (err) {
        this.opts.log(`[lever] push of pair ${matchId} failed: ${err instanceof Error ? err.stack : String(err)}`);
      }
    }, wait);
    timer.unref?.();
    this.pushDue.set(matchId, timer);
  }

  /** LEVER_TRADE to each holder of the pair who listens: their open positions on it, with the account's risk and profit. */
  pushTrades(matchId: number): void {
    const currencyId = this.market.pairs.get(matchId)?.quoteId;
    if (currencyId === undefined) return;
    const byHolder = new Map<number, LeverRow[]>();
    for (const r of this.live.get(matchId)?.values() ?? []) {
      if (r.status !== LEVER_STATE.TRADING) continue;
      let list = byHolder.get(r.user_id);
      if (!list) byHolder.set(r.user_id, (list = []));
      list.push(r);
    }
    const states = new Map<number, LeverAccountState>();
    this.hub.publishToEachUser("LEVER_TRADE", (userId, lang) => {
      const mine = byHolder.get(userId);
      if (!mine) return undefined;
      let state = states.get(userId);
      if (!state) states.set(userId, (state = this.accountState(userId, currencyId)));
      const t = this.messenger.translator(isLang(lang) ? (lang as Lang) : "en");
      return {
        type: "LEVER_TRADE",
        currency_match_id: matchId,
        trades_all: mine.map((r) => this.present(r, t, state)),
        hazard_rate: state.hazard,
        profits_all: state.profit,
      };
    });
  }

  // ---------------------------------------------------------------- overnight fee

  /** Charges every open position held over its `next_overnight_at` (catching up missed days), then checks risk. */
  runOvernight(now = this.opts.clock()): number {
    const due = overnightDue(this.db, now);
    let charged = 0;
    for (const row of due) {
      const updated = this.db.transaction(() => {
        const batch = new Ledger(this.db);
        try {
          let r = row;
          while (r.next_overnight_at !== null && r.next_overnight_at <= now) {
            const value = new Decimal(r.price).times(r.number).toFixed();
            const fee = new Decimal(overnightFee(value, this.overnightRate));
            const available = new Decimal(batch.balanceOf(r.user_id, r.currency_id, "lever_account"));
            const fromBalance = Decimal.min(fee, available);
            const fromMargin = Decimal.min(fee.minus(fromBalance), r.caution_money);
            const legs: Leg[] = [];
            const user = { userId: r.user_id, currencyId: r.currency_id, accountCode: "lever_account" as const };
            if (fromBalance.gt(0)) legs.push({ ...user, amount: fromBalance.neg().toFixed() });
            if (fromMargin.gt(0)) legs.push(releaseLeg(openHoldOf(this.db, "lever_order", r.id), fromMargin.toFixed(), "post"));
            const taken = fromBalance.plus(fromMargin);
            if (taken.gt(0)) {
              legs.push({ userId: this.opts.feeUserId, currencyId: r.currency_id, accountCode: "change_account", amount: taken.toFixed() });
              batch.post({ type: "lever_overnight", extra: { lever_order_id: r.id }, now, legs });
            }
            r = {
              ...r,
              caution_money: new Decimal(r.caution_money).minus(fromMargin).toFixed(),
              overnight_money: new Decimal(r.overnight_money).plus(taken).toFixed(),
              next_overnight_at: r.next_overnight_at + DAY,
            };
            charged++;
          }
          setOvernightCharged(this.db, r);
          batch.flush();
          return r;
        } finally {
          batch.clear();
        }
      })();
      this.track(updated);
    }
    if (due.length) {
      this.opts.log(`[lever] overnight fee charged ${charged} time(s) on ${due.length} position(s)`);
      for (const m of new Set(due.map((r) => r.currency_match_id))) this.evaluate(m, now);
    }
    return charged;
  }

  /** The earliest stored overnight due time of an open position (the scheduler's next run). */
  nextOvernight(): number | null {
    return nextOvernightDue(this.db);
  }
}

export type { LeverType };
