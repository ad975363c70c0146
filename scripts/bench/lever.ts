// Lever engine benchmark (not a test): `npx tsx scripts/bench/lever.ts`.
// (a) 10,000 open positions of 1,000 users on BTC/USDT, marked to each new price: stops and pending orders checked,
//     the risk of every holder computed, LEVER_TRADE built for the holders who listen (here: all of them) — time per
//     price tick, p50 / p99 over 200 ticks that trigger nothing;
// (b) the delay from a trade that crosses a stop-loss to the position closed and committed (the price arrives after
//     its commit; the engine evaluates on the next turn of the event loop), p50 / p99 over 50 runs.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import Decimal from "decimal.js";
import { leverQuote } from "../../app/contract/core/lever";
import { createExchange, recordTrade, type Exchange } from "../../server/exchange/index";
import type { Subscriber } from "../../server/exchange/hub";
import { credit, post } from "../../server/exchange/ledger/index";
import { lockLeg } from "../../server/exchange/ledger/holds";
import { nextMidnight } from "../../server/exchange/lever/engine";
import { insertLeverOrder } from "../../server/exchange/models/lever";
import { createUser } from "../../server/exchange/models/users";

function pct(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}
const ms = (v: number) => `${v.toFixed(v < 10 ? 2 : 1)} ms`;

/** Opens `perUser` positions for each of `users` new users directly through the model and the ledger (the handler's postings, without its per-call scrypt check). */
function seedPositions(
  ex: Exchange,
  users: number,
  perUser: number,
  price: string,
  opts: { stopLoss?: (i: number) => string } = {},
): number[] {
  const usdt = (ex.db.prepare("SELECT id FROM currencies WHERE code = 'USDT'").get() as { id: number }).id;
  const fee = (ex.system as { feeCollectorId: number }).feeCollectorId;
  const terms = { pointRate: "0.05", shareNum: "0.01", feeRate: "0.001", pricePrecision: 2 };
  const ids: number[] = [];
  const now = Date.now();
  ex.db.transaction(() => {
    let n = 0;
    for (let u = 0; u < users; u++) {
      const userId = createUser(ex.db, { email: `bench-lever-${Date.now()}-${u}@example.com`, passwordHash: "!", now });
      ids.push(userId);
      credit(ex.db, { userId, currencyId: usdt, accountCode: "lever_account", amount: "2000", type: "seed" });
      for (let k = 0; k < perUser; k++, n++) {
        const type = ((n % 2) + 1) as 1 | 2;
        const q = leverQuote({ price, type, hands: 1, multiple: 10, terms });
        const id = insertLeverOrder(ex.db, {
          user_id: userId,
          currency_match_id: 1,
          currency_id: usdt,
          type,
          status: 1,
          share: 1,
          multiple: 10,
          number: q.number,
          price: q.openPrice,
          origin_price: price,
          update_price: price,
          target_profit_price: "0",
          stop_loss_price: opts.stopLoss?.(n) ?? "0",
          caution_money: q.margin,
          origin_caution_money: q.margin,
          trade_fee: q.fee,
          created_at: now,
          opened_at: now,
          next_overnight_at: nextMidnight(now),
        });
        const acct = { userId, currencyId: usdt, accountCode: "lever_account" as const };
        post(ex.db, {
          type: "lever_open",
          extra: { lever_order_id: id },
          legs: [
            { ...acct, amount: new Decimal(q.margin).plus(q.fee).neg().toFixed() },
            lockLeg(acct, "lever_order", id, q.margin),
            { userId: fee, currencyId: usdt, accountCode: "change_account", amount: q.fee },
          ],
        });
      }
    }
  })();
  return ids;
}

