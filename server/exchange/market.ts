import Decimal from "decimal.js";
import {
  KLINE_PERIODS,
  normalizeSymbol,
  type Depth,
  type DepthEntry,
  type KlineBar,
  type KlinePeriod,
  type Quotation,
  type Trade,
  type TradeWay,
} from "../../app/contract/index";
import type { Statement } from "better-sqlite3";
import type { DB } from "./db/index";
import type { Hub } from "./hub";
import { aggregateBars, basePeriodOf, bucketStart, mergeTrade, nominalPeriodMs, type BasePeriod, type Bar } from "./kline";
import { gaussian, hashSeed, mulberry32 } from "./lib/prng";
import { DAY, MINUTE } from "./lib/time";

export interface PairInfo {
  id: number;
  symbol: string;
  baseId: number;
  quoteId: number;
  baseCode: string;
  quoteCode: string;
  pricePrecision: number;
  amountPrecision: number;
  /** The decimals of the base and quote currencies (what a fee in either is shown to). */
  baseDecimals: number;
  quoteDecimals: number;
  /** Typical daily volume in base units (drives the simulator and the ladder sizes). */
  dayVolume: string;
  openChange: number;
}

export interface TradeInput {
  /** The taker's side (the contract's TRADE_WAY: 2 buy, 1 sell). */
  way: TradeWay;
  price: string;
  number: string;
  time: number;
  /** sim (simulator history), mm (the market maker with itself), user (an order of a user took part). */
  source?: "sim" | "mm" | "user";
  buyOrderId?: number;
  sellOrderId?: number;
  /** price is already at the pair's precision and number canonical (the engine formats them). */
  formatted?: boolean;
}

/** Market-maker ladder depth per side. */
export const LADDER_LEVELS = 20;
/** Yuan per US dollar for cny_price (display only). */
export const CNY_PER_USD = "7.2";

interface DayWindow {
  minute: number;
  open: Decimal | null;
  high: Decimal | null;
  low: Decimal | null;
  volume: Decimal;
}

/**
 * Market data of every pair: reference prices, trades, candles, the 24 h quotation and the market
 * maker's ladder. The simulator drives it; with the simulator off, tests drive it through
 * setReferencePrice / recordTrades.
 */
export class Market {
  readonly pairs = new Map<number, PairInfo>();
  private readonly bySymbol = new Map<string, PairInfo>();
  private readonly refPrice = new Map<number, string>();
  private readonly lastPrice = new Map<number, string>();
  private readonly usd = new Map<number, string>();
  private readonly bars = new Map<string, Bar>();
  private readonly windows = new Map<number, DayWindow>();
  private readonly ladders = new Map<number, { price: string; depth: Depth }>();
  private readonly statements = new Map<string, Statement>();
  /** The real order book's depth (set by the exchange); without it, the reference ladder (buildLadder). */
  depthSource: ((matchId: number) => Depth) | null = null;
  private readonly priceListeners: Array<(matchId: number, price: string) => void> = [];
  private readonly tradeListeners: Array<(matchId: number) => void> = [];

