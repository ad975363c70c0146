import Decimal from "decimal.js";
import type { DB } from "../db/index";
import { SPOT_ACCOUNT } from "../../../app/contract/core/index";
import { credit } from "../ledger/index";
import { isLiveDatabase } from "../db/mode";
import { hashSeed, mulberry32 } from "../lib/prng";
import { HOUR } from "../lib/time";
import type { Market, PairInfo } from "../market";
import { BUY, SELL, type Way } from "./book";
import type { Command, SpotEngine } from "./engine";
import { formatFixed, formatScaled, parseScaled } from "./fixed";

export const MARKET_MAKER_EMAIL = "market-maker@exchange.invalid";
export const FEE_COLLECTOR_EMAIL = "fees@exchange.invalid";
/** The market maker starts with about this many US dollars' worth of every currency. */
const MM_USD_PER_CURRENCY = "500000000";

export interface SystemUsers {
  marketMakerId: number;
  feeCollectorId: number;
}

/**
 * The two system accounts (users that cannot log in): the market maker, seeded once through the ledger with
 * large balances, and the fee collector that receives every trading fee.
 */
export function ensureSystemUsers(db: DB, now = Date.now()): SystemUsers {
  const find = (email: string) => (db.prepare("SELECT id FROM users WHERE email = ?").get(email) as { id: number } | undefined)?.id;
  const create = (email: string, invite: string) =>
    Number(
      db
        .prepare(
          `INSERT INTO users (email, password_hash, invite_code, authorization_code, is_system, created_at) VALUES (?, '!', ?, ?, 1, ?)`,
        )
        .run(email, invite, invite, now).lastInsertRowid,
    );
  return db.transaction((): SystemUsers => {
    let mm = find(MARKET_MAKER_EMAIL);
    if (mm === undefined) {
      mm = create(MARKET_MAKER_EMAIL, "SYSMM001");
      // A real exchange's market maker holds only what the operator credits it (and runs only in the demo).
      const currencies = isLiveDatabase(db)
        ? []
        : (db.prepare("SELECT id, usd_price, decimals FROM currencies ORDER BY id").all() as {
            id: number;
            usd_price: string;
            decimals: number;
          }[]);
      for (const c of currencies) {
        const amount = new Decimal(MM_USD_PER_CURRENCY).div(c.usd_price).toDecimalPlaces(0, Decimal.ROUND_DOWN).toFixed(0);
        credit(db, { userId: mm, currencyId: c.id, accountCode: SPOT_ACCOUNT, amount, type: "seed", memo: "market maker inventory", now });
      }
    }
    const fees = find(FEE_COLLECTOR_EMAIL) ?? create(FEE_COLLECTOR_EMAIL, "SYSFEE01");
    return { marketMakerId: mm, feeCollectorId: fees };
  })();
}

export interface MarketMakerOptions {
  userId: number;
  seed?: number;
  /** Levels per side (≥ 15). */
  levels?: number;
  /** Chance per pair per tick of a trade with itself (about 3 per 10 s at one tick a second). */
  tradeChance?: number;
  log?: (line: string) => void;
}

interface Grid {
  /** Price step between levels and the half spread, 1e8 units, multiples of the pair's tick. */
  step: bigint;
  half: bigint;
  /** Smallest quantity step (1e8 units). */
  unit: bigint;
  /** Typical level size (1e8 units). */
  lot: bigint;
}

/**
 * A market maker that quotes every open pair through the engine itself: a ladder of limit orders on a fixed
 * price grid around the reference price (so a small move changes one level, not all), re-quoted when the
 * reference price moves, and small market orders against the book a few times per 10 s so that real trades,
 * candles and quotations exist. Quantities are integers (bigint); the random source only picks them.
 */
export class MarketMaker {
  private readonly grids = new Map<number, Grid>();
  private readonly inflight = new Map<number, Promise<void>>();
  private readonly again = new Set<number>();
  private readonly rand: () => number;
  private readonly levels: number;
  private readonly tradeChance: number;
  private readonly log: (line: string) => void;
  private stopped = false;
  private lastPrune = 0;

