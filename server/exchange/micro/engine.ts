import DecimalBase from "decimal.js";
import { MICRO_STATUS, settleMicro, type MicroOrder } from "../../../app/contract/index";
import type { DB } from "../db/index";
import type { Hub } from "../hub";
import { Ledger, type Leg, whyNotPaid } from "../ledger/index";
import { releaseLeg } from "../ledger/holds";
import { currencyCode } from "../models/accounts";
import { closeMicroOrder, dueMicroOrders, nextMicroDue, type MicroRow } from "../models/micro";
import { lastTradePriceAt } from "../models/trades";
import { isLang, type Lang, type Messenger, type Translate } from "../lib/i18n";
import type { Market } from "../market";
import { noticeSecondSettled } from "../notices";

const Decimal = DecimalBase.clone({ precision: 60, toExpNeg: -60, toExpPos: 60 });

export interface MicroEngineOptions {
  /** The house: receives lost stakes, pays winnings (the treasury). */
  houseId: number;
  clock: () => number;
  log: (line: string) => void;
  /** Settle on the exchange's scheduler (default on); off, only `settleDue()` settles. */
  timer?: boolean;
  /** The scheduler's wake-up: an order placed falls due at its time. */
  wake?: (at: number | null) => void;
  /** Test-only: every order falls due this many seconds after it is placed, whatever its time option. */
  testDueSeconds?: number;
}

/**
 * Second-contract orders settle at their stored due time: the end price is the pair's last trade at or before it
 * (the matching engine's trades, or the simulator's prints for a pair without a book), so a settlement run late
 * (after a restart) still takes the price of its instant. Each settlement is guarded by `status = 1`, so an order
 * never settles twice, and is a savepoint of its own in the run's transaction, so one that cannot be paid holds up
 * no other. The exchange's scheduler runs `settleDue` at the next due time
 * (`nextDue`), and a new order wakes it.
 */
export class MicroEngine {
  /** Due time → settled, in ms, of the last run (the benchmark reads it). */
  lastLagMs: number[] = [];
  /** Running orders a run could not settle, with the reason last logged (each is logged once, not at every retry). */
  private readonly unsettled = new Map<number, string>();

  constructor(
    private readonly db: DB,
    private readonly market: Market,
    private readonly hub: Hub,
    private readonly messenger: Messenger,
    private readonly opts: MicroEngineOptions,
  ) {}

  /** The earliest due time of a running order (the scheduler's next run). */
  nextDue(): number | null {
    return nextMicroDue(this.db);
  }

  /** How long an order of `seconds` runs, in ms (its option's time; a test setup may shorten it). */
  runMs(seconds: number): number {
    return (this.opts.testDueSeconds ?? seconds) * 1000;
  }

  /** An order was placed: the scheduler wakes in time for it. */
  placed(dueAt: number): void {
    if (this.opts.timer !== false) this.opts.wake?.(dueAt);
  }

  /** The pair's last trade at or before `at` (the open price if none). */
  priceAt(matchId: number, at: number): string | null {
    return lastTradePriceAt(this.db, matchId, at);
  }

  /**
   * Settles every running order due at `now` or before; answers how many. All in one transaction, each order in a
   * savepoint of its own: one that cannot be settled (the house short of a win) is undone alone, logged, and left
   * running for a later run, while the others settle.
   */
  settleDue(now = this.opts.clock()): number {
    const due = dueMicroOrders(this.db, now, 5000);
    if (due.length === 0) return 0;
    const failed: { id: number; reason: string }[] = [];
    const settled = this.db.transaction(() => {
      const out: MicroRow[] = [];
      for (const r of due) {
        try {
          const row = this.db.transaction(() => this.settleOne(r, now))();
          if (row) out.push(row);
        } catch (err) {
          failed.push({ id: r.id, reason: whyNotPaid(err) });
        }
      }
      return out;
    })();
    this.lastLagMs = settled.map((r) => now - r.due_at);
    for (const r of settled) {
      this.unsettled.delete(r.id);
      this.hub.publishToUser(r.user_id, "MICRO_CLOSED", (lang) => ({
        type: "MICRO_CLOSED",
        order: this.present(r, this.messenger.translator(isLang(lang) ? (lang as Lang) : "en"), now),
      }));
    }
    // Each order that cannot be settled is told once (again only if its reason changes), not at every retry.
    for (const f of failed) {
      if (this.unsettled.get(f.id) === f.reason) continue;
      this.unsettled.set(f.id, f.reason);
      this.opts.log(`[micro] order #${f.id} not settled: ${f.reason}; it is tried again on the next run`);
    }
    this.opts.log(`[micro] settled ${settled.length} order(s)${failed.length ? `, ${failed.length} not settled` : ""}`);
    return settled.length;
  }

