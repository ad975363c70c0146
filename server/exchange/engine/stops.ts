import { BUY, type Way } from "./book";

/**
 * The untriggered stop-limit orders of one pair, in the order they fire. Pure: the SpotEngine around it owns the
 * orders, their money and their rows.
 *
 * A sell stop fires when a trade's price is at or below its trigger, a buy stop when it is at or above; the price
 * reaches the sell stop with the highest trigger first and the buy stop with the lowest, and of equal triggers the
 * older stop (the lower id) fires first. Each side is an array sorted so that the NEXT to fire is LAST: taking the
 * stops a price reached pops from the end (O(1) each), a new stop is placed by binary search.
 */
export interface Stop {
  id: number;
  way: Way;
  /** Trigger price, 1e8. */
  trigger: bigint;
}

export class StopBook<S extends Stop = Stop> {
  /** Sell stops, ascending by trigger (equal triggers: newest first), so the highest trigger, oldest, is last. */
  readonly sells: S[] = [];
  /** Buy stops, descending by trigger (equal triggers: newest first), so the lowest trigger, oldest, is last. */
  readonly buys: S[] = [];

  get size(): number {
    return this.sells.length + this.buys.length;
  }

  add(s: S): void {
    const arr = this.side(s.way);
    arr.splice(this.place(arr, s), 0, s);
  }

  /** Removes a stop; false if it is not here. */
  remove(s: S): boolean {
    const arr = this.side(s.way);
    const i = this.place(arr, s);
    if (arr[i] === s) {
      arr.splice(i, 1);
      return true;
    }
    const j = arr.indexOf(s);
    if (j < 0) return false;
    arr.splice(j, 1);
    return true;
  }

  /**
   * Takes every stop a trade at `low` (the lowest price of the trades) or `high` (the highest) has reached, in the
   * order they fire: the sell stops (trigger ≥ low) highest trigger first, then the buy stops (trigger ≤ high) lowest
   * trigger first; equal triggers oldest first.
   */
  reached(low: bigint, high: bigint): S[] {
    const out: S[] = [];
    const sells = this.sells;
    while (sells.length > 0 && sells[sells.length - 1].trigger >= low) out.push(sells.pop()!);
    const buys = this.buys;
    while (buys.length > 0 && buys[buys.length - 1].trigger <= high) out.push(buys.pop()!);
    return out;
  }

  /** The next trigger to fire on each side (null when none waits). */
  next(): { sell: bigint | null; buy: bigint | null } {
    return { sell: this.sells.at(-1)?.trigger ?? null, buy: this.buys.at(-1)?.trigger ?? null };
  }

  private side(way: Way): S[] {
    return way === BUY ? this.buys : this.sells;
  }

  /**
   * Each side runs from the stop that fires last to the one that fires next: `s` goes before the first entry that
   * does not fire later than it (which is `s` itself when it is there).
   */
  private place(arr: S[], s: S): number {
    const buy = s.way === BUY;
    let lo = 0;
    let hi = arr.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const o = arr[mid];
      // Does o fire later than s? Sells: a lower trigger fires later; buys: a higher one; equal: the newer (higher id).
      const later = o.trigger === s.trigger ? o.id > s.id : buy ? o.trigger > s.trigger : o.trigger < s.trigger;
      if (later) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}
