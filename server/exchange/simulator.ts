import Decimal from "decimal.js";
import { TRADE_WAY } from "../../app/contract/core/index";
import type { DB } from "./db/index";
import { bucketStart, mergeBars, type Bar } from "./kline";
import type { Market, PairInfo, TradeInput } from "./market";
import { gaussian, mulberry32 } from "./lib/prng";
import { DAY, HOUR, MINUTE } from "./lib/time";

export interface SimulatorOptions {
  seed?: number;
  tickMs?: number;
  /** false: `start` writes the history and the current minute's trades, then stands still (no ticks). Default true. */
  live?: boolean;
  log?: (line: string) => void;
  /** Runs after every live tick (the market maker re-quotes and trades through the engine). */
  onTick?: (now: number) => void;
}

/** Days of daily history generated at first start (≥ 400 daily bars per pair). */
export const BACKFILL_DAYS = 450;
/** Minute bars cover today and the two days before it (≥ 2 880 one-minute bars per pair). */
export const MINUTE_HISTORY_DAYS = 2;
/** Mean reversion of the log price towards the seed price: half-life of 60 days. */
const REVERSION_PER_DAY = Math.LN2 / 60;
/** Samples per minute bar while backfilling. */
const MINUTE_SAMPLES = 6;

interface Sample {
  time: number;
  o: number;
  h: number;
  l: number;
  c: number;
  v: number;
}

/**
 * Seeded random walk of every currency's USD price (an Ornstein–Uhlenbeck process on the log price,
 * pulled back towards its seed price), from which each pair's price is derived as base/quote, so cross
 * rates stay consistent. The walk itself is a float-valued random process; every price and amount
 * leaves it as a decimal string rounded to the pair's precision, and all bookkeeping downstream
 * (trades, candles, quotations) is decimal.js.
 */
export class Simulator {
  private readonly rand: () => number;
  private readonly tickMs: number;
  private readonly log: (line: string) => void;
  private readonly x = new Map<number, number>();
  private readonly anchor = new Map<number, number>();
  private readonly sigma = new Map<number, number>();
  private readonly stable = new Set<number>();
  private readonly pairs: PairInfo[];
  private timer: NodeJS.Timeout | null = null;
  private lastTick: number | null = null;
  private lastPrune = 0;
  private readonly onTick: ((now: number) => void) | undefined;
  private readonly live: boolean;

  constructor(
    private readonly db: DB,
    private readonly market: Market,
    opts: SimulatorOptions = {},
  ) {
    this.rand = mulberry32(opts.seed ?? 20260101);
    this.tickMs = opts.tickMs ?? 1000;
    this.live = opts.live ?? true;
    this.log = opts.log ?? (() => {});
    this.onTick = opts.onTick;
    this.pairs = [...market.pairs.values()];
    const currencies = db.prepare("SELECT id, usd_price, is_stable, volatility FROM currencies ORDER BY id").all() as {
      id: number;
      usd_price: string;
      is_stable: number;
      volatility: string;
    }[];
    for (const c of currencies) {
      const a = Math.log(Number(c.usd_price));
      this.anchor.set(c.id, a);
      this.sigma.set(c.id, Number(c.volatility));
      if (c.is_stable) this.stable.add(c.id);
      // Continue from the last traded price against a stablecoin, if there is history.
      const usdPair = this.pairs.find((p) => p.baseId === c.id && currencies.some((q) => q.id === p.quoteId && q.is_stable));
      const hasHistory = usdPair && db.prepare("SELECT 1 FROM klines WHERE match_id = ? LIMIT 1").get(usdPair.id);
      this.x.set(c.id, c.is_stable || !usdPair || !hasHistory ? a : Math.log(Number(market.price(usdPair.id))));
    }
  }