  constructor(
    private readonly db: DB,
    private readonly hub: Hub,
  ) {
    const rows = db
      .prepare(
        `SELECT m.id, b.code AS base_code, q.code AS quote_code, m.base_currency_id, m.quote_currency_id, m.price_precision,
                m.amount_precision, m.day_volume, m.open_change, b.decimals AS base_decimals, q.decimals AS quote_decimals
         FROM currency_matches m JOIN currencies b ON b.id = m.base_currency_id JOIN currencies q ON q.id = m.quote_currency_id
         ORDER BY m.sort, m.id`,
      )
      .all() as Array<Record<string, string | number>>;
    for (const c of db.prepare("SELECT id, usd_price FROM currencies").all() as { id: number; usd_price: string }[]) {
      this.usd.set(c.id, c.usd_price);
    }
    for (const r of rows) {
      const p: PairInfo = {
        id: Number(r.id),
        symbol: `${r.base_code}/${r.quote_code}`,
        baseId: Number(r.base_currency_id),
        quoteId: Number(r.quote_currency_id),
        baseCode: String(r.base_code),
        quoteCode: String(r.quote_code),
        pricePrecision: Number(r.price_precision),
        amountPrecision: Number(r.amount_precision),
        baseDecimals: Number(r.base_decimals),
        quoteDecimals: Number(r.quote_decimals),
        dayVolume: String(r.day_volume),
        openChange: Number(r.open_change),
      };
      this.pairs.set(p.id, p);
      this.bySymbol.set(normalizeSymbol(p.symbol), p);
      const last =
        (
          db.prepare("SELECT price FROM trades WHERE match_id = ? ORDER BY time DESC, id DESC LIMIT 1").get(p.id) as
            { price: string } | undefined
        )?.price ??
        (
          db.prepare("SELECT close FROM klines WHERE match_id = ? AND period = '1min' ORDER BY time DESC LIMIT 1").get(p.id) as
            { close: string } | undefined
        )?.close;
      const ref = last ?? this.crossPrice(p);
      this.refPrice.set(p.id, ref);
      if (last) this.lastPrice.set(p.id, last);
    }
  }

  /** Prepared statements are compiled once (the simulator runs these every tick). */
  private sql(text: string): Statement {
    let st = this.statements.get(text);
    if (!st) this.statements.set(text, (st = this.db.prepare(text)));
    return st;
  }

  pairBySymbol(symbol: string): PairInfo | undefined {
    return this.bySymbol.get(normalizeSymbol(symbol));
  }

  /** base/quote from the USD prices of the two currencies, at the pair's precision. */
  crossPrice(p: PairInfo): string {
    const q = new Decimal(this.usd.get(p.quoteId) ?? "1");
    return new Decimal(this.usd.get(p.baseId) ?? "0").div(q.isZero() ? 1 : q).toFixed(p.pricePrecision);
  }

  usdPrice(currencyId: number): string {
    return this.usd.get(currencyId) ?? "0";
  }

  setUsdPrice(currencyId: number, price: string): void {
    this.usd.set(currencyId, price);
  }

  referencePrice(matchId: number): string {
    return this.refPrice.get(matchId) ?? "0";
  }

  /** The last traded price (the reference price before the first trade). */
  price(matchId: number): string {
    return this.lastPrice.get(matchId) ?? this.referencePrice(matchId);
  }

  /** Moves the reference price the market maker quotes around. */
  setReferencePrice(matchId: number, price: string): void {
    const p = this.requirePair(matchId);
    const fixed = new Decimal(price).toFixed(p.pricePrecision);
    const changed = this.refPrice.get(matchId) !== fixed;
    this.refPrice.set(matchId, fixed);
    if (changed) for (const l of this.priceListeners) l(matchId, fixed);
  }

  /** Called after a pair's trades are committed and pushed (the lever engine marks its positions). */
  onTrades(listener: (matchId: number) => void): void {
    this.tradeListeners.push(listener);
  }

  /** Called when a pair's reference price changes (the market maker re-quotes). */
  onReferencePrice(listener: (matchId: number, price: string) => void): void {
    this.priceListeners.push(listener);
  }

  private requirePair(matchId: number): PairInfo {
    const p = this.pairs.get(matchId);
    if (!p) throw new Error(`unknown pair ${matchId}`);
    return p;
  }

  private currentBar(matchId: number, period: BasePeriod, bucket: number): Bar | undefined {
    const key = `${matchId}|${period}`;
    const cached = this.bars.get(key);
    if (cached && cached.time === bucket) return cached;
    const row = this.sql("SELECT time, open, high, low, close, volume FROM klines WHERE match_id = ? AND period = ? AND time = ?").get(
      matchId,
      period,
      bucket,
    ) as Bar | undefined;
    return row;
  }

