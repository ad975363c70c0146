import { ORDER_WAY, type OrderWay } from "../../../app/contract/core/index";

/**
 * The in-memory limit order book of one pair: price levels with FIFO queues (price-time priority).
 * Prices and quantities are bigint fixed-point at scale 1e8 (see fixed.ts). Pure: no database, no balances;
 * the SpotEngine around it does the money.
 *
 * Layout: each side is an array of levels sorted so that the BEST level is LAST (bids ascending, asks
 * descending): taking the best level and dropping an emptied one are O(1); a new level is placed by binary
 * search. Each level is a doubly linked list of orders, so a cancel is O(1) after the id lookup.
 */
/** The contract's order sides under the engine's short names. */
export const BUY = ORDER_WAY.BUY;
export const SELL = ORDER_WAY.SELL;
export type Way = OrderWay;

export interface RestingOrder {
  id: number;
  userId: number;
  way: Way;
  price: bigint;
  remaining: bigint;
  level: Level | null;
  prev: RestingOrder | null;
  next: RestingOrder | null;
}

export class Level {
  total = 0n;
  count = 0;
  head: RestingOrder | null = null;
  tail: RestingOrder | null = null;
  constructor(readonly price: bigint) {}
}

export interface Fill {
  maker: RestingOrder;
  /** The maker's price. */
  price: bigint;
  qty: bigint;
  /** The maker has nothing left and left the book. */
  makerDone: boolean;
}

export interface BookLevelView {
  price: bigint;
  total: bigint;
  orders: { id: number; userId: number; remaining: bigint }[];
}

export class OrderBook {
  /** Ascending by price: best (highest) bid last. */
  readonly bids: Level[] = [];
  /** Descending by price: best (lowest) ask last. */
  readonly asks: Level[] = [];
  readonly orders = new Map<number, RestingOrder>();

  get size(): number {
    return this.orders.size;
  }

  bestBid(): bigint | null {
    const l = this.bids[this.bids.length - 1];
    return l ? l.price : null;
  }

  bestAsk(): bigint | null {
    const l = this.asks[this.asks.length - 1];
    return l ? l.price : null;
  }

  /** Puts an order at the back of its price level (it must not cross the book; the engine matches first). */
  add(id: number, userId: number, way: Way, price: bigint, remaining: bigint): RestingOrder {
    const o: RestingOrder = { id, userId, way, price, remaining, level: null, prev: null, next: null };
    const level = this.levelFor(way, price);
    o.level = level;
    if (level.tail) {
      level.tail.next = o;
      o.prev = level.tail;
      level.tail = o;
    } else {
      level.head = level.tail = o;
    }
    level.total += remaining;
    level.count++;
    this.orders.set(id, o);
    return o;
  }

  /** Removes a resting order; undefined if it is not in the book. */
  cancel(id: number): RestingOrder | undefined {
    const o = this.orders.get(id);
    if (!o) return undefined;
    this.unlink(o);
    return o;
  }

  /**
   * Takes liquidity for an incoming order of `way` for `qty` base, best price first, oldest order first within
   * a price, never beyond `limit` (null = market). Every fill is at the resting order's price. The taker's
   * remainder is NOT added; the caller decides (rest it for a limit order, cancel it for a market order).
   */
  match(way: Way, limit: bigint | null, qty: bigint): Fill[] {
    const fills: Fill[] = [];
    const levels = way === BUY ? this.asks : this.bids;
    while (qty > 0n && levels.length > 0) {
      const level = levels[levels.length - 1];
      if (limit !== null && (way === BUY ? level.price > limit : level.price < limit)) break;
      let o = level.head;
      while (o && qty > 0n) {
        const next = o.next;
        const take = o.remaining < qty ? o.remaining : qty;
        o.remaining -= take;
        level.total -= take;
        qty -= take;
        const done = o.remaining === 0n;
        fills.push({ maker: o, price: level.price, qty: take, makerDone: done });
        if (done) {
          // Unlink from the head without the general path (the level is known and o is its head).
          level.head = next;
          if (next) next.prev = null;
          else level.tail = null;
          level.count--;
          o.level = null;
          o.next = null;
          this.orders.delete(o.id);
        }
        o = next;
      }
      if (level.head === null) levels.pop();
    }
    return fills;
  }

