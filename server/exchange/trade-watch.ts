import { isBuyOrder, SPOT_ORDER_STATUS } from "../../app/contract/core/index";
import type { DB } from "./db/index";
import type { EngineEvent } from "./engine/engine";
import { parseScaled } from "./engine/fixed";
import type { Market } from "./market";
import { activeAlerts, firePriceAlert, type PriceAlertRow } from "./models/notifications";
import { noticePriceAlert, noticeSpotFilled, noticeStopTriggered } from "./notices";

/** One active alert as the watcher keeps it: its threshold scaled (1e8), for exact comparison. */
interface Watched {
  id: number;
  userId: number;
  at: bigint;
  price: string;
  email: boolean;
}

/** A pair's active alerts: `above` sorted by threshold ascending, `below` descending, so what fires is a prefix. */
interface PairAlerts {
  above: Watched[];
  below: Watched[];
}

/** Index of the first element of `list` (sorted by `before`) that `w` does not come after. */
function insertAt(list: Watched[], w: Watched, before: (a: Watched, b: Watched) => boolean): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (before(list[mid]!, w)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

const ascending = (a: Watched, b: Watched) => a.at < b.at || (a.at === b.at && a.id < b.id);
const descending = (a: Watched, b: Watched) => a.at > b.at || (a.at === b.at && a.id < b.id);

export interface TradeWatchOptions {
  clock: () => number;
  log: (line: string) => void;
  /** System users (market maker, fee collector, treasury): no notifications for their fills. */
  systemIds: Iterable<number>;
}

/**
 * What the spot engine's committed batches mean for people, worked out after the batch (the engine's `afterCommit`,
 * a later turn of the event loop), so matching never waits for it (decision 024):
 * - each of a person's orders that traded in the batch: one notification, filled or partly filled;
 * - price alerts: every active alert is kept in memory per pair, sorted by threshold ('above' ascending, 'below'
 *   descending), so the alerts a batch's highest and lowest trade prices cross are a prefix of each list, found in
 *   O(log n) and taken in O(k). Each fires once: the row moves from active to fired under a guard in the same
 *   transaction as its notification.
 */
export class TradeWatch {
  private readonly pairs = new Map<number, PairAlerts>();
  private readonly system: Set<number>;
  private pending = 0;
  private waiters: Array<() => void> = [];
  /** Crossing trade committed → its alerts' notifications stored, in ms, of the last batch that fired any (the benchmark). */
  lastFireMs: number | null = null;

  constructor(
    private readonly db: DB,
    private readonly market: Market,
    private readonly opts: TradeWatchOptions,
  ) {
    this.system = new Set(opts.systemIds);
    for (const row of activeAlerts(db)) this.watch(row);
  }

  /** How many alerts are watched (all pairs). */
  size(): number {
    let n = 0;
    for (const p of this.pairs.values()) n += p.above.length + p.below.length;
    return n;
  }

  /** Starts watching an active alert (after the row is committed). */
  watch(row: PriceAlertRow): void {
    if (row.status !== "active") return;
    let p = this.pairs.get(row.match_id);
    if (!p) this.pairs.set(row.match_id, (p = { above: [], below: [] }));
    const w: Watched = { id: row.id, userId: row.user_id, at: parseScaled(row.price), price: row.price, email: row.email === 1 };
    if (row.direction === "above") p.above.splice(insertAt(p.above, w, ascending), 0, w);
    else p.below.splice(insertAt(p.below, w, descending), 0, w);
  }

  /** Stops watching an alert (deleted by its owner). */
  unwatch(id: number, matchId: number): void {
    const p = this.pairs.get(matchId);
    if (!p) return;
    p.above = p.above.filter((w) => w.id !== id);
    p.below = p.below.filter((w) => w.id !== id);
  }

  /** The engine's after-commit hook. */
  onCommitted(events: EngineEvent[], committedAt = performance.now()): void {
    this.pending++;
    try {
      this.work(events, committedAt);
    } finally {
      this.pending--;
      if (this.pending === 0) for (const w of this.waiters.splice(0)) w();
    }
  }

  /** Resolves when the after-commit work of every committed batch so far is done (tests, the benchmark). */
  settled(): Promise<void> {
    return new Promise((resolve) => setImmediate(() => (this.pending === 0 ? resolve() : this.waiters.push(resolve))));
  }

  private work(events: EngineEvent[], committedAt: number): void {
    // Highest and lowest trade price of the batch per pair.
    const range = new Map<number, { hi: bigint; lo: bigint; hiText: string; loText: string }>();
    // The last state of each person's order that traded, and what traded of it in this batch.
    const fills = new Map<number, { e: Extract<EngineEvent, { kind: "match" }>; traded: bigint }>();
    // Stop-limit orders that went on the book, with the price of the trade that reached them (the batch's latest
    // trade of that pair when the engine fired it).
    const latest = new Map<number, string>();
    const triggered: { e: Extract<EngineEvent, { kind: "trigger" }>; price: string }[] = [];
    for (const e of events) {
      if (e.kind === "trigger") {
        if (!this.system.has(e.userId)) triggered.push({ e, price: latest.get(e.order.match_id) ?? e.trigger });
      } else if (e.kind === "trades") {
        for (const t of e.trades) {
          latest.set(e.matchId, t.price);
          const v = parseScaled(t.price);
          const r = range.get(e.matchId);
          if (!r) range.set(e.matchId, { hi: v, lo: v, hiText: t.price, loText: t.price });
          else {
            if (v > r.hi) [r.hi, r.hiText] = [v, t.price];
            if (v < r.lo) [r.lo, r.loText] = [v, t.price];
          }
        }
      } else if (e.kind === "match" && !this.system.has(e.userId)) {
        const prev = fills.get(e.orderId);
        fills.set(e.orderId, { e, traded: (prev?.traded ?? 0n) + parseScaled(e.number) });
      }
    }
    const fired: { w: Watched; matchId: number; direction: "above" | "below"; price: string }[] = [];
    for (const [matchId, r] of range) {
      const p = this.pairs.get(matchId);
      if (!p) continue;
      let n = 0;
      while (n < p.above.length && p.above[n]!.at <= r.hi) n++;
      for (const w of p.above.splice(0, n)) fired.push({ w, matchId, direction: "above", price: r.hiText });
      n = 0;
      while (n < p.below.length && p.below[n]!.at >= r.lo) n++;
      for (const w of p.below.splice(0, n)) fired.push({ w, matchId, direction: "below", price: r.loText });
    }
    if (fills.size === 0 && fired.length === 0 && triggered.length === 0) return;
    const now = this.opts.clock();
    const deps = { db: this.db, now, log: this.opts.log };
    const store = this.db.transaction(() => {
      for (const { e, traded } of fills.values()) {
        const pair = this.market.pairs.get(e.matchId);
        const o = e.order;
        noticeSpotFilled(deps, {
          userId: e.userId,
          orderId: e.orderId,
          symbol: pair?.symbol ?? "",
          side: isBuyOrder(o) ? "buy" : "sell",
          price: e.price,
          traded: formatBase(traded),
          filled: o.transacted_amount,
          number: o.number,
          done: o.status === SPOT_ORDER_STATUS.COMPLETED,
        });
      }
      for (const { e, price } of triggered) {
        noticeStopTriggered(deps, {
          userId: e.userId,
          orderId: e.order.id,
          symbol: this.market.pairs.get(e.order.match_id)?.symbol ?? "",
          side: isBuyOrder(e.order) ? "buy" : "sell",
          stopPrice: e.trigger,
          price,
        });
      }
      for (const f of fired) {
        if (!firePriceAlert(this.db, f.w.id, f.price, now)) continue;
        noticePriceAlert(deps, {
          userId: f.w.userId,
          alertId: f.w.id,
          symbol: this.market.pairs.get(f.matchId)?.symbol ?? "",
          direction: f.direction,
          target: f.w.price,
          price: f.price,
          email: f.w.email,
        });
      }
    });
    try {
      store();
    } catch (err) {
      // Nothing was stored: the alerts are watched again, to fire on a later trade.
      for (const f of fired)
        this.watch({
          id: f.w.id,
          user_id: f.w.userId,
          match_id: f.matchId,
          direction: f.direction,
          price: f.w.price,
          email: f.w.email ? 1 : 0,
          status: "active",
          created_at: 0,
          fired_at: null,
          fired_price: null,
        });
      throw err;
    }
    if (fired.length) {
      this.lastFireMs = performance.now() - committedAt;
      this.opts.log(`[alerts] ${fired.length} price alert(s) fired`);
    }
  }
}

function formatBase(v: bigint): string {
  const s = v.toString().padStart(9, "0");
  const int = s.slice(0, -8);
  const frac = s.slice(-8).replace(/0+$/, "");
  return frac ? `${int}.${frac}` : int;
}