  /** Stores a candle of a base period (used by the simulator's backfill too). */
  writeBar(matchId: number, period: BasePeriod, bar: Bar): void {
    this.sql("INSERT OR REPLACE INTO klines (match_id, period, time, open, high, low, close, volume) VALUES (?, ?, ?, ?, ?, ?, ?, ?)").run(
      matchId,
      period,
      bar.time,
      bar.open,
      bar.high,
      bar.low,
      bar.close,
      bar.volume,
    );
    const key = `${matchId}|${period}`;
    const cached = this.bars.get(key);
    if (!cached || cached.time <= bar.time) this.bars.set(key, bar);
    // The cached 24 h window holds completed minutes only; the current minute is read live.
    if (period === "1min" && bar.time < bucketStart("1min", Date.now())) this.windows.delete(matchId);
  }

  /**
   * Writes trades of one pair inside the caller's transaction: trades rows, the 1-minute and daily candles
   * (each touched candle written once), the last price. No pushes: the caller publishes after its commit.
   */
  insertTrades(matchId: number, trades: TradeInput[]): Trade[] {
    const p = this.requirePair(matchId);
    if (trades.length === 0) return [];
    const insert = this.sql(
      "INSERT INTO trades (match_id, way, price, number, time, source, buy_order_id, sell_order_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
    );
    const saved: Trade[] = [];
    const pending = new Map<BasePeriod, Bar>();
    let newest: Trade | undefined;
    for (const t of trades) {
      const price = t.formatted ? t.price : new Decimal(t.price).toFixed(p.pricePrecision);
      const number = t.formatted ? t.number : new Decimal(t.number).toFixed();
      const r = insert.run(matchId, t.way, price, number, t.time, t.source ?? "sim", t.buyOrderId ?? null, t.sellOrderId ?? null);
      const trade = { id: Number(r.lastInsertRowid), time: t.time, way: t.way, price, number };
      saved.push(trade);
      if (!newest || trade.time >= newest.time) newest = trade;
      for (const period of ["1min", "1day"] as const) {
        const bucket = bucketStart(period, t.time);
        let bar = pending.get(period);
        if (bar && bar.time !== bucket) {
          this.writeBar(matchId, period, bar);
          bar = undefined;
        }
        pending.set(period, mergeTrade(bar ?? this.currentBar(matchId, period, bucket), bucket, price, number));
      }
    }
    for (const [period, bar] of pending) this.writeBar(matchId, period, bar);
    if (newest) this.lastPrice.set(matchId, newest.price);
    return saved;
  }

  /** Pushes new trades (GLOBAL_TX) and the current bar of every period (KLINE) of a pair. */
  publishTrades(matchId: number, saved: Trade[], now = Date.now()): void {
    const p = this.requirePair(matchId);
    if (saved.length === 0) return;
    for (const l of this.tradeListeners) l(matchId);
    const completes = [...saved].reverse();
    this.hub.publish(`GLOBAL_TX.${p.symbol}`, () => ({ type: "GLOBAL_TX", currency_match_id: p.id, symbol: p.symbol, completes }));
    if (this.hub.hasSubscribers(`KLINE.${p.symbol}`)) {
      for (const bar of this.currentBars(matchId, now)) {
        this.hub.publish(`KLINE.${p.symbol}`, () => ({ type: "KLINE", currency_match_id: p.id, symbol: p.symbol, ...bar }));
      }
    }
  }

  /** The bar in progress of every period (those that have one). */
  currentBars(matchId: number, now = Date.now()): KlineBar[] {
    const out: KlineBar[] = [];
    for (const period of KLINE_PERIODS) {
      const bar = this.klines(matchId, period, bucketStart(period, now), now).at(-1);
      if (bar) out.push(bar);
    }
    return out;
  }