  constructor(
    private readonly db: DB,
    private readonly engine: SpotEngine,
    private readonly market: Market,
    private readonly opts: MarketMakerOptions,
  ) {
    this.rand = mulberry32(opts.seed ?? 7_2026);
    this.levels = Math.max(15, opts.levels ?? 20);
    this.tradeChance = opts.tradeChance ?? 0.3;
    this.log = opts.log ?? (() => {});
    market.onReferencePrice((matchId) => {
      if (!this.stopped) void this.quote(matchId);
    });
  }

  stop(): void {
    this.stopped = true;
  }

  private pairs(): PairInfo[] {
    return [...this.market.pairs.values()].filter((p) => p.openChange === 1);
  }

  /** Quotes every open pair; resolves when the orders are committed. */
  async quoteAll(): Promise<void> {
    await Promise.all(this.pairs().map((p) => this.quote(p.id)));
  }

  /** Re-quotes one pair (one re-quote in flight per pair; a later request runs once it is done). */
  quote(matchId: number): Promise<void> {
    const running = this.inflight.get(matchId);
    if (running) {
      this.again.add(matchId);
      return running;
    }
    const run = this.requote(matchId)
      .catch((err) => this.log(`[market-maker] re-quote failed: ${err instanceof Error ? err.stack : String(err)}`))
      .finally(() => {
        this.inflight.delete(matchId);
        if (this.again.delete(matchId) && !this.stopped) void this.quote(matchId);
      });
    this.inflight.set(matchId, run);
    return run;
  }

  /** One simulator tick: trades with the book on some pairs, prunes old system rows now and then. */
  tick(now: number): void {
    if (this.stopped) return;
    for (const p of this.pairs()) {
      if (this.rand() >= this.tradeChance) continue;
      const way: Way = this.rand() < 0.5 ? BUY : SELL;
      const g = this.grid(p);
      // About a tenth of a typical level, varied 0.2–1.8×.
      const m = BigInt(200 + Math.floor(this.rand() * 1600));
      let qty = ((g.lot * m) / 10_000n / g.unit) * g.unit;
      if (qty < g.unit) qty = g.unit;
      void this.engine.submit({ kind: "add", userId: this.opts.userId, matchId: p.id, way, type: "market", number: formatScaled(qty) });
    }
    if (now - this.lastPrune > 10 * 60_000) {
      this.lastPrune = now;
      this.prune(now);
    }
  }

  private grid(p: PairInfo): Grid {
    let g = this.grids.get(p.id);
    if (g) return g;
    const tick = 10n ** BigInt(Math.max(0, 8 - p.pricePrecision));
    const ref = parseScaled(this.market.referencePrice(p.id));
    const round = (v: bigint) => (v / tick < 1n ? tick : (v / tick) * tick);
    const amountDigits = Math.min(p.amountPrecision, 6);
    const unit = 10n ** BigInt(8 - amountDigits);
    const lot = parseScaled(new Decimal(p.dayVolume).div(3000).toDecimalPlaces(8, Decimal.ROUND_DOWN).toFixed());
    g = { step: round((ref * 3n) / 10_000n), half: round(ref / 10_000n), unit, lot: lot < unit ? unit : lot };
    this.grids.set(p.id, g);
    return g;
  }

  /** The ladder the market maker wants now: way|price → quantity (1e8). */
  private desired(p: PairInfo): Map<string, bigint> {
    const g = this.grid(p);
    const ref = parseScaled(this.market.referencePrice(p.id));
    const out = new Map<string, bigint>();
    const size = (price: bigint, i: number) => {
      const r = mulberry32(hashSeed(`${p.id}|${price}`));
      const m = BigInt(300 + Math.floor(r() * 1700)); // 0.3–2.0 lots
      const q = ((g.lot * m * BigInt(100 + 15 * i)) / 100_000n / g.unit) * g.unit;
      return q < g.unit ? g.unit : q;
    };
    const topBid = ((ref - g.half) / g.step) * g.step;
    const lowAsk = ((ref + g.half + g.step - 1n) / g.step) * g.step;
    for (let i = 0; i < this.levels; i++) {
      const bid = topBid - BigInt(i) * g.step;
      if (bid > 0n) out.set(`${BUY}|${bid}`, size(bid, i));
      const ask = lowAsk + BigInt(i) * g.step;
      out.set(`${SELL}|${ask}`, size(ask, i));
    }
    return out;
  }

