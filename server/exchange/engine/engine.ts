import type { Statement } from "better-sqlite3";
import type { Depth, Trade } from "../../../app/contract/index";
import type { DB } from "../db/index";
import { SPOT_ACCOUNT, SPOT_ORDER_STATUS, TRADE_WAY, type SpotOrderType } from "../../../app/contract/core/index";
import { FIND_SPOT_ORDER_KEY, INSERT_SPOT_ORDER_KEY } from "../ledger/spot-keys";
import { Ledger, LedgerError, type HoldShare, type UserLeg } from "../ledger/index";
import { lockLeg, openedHold } from "../ledger/holds";
import type { Market, PairInfo, TradeInput } from "../market";
import { BUY, OrderBook, SELL, type Fill, type Way } from "./book";
import { decimalsOf, formatFixed, formatScaled, parseScaled, QUOTE_DIGITS, SCALE, SCALE_DIGITS } from "./fixed";

/** Order states (spot_orders.status), the contract's. */
type OrderStatus = (typeof SPOT_ORDER_STATUS)[keyof typeof SPOT_ORDER_STATUS];
export type OrderType = SpotOrderType;
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
  idempotencyKey?: string;
};
export type CancelCommand = {
  kind: "cancel";
  userId: number;
  orderId: number;
  /** tx_in/cancel only cancels buys, tx_out/cancel sells. */ way?: Way;
};
export type Command = AddCommand | CancelCommand;

export type EngineErrorKey =
  | "pair_not_found"
  | "price_required"
  | "price_invalid"
  | "price_precision"
  | "number_invalid"
  | "insufficient_balance"
  | "no_best_price"
  | "order_not_found"
  | "order_not_open"
  | "server_error";

export type CommandResult =
  { ok: true; order: OrderRow; repeated?: boolean } | { ok: false; error: EngineErrorKey; vars?: Record<string, string | number> };

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
  | { kind: "book"; matchId: number };

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
  /** The id of the order's hold (ledger `holds`), which holds exactly `locked`; 0 if the database had none for it. */
  holdId: number;
  status: OrderStatus;
  createdAt: number;
  updatedAt: number;
}