  /** Records trades of one pair in their own transaction and pushes them (simulator history, tests). */
  recordTrades(matchId: number, trades: TradeInput[]): Trade[] {
    const saved = this.db.transaction(() => this.insertTrades(matchId, trades))();
    this.publishTrades(matchId, saved, trades.at(-1)?.time ?? Date.now());
    return saved;
  }

  /** Forgets cached candles, windows and last prices (after a rolled-back transaction). */
  resetCaches(): void {
    this.bars.clear();
    this.windows.clear();
    for (const p of this.pairs.values()) {
      const last = (
        this.sql("SELECT price FROM trades WHERE match_id = ? ORDER BY time DESC, id DESC LIMIT 1").get(p.id) as
          { price: string } | undefined
      )?.price;
      if (last) this.lastPrice.set(p.id, last);
    }
  }

  /** The 24 h quotation: last price, change in percent against 24 h ago (2 decimals), high, low, volume. */
  quotation(matchId: number, now = Date.now()): Quotation {
    const p = this.requirePair(matchId);
    const minute = bucketStart("1min", now);
    let w = this.windows.get(matchId);
    if (!w || w.minute !== minute) {
      w = { minute, open: null, high: null, low: null, volume: new Decimal(0) };
      const rows = this.sql(
        "SELECT open, high, low, volume FROM klines WHERE match_id = ? AND period = '1min' AND time >= ? AND time < ? ORDER BY time",
      ).all(matchId, minute - DAY + MINUTE, minute) as Bar[];
      for (const b of rows) {
        w.open ??= new Decimal(b.open);
        w.high = w.high ? Decimal.max(w.high, b.high) : new Decimal(b.high);
        w.low = w.low ? Decimal.min(w.low, b.low) : new Decimal(b.low);
        w.volume = w.volume.plus(b.volume);
      }
      this.windows.set(matchId, w);
    }
    const close = new Decimal(this.price(matchId));
    let { open, high, low, volume } = w;
    const cur = this.currentBar(matchId, "1min", minute);
    if (cur) {
      open ??= new Decimal(cur.open);
      high = high ? Decimal.max(high, cur.high) : new Decimal(cur.high);
      low = low ? Decimal.min(low, cur.low) : new Decimal(cur.low);
      volume = volume.plus(cur.volume);
    }
    const change = open && !open.isZero() ? close.minus(open).div(open).times(100) : new Decimal(0);
    return {
      currency_match_id: p.id,
      close: close.toFixed(p.pricePrecision),
      change: change.toFixed(2),
      high: (high ?? close).toFixed(p.pricePrecision),
      low: (low ?? close).toFixed(p.pricePrecision),
      volume: volume.toDecimalPlaces(p.amountPrecision, Decimal.ROUND_DOWN).toFixed(p.amountPrecision),
    };
  }

  /** Pushes every pair's quotation to DAY_MARKET subscribers. */
  publishDayMarket(now = Date.now()): void {
    if (!this.hub.hasSubscribers("DAY_MARKET")) return;
    for (const p of this.pairs.values()) {
      this.hub.publish("DAY_MARKET", () => {
        const { currency_match_id: _id, ...quotation } = this.quotation(p.id, now);
        return { type: "DAY_MARKET", currency_match_id: p.id, symbol: p.symbol, quotation };
      });
    }
  }

  /** Bids and asks, best first, aggregated by price: the real book, or the reference ladder without an engine. */
  depth(matchId: number): Depth {
    const p = this.requirePair(matchId);
    if (this.depthSource) return this.depthSource(matchId);
    return this.referenceLadder(p);
  }

  /** The synthetic ladder around the reference price (prices the simulator's pre-exchange history trades). */
  referenceLadder(p: PairInfo): Depth {
    const price = this.referencePrice(p.id);
    const cached = this.ladders.get(p.id);
    if (cached && cached.price === price) return cached.depth;
    const depth = buildLadder(p, price);
    this.ladders.set(p.id, { price, depth });
    return depth;
  }