  private async requote(matchId: number): Promise<void> {
    const p = this.market.pairs.get(matchId);
    if (!p || p.openChange !== 1) return;
    const want = this.desired(p);
    const cancels: Command[] = [];
    for (const o of this.engine.openOrdersOf(this.opts.userId, matchId)) {
      const key = `${o.way}|${parseScaled(o.price)}`;
      const size = want.get(key);
      const left = parseScaled(o.number) - parseScaled(o.transacted_amount);
      // Keep a level that is still wanted and not mostly eaten; replace the rest.
      if (size !== undefined && left * 10n >= size * 3n) want.delete(key);
      else cancels.push({ kind: "cancel", userId: this.opts.userId, orderId: o.id });
    }
    const adds: Command[] = [];
    for (const [key, qty] of want) {
      const [way, price] = key.split("|");
      adds.push({
        kind: "add",
        userId: this.opts.userId,
        matchId,
        way: Number(way) === BUY ? BUY : SELL,
        type: "limit",
        price: formatFixed(BigInt(price), p.pricePrecision),
        number: formatScaled(qty),
      });
    }
    if (cancels.length === 0 && adds.length === 0) return;
    // Cancels first: they land in the same batch, before the adds, so the ladder never crosses itself.
    await Promise.all([...cancels, ...adds].map((c) => this.engine.submit(c)));
  }

  /**
   * Finished market-maker orders, their closed holds and its account-log rows older than an hour go: they are its
   * working notes, not anyone's history (its trades with itself are pruned after 2 days with the simulator's;
   * balances are untouched). The pruned log rows leave one 'carried' row per account and column with their sum, so
   * its balances still equal the sums of its log rows (what the reconciliation checks).
   */
  private prune(now: number): void {
    pruneMarketMakerHistory(this.db, this.opts.userId, now - HOUR, now);
  }
}

/** The market maker's history older than `before`, pruned (see MarketMaker.prune). */
export function pruneMarketMakerHistory(db: DB, userId: number, before: number, now: number): void {
  db.transaction(() => {
    db.prepare("DELETE FROM spot_orders WHERE user_id = ? AND status <> 0 AND updated_at < ?").run(userId, before);
    db.prepare("DELETE FROM holds WHERE user_id = ? AND status <> 'pending' AND closed_at < ?").run(userId, before);
    const last = (
      db.prepare("SELECT MAX(id) AS m FROM account_log WHERE user_id = ? AND created_at < ? AND type <> 'seed'").get(userId, before) as {
        m: number | null;
      }
    ).m;
    if (last === null) return;
    db.prepare(
      `INSERT INTO account_log (account_id, user_id, currency_id, account_code, field, value, balance_after, type, memo, extra_data, created_at)
       SELECT l.account_id, l.user_id, l.currency_id, l.account_code, l.field, dec_sum(l.value),
         (SELECT x.balance_after FROM account_log x
          WHERE x.user_id = l.user_id AND x.account_code = l.account_code AND x.currency_id = l.currency_id AND x.field = l.field AND x.id <= ?
          ORDER BY x.id DESC LIMIT 1),
         'carried', 'pruned history', '{}', ?
       FROM account_log l WHERE l.user_id = ? AND l.id <= ? AND l.created_at < ? AND l.type <> 'seed'
       GROUP BY l.account_id, l.field HAVING dec_cmp(dec_sum(l.value), '0') <> 0`,
    ).run(last, now, userId, last, before);
    db.prepare("DELETE FROM account_log WHERE user_id = ? AND id <= ? AND created_at < ? AND type <> 'seed'").run(userId, last, before);
  })();
}
