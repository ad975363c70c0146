import type { Statement } from "better-sqlite3";
import type { Depth, Trade } from "../../../app/contract/index";
import type { DB } from "../db/index";
import {
  SPOT_ACCOUNT,
  SPOT_ORDER_STATUS,
  TRADE_WAY,
  type FillRole,
  type SpotOrderStatus,
  type TimeInForce,
} from "../../../app/contract/core/index";
import { FIND_SPOT_ORDER_KEY, INSERT_SPOT_ORDER_KEY } from "../ledger/spot-keys";
import { Ledger, LedgerError, type HoldShare, type UserLeg } from "../ledger/index";
import { lockLeg, openedHold } from "../ledger/holds";
import type { Market, PairInfo, TradeInput } from "../market";
import { BUY, OrderBook, SELL, type Fill, type Way } from "./book";
import { decimalsOf, formatFixed, formatScaled, parseScaled, QUOTE_DIGITS, SCALE, SCALE_DIGITS } from "./fixed";
import { StopBook } from "./stops";

/** Order states (spot_orders.status), the contract's. */
type OrderStatus = SpotOrderStatus;
/** What the book knows: a stop-limit order is a limit order with a trigger price (the answer calls it 'stop_limit'). */
export type OrderType = "limit" | "market";
const { OPEN, COMPLETED, CANCELLED, REVOKED, UNTRIGGERED } = SPOT_ORDER_STATUS;
/** Depth levels per side in market/deal and MARKET_DEPTH. */
export const DEPTH_LEVELS = 20;

/** An order as stored and answered (money as decimal strings). */
export interface OrderRow {
  id: number;
  user_id: number;
  match_id: number;
  way: Way;
  type: OrderType;
  price: string;
  number: string;
  transacted_amount: string;
  transacted_volume: string;
  fee: string;
  locked: string;
  status: OrderStatus;
  created_at: number;
  updated_at: number;
  /** Stop-limit: the last price that places it on the book; null for an order without one. */
  trigger_price: string | null;
  /** When a stop-limit order went on the book; null while it waits, and for other orders. */
  triggered_at: number | null;
  /** OCO: the OCO's id (its limit order's id), on both of its orders; null otherwise. */
  oco_id: number | null;
  /** Its place in its price level's queue (time priority), taken when it went on the book; null if it never did. */
  queued: number | null;
  /** A limit order's time in force other than good till cancelled ('ioc', 'fok', 'post_only'); null otherwise. */
  time_in_force: Exclude<TimeInForce, "gtc"> | null;
}

export type AddCommand = {
  kind: "add";
  userId: number;
  matchId: number;
  way: Way;
  type: OrderType;
  /** Required for a limit order; ignored for a market order. */
  price?: string;
  number: string;
  /**
   * A stop-limit order (with a limit `price`): it waits, its funds held, until a trade's price reaches this trigger
   * (a sell at or below it, a buy at or above), then goes on the book as a limit order in the same batch.
   */
  trigger?: string;
  /**
   * How long a limit order works (docs/product.md, "/trade"): until cancelled (absent, 'gtc'); 'ioc' takes what the
   * book has at its price or better and the rest is revoked at once; 'fok' fills whole at once or is refused;
   * 'post_only' only rests, refused if it would take. Limit orders only (not a stop-limit's).
   */
  timeInForce?: TimeInForce;
  idempotencyKey?: string;
};
/**
 * An OCO: a limit order at `price` and a stop-limit order (trigger `trigger`, limit `stopPrice`) of the same side and
 * quantity, holding funds once for both. When the limit order fills (even partly) the stop is cancelled; when the
 * stop triggers the limit order is cancelled.
 */
export type OcoCommand = {
  kind: "oco";
  userId: number;
  matchId: number;
  way: Way;
  number: string;
  price: string;
  trigger: string;
  stopPrice: string;
  idempotencyKey?: string;
};
/** Cancels every working order (on the book or untriggered) of a user, on one pair or on all. */
export type CancelAllCommand = { kind: "cancel_all"; userId: number; matchId?: number };
export type CancelCommand = {
  kind: "cancel";
  userId: number;
  orderId: number;
  /** tx_in/cancel only cancels buys, tx_out/cancel sells. */ way?: Way;
};
export type Command = AddCommand | CancelCommand | OcoCommand | CancelAllCommand;

export type EngineErrorKey =
  | "pair_not_found"
  | "price_required"
  | "price_invalid"
  | "price_precision"
  | "trigger_required"
  | "trigger_invalid"
  | "trigger_precision"
  | "trigger_above_last"
  | "trigger_below_last"
  | "oco_price_below_last"
  | "oco_price_above_last"
  | "number_invalid"
  | "insufficient_balance"
  | "no_best_price"
  | "post_only_would_take"
  | "ioc_nothing_to_take"
  | "fok_not_filled"
  | "fok_nothing_to_take"
  | "idempotency_key_reused"
  | "order_not_found"
  | "order_not_open"
  | "server_error";

export type CommandRefusal = {
  ok: false;
  error: EngineErrorKey;
  vars?: Record<string, string | number>;
  /** The payload field the refusal concerns (price, trigger_price, stop_price, number). */
  field?: string;
};
/** An accepted order (an OCO's limit order, with its stop-limit order as `linked`), or a refusal. */
export type CommandResult = { ok: true; order: OrderRow; linked?: OrderRow; repeated?: boolean } | CommandRefusal;
/** Cancel all: the orders it cancelled (an OCO's two orders both), oldest first. */
export type CancelAllResult = { ok: true; cancelled: OrderRow[] } | { ok: false; error: "server_error" };

/** What happened in a committed batch; published after the commit. */
export type EngineEvent =
  | { kind: "submit"; userId: number; order: OrderRow }
  | { kind: "cancel"; userId: number; order: OrderRow }
  | {
      kind: "match";
      userId: number;
      matchId: number;
      orderId: number;
      way: Way;
      price: string;
      number: string;
      /** The order after the command. */ order: OrderRow;
    }
  | { kind: "trades"; matchId: number; trades: Trade[] }
  | { kind: "book"; matchId: number }
  /**
   * A stop-limit order's trigger price was reached and it went on the book (in the batch of the trade that reached
   * it); `order` is the order after its own matching. Listeners (the live pushes, notifications) take it from here.
   */
  | { kind: "trigger"; userId: number; order: OrderRow; trigger: string };

export interface EngineOptions {
  /** Fee of the resting order's owner, a decimal fraction (default '0.001' = 0.1 %). */
  makerFee?: string;
  /** Fee of the incoming order's owner (default '0.001'). */
  takerFee?: string;
  /** Receives every fee. */
  feeUserId: number;
  /** Users that pay no fee (the market maker). */
  feeExempt?: Iterable<number>;
  /** Trades where both sides belong to these users are marked source 'mm' (pruned like simulated history). */
  marketMakerIds?: Iterable<number>;
  log?: (line: string) => void;
  /** Clock (tests). */
  now?: () => number;
}

