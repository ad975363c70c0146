import { indexedDepth } from "../../../app/contract/index";
import type { DB } from "../db/index";
import type { Hub } from "../hub";
import { DEFAULT_LANG, isLang, type Messenger } from "../lib/i18n";
import type { Market } from "../market";
import type { EngineEvent, OrderRow, SpotEngine } from "./engine";
import { spotBalances, toSpotOrder } from "./present";

/** MARKET_DEPTH (and the pair's DAY_MARKET) at most this often per symbol. */
export const DEPTH_THROTTLE_MS = 250;

/**
 * Turns the events of each committed engine batch into /ws pushes: MARKET_DEPTH (throttled per symbol),
 * GLOBAL_TX and KLINE (every period) on new trades, DAY_MARKET of the pair, and the private TX_SUBMIT /
 * TX_MATCHED to the connections logged in as the order's owner.
 */
export class Publisher {
  private readonly lastDepth = new Map<number, number>();
  private readonly timers = new Map<number, NodeJS.Timeout>();

  constructor(
    private readonly db: DB,
    private readonly hub: Hub,
    private readonly market: Market,
    private readonly engine: SpotEngine,
    private readonly messenger: Messenger,
  ) {
    engine.onEvents = (events) => this.publish(events);
  }

  close(): void {
    for (const t of this.timers.values()) clearTimeout(t);
    this.timers.clear();
  }

  private publish(events: EngineEvent[]): void {
    const dirty = new Set<number>();
    const now = Date.now();
    for (const e of events) {
      switch (e.kind) {
        case "book":
          dirty.add(e.matchId);
          break;
        case "trades":
          this.market.publishTrades(e.matchId, e.trades, now);
          this.pushQuotation(e.matchId);
          dirty.add(e.matchId);
          break;
        case "submit":
        // A stop that went on the book is told like an accepted order: the owner's lists replace its row.
        case "trigger":
          this.privatePush(e.userId, "TX_SUBMIT", e.order, (order, balances, p) => ({
            type: "TX_SUBMIT",
            currency_match_id: p.id,
            symbol: p.symbol,
            order,
            base_account: balances.base,
            quote_account: balances.quote,
          }));
          break;
        case "match":
          this.privatePush(e.userId, "TX_MATCHED", e.order, (order, balances, p) => ({
            type: "TX_MATCHED",
            id: e.orderId,
            currency_match_id: p.id,
            symbol: p.symbol,
            price: e.price,
            number: e.number,
            way: e.way,
            order,
            base_account: balances.base,
            quote_account: balances.quote,
          }));
          break;
        case "cancel":
          break;
      }
    }
    for (const id of dirty) this.scheduleDepth(id);
  }

  private privatePush(
    userId: number,
    channel: string,
    row: OrderRow,
    make: (order: ReturnType<typeof toSpotOrder>, balances: ReturnType<typeof spotBalances>, p: { id: number; symbol: string }) => unknown,
  ): void {
    if (!this.hub.userSubscribed(userId, channel)) return;
    const pair = this.market.pairs.get(row.match_id);
    if (!pair) return;
    // Balances after the commit (the engine acknowledges only committed batches).
    const balances = spotBalances(this.db, userId, pair);
    this.hub.publishToUser(userId, channel, (lang) =>
      make(toSpotOrder(row, pair, this.messenger.translator(isLang(lang) ? lang : DEFAULT_LANG)), balances, pair),
    );
  }

  /** Depth now if the last push of this symbol is old enough, else once when it is. */
  private scheduleDepth(matchId: number): void {
    if (this.timers.has(matchId)) return;
    const wait = (this.lastDepth.get(matchId) ?? 0) + DEPTH_THROTTLE_MS - Date.now();
    if (wait <= 0) return this.pushDepth(matchId);
    const t = setTimeout(() => {
      this.timers.delete(matchId);
      this.pushDepth(matchId);
    }, wait);
    t.unref?.();
    this.timers.set(matchId, t);
  }

  private pushDepth(matchId: number): void {
    this.lastDepth.set(matchId, Date.now());
    const p = this.market.pairs.get(matchId);
    if (!p) return;
    this.hub.publish(`MARKET_DEPTH.${p.symbol}`, () => ({
      type: "MARKET_DEPTH",
      currency_match_id: p.id,
      symbol: p.symbol,
      depth: indexedDepth(this.engine.depth(matchId)),
    }));
  }

  private pushQuotation(matchId: number): void {
    const p = this.market.pairs.get(matchId);
    if (!p) return;
    this.hub.publish("DAY_MARKET", () => {
      const { currency_match_id: _id, ...quotation } = this.market.quotation(p.id);
      return { type: "DAY_MARKET", currency_match_id: p.id, symbol: p.symbol, quotation };
    });
  }
}