interface Pending {
  cmd: Command;
  resolve: (r: CommandResult) => void;
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
  private readonly open = new Map<number, OrderState>();
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
        `INSERT INTO spot_orders (id, user_id, match_id, way, type, price, number, transacted_amount, transacted_volume, fee, locked, status, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ),
      updateOrder: db.prepare(
        `UPDATE spot_orders SET price = ?, transacted_amount = ?, transacted_volume = ?, fee = ?, locked = ?, status = ?, updated_at = ? WHERE id = ?`,
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
  submit(cmd: Command): Promise<CommandResult> {
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

  /** Open orders of a user on a pair (the market maker reconciles its ladder with this). */
  openOrdersOf(userId: number, matchId?: number): OrderRow[] {
    const out: OrderRow[] = [];
    for (const o of this.open.values()) if (o.userId === userId && (matchId === undefined || o.matchId === matchId)) out.push(this.row(o));
    return out;
  }

  /** Rebuilds every book from the open orders in the database (start, and after a rolled-back batch). */
  rebuild(): void {
    this.books.clear();
    this.open.clear();
    for (const p of this.pairs.values()) this.books.set(p.id, new OrderBook());
    const rows = this.db
      .prepare(
        `SELECT o.*, COALESCE(h.id, 0) AS hold_id FROM spot_orders o
         LEFT JOIN holds h ON h.kind = 'spot_order' AND h.ref_id = o.id AND h.status = 'pending'
         WHERE o.status = ? ORDER BY o.id`,
      )
      .all(SPOT_ORDER_STATUS.OPEN) as (OrderRow & { hold_id: number })[];
    for (const r of rows) {
      const s = this.fromRow(r, r.hold_id);
      this.open.set(s.id, s);
      this.books.get(s.matchId)?.add(s.id, s.userId, s.way, s.price, s.number - s.filled);
    }
    const max = this.db.prepare("SELECT MAX(id) AS m FROM spot_orders").get() as { m: number | null };
    this.nextId = (max.m ?? 0) + 1;
  }

  // ------------------------------------------------------------------ group commit

  private flush(): void {
    this.scheduled = false;
    const batch = this.queue;
    this.queue = [];
    if (batch.length === 0) return this.wakeIdle();
    const started = performance.now();
    const events: EngineEvent[] = [];
    let results: CommandResult[];
    try {
      results = this.db.transaction(() => {
        this.ledger.clear();
        const out = batch.map((p) => this.apply(p.cmd, events));
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
            const out = this.apply(p.cmd, own);
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
          return { ok: false, error: "server_error" } as CommandResult;
        }
      });
      this.finish(batch, results, events, started);
      return;
    }
    this.stats.commits++;
    this.finish(batch, results, events, started);
  }

  private finish(batch: Pending[], results: CommandResult[], events: EngineEvent[], started: number): void {
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

  private apply(cmd: Command, events: EngineEvent[]): CommandResult {
    return cmd.kind === "add" ? this.add(cmd, events) : this.cancel(cmd, events);
  }

  /**
   * An incoming order, in named steps: validate (pair, repeated key, price, quantity, what to lock), lock its
   * funds, match it against the book, settle what is left of it, persist the order with its money and key.
   */
  private add(cmd: AddCommand, events: EngineEvent[]): CommandResult {
    const pair = this.pairs.get(cmd.matchId);
    const book = this.books.get(cmd.matchId);
    if (!pair || !book || pair.openChange !== 1) return { ok: false, error: "pair_not_found" };
    if (cmd.idempotencyKey) {
      const seen = this.st.findKey.get(cmd.userId, cmd.idempotencyKey) as { answer: string } | undefined;
      if (seen) return { ok: true, order: JSON.parse(seen.answer) as OrderRow, repeated: true };
    }
    const v = this.validate(cmd, pair, book);
    if (!v.ok) return v;
    const now = this.now();
    const id = this.nextId;
    const held = this.lock(cmd, pair, id, v.lock, now);
    if (typeof held !== "number") return held;
    this.nextId++;
    const taker: OrderState = {
      id,
      userId: cmd.userId,
      matchId: pair.id,
      way: cmd.way,
      type: cmd.type,
      price: v.price,
      number: v.qty,
      filled: 0n,
      volume: 0n,
      fee: 0n,
      locked: v.lock,
      holdId: held,
      status: SPOT_ORDER_STATUS.OPEN,
      createdAt: now,
      updatedAt: now,
    };
    const firstEvent = events.length;
    const deltas: Deltas = new Map();
    const filled = this.match(pair, book, taker, v.takeQty, deltas, events, now);
    this.rest(pair, book, taker, deltas);
    const order = this.persist(cmd, taker, deltas, events, firstEvent, now);
    if (filled || cmd.type === "limit") events.push({ kind: "book", matchId: pair.id });
    return { ok: true, order };
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
  ):
    | { ok: true; price: bigint; qty: bigint; lock: bigint; takeQty: bigint }
    | { ok: false; error: EngineErrorKey; vars?: Record<string, string | number> } {
    let price = 0n;
    if (cmd.type === "limit") {
      if (cmd.price === undefined || cmd.price === "") return { ok: false, error: "price_required" };
      const d = decimalsOf(cmd.price);
      if (d < 0) return { ok: false, error: "price_invalid" };
      if (d > pair.pricePrecision && /[1-9]/.test(cmd.price.slice(cmd.price.indexOf(".") + 1 + pair.pricePrecision))) {
        return { ok: false, error: "price_precision", vars: { decimals: pair.pricePrecision } };
      }
      price = parseScaled(cmd.price);
      if (price <= 0n) return { ok: false, error: "price_invalid" };
    } else if ((cmd.way === BUY ? book.bestAsk() : book.bestBid()) === null) {
      return { ok: false, error: "no_best_price" };
    }
    let qty: bigint;
    try {
      qty = parseScaled(cmd.number);
    } catch {
      return { ok: false, error: "number_invalid" };
    }
    if (qty <= 0n) return { ok: false, error: "number_invalid" };
    if (cmd.type === "market" && cmd.way === BUY) {
      const w = book.walk(BUY, qty);
      return { ok: true, price, qty, lock: w.quote, takeQty: w.qty };
    }
    return { ok: true, price, qty, lock: cmd.way === BUY && cmd.type === "limit" ? price * qty : qty, takeQty: qty };
  }

  /**
   * Moves the order's funds from available to a new hold of the order (one posting); answers the hold's id. A
   * refusal changes nothing.
   */
  private lock(cmd: AddCommand, pair: PairInfo, id: number, lock: bigint, now: number): CommandResult | number {
    const buy = cmd.way === BUY;
    const lockStr = formatScaled(lock, buy ? QUOTE_DIGITS : SCALE_DIGITS);
    const account = { userId: cmd.userId, currencyId: buy ? pair.quoteId : pair.baseId, accountCode: SPOT_ACCOUNT } as const;
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
        return { ok: false, error: err.reason === "insufficient_balance" ? "insufficient_balance" : "number_invalid" };
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

  /** What is left of the taker: a limit order rests on the book; a market order ends and its unused lock returns. */
  private rest(pair: PairInfo, book: OrderBook, taker: OrderState, deltas: Deltas): void {
    const left = taker.number - taker.filled;
    if (taker.type === "limit" && left > 0n) {
      book.add(taker.id, taker.userId, taker.way, taker.price, left);
      this.open.set(taker.id, taker);
      return;
    }
    taker.status = left === 0n ? SPOT_ORDER_STATUS.COMPLETED : SPOT_ORDER_STATUS.REVOKED;
    // The unfilled rest of a market order (and any rounding left of a lock) goes back.
    this.unlock(deltas, pair, taker);
  }

  /** Writes the order row, its money (one posting) and its key; the taker's fill pushes carry the order as it ends up. */
  private persist(cmd: AddCommand, taker: OrderState, deltas: Deltas, events: EngineEvent[], firstEvent: number, now: number): OrderRow {
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
    );
    for (let i = firstEvent; i < events.length; i++) {
      const e = events[i];
      if (e.kind === "match" && e.orderId === r.id) e.order = r;
    }
    this.applyDeltas(deltas, now, r.id);
    if (cmd.idempotencyKey) this.st.insertKey.run(cmd.userId, cmd.idempotencyKey, JSON.stringify(r), now);
    events.push({ kind: "submit", userId: cmd.userId, order: r });
    return r;
  }

  /** Money of the fills of one incoming order: both sides, fees, order rows, trades. */
  private settle(pair: PairInfo, taker: OrderState, fills: Fill[], deltas: Deltas, events: EngineEvent[], now: number): void {
    const trades: TradeInput[] = [];
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
      if (f.makerDone) {
        maker.status = SPOT_ORDER_STATUS.COMPLETED;
        // A limit buy fully filled has spent exactly its lock; nothing should be left, but never strand funds.
        this.unlock(deltas, pair, maker);
        this.open.delete(maker.id);
      }
      const makerRow = this.row(maker);
      this.updateRow(makerRow);
      const priceStr = formatFixed(f.price, pair.pricePrecision);
      const numStr = formatScaled(q);
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
    events.push({ kind: "trades", matchId: pair.id, trades: saved });
  }

  private cancel(cmd: CancelCommand, events: EngineEvent[]): CommandResult {
    const o = this.open.get(cmd.orderId);
    if (!o || o.userId !== cmd.userId || (cmd.way !== undefined && o.way !== cmd.way)) {
      const stored = this.st.findOrder.get(cmd.orderId) as OrderRow | undefined;
      if (stored && stored.user_id === cmd.userId && (cmd.way === undefined || stored.way === cmd.way))
        return { ok: false, error: "order_not_open" };
      return { ok: false, error: "order_not_found" };
    }
    const pair = this.pairs.get(o.matchId)!;
    const now = this.now();
    this.books.get(o.matchId)!.cancel(o.id);
    this.open.delete(o.id);
    const deltas: Deltas = new Map();
    this.unlock(deltas, pair, o);
    o.status = SPOT_ORDER_STATUS.CANCELLED;
    o.updatedAt = now;
    const row = this.row(o);
    this.updateRow(row);
    this.applyDeltas(deltas, now, o.id);
    events.push({ kind: "cancel", userId: o.userId, order: row });
    events.push({ kind: "book", matchId: o.matchId });
    return { ok: true, order: row };
  }

  private updateRow(r: OrderRow): void {
    this.st.updateOrder.run(r.price, r.transacted_amount, r.transacted_volume, r.fee, r.locked, r.status, r.updated_at, r.id);
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