export async function runLeverBench(opts: { users?: number; perUser?: number; ticks?: number; runs?: number } = {}): Promise<string[]> {
  const users = opts.users ?? 1_000;
  const perUser = opts.perUser ?? 10;
  const ticks = opts.ticks ?? 200;
  const runs = opts.runs ?? 50;
  const dir = mkdtempSync(join(tmpdir(), "bench-lever-"));
  const make = () =>
    createExchange({
      dataDir: dir,
      simulator: false,
      marketMaker: false,
      leverScheduler: false,
      microScheduler: false,
      savingsScheduler: false,
      log: () => {},
    });
  let ex = make();
  const lines: string[] = [];
  try {
    recordTrade(ex, 1, { way: 2, price: "60000", number: "0.01" });
    const userIds = seedPositions(ex, users, perUser, "60000");
    // Restart so the engine loads its working set from the table, as after a deploy.
    await ex.close();
    ex = make();
    const loaded = ex.lever.liveCount();
    for (const userId of userIds) {
      const sub: Subscriber = { userId, channels: new Set(), send() {} };
      ex.hub.subscribe(sub, "LEVER_TRADE");
    }
    // (a) ticks that trigger nothing: ±0.01 %. evaluate() is what runs after each committed trade.
    const times: number[] = [];
    let price = new Decimal(60000);
    for (let i = 0; i < ticks; i++) {
      price = price.times(i % 2 ? "1.0001" : "0.9999").toDecimalPlaces(2);
      recordTrade(ex, 1, { way: 2, price: price.toFixed(2), number: "0.01" });
      const t0 = performance.now();
      ex.lever.evaluate(1);
      times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    lines.push(
      `  lever marking: ${loaded.toLocaleString("en")} open positions of ${users.toLocaleString("en")} users, per price tick (pending orders, stops, every holder's risk): p50 ${ms(pct(times, 50))}, p99 ${ms(pct(times, 99))} (${ticks} ticks)`,
    );
    // The LEVER_TRADE round that follows a tick (at most every 500 ms per pair): every holder listens.
    const rounds: number[] = [];
    for (let i = 0; i < 20; i++) {
      const t0 = performance.now();
      ex.lever.pushTrades(1);
      rounds.push(performance.now() - t0);
    }
    rounds.sort((a, b) => a - b);
    lines.push(
      `  lever push: one LEVER_TRADE round to ${users.toLocaleString("en")} listening holders (${loaded.toLocaleString("en")} positions marked and presented): p50 ${ms(pct(rounds, 50))}, p99 ${ms(pct(rounds, 99))}`,
    );
    // (b) a trade crossing one stop-loss among them: from the trade's commit to the position closed.
    const delays: number[] = [];
    for (let r = 0; r < runs; r++) {
      const [victim] = seedStop(ex, price);
      await new Promise((res) => setImmediate(res)); // let the placement's own evaluation pass
      const t0 = performance.now();
      recordTrade(ex, 1, { way: 2, price: price.minus(1).toFixed(2), number: "0.01" });
      while ((ex.db.prepare("SELECT status FROM lever_orders WHERE id = ?").get(victim) as { status: number }).status !== 3)
        await new Promise((res) => setImmediate(res));
      delays.push(performance.now() - t0);
      recordTrade(ex, 1, { way: 2, price: price.toFixed(2), number: "0.01" });
    }
    delays.sort((a, b) => a - b);
    lines.push(
      `  lever stop: trade crossing a stop-loss → position closed and committed, among ${loaded.toLocaleString("en")}: p50 ${ms(pct(delays, 50))}, p99 ${ms(pct(delays, 99))} (${runs} runs)`,
    );
  } finally {
    await ex.close();
    rmSync(dir, { recursive: true, force: true });
  }
  return lines;

  /** One long with a stop-loss 0.50 under the price, placed through the engine's own path (the handler's postings). */
  function seedStop(e: Exchange, p: Decimal): number[] {
    const before = (e.db.prepare("SELECT MAX(id) AS id FROM lever_orders").get() as { id: number }).id;
    seedPositions(e, 1, 1, p.toFixed(2), { stopLoss: () => p.minus("0.5").toFixed(2) });
    const rows = e.db.prepare("SELECT * FROM lever_orders WHERE id > ?").all(before) as Parameters<typeof e.lever.placed>[0][];
    for (const row of rows) e.lever.placed(row);
    return rows.map((row) => row.id);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  console.log((await runLeverBench()).join("\n"));
  process.exit(0);
}