/** The live state of an open order (amounts bigint: base at 1e8, quote at 1e16). */
interface OrderState {
  id: number;
  userId: number;
  matchId: number;
  way: Way;
  type: OrderType;
  /** Limit price (1e8); 0n for a market order. */
  price: bigint;
  number: bigint;
  filled: bigint;
  volume: bigint;
  /** Buy: base (1e8); sell: quote (1e16). */
  fee: bigint;
  /** Buy: quote (1e16); sell: base (1e8). */
  locked: bigint;
  /**
   * The id of the order's hold (ledger `holds`), which holds exactly `locked`; 0 if the database had none for it. An
   * OCO's two orders name the same hold (ref_id the OCO's id); while both wait, the limit order's `locked` is all of it.
   */
  holdId: number;
  status: OrderStatus;
  createdAt: number;
  updatedAt: number;
  /** Stop-limit: the trigger price (1e8); 0n for an order without one. */
  trigger: bigint;
  triggeredAt: number | null;
  /** OCO: the OCO's id (its limit order's id); 0 otherwise. */
  ocoId: number;
  /** OCO: the other order while both still work; null once one has filled, triggered or been cancelled. */
  partner: OrderState | null;
  /** Its place in the queue of its price level (0 until it rests on the book). */
  queued: number;
  /** A limit order's time in force, null for good till cancelled (only placing it reads it; the row keeps it). */
  tif: Exclude<TimeInForce, "gtc"> | null;
}

/** A fill of one side of a trade, written to spot_fills at the end of the batch. */
interface FillRecord {
  userId: number;
  orderId: number;
  /** Index into the trades of its settle call until they are saved, then the trade's id. */
  tradeId: number;
  matchId: number;
  way: Way;
  role: FillRole;
  price: string;
  number: string;
  fee: string;
  time: number;
}
const FILL_COLUMNS = 10;
const FILLS_PER_INSERT = 64;

type AnyResult = CommandResult | CancelAllResult;

interface Pending {
  cmd: Command;
  resolve: (r: AnyResult) => void;
  reject: (e: unknown) => void;
}

/** What one command takes out of one hold (quote scale): sent on to the counterparty, or given back. */
interface HoldTake {
  post: bigint;
  void: bigint;
}

/**
 * Balance deltas of one command, per (user, currency, field), all at quote scale (1e16); a locked column's delta
 * carries the holds it takes from.
 */
interface Delta {
  userId: number;
  currencyId: number;
  field: "balance" | "lock_balance";
  amount: bigint;
  type: string;
  holds?: Map<number, HoldTake>;
}
type Deltas = Map<string, Delta>;

const RATE_DIGITS = 8;

function parseRate(v: string): bigint {
  return parseScaled(v, RATE_DIGITS);
}

/**
 * The spot matching engine: one in-memory OrderBook per pair, SQLite as the truth.
 *
 * Every command (add, cancel) goes through `submit`, which queues it. Commands that arrive in the same
 * event-loop tick are applied one after the other in ONE SQLite transaction (acceptance, fills, fees,
 * balance changes through the ledger with their account-log rows, trades, candles) and committed with
 * synchronous=FULL; only then are their promises resolved and the live pushes sent (group commit).
 * If anything unexpected fails, the batch rolls back, the books are rebuilt from the database, and the
 * commands are retried one transaction each so that one bad command cannot sink its neighbours.
 */
export class SpotEngine {
  readonly books = new Map<number, OrderBook>();
  /** Working orders: on the book (status open) or waiting for their trigger (untriggered). */
  private readonly open = new Map<number, OrderState>();
  /** The untriggered stop-limit orders of each pair, in the order they fire. */
  readonly stops = new Map<number, StopBook<OrderState>>();
  /** The lowest and highest trade price since the stops were last looked at (this command's trades). */
  private low: bigint | null = null;
  private high: bigint | null = null;
  /** Fills of the batch in progress (written with its commit). */
  private fills: FillRecord[] = [];
  private readonly pairs: Map<number, PairInfo>;
  private readonly makerRate: bigint;
  private readonly takerRate: bigint;
  private readonly feeUserId: number;
  private readonly feeExempt: Set<number>;
  private readonly mmIds: Set<number>;
  private readonly now: () => number;
  private readonly log: (line: string) => void;
  private queue: Pending[] = [];
  private scheduled = false;
  private nextId = 1;
  /** The next place in a price level's queue: orders take one as they go on the book (a stop when it triggers). */
  private nextQueued = 1;
  private closed = false;
  private idleWaiters: Array<() => void> = [];
  private readonly st: Record<string, Statement>;
  /** The ledger of the batch in progress (one read and one write per account per batch). */
  private readonly ledger: Ledger;
  /** Batches committed, commands in the last batch, and the largest batch so far. */
  readonly stats = { commits: 0, commands: 0, lastBatch: 0, maxBatch: 0, rebuilds: 0 };
  /** Receives the events of each committed batch. */
  onEvents: ((events: EngineEvent[]) => void) | null = null;
  /**
   * Told of each committed batch's events after its answers and live pushes, on a later turn of the event loop, so
   * what it does (notifications of fills, price alerts) never delays a batch or its answer.
   */
  afterCommit: ((events: EngineEvent[]) => void) | null = null;
  /** Told of each batch once answered: its commands, how many were refused, and the seconds from flush to answer. */
  onBatch: ((batch: { commands: number; refused: number; seconds: number }) => void) | null = null;