  /** Newest first. */
  recentTrades(matchId: number, limit = 30): Trade[] {
    return this.sql("SELECT id, time, way, price, number FROM trades WHERE match_id = ? ORDER BY time DESC, id DESC LIMIT ?").all(
      matchId,
      limit,
    ) as Trade[];
  }

  /** Candles of `period` whose start lies in [fromMs, toMs], ascending, at most `maxBars` (the latest). */
  klines(matchId: number, period: KlinePeriod, fromMs: number, toMs: number, maxBars = 1500): KlineBar[] {
    if (toMs < fromMs) return [];
    const base = basePeriodOf(period);
    const start = bucketStart(period, fromMs);
    const baseMs = base === "1min" ? MINUTE : DAY;
    const limit = Math.ceil((maxBars * nominalPeriodMs(period)) / baseMs) + 1;
    const rows = this.sql(
      `SELECT time, open, high, low, close, volume FROM klines
         WHERE match_id = ? AND period = ? AND time >= ? AND time <= ? ORDER BY time DESC LIMIT ?`,
    ).all(matchId, base, start, toMs, limit) as Bar[];
    rows.reverse();
    let out = aggregateBars(rows, period);
    // When the limit cut the range, the oldest bucket may be partial: drop it.
    if (rows.length === limit && out.length > 1) out = out.slice(1);
    return out.slice(-maxBars);
  }

  /** Forgets old simulated trades and minute candles. */
  prune(now: number): void {
    // Simulated history and the market maker's trades with itself; trades with users are kept.
    this.sql("DELETE FROM trades WHERE source IN ('sim', 'mm') AND time < ?").run(now - 2 * DAY);
    this.sql("DELETE FROM klines WHERE period = '1min' AND time < ?").run(now - 30 * DAY);
  }
}

/**
 * A realistic ladder: a tight spread (about 0.02 %), levels about 0.03 % apart, sizes growing away
 * from the price. Deterministic for a given pair and price.
 */
export function buildLadder(p: PairInfo, price: string, levels = LADDER_LEVELS): Depth {
  const rand = mulberry32(hashSeed(`${p.id}|${price}`));
  const ref = new Decimal(price);
  const tick = new Decimal(1).div(new Decimal(10).pow(p.pricePrecision));
  const half = Decimal.max(tick, ref.times("0.0001"));
  const step = Decimal.max(tick, ref.times("0.0003"));
  const minAmount = new Decimal(1).div(new Decimal(10).pow(p.amountPrecision));
  const lot = new Decimal(p.dayVolume).div(3000);
  const amount = (i: number) => {
    const a = lot
      .times(0.3 + rand() * 1.7)
      .times(1 + i * 0.15)
      .times(Math.exp(gaussian(rand) * 0.3));
    return Decimal.max(minAmount, a.toDecimalPlaces(p.amountPrecision, Decimal.ROUND_DOWN)).toFixed(p.amountPrecision);
  };
  const bids: DepthEntry[] = [];
  const asks: DepthEntry[] = [];
  let lastBid: Decimal | null = null;
  let lastAsk: Decimal | null = null;
  for (let i = 0; i < levels; i++) {
    let bid = ref.minus(half).minus(step.times(i)).toDecimalPlaces(p.pricePrecision, Decimal.ROUND_DOWN);
    if (lastBid && bid.gte(lastBid)) bid = lastBid.minus(tick);
    let ask = ref.plus(half).plus(step.times(i)).toDecimalPlaces(p.pricePrecision, Decimal.ROUND_UP);
    if (lastAsk && ask.lte(lastAsk)) ask = lastAsk.plus(tick);
    if (bid.gt(0)) bids.push({ price: bid.toFixed(p.pricePrecision), amount: amount(i) });
    asks.push({ price: ask.toFixed(p.pricePrecision), amount: amount(i) });
    lastBid = bid;
    lastAsk = ask;
  }
  return { in: bids, out: asks };
}
