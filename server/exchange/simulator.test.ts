import { describe, expect, it } from "vitest";
import { openDatabase } from "./db/index";
import { seedIfEmpty } from "./db/seed";
import { Hub } from "./hub";
import { Market } from "./market";
import { Simulator } from "./simulator";

const NOW = Date.UTC(2026, 10, 18, 13, 47, 30);

function run(seed: number) {
  const db = openDatabase(":memory:");
  seedIfEmpty(db, NOW);
  const market = new Market(db, new Hub());
  const sim = new Simulator(db, market, { seed });
  sim.backfill(NOW);
  for (let i = 1; i <= 5; i++) sim.tick(NOW + i * 1000);
  const klines = db.prepare("SELECT * FROM klines ORDER BY match_id, period, time").all();
  const trades = db.prepare("SELECT match_id, way, price, number, time FROM trades ORDER BY id").all();
  return { db, market, klines, trades };
}

describe("market simulator", () => {
  it("is deterministic for a seed and differs between seeds", () => {
    const a = run(42);
    const b = run(42);
    const c = run(43);
    expect(a.klines).toEqual(b.klines);
    expect(a.trades).toEqual(b.trades);
    expect(a.market.quotation(1, NOW + 5000)).toEqual(b.market.quotation(1, NOW + 5000));
    expect(c.klines).not.toEqual(a.klines);
    for (const r of [a, b, c]) r.db.close();
  });

  it("backfills at least 1500 one-minute and 400 daily bars per pair, consistent and well formed", () => {
    const { db, market } = run(7);
    for (const p of market.pairs.values()) {
      const count = (period: string) =>
        (db.prepare("SELECT COUNT(*) AS n FROM klines WHERE match_id = ? AND period = ?").get(p.id, period) as { n: number }).n;
      expect(count("1min")).toBeGreaterThanOrEqual(1500);
      expect(count("1day")).toBeGreaterThanOrEqual(400);
      const bars = market.klines(p.id, "1min", NOW - 3 * 86_400_000, NOW + 10_000);
      for (const b of bars) {
        expect(Number(b.high)).toBeGreaterThanOrEqual(Math.max(Number(b.open), Number(b.close)));
        expect(Number(b.low)).toBeLessThanOrEqual(Math.min(Number(b.open), Number(b.close)));
        expect(b.close).toMatch(new RegExp(`^\\d+\\.\\d{${p.pricePrecision}}$`));
      }
      for (let i = 1; i < bars.length; i++) expect(bars[i].time).toBeGreaterThan(bars[i - 1].time);
      const q = market.quotation(p.id, NOW + 5000);
      expect(q.change).toMatch(/^-?\d+\.\d{2}$/);
      expect(Number(q.high)).toBeGreaterThanOrEqual(Number(q.low));
      expect(Number(q.volume)).toBeGreaterThan(0);
    }
    // Cross rates stay consistent: ETH/BTC ≈ ETH/USDT ÷ BTC/USDT.
    const cross = Number(market.referencePrice(11));
    const implied = Number(market.referencePrice(2)) / Number(market.referencePrice(1));
    expect(Math.abs(cross / implied - 1)).toBeLessThan(0.001);
    db.close();
  });

  it("every period has bars, and a day aggregated from minutes matches the stored day", () => {
    const { db, market } = run(9);
    for (const period of ["1min", "5min", "15min", "30min", "60min", "1day", "1week", "1mon"] as const) {
      const bars = market.klines(1, period, NOW - 2000 * 86_400_000, NOW + 10_000);
      expect(bars.length, period).toBeGreaterThan(10);
      expect(bars.every((b) => b.period === period)).toBe(true);
    }
    // Yesterday is fully covered by minute bars: its daily bar equals the aggregation of its minutes.
    const dayStart = Date.UTC(2026, 10, 17);
    const fromMinutes = market.klines(1, "1min", dayStart, dayStart + 86_400_000 - 1, 5000);
    const day = market.klines(1, "1day", dayStart, dayStart)[0];
    expect(fromMinutes).toHaveLength(1440);
    expect(day.open).toBe(fromMinutes[0].open);
    expect(day.close).toBe(fromMinutes.at(-1)!.close);
    expect(Math.max(...fromMinutes.map((b) => Number(b.high)))).toBe(Number(day.high));
    db.close();
  });
});

describe("market simulator, history only (SIMULATOR=history)", () => {
  it("writes the history and this minute's trades at start, then stands still: no timer, no further trades", () => {
    const db = openDatabase(":memory:");
    seedIfEmpty(db, NOW);
    const sim = new Simulator(db, new Market(db, new Hub()), { seed: 42, live: false, tickMs: 50 });
    sim.start(NOW);
    const count = () => (db.prepare("SELECT COUNT(*) AS n FROM trades").get() as { n: number }).n;
    const bars = (db.prepare("SELECT COUNT(*) AS n FROM klines WHERE period = '1min'").get() as { n: number }).n;
    expect(bars).toBeGreaterThan(1500);
    expect(count()).toBeGreaterThan(0);
    expect((sim as unknown as { timer: unknown }).timer).toBeNull();
    sim.stop();
  });
});