  start(now = Date.now()): void {
    const t0 = performance.now();
    const bars = this.backfill(now);
    if (bars > 0) this.log(`[exchange] simulator backfilled ${bars} candles in ${Math.round(performance.now() - t0)} ms`);
    if (!this.live) return;
    this.timer = setInterval(() => {
      try {
        this.tick(Date.now());
      } catch (err) {
        this.log(`[exchange] simulator tick failed: ${err instanceof Error ? err.stack : String(err)}`);
      }
    }, this.tickMs);
    this.timer.unref?.();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** Fills the candle history up to `now`: everything at first start, the gap after a restart. Returns candles written. */
  backfill(now: number): number {
    const last = this.db.prepare("SELECT MAX(time) AS t FROM klines WHERE period = '1min'").get() as { t: number | null };
    const lastDay = this.db.prepare("SELECT MAX(time) AS t FROM klines WHERE period = '1day'").get() as { t: number | null };
    const from = last.t != null ? last.t + MINUTE : lastDay.t != null ? lastDay.t + DAY : bucketStart("1day", now) - BACKFILL_DAYS * DAY;
    let written = 0;
    this.db.transaction(() => {
      // At first start the history is pinned to end at the seed prices; a gap after a restart just continues the walk.
      if (from < bucketStart("1min", now)) written = this.generate(from, now, last.t == null && lastDay.t == null);
      // A few trades in the current minute so the trade list and the quotation are alive at once.
      const warm = 15;
      for (let i = 0; i < warm; i++) this.step(Math.max(bucketStart("1min", now), now - (warm - 1 - i) * 1000), 1000, true);
    })();
    this.lastTick = now;
    return written;
  }

  /**
   * One live tick: advance the walk and move the reference prices (the market maker follows them and trades
   * through the engine in `onTick`), prune, push quotations.
   */
  tick(now: number): void {
    const elapsed = this.lastTick == null ? this.tickMs : now - this.lastTick;
    if (elapsed > 5 * MINUTE) {
      // The process slept (suspend, debugger): fill the gap with candles first.
      this.db.transaction(() => this.generate(this.lastTick! + MINUTE, now))();
    }
    this.db.transaction(() => {
      this.step(now, Math.min(Math.max(elapsed, 1), MINUTE), false);
      if (now - this.lastPrune > 10 * MINUTE) {
        this.market.prune(now);
        this.lastPrune = now;
      }
    })();
    this.lastTick = now;
    this.onTick?.(now);
    this.market.publishDayMarket(now);
  }

  /**
   * Advances every currency by `dtDays`. With `remainingDays` (time left until the end of a backfill)
   * the step is a Brownian bridge towards the seed price, so history ends where the seed says the
   * market is today; otherwise it is the mean-reverting walk.
   */
  private advance(dtDays: number, remainingDays?: number): void {
    for (const [id, x] of this.x) {
      if (this.stable.has(id)) continue;
      const anchor = this.anchor.get(id)!;
      const sigma = this.sigma.get(id)!;
      const z = gaussian(this.rand);
      if (remainingDays !== undefined && remainingDays > dtDays) {
        const r = remainingDays;
        this.x.set(id, x + ((anchor - x) * dtDays) / r + sigma * Math.sqrt((dtDays * (r - dtDays)) / r) * z);
      } else {
        this.x.set(id, x + REVERSION_PER_DAY * (anchor - x) * dtDays + sigma * Math.sqrt(dtDays) * z);
      }
    }
  }

  private pairPrice(p: PairInfo): number {
    return Math.exp(this.x.get(p.baseId)! - this.x.get(p.quoteId)!);
  }

  /** Advances the walk; with `synthetic`, records 1–3 trades per pair at the reference ladder (history before the exchange ran). */
  private step(now: number, elapsedMs: number, synthetic: boolean): void {
    this.advance(elapsedMs / DAY);
    for (const [id, x] of this.x) this.market.setUsdPrice(id, new Decimal(Math.exp(x)).toSignificantDigits(8).toFixed());
    for (const p of this.pairs) {
      this.market.setReferencePrice(p.id, this.pairPrice(p).toFixed(p.pricePrecision));
      // Live, a pair with a spot book trades through it (the market maker); a pair closed for spot (leverage
      // only) has no book, so its price moves by the simulator's own prints.
      if (!synthetic && p.openChange === 1) continue;
      const depth = this.market.referenceLadder(p);
      const n = 1 + Math.floor(this.rand() * 3);
      const perTrade = (Number(p.dayVolume) * (elapsedMs / DAY)) / n;
      const trades: TradeInput[] = [];
      for (let i = 0; i < n; i++) {
        const way = this.rand() < 0.5 ? TRADE_WAY.SELL : TRADE_WAY.BUY;
        // A buy takes the best ask, a sell the best bid.
        const level = way === TRADE_WAY.BUY ? depth.out[0] : depth.in[0];
        const size = perTrade * Math.exp(gaussian(this.rand) * 0.8 - 0.32);
        const number = Decimal.max(
          new Decimal(1).div(new Decimal(10).pow(p.amountPrecision)),
          new Decimal(size).toDecimalPlaces(p.amountPrecision, Decimal.ROUND_DOWN),
        ).toFixed(p.amountPrecision);
        trades.push({ way, price: level.price, number, time: now });
      }
      this.market.recordTrades(p.id, trades);
    }
  }

  /**
   * Generates candles from `fromMs` up to the minute containing `toMs` (exclusive): hourly samples for
   * old days, 10 s samples for recent minutes. `pin` bridges the walk to the seed prices at the end.
   */
  private generate(fromMs: number, toMs: number, pin = false): number {
    const end = bucketStart("1min", toMs);
    const minuteStart = Math.max(bucketStart("1min", fromMs), bucketStart("1day", toMs) - MINUTE_HISTORY_DAYS * DAY);
    const days = new Map<number, Sample>();
    const minutes = new Map<number, Sample>();
    let written = 0;
    const findDay = this.db.prepare(
      "SELECT time, open, high, low, close, volume FROM klines WHERE match_id = ? AND period = '1day' AND time = ?",
    );
    const write = (p: PairInfo, period: "1min" | "1day", s: Sample) => {
      let bar: Bar = {
        time: s.time,
        open: s.o.toFixed(p.pricePrecision),
        high: s.h.toFixed(p.pricePrecision),
        low: s.l.toFixed(p.pricePrecision),
        close: s.c.toFixed(p.pricePrecision),
        volume: s.v.toFixed(p.amountPrecision),
      };
      if (period === "1day") {
        const existing = findDay.get(p.id, s.time) as Bar | undefined;
        if (existing) bar = mergeBars(existing, bar);
      }
      this.market.writeBar(p.id, period, bar);
      written++;
    };
    const add = (map: Map<number, Sample>, p: PairInfo, period: "1min" | "1day", bucket: number, price: number, vol: number) => {
      const s = map.get(p.id);
      if (s && s.time === bucket) {
        s.h = Math.max(s.h, price);
        s.l = Math.min(s.l, price);
        s.c = price;
        s.v += vol;
        return;
      }
      if (s) write(p, period, s);
      map.set(p.id, { time: bucket, o: price, h: price, l: price, c: price, v: vol });
    };
    const sample = (t: number, stepMs: number, withMinutes: boolean) => {
      this.advance(stepMs / DAY, pin ? (end - t + stepMs) / DAY : undefined);
      for (const p of this.pairs) {
        const price = this.pairPrice(p);
        const vol = Number(p.dayVolume) * (stepMs / DAY) * Math.exp(gaussian(this.rand) * 0.6 - 0.18);
        add(days, p, "1day", bucketStart("1day", t), price, vol);
        if (withMinutes) add(minutes, p, "1min", bucketStart("1min", t), price, vol);
      }
    };
    let t = fromMs;
    for (; t < minuteStart; t = Math.min(t + HOUR, minuteStart)) sample(t, Math.min(HOUR, minuteStart - t), false);
    const sub = MINUTE / MINUTE_SAMPLES;
    for (t = Math.max(t, minuteStart); t < end; t += sub) sample(t, sub, true);
    for (const p of this.pairs) {
      const m = minutes.get(p.id);
      if (m) write(p, "1min", m);
      const d = days.get(p.id);
      if (d) write(p, "1day", d);
    }
    return written;
  }
}