  /**
   * What an incoming order of `way` for `qty` base could fill now (without changing the book), never beyond `limit`
   * (absent: a market order): the base it would get and the quote it would cost or yield, at scale 1e16.
   */
  walk(way: Way, qty: bigint, limit?: bigint): { qty: bigint; quote: bigint } {
    const levels = way === BUY ? this.asks : this.bids;
    let left = qty;
    let quote = 0n;
    for (let i = levels.length - 1; i >= 0 && left > 0n; i--) {
      const l = levels[i];
      if (limit !== undefined && (way === BUY ? l.price > limit : l.price < limit)) break;
      const take = l.total < left ? l.total : left;
      quote += take * l.price;
      left -= take;
    }
    return { qty: qty - left, quote };
  }

  /** Aggregated depth, best first: [price, total] per level. */
  depth(levels = 20): { bids: [bigint, bigint][]; asks: [bigint, bigint][] } {
    const side = (arr: Level[]) => {
      const out: [bigint, bigint][] = [];
      for (let i = arr.length - 1; i >= 0 && out.length < levels; i--) out.push([arr[i].price, arr[i].total]);
      return out;
    };
    return { bids: side(this.bids), asks: side(this.asks) };
  }

  /** Every level with its queue, best first (tests, CLI, restart checks). */
  view(): { bids: BookLevelView[]; asks: BookLevelView[] } {
    const side = (arr: Level[]) => {
      const out: BookLevelView[] = [];
      for (let i = arr.length - 1; i >= 0; i--) {
        const orders: BookLevelView["orders"] = [];
        for (let o = arr[i].head; o; o = o.next) orders.push({ id: o.id, userId: o.userId, remaining: o.remaining });
        out.push({ price: arr[i].price, total: arr[i].total, orders });
      }
      return out;
    };
    return { bids: side(this.bids), asks: side(this.asks) };
  }

  private unlink(o: RestingOrder): void {
    const level = o.level!;
    if (o.prev) o.prev.next = o.next;
    else level.head = o.next;
    if (o.next) o.next.prev = o.prev;
    else level.tail = o.prev;
    level.total -= o.remaining;
    level.count--;
    o.prev = o.next = null;
    o.level = null;
    this.orders.delete(o.id);
    if (level.head === null) this.removeLevel(o.way, level);
  }

  /** Finds or creates the level of `price` on the side of `way`. */
  private levelFor(way: Way, price: bigint): Level {
    const arr = way === BUY ? this.bids : this.asks;
    // Fast path: the best level or beyond (most new orders land near the top).
    const n = arr.length;
    if (n === 0) {
      const l = new Level(price);
      arr.push(l);
      return l;
    }
    const top = arr[n - 1];
    if (top.price === price) return top;
    const better = way === BUY ? price > top.price : price < top.price;
    if (better) {
      const l = new Level(price);
      arr.push(l);
      return l;
    }
    const lo = firstNotWorse(arr, way, price);
    if (lo < n && arr[lo].price === price) return arr[lo];
    const l = new Level(price);
    arr.splice(lo, 0, l);
    return l;
  }

  private removeLevel(way: Way, level: Level): void {
    const arr = way === BUY ? this.bids : this.asks;
    const n = arr.length;
    if (arr[n - 1] === level) {
      arr.pop();
      return;
    }
    const lo = firstNotWorse(arr, way, level.price);
    if (arr[lo] === level) arr.splice(lo, 1);
  }
}

/**
 * Binary search over one side's levels (kept worst first, best last): the index of the first level whose price is
 * better than or equal to `price` for `way` — where a level of that price is, or would go.
 */
function firstNotWorse(arr: Level[], way: Way, price: bigint): number {
  let lo = 0;
  let hi = arr.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const p = arr[mid].price;
    const worse = way === BUY ? p < price : p > price;
    if (worse) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