  constructor(
    private readonly db: DB,
    private readonly market: Market,
    opts: EngineOptions,
  ) {
    this.pairs = market.pairs;
    this.makerRate = parseRate(opts.makerFee ?? "0.001");
    this.takerRate = parseRate(opts.takerFee ?? "0.001");
    this.feeUserId = opts.feeUserId;
    this.feeExempt = new Set(opts.feeExempt ?? []);
    this.mmIds = new Set(opts.marketMakerIds ?? []);
    this.now = opts.now ?? Date.now;
    this.log = opts.log ?? (() => {});
    this.st = {
      insertOrder: db.prepare(
        `INSERT INTO spot_orders (id, user_id, match_id, way, type, price, number, transacted_amount, transacted_volume, fee, locked, status, created_at, updated_at,
           trigger_price, triggered_at, oco_id, queued, time_in_force)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ),
      updateOrder: db.prepare(
        `UPDATE spot_orders SET price = ?, transacted_amount = ?, transacted_volume = ?, fee = ?, locked = ?, status = ?, updated_at = ?,
           triggered_at = ?, queued = ? WHERE id = ?`,
      ),
      findOrder: db.prepare("SELECT * FROM spot_orders WHERE id = ?"),
      findKey: db.prepare(FIND_SPOT_ORDER_KEY),
      insertKey: db.prepare(INSERT_SPOT_ORDER_KEY),
    };
    this.ledger = new Ledger(db);
    this.rebuild();
    market.depthSource = (matchId) => this.depth(matchId);
  }

  // ------------------------------------------------------------------ public API

  /** Queues a command; resolves after the batch holding it is committed. */
  submit(cmd: CancelAllCommand): Promise<CancelAllResult>;
  submit(cmd: AddCommand | CancelCommand | OcoCommand): Promise<CommandResult>;
  submit(cmd: Command): Promise<CommandResult | CancelAllResult>;
  submit(cmd: Command): Promise<CommandResult | CancelAllResult> {
    if (this.closed) return Promise.resolve({ ok: false, error: "server_error" });
    return new Promise((resolve, reject) => {
      this.queue.push({ cmd, resolve, reject });
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => this.flush());
      }
    });
  }

  /** Resolves when no command is queued. */
  idle(): Promise<void> {
    if (!this.scheduled && this.queue.length === 0) return Promise.resolve();
    return new Promise((r) => this.idleWaiters.push(r));
  }

  /** Refuses new commands after the queued ones are committed. */
  async close(): Promise<void> {
    await this.idle();
    this.closed = true;
  }

  book(matchId: number): OrderBook | undefined {
    return this.books.get(matchId);
  }

  /** Aggregated depth of the real book, best first, prices at the pair's precision. */
  depth(matchId: number, levels = DEPTH_LEVELS): Depth {
    const p = this.pairs.get(matchId);
    const book = this.books.get(matchId);
    if (!p || !book) return { in: [], out: [] };
    const d = book.depth(levels);
    const entry = ([price, total]: [bigint, bigint]) => ({ price: formatFixed(price, p.pricePrecision), amount: formatScaled(total) });
    return { in: d.bids.map(entry), out: d.asks.map(entry) };
  }

  /** Working orders (open and untriggered) of a user on a pair (the market maker reconciles its ladder with this). */
  openOrdersOf(userId: number, matchId?: number): OrderRow[] {
    const out: OrderRow[] = [];
    for (const o of this.open.values()) if (o.userId === userId && (matchId === undefined || o.matchId === matchId)) out.push(this.row(o));
    return out;
  }

  /**
   * Rebuilds every book and every pair's stops from the working orders in the database (start, and after a
   * rolled-back batch). An order's hold is the one of its OCO when it has one (ref_id the OCO's id), else its own.
   */
  rebuild(): void {
    this.books.clear();
    this.stops.clear();
    this.open.clear();
    this.fills = [];
    this.low = this.high = null;
    for (const p of this.pairs.values()) {
      this.books.set(p.id, new OrderBook());
      this.stops.set(p.id, new StopBook());
    }
    const rows = this.db
      .prepare(
        `SELECT o.*, COALESCE(h.id, 0) AS hold_id FROM spot_orders o
         LEFT JOIN holds h ON h.kind = 'spot_order' AND h.ref_id = COALESCE(o.oco_id, o.id) AND h.status = 'pending'
         WHERE o.status IN (?, ?) ORDER BY COALESCE(o.queued, o.id)`,
      )
      .all(OPEN, UNTRIGGERED) as (OrderRow & { hold_id: number })[];
    const ocos = new Map<number, OrderState>();
    for (const r of rows) {
      const s = this.fromRow(r, r.hold_id);
      this.open.set(s.id, s);
      if (s.status === UNTRIGGERED) this.stops.get(s.matchId)?.add(s);
      else this.books.get(s.matchId)?.add(s.id, s.userId, s.way, s.price, s.number - s.filled);
      if (s.ocoId) {
        const other = ocos.get(s.ocoId);
        if (other) {
          s.partner = other;
          other.partner = s;
        } else ocos.set(s.ocoId, s);
      }
    }
    const max = this.db.prepare("SELECT MAX(id) AS m, MAX(queued) AS q FROM spot_orders").get() as { m: number | null; q: number | null };
    this.nextId = (max.m ?? 0) + 1;
    this.nextQueued = Math.max(max.m ?? 0, max.q ?? 0) + 1;
  }

  // ------------------------------------------------------------------ group commit

  private flush(): void {
    this.scheduled = false;
    const batch = this.queue;
    this.queue = [];
    if (batch.length === 0) return this.wakeIdle();
    const started = performance.now();
    const events: EngineEvent[] = [];
    let results: AnyResult[];
    try {
      results = this.db.transaction(() => {
        this.ledger.clear();
        this.fills = [];
        const out = batch.map((p) => this.apply(p.cmd, events));
        this.writeFills();
        this.ledger.flush();
        return out;
      })();
      this.ledger.clear();
    } catch (err) {
      // Unexpected: the memory may be ahead of the rolled-back database. Rebuild, then retry one by one.
      this.log(`[engine] batch of ${batch.length} rolled back: ${err instanceof Error ? err.stack : String(err)}`);
      this.recover();
      events.length = 0;
      results = batch.map((p) => {
        const own: EngineEvent[] = [];
        try {
          const r = this.db.transaction(() => {
            this.ledger.clear();
            this.fills = [];
            const out = this.apply(p.cmd, own);
            this.writeFills();
            this.ledger.flush();
            return out;
          })();
          this.ledger.clear();
          events.push(...own);
          this.stats.commits++;
          return r;
        } catch (e) {
          this.log(`[engine] command failed: ${e instanceof Error ? e.stack : String(e)}`);
          this.recover();
          return { ok: false, error: "server_error" } as AnyResult;
        }
      });
      this.finish(batch, results, events, started);
      return;
    }
    this.stats.commits++;
    this.finish(batch, results, events, started);
  }

  private finish(batch: Pending[], results: AnyResult[], events: EngineEvent[], started: number): void {
    this.stats.commands += batch.length;
    this.stats.lastBatch = batch.length;
    if (batch.length > this.stats.maxBatch) this.stats.maxBatch = batch.length;
    for (let i = 0; i < batch.length; i++) batch[i].resolve(results[i]);
    if (this.onBatch) {
      let refused = 0;
      for (const r of results) if (!r.ok) refused++;
      this.onBatch({ commands: batch.length, refused, seconds: (performance.now() - started) / 1000 });
    }
    if (events.length > 0 && this.onEvents) {
      try {
        this.onEvents(events);
      } catch (err) {
        this.log(`[engine] publishing failed: ${err instanceof Error ? err.stack : String(err)}`);
      }
    }
    const after = this.afterCommit;
    if (events.length > 0 && after) {
      setImmediate(() => {
        try {
          after(events);
        } catch (err) {
          this.log(`[engine] after-commit work failed: ${err instanceof Error ? err.stack : String(err)}`);
        }
      });
    }
    if (this.queue.length === 0) this.wakeIdle();
  }

  private recover(): void {
    this.ledger.clear();
    this.stats.rebuilds++;
    this.rebuild();
    this.market.resetCaches();
  }

  private wakeIdle(): void {
    const w = this.idleWaiters;
    this.idleWaiters = [];
    for (const r of w) r();
  }

  // ------------------------------------------------------------------ commands (inside the batch transaction)

  private apply(cmd: Command, events: EngineEvent[]): AnyResult {
    this.low = this.high = null;
    switch (cmd.kind) {
      case "add":
        return this.add(cmd, events);
      case "oco":
        return this.oco(cmd, events);
      case "cancel":
        return this.cancel(cmd, events);
      case "cancel_all":
        return this.cancelAll(cmd, events);
    }
  }

  /**
   * An incoming order, in named steps: validate (pair, repeated key, price, trigger, quantity, what to lock), lock its
   * funds, match it against the book, settle what is left of it, persist the order with its money and key, then fire
   * the stops its trades reached. A stop-limit order is locked and persisted untriggered, without matching.
   */
  private add(cmd: AddCommand, events: EngineEvent[]): CommandResult {
    const pair = this.pairs.get(cmd.matchId);
    const book = this.books.get(cmd.matchId);
    if (!pair || !book || pair.openChange !== 1) return { ok: false, error: "pair_not_found" };
    const seen = this.repeated(cmd.userId, cmd.idempotencyKey, false);
    if (seen) return seen;
    const v = this.validate(cmd, pair, book);
    if (!v.ok) return v;
    const tif = cmd.type === "limit" && cmd.trigger === undefined ? (cmd.timeInForce ?? "gtc") : "gtc";
    if (tif !== "gtc") {
      const refused = this.timeInForceRefusal(tif, cmd.way, v.price, v.qty, pair, book);
      if (refused) return refused;
    }
    let trigger = 0n;
    if (cmd.trigger !== undefined) {
      const t = this.validateTrigger(cmd.trigger, cmd.way, pair);
      if (!t.ok) return t;
      trigger = t.trigger;
    }
    const now = this.now();
    const id = this.nextId;
    const held = this.lock(cmd.userId, cmd.way, pair, id, v.lock, now);
    if (typeof held !== "number") return held;
    this.nextId++;
    const taker = this.newOrder(id, cmd.userId, pair, cmd.way, cmd.type, v.price, v.qty, v.lock, held, now);
    if (tif !== "gtc") taker.tif = tif;
    if (trigger > 0n) {
      // A stop-limit order waits, its funds held, until a trade reaches its trigger.
      taker.trigger = trigger;
      taker.status = UNTRIGGERED;
      this.stops.get(pair.id)!.add(taker);
      this.open.set(taker.id, taker);
      const order = this.persist(cmd.userId, cmd.idempotencyKey, taker, new Map(), events, events.length, now);
      return { ok: true, order };
    }
    const firstEvent = events.length;
    const deltas: Deltas = new Map();
    const filled = this.match(pair, book, taker, v.takeQty, deltas, events, now);
    this.rest(pair, book, taker, deltas, tif === "ioc");
    const order = this.persist(cmd.userId, cmd.idempotencyKey, taker, deltas, events, firstEvent, now);
    if (filled || cmd.type === "limit") events.push({ kind: "book", matchId: pair.id });
    this.fireStops(pair, events, now);
    return { ok: true, order };
  }

  /**
   * An OCO: one hold for both orders (what the dearer of the two needs: a buy's higher limit price × quantity, a
   * sell's quantity), opened under the OCO's id, which is its limit order's id. The limit order is placed and matched
   * like any other (if it fills at once, even partly, the stop is cancelled before it is ever stored untriggered).
   */
  private oco(cmd: OcoCommand, events: EngineEvent[]): CommandResult {
    const pair = this.pairs.get(cmd.matchId);
    const book = this.books.get(cmd.matchId);
    if (!pair || !book || pair.openChange !== 1) return { ok: false, error: "pair_not_found" };
    const seen = this.repeated(cmd.userId, cmd.idempotencyKey, true);
    if (seen) return seen;
    const limit = this.validate(
      { kind: "add", userId: cmd.userId, matchId: cmd.matchId, way: cmd.way, type: "limit", price: cmd.price, number: cmd.number },
      pair,
      book,
    );
    if (!limit.ok) return limit;
    const last = this.lastPrice(pair);
    // The limit order takes profit (a sell above the last price, a buy below it); the stop limits a loss.
    if (last !== null && (cmd.way === SELL ? limit.price <= last : limit.price >= last)) {
      return {
        ok: false,
        error: cmd.way === SELL ? "oco_price_below_last" : "oco_price_above_last",
        vars: { price: formatFixed(last, pair.pricePrecision) },
        field: "price",
      };
    }
    const t = this.validateTrigger(cmd.trigger, cmd.way, pair);
    if (!t.ok) return t;
    const stop = this.validate(
      { kind: "add", userId: cmd.userId, matchId: cmd.matchId, way: cmd.way, type: "limit", price: cmd.stopPrice, number: cmd.number },
      pair,
      book,
    );
    if (!stop.ok) return stop.field === "price" ? { ...stop, field: "stop_price" } : stop;
    const lock = limit.lock > stop.lock ? limit.lock : stop.lock;
    const now = this.now();
    const id = this.nextId;
    const held = this.lock(cmd.userId, cmd.way, pair, id, lock, now);
    if (typeof held !== "number") return held;
    this.nextId += 2;
    const l = this.newOrder(id, cmd.userId, pair, cmd.way, "limit", limit.price, limit.qty, lock, held, now);
    const s = this.newOrder(id + 1, cmd.userId, pair, cmd.way, "limit", stop.price, stop.qty, 0n, held, now);
    s.trigger = t.trigger;
    s.status = UNTRIGGERED;
    l.ocoId = s.ocoId = id;
    l.partner = s;
    s.partner = l;
    const firstEvent = events.length;
    const deltas: Deltas = new Map();
    const filled = this.match(pair, book, l, limit.takeQty, deltas, events, now);
    this.rest(pair, book, l, deltas);
    if (s.status === UNTRIGGERED) {
      this.stops.get(pair.id)!.add(s);
      this.open.set(s.id, s);
    }
    const order = this.persist(cmd.userId, undefined, l, deltas, events, firstEvent, now);
    const linked = this.persist(cmd.userId, undefined, s, new Map(), events, events.length, now);
    if (cmd.idempotencyKey) this.st.insertKey.run(cmd.userId, cmd.idempotencyKey, JSON.stringify({ ...order, linked }), now);
    if (filled || l.status === OPEN) events.push({ kind: "book", matchId: pair.id });
    this.fireStops(pair, events, now);
    return { ok: true, order, linked };
  }

  /**
   * The first answer to a repeated key (an OCO's carries its stop order as `linked`). A key that placed an OCO cannot
   * repeat as a single order, nor the other way round: that is refused on the key.
   */
  private repeated(userId: number, key: string | undefined, oco: boolean): CommandResult | null {
    if (!key) return null;
    const seen = this.st.findKey.get(userId, key) as { answer: string } | undefined;
    if (!seen) return null;
    const { linked, ...order } = JSON.parse(seen.answer) as OrderRow & { linked?: OrderRow };
    if (oco !== (linked !== undefined)) return { ok: false, error: "idempotency_key_reused", field: "idempotency_key" };
    return { ok: true, order, ...(linked ? { linked } : {}), repeated: true };
  }

  private newOrder(
    id: number,
    userId: number,
    pair: PairInfo,
    way: Way,
    type: OrderType,
    price: bigint,
    qty: bigint,
    locked: bigint,
    holdId: number,
    now: number,
  ): OrderState {
    return {
      id,
      userId,
      matchId: pair.id,
      way,
      type,
      price,
      number: qty,
      filled: 0n,
      volume: 0n,
      fee: 0n,
      locked,
      holdId,
      status: OPEN,
      createdAt: now,
      updatedAt: now,
      trigger: 0n,
      triggeredAt: null,
      ocoId: 0,
      partner: null,
      queued: 0,
      tif: null,
    };
  }

  /**
   * The order of the checks (docs/product.md, "Spot orders"): the price (limit) or a best price to take (market) first, then the
   * quantity. Then what to lock: a limit buy price × number quote, a sell number base, a market buy the exact quote the book asks for
   * `number` base right now (this walk and the match see the same book).
   */
  private validate(
    cmd: AddCommand,
    pair: PairInfo,
    book: OrderBook,
  ): { ok: true; price: bigint; qty: bigint; lock: bigint; takeQty: bigint } | CommandRefusal {
    let price = 0n;
    if (cmd.type === "limit") {
      if (cmd.price === undefined || cmd.price === "") return { ok: false, error: "price_required", field: "price" };
      const d = decimalsOf(cmd.price);
      if (d < 0) return { ok: false, error: "price_invalid", field: "price" };
      if (d > pair.pricePrecision && /[1-9]/.test(cmd.price.slice(cmd.price.indexOf(".") + 1 + pair.pricePrecision))) {
        return { ok: false, error: "price_precision", vars: { decimals: pair.pricePrecision }, field: "price" };
      }
      price = parseScaled(cmd.price);
      if (price <= 0n) return { ok: false, error: "price_invalid", field: "price" };
    } else if ((cmd.way === BUY ? book.bestAsk() : book.bestBid()) === null) {
      return { ok: false, error: "no_best_price" };
    }
    let qty: bigint;
    try {
      qty = parseScaled(cmd.number);
    } catch {
      return { ok: false, error: "number_invalid", field: "number" };
    }
    if (qty <= 0n) return { ok: false, error: "number_invalid", field: "number" };
    if (cmd.type === "market" && cmd.way === BUY) {
      const w = book.walk(BUY, qty);
      return { ok: true, price, qty, lock: w.quote, takeQty: w.qty };
    }
    return { ok: true, price, qty, lock: cmd.way === BUY && cmd.type === "limit" ? price * qty : qty, takeQty: qty };
  }

  /**
   * A stop's trigger: a decimal at the pair's precision, on the far side of the last price from where the price
   * stands (a sell stop below it, a buy stop above it), so it waits instead of firing at once.
   */
  private validateTrigger(value: string, way: Way, pair: PairInfo): { ok: true; trigger: bigint } | CommandRefusal {
    const field = "trigger_price";
    if (value === "") return { ok: false, error: "trigger_required", field };
    const d = decimalsOf(value);
    if (d < 0) return { ok: false, error: "trigger_invalid", field };
    if (d > pair.pricePrecision && /[1-9]/.test(value.slice(value.indexOf(".") + 1 + pair.pricePrecision))) {
      return { ok: false, error: "trigger_precision", vars: { decimals: pair.pricePrecision }, field };
    }
    const trigger = parseScaled(value);
    if (trigger <= 0n) return { ok: false, error: "trigger_invalid", field };
    const last = this.lastPrice(pair);
    if (last !== null && (way === SELL ? trigger >= last : trigger <= last)) {
      return {
        ok: false,
        error: way === SELL ? "trigger_below_last" : "trigger_above_last",
        vars: { price: formatFixed(last, pair.pricePrecision) },
        field,
      };
    }
    return { ok: true, trigger };
  }

  /** The pair's last traded price (its reference price before the first trade), 1e8; null if it has none. */
  private lastPrice(pair: PairInfo): bigint | null {
    const m = /^(\d+)(?:\.(\d*))?$/.exec(this.market.price(pair.id));
    if (!m) return null;
    const v = BigInt(m[1] + (m[2] ?? "").slice(0, SCALE_DIGITS).padEnd(SCALE_DIGITS, "0"));
    return v > 0n ? v : null;
  }

  /**
   * Moves the order's funds from available to a new hold of the order (one posting); answers the hold's id. A
   * refusal changes nothing.
   */
  private lock(userId: number, way: Way, pair: PairInfo, id: number, lock: bigint, now: number): CommandResult | number {
    const buy = way === BUY;
    const lockStr = formatScaled(lock, buy ? QUOTE_DIGITS : SCALE_DIGITS);
    const account = { userId, currencyId: buy ? pair.quoteId : pair.baseId, accountCode: SPOT_ACCOUNT } as const;
    try {
      // The posting checks the balance before it writes anything.
      return openedHold(
        this.ledger.post({
          type: "spot_lock",
          memo: `spot order #${id}`,
          extraJson: `{"order_id":${id}}`,
          now,
          legs: [{ ...account, amount: `-${lockStr}` }, lockLeg(account, "spot_order", id, lockStr)],
        }),
      );
    } catch (err) {
      if (err instanceof LedgerError && (err.reason === "insufficient_balance" || err.reason === "invalid_amount"))
        return err.reason === "insufficient_balance"
          ? { ok: false, error: "insufficient_balance", field: "number" }
          : { ok: false, error: "number_invalid", field: "number" };
      throw err;
    }
  }

  /** Matches the taker against the book and settles the fills; true if anything filled. */
  private match(
    pair: PairInfo,
    book: OrderBook,
    taker: OrderState,
    takeQty: bigint,
    deltas: Deltas,
    events: EngineEvent[],
    now: number,
  ): boolean {
    const fills = takeQty > 0n ? book.match(taker.way, taker.type === "limit" ? taker.price : null, takeQty) : [];
    if (fills.length > 0) this.settle(pair, taker, fills, deltas, events, now);
    return fills.length > 0;
  }

  /**
   * What a limit order's time in force refuses before anything is locked: a post-only order that would take from the
   * book (at the best price it would meet), an immediate-or-cancel order with nothing to take at its price or better,
   * a fill-or-kill order the book cannot fill whole at its price or better (on the price when nothing is there, else
   * what it could fill, on the quantity). Null when the order goes ahead.
   */
  private timeInForceRefusal(
    tif: Exclude<TimeInForce, "gtc">,
    way: Way,
    price: bigint,
    qty: bigint,
    pair: PairInfo,
    book: OrderBook,
  ): CommandRefusal | null {
    const best = way === BUY ? book.bestAsk() : book.bestBid();
    const crosses = best !== null && (way === BUY ? best <= price : best >= price);
    const at = formatFixed(price, pair.pricePrecision);
    if (tif === "post_only")
      return crosses
        ? { ok: false, error: "post_only_would_take", vars: { price: formatFixed(best!, pair.pricePrecision) }, field: "price" }
        : null;
    if (tif === "ioc") return crosses ? null : { ok: false, error: "ioc_nothing_to_take", vars: { price: at }, field: "price" };
    // Nothing crossing is the price's fault, as for an immediate-or-cancel order; a part the book can fill, the quantity's.
    if (!crosses) return { ok: false, error: "fok_nothing_to_take", vars: { price: at }, field: "price" };
    const can = book.walk(way, qty, price).qty;
    return can < qty ? { ok: false, error: "fok_not_filled", vars: { price: at, available: formatScaled(can) }, field: "number" } : null;
  }

  /**
   * What is left of the taker: a limit order rests on the book (an immediate-or-cancel one does not: `ioc`); a market
   * order ends and its unused lock returns.
   */
  private rest(pair: PairInfo, book: OrderBook, taker: OrderState, deltas: Deltas, ioc = false): void {
    const left = taker.number - taker.filled;
    if (taker.type === "limit" && left > 0n && !ioc) {
      book.add(taker.id, taker.userId, taker.way, taker.price, left);
      taker.queued = this.nextQueued++;
      this.open.set(taker.id, taker);
      return;
    }
    taker.status = left === 0n ? COMPLETED : REVOKED;
    this.open.delete(taker.id);
    // The unfilled rest of a market or immediate-or-cancel order (and any rounding left of a lock) goes back.
    this.unlock(deltas, pair, taker);
  }

  /** Writes the order row, its money (one posting) and its key; the taker's fill pushes carry the order as it ends up. */
  private persist(
    userId: number,
    key: string | undefined,
    taker: OrderState,
    deltas: Deltas,
    events: EngineEvent[],
    firstEvent: number,
    now: number,
  ): OrderRow {
    const r = this.row(taker);
    this.st.insertOrder.run(
      r.id,
      r.user_id,
      r.match_id,
      r.way,
      r.type,
      r.price,
      r.number,
      r.transacted_amount,
      r.transacted_volume,
      r.fee,
      r.locked,
      r.status,
      r.created_at,
      r.updated_at,
      r.trigger_price,
      r.triggered_at,
      r.oco_id,
      r.queued,
      r.time_in_force,
    );
    this.ownMatches(events, firstEvent, r);
    this.applyDeltas(deltas, now, r.id);
    if (key) this.st.insertKey.run(userId, key, JSON.stringify(r), now);
    events.push({ kind: "submit", userId, order: r });
    return r;
  }

  /** The taker's own fill events carry the order as it ended up. */
  private ownMatches(events: EngineEvent[], from: number, r: OrderRow): void {
    for (let i = from; i < events.length; i++) {
      const e = events[i];
      if (e.kind === "match" && e.orderId === r.id) e.order = r;
    }
  }

  /**
   * Fires the stops this command's trades reached, in rounds: the stops the trades so far reached, in the order they
   * fire (sell stops highest trigger first, then buy stops lowest trigger first, equal triggers oldest first), each
   * placed and matched as a taker in turn; then the stops that those orders' own trades reached; until a round
   * reaches none. Each stop fires once (it leaves the pair's stops as it is taken), all in this batch.
   */
  private fireStops(pair: PairInfo, events: EngineEvent[], now: number): void {
    const stops = this.stops.get(pair.id);
    while (stops && this.low !== null && this.high !== null && stops.size > 0) {
      const due = stops.reached(this.low, this.high);
      this.low = this.high = null;
      // A stop taken in this round may be cancelled by an earlier one's fills (its OCO's limit order filled).
      for (const s of due) if (s.status === UNTRIGGERED) this.trigger(pair, s, events, now);
    }
    this.low = this.high = null;
  }

  /**
   * A stop whose trigger a trade reached goes on the book as the limit order it is: an OCO's limit order is cancelled
   * first (the stop takes over the OCO's hold, trimmed to what it needs), then the order matches as a taker, rests,
   * and its row, money and fills are written like an incoming order's.
   */
  private trigger(pair: PairInfo, s: OrderState, events: EngineEvent[], now: number): void {
    const book = this.books.get(pair.id)!;
    const deltas: Deltas = new Map();
    s.status = OPEN;
    s.triggeredAt = now;
    s.updatedAt = now;
    const l = s.partner;
    if (l) {
      // The OCO's other order: off the book, its share of the hold passes to the stop (no money moves).
      book.cancel(l.id);
      this.open.delete(l.id);
      l.status = CANCELLED;
      l.updatedAt = now;
      s.locked += l.locked;
      l.locked = 0n;
      l.partner = s.partner = null;
      const lr = this.row(l);
      this.updateRow(lr);
      events.push({ kind: "cancel", userId: l.userId, order: lr });
    }
    this.trimToNeed(deltas, pair, s);
    const firstEvent = events.length;
    this.match(pair, book, s, s.number - s.filled, deltas, events, now);
    this.rest(pair, book, s, deltas);
    const r = this.row(s);
    this.updateRow(r);
    this.ownMatches(events, firstEvent, r);
    this.applyDeltas(deltas, now, s.id);
    events.push({ kind: "trigger", userId: s.userId, order: r, trigger: r.trigger_price ?? "" });
    events.push({ kind: "book", matchId: pair.id });
  }

  /**
   * An OCO's limit order filled (even partly): its stop is cancelled, and what the shared hold held beyond what the
   * limit order still needs goes back (a buy OCO whose stop had the higher limit price).
   */
  private ocoFilled(deltas: Deltas, pair: PairInfo, l: OrderState, events: EngineEvent[], now: number): void {
    const s = l.partner;
    if (!s) return;
    l.partner = s.partner = null;
    if (s.status === UNTRIGGERED) {
      this.stops.get(s.matchId)!.remove(s);
      this.open.delete(s.id);
      s.status = CANCELLED;
      s.updatedAt = now;
      const sr = this.row(s);
      this.updateRow(sr);
      events.push({ kind: "cancel", userId: s.userId, order: sr });
    }
    this.trimToNeed(deltas, pair, l);
  }

  /** What an order holds beyond what its unfilled rest needs at its limit price goes back to its owner. */
  private trimToNeed(deltas: Deltas, pair: PairInfo, o: OrderState): void {
    const left = o.number - o.filled;
    const buy = o.way === BUY;
    const need = buy ? o.price * left : left;
    const excess = o.locked - need;
    if (o.type !== "limit" || excess <= 0n) return;
    const currency = buy ? pair.quoteId : pair.baseId;
    const amount = this.toQuoteScale(buy, excess);
    this.take(deltas, o, currency, 0n, amount, "spot_unlock");
    this.delta(deltas, o.userId, currency, "balance", amount, "spot_unlock");
    o.locked = need;
  }

  /** Money of the fills of one incoming order: both sides, fees, order rows, trades. */
  private settle(pair: PairInfo, taker: OrderState, fills: Fill[], deltas: Deltas, events: EngineEvent[], now: number): void {
    const trades: TradeInput[] = [];
    const fillsFrom = this.fills.length;
    const tradeWay = taker.way === BUY ? TRADE_WAY.BUY : TRADE_WAY.SELL; // a trade's side is the taker's
    for (const f of fills) {
      const maker = this.open.get(f.maker.id)!;
      const q = f.qty;
      const vol = f.price * q; // 1e16
      const buyer = taker.way === BUY ? taker : maker;
      const seller = taker.way === BUY ? maker : taker;
      const buyerRate = this.feeExempt.has(buyer.userId) ? 0n : buyer === taker ? this.takerRate : this.makerRate;
      const sellerRate = this.feeExempt.has(seller.userId) ? 0n : seller === taker ? this.takerRate : this.makerRate;
      const feeBase = (q * buyerRate) / SCALE; // 1e8, rounded down
      const feeQuote = (vol * sellerRate) / SCALE; // 1e16, rounded down
      // Buyer: the lock of this quantity is spent; a limit buy that filled below its price gets the difference back.
      const lockUsed = buyer.type === "limit" ? buyer.price * q : vol;
      buyer.locked -= lockUsed;
      // The hold posts what the fill cost and voids the rest of this quantity's lock (it comes back).
      this.take(deltas, buyer, pair.quoteId, vol, lockUsed - vol, "spot_trade");
      if (lockUsed > vol) this.delta(deltas, buyer.userId, pair.quoteId, "balance", lockUsed - vol, "spot_refund");
      this.delta(deltas, buyer.userId, pair.baseId, "balance", (q - feeBase) * SCALE, "spot_trade");
      buyer.fee += feeBase;
      // Seller: the locked base goes, the quote comes in less the fee.
      seller.locked -= q;
      this.take(deltas, seller, pair.baseId, q * SCALE, 0n, "spot_trade");
      this.delta(deltas, seller.userId, pair.quoteId, "balance", vol - feeQuote, "spot_trade");
      seller.fee += feeQuote;
      if (feeBase > 0n) this.delta(deltas, this.feeUserId, pair.baseId, "balance", feeBase * SCALE, "spot_fee");
      if (feeQuote > 0n) this.delta(deltas, this.feeUserId, pair.quoteId, "balance", feeQuote, "spot_fee");
      for (const o of [maker, taker]) {
        o.filled += q;
        o.volume += vol;
        o.updatedAt = now;
      }
      // An OCO's limit order that fills, even partly, cancels its stop.
      if (maker.partner) this.ocoFilled(deltas, pair, maker, events, now);
      if (taker.partner) this.ocoFilled(deltas, pair, taker, events, now);
      if (f.makerDone) {
        maker.status = COMPLETED;
        // A limit buy fully filled has spent exactly its lock; nothing should be left, but never strand funds.
        this.unlock(deltas, pair, maker);
        this.open.delete(maker.id);
      }
      const makerRow = this.row(maker);
      this.updateRow(makerRow);
      const priceStr = formatFixed(f.price, pair.pricePrecision);
      const numStr = formatScaled(q);
      // The stops this command's trades reach are fired after it (fireStops).
      if (this.low === null || f.price < this.low) this.low = f.price;
      if (this.high === null || f.price > this.high) this.high = f.price;
      const tradeIndex = trades.length;
      trades.push({
        way: tradeWay,
        price: priceStr,
        number: numStr,
        time: now,
        source: this.mmIds.has(maker.userId) && this.mmIds.has(taker.userId) ? "mm" : "user",
        formatted: true,
        buyOrderId: buyer.id,
        sellOrderId: seller.id,
      });
      for (const [o, fee, feeDigits] of [
        [buyer, feeBase, SCALE_DIGITS],
        [seller, feeQuote, QUOTE_DIGITS],
      ] as const) {
        if (this.mmIds.has(o.userId)) continue;
        this.fills.push({
          userId: o.userId,
          orderId: o.id,
          tradeId: tradeIndex,
          matchId: pair.id,
          way: o.way,
          role: o === taker ? "taker" : "maker",
          price: priceStr,
          number: numStr,
          fee: formatScaled(fee, feeDigits),
          time: now,
        });
      }
      events.push({
        kind: "match",
        userId: maker.userId,
        matchId: pair.id,
        orderId: maker.id,
        way: maker.way,
        price: priceStr,
        number: numStr,
        order: makerRow,
      });
      events.push({
        kind: "match",
        userId: taker.userId,
        matchId: pair.id,
        orderId: taker.id,
        way: taker.way,
        price: priceStr,
        number: numStr,
        order: makerRow,
      });
    }
    if (taker.type === "market" && taker.filled > 0n) taker.price = taker.volume / taker.filled; // average price, 1e8
    const saved = this.market.insertTrades(pair.id, trades);
    for (let i = fillsFrom; i < this.fills.length; i++) this.fills[i].tradeId = saved[this.fills[i].tradeId].id;
    events.push({ kind: "trades", matchId: pair.id, trades: saved });
  }

  /** Writes the batch's fills in multi-row INSERTs (inside the batch's transaction). */
  private writeFills(): void {
    const rows = this.fills;
    this.fills = [];
    for (let i = 0; i < rows.length; i += FILLS_PER_INSERT) {
      const chunk = rows.slice(i, i + FILLS_PER_INSERT);
      const args: unknown[] = [];
      for (const f of chunk) args.push(f.userId, f.orderId, f.tradeId, f.matchId, f.way, f.role, f.price, f.number, f.fee, f.time);
      this.fillInsert(chunk.length).run(...args);
    }
  }

  private readonly fillStatements = new Map<number, Statement>();
  private fillInsert(n: number): Statement {
    let st = this.fillStatements.get(n);
    if (!st) {
      const one = `(${new Array(FILL_COLUMNS).fill("?").join(", ")})`;
      st = this.db.prepare(
        `INSERT INTO spot_fills (user_id, order_id, trade_id, match_id, way, role, price, number, fee, time) VALUES ${new Array(n).fill(one).join(", ")}`,
      );
      this.fillStatements.set(n, st);
    }
    return st;
  }

  private cancel(cmd: CancelCommand, events: EngineEvent[]): CommandResult {
    const o = this.open.get(cmd.orderId);
    if (!o || o.userId !== cmd.userId || (cmd.way !== undefined && o.way !== cmd.way)) {
      const stored = this.st.findOrder.get(cmd.orderId) as OrderRow | undefined;
      if (stored && stored.user_id === cmd.userId && (cmd.way === undefined || stored.way === cmd.way))
        return { ok: false, error: "order_not_open" };
      return { ok: false, error: "order_not_found" };
    }
    const rows = this.cancelWorking(o, events, this.now());
    return { ok: true, order: rows[0], ...(rows[1] ? { linked: rows[1] } : {}) };
  }

  /** Cancel all: every working order of the user (on the pair, or on every pair), an OCO's two orders together. */
  private cancelAll(cmd: CancelAllCommand, events: EngineEvent[]): CancelAllResult {
    const now = this.now();
    const mine: OrderState[] = [];
    for (const o of this.open.values())
      if (o.userId === cmd.userId && (cmd.matchId === undefined || o.matchId === cmd.matchId)) mine.push(o);
    mine.sort((a, b) => a.id - b.id);
    const cancelled: OrderRow[] = [];
    // An OCO's second order is cancelled with its first (and is no longer working when the loop reaches it).
    for (const o of mine) if (o.status === OPEN || o.status === UNTRIGGERED) cancelled.push(...this.cancelWorking(o, events, now));
    return { ok: true, cancelled };
  }

  /**
   * Cancels a working order (off the book, or out of the pair's stops) and, for an OCO, its other order with it; the
   * hold gives back all it still holds (an OCO's once). Answers the order's row, then its OCO partner's.
   */
  private cancelWorking(o: OrderState, events: EngineEvent[], now: number): OrderRow[] {
    const pair = this.pairs.get(o.matchId)!;
    const orders = o.partner ? [o, o.partner] : [o];
    const deltas: Deltas = new Map();
    let fromBook = false;
    for (const x of orders) {
      if (x.status === UNTRIGGERED) this.stops.get(x.matchId)!.remove(x);
      else fromBook = this.books.get(x.matchId)!.cancel(x.id) !== undefined || fromBook;
      this.open.delete(x.id);
      this.unlock(deltas, pair, x);
      x.status = CANCELLED;
      x.updatedAt = now;
      x.partner = null;
    }
    const rows = orders.map((x) => this.row(x));
    for (const r of rows) this.updateRow(r);
    this.applyDeltas(deltas, now, o.id);
    for (const r of rows) events.push({ kind: "cancel", userId: r.user_id, order: r });
    if (fromBook) events.push({ kind: "book", matchId: o.matchId });
    return rows;
  }

  private updateRow(r: OrderRow): void {
    this.st.updateOrder.run(
      r.price,
      r.transacted_amount,
      r.transacted_volume,
      r.fee,
      r.locked,
      r.status,
      r.updated_at,
      r.triggered_at,
      r.queued,
      r.id,
    );
  }

  // ------------------------------------------------------------------ money helpers

  private toQuoteScale(isQuote: boolean, v: bigint): bigint {
    return isQuote ? v : v * SCALE;
  }

  private delta(
    d: Deltas,
    userId: number,
    currencyId: number,
    field: "balance" | "lock_balance",
    amount: bigint,
    type: string,
  ): Delta | undefined {
    if (amount === 0n) return undefined;
    const key = `${userId}|${currencyId}|${field}`;
    const e = d.get(key);
    if (e) {
      e.amount += amount;
      if (e.type !== type && e.type !== "spot_trade") e.type = "spot_trade";
      return e;
    }
    const created: Delta = { userId, currencyId, field, amount, type };
    d.set(key, created);
    return created;
  }

  /** Takes from an order's hold (quote scale): `post` goes on to the counterparty, `back` returns to the owner. */
  private take(d: Deltas, o: OrderState, currencyId: number, post: bigint, back: bigint, type: string): void {
    const e = this.delta(d, o.userId, currencyId, "lock_balance", -(post + back), type);
    if (!e) return;
    e.holds ??= new Map();
    const t = e.holds.get(o.holdId);
    if (t) {
      t.post += post;
      t.void += back;
    } else e.holds.set(o.holdId, { post, void: back });
  }

  /** What an order still has locked goes back to its owner (its hold is voided for the rest, and closes). */
  private unlock(d: Deltas, pair: PairInfo, o: OrderState): void {
    if (o.locked > 0n) {
      const buy = o.way === BUY;
      const currency = buy ? pair.quoteId : pair.baseId;
      const amount = this.toQuoteScale(buy, o.locked);
      this.take(d, o, currency, 0n, amount, "spot_unlock");
      this.delta(d, o.userId, currency, "balance", amount, "spot_unlock");
    }
    o.locked = 0n;
  }

  /**
   * Net changes of one command as ONE balanced posting (buyer, seller and the fee collector: every currency sums
   * to zero), debits before credits in the log.
   */
  private applyDeltas(d: Deltas, now: number, orderId: number): void {
    if (d.size === 0) return;
    const entries = [...d.values()].filter((e) => e.amount !== 0n).sort((a, b) => (a.amount < b.amount ? -1 : a.amount > b.amount ? 1 : 0));
    if (entries.length === 0) return;
    const legs: UserLeg[] = entries.map((e) => ({
      userId: e.userId,
      currencyId: e.currencyId,
      accountCode: SPOT_ACCOUNT,
      amount: formatScaled(e.amount, QUOTE_DIGITS),
      field: e.field,
      type: e.type,
      ...(e.holds ? { holds: shares(e.holds) } : {}),
    }));
    this.ledger.post({ memo: `spot order #${orderId}`, extraJson: `{"order_id":${orderId}}`, now, legs });
  }

  // ------------------------------------------------------------------ rows

  private row(o: OrderState): OrderRow {
    const p = this.pairs.get(o.matchId)!;
    const buy = o.way === BUY;
    return {
      id: o.id,
      user_id: o.userId,
      match_id: o.matchId,
      way: o.way,
      type: o.type,
      price: formatFixed(o.price, p.pricePrecision),
      number: formatScaled(o.number),
      transacted_amount: formatScaled(o.filled),
      transacted_volume: formatScaled(o.volume, QUOTE_DIGITS),
      fee: formatScaled(o.fee, buy ? SCALE_DIGITS : QUOTE_DIGITS),
      locked: formatScaled(o.locked, buy ? QUOTE_DIGITS : SCALE_DIGITS),
      status: o.status,
      created_at: o.createdAt,
      updated_at: o.updatedAt,
      trigger_price: o.trigger > 0n ? formatFixed(o.trigger, p.pricePrecision) : null,
      triggered_at: o.triggeredAt,
      oco_id: o.ocoId || null,
      queued: o.queued || null,
      time_in_force: o.tif,
    };
  }

  private fromRow(r: OrderRow, holdId: number): OrderState {
    const buy = r.way === BUY;
    return {
      id: r.id,
      userId: r.user_id,
      matchId: r.match_id,
      way: r.way === BUY ? BUY : SELL,
      type: r.type,
      price: parseScaled(r.price),
      number: parseScaled(r.number),
      filled: parseScaled(r.transacted_amount),
      volume: parseScaled(r.transacted_volume, QUOTE_DIGITS),
      fee: parseScaled(r.fee, buy ? SCALE_DIGITS : QUOTE_DIGITS),
      locked: parseScaled(r.locked, buy ? QUOTE_DIGITS : SCALE_DIGITS),
      holdId,
      status: r.status,
      createdAt: r.created_at,
      updatedAt: r.updated_at,
      trigger: r.trigger_price ? parseScaled(r.trigger_price) : 0n,
      triggeredAt: r.triggered_at ?? null,
      ocoId: r.oco_id ?? 0,
      partner: null,
      queued: r.queued ?? (r.status === OPEN ? r.id : 0),
      tif: r.time_in_force ?? null,
    };
  }
}

/** A locked column's takes as the ledger's hold shares (negative, quote scale): the posted part, then the voided part. */
function shares(takes: Map<number, HoldTake>): HoldShare[] {
  const out: HoldShare[] = [];
  for (const [hold, t] of takes) {
    if (t.post > 0n) out.push({ hold, amount: formatScaled(-t.post, QUOTE_DIGITS) });
    if (t.void > 0n) out.push({ hold, amount: formatScaled(-t.void, QUOTE_DIGITS), void: true });
  }
  return out;
}