  /** One due order's settlement (inside its own savepoint); null if it was no longer running. */
  private settleOne(r: MicroRow & { hold_id: number }, now: number): MicroRow | null {
    const batch = new Ledger(this.db);
    try {
      const end = this.priceAt(r.match_id, r.due_at) ?? r.open_price;
      const s = settleMicro({ type: r.type, open: r.open_price, end, stake: r.number, ratio: r.profit_ratio });
      if (!closeMicroOrder(this.db, r.id, { endPrice: end, result: s.result, profit: s.profit, now })) return null;
      const user = { userId: r.user_id, currencyId: r.currency_id, accountCode: "micro_account" as const };
      const house = { userId: this.opts.houseId, currencyId: r.currency_id, accountCode: "change_account" as const };
      // The stake's hold: posted to the house when it is lost, voided (back to the owner, with any winnings) otherwise.
      const hold = { id: r.hold_id, user_id: r.user_id, currency_id: r.currency_id, account_code: "micro_account" as const };
      const stake = releaseLeg(hold, r.number, s.result === "lose" ? "post" : "void");
      const legs: Leg[] = [stake];
      if (s.result === "lose") legs.push({ ...house, amount: r.number });
      else {
        legs.push({ ...user, amount: s.payout });
        if (s.result === "win") legs.push({ ...house, amount: new Decimal(s.profit).neg().toFixed() });
      }
      batch.post({ type: `micro_${s.result}`, extra: { micro_order_id: r.id }, now, legs });
      noticeSecondSettled(
        { db: this.db, now, log: this.opts.log },
        {
          userId: r.user_id,
          orderId: r.id,
          symbol: this.market.pairs.get(r.match_id)?.symbol ?? "",
          endPrice: end,
          profit: s.profit,
          coin: currencyCode(this.db, r.currency_id),
        },
      );
      batch.flush();
      const { hold_id: _hold, ...row } = r;
      return { ...row, status: 3, end_price: end, result: s.result, fact_profits: s.profit, settled_at: now };
    } finally {
      batch.clear();
    }
  }

  present(r: MicroRow, _t: Translate, now = this.opts.clock()): MicroOrder {
    const pair = this.market.pairs.get(r.match_id);
    const running = r.status === MICRO_STATUS.RUNNING;
    const current = running ? this.market.price(r.match_id) : r.end_price;
    const expected = running
      ? settleMicro({ type: r.type, open: r.open_price, end: current ?? r.open_price, stake: r.number, ratio: r.profit_ratio }).profit
      : (r.fact_profits ?? "0");
    const code = currencyCode(this.db, r.currency_id);
    return {
      id: r.id,
      match_id: r.match_id,
      symbol_name: pair?.symbol ?? "",
      seconds: r.seconds,
      number: r.number,
      currency_name: code,
      open_price: r.open_price,
      end_price: current,
      type: r.type,
      status: r.status,
      profit_ratio: r.profit_ratio,
      fact_profits: running ? null : r.fact_profits,
      expected_profits: expected,
      result: r.result,
      fee: r.fee,
      remain_milli_seconds: running ? Math.max(0, r.due_at - now) : 0,
      created_at: r.created_at,
      due_at: r.due_at,
    };
  }
}

export { MICRO_STATUS };
export type { MicroRow };
