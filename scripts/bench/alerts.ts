// Price alerts benchmark (not a test): `npx tsx scripts/bench/alerts.ts`.
// 10,000 active alerts on one pair (1,000 users, 10 each); each round two accounts trade at a price that crosses ~5
// of them. Measured: the crossing trade's submit → its alerts' notifications stored (p50/p99), and the engine's own
// figure (submit → acknowledged, the trades of the round) with the after-commit work on and off beside it.
import { rmSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { type Exchange } from "../../server/exchange/index";
import { insertPriceAlert } from "../../server/exchange/models/notifications";
import { benchUser, exchangeIn, pct, twoTraders } from "./support";

const PAIR = 2; // ETH/USDT in the demo
const ALERTS = 10_000;
const ROUNDS = 400;

function setup(): { ex: Exchange; dir: string; seller: number; buyer: number } {
  const { ex, dir } = exchangeIn("bench-alerts-");
  const now = Date.now();
  const { seller, buyer } = twoTraders(ex, now);
  ex.db.transaction(() => {
    for (let u = 0; u < ALERTS / 10; u++) {
      const userId = benchUser(ex, `bench-${u}@example.com`, now);
      for (let k = 0; k < 10; k++) {
        // Thresholds from 1,000.00 up, 0.05 apart: a round's trade 0.25 higher crosses about five.
        const price = (1000 + (u * 10 + k) * 0.05).toFixed(2);
        ex.alerts.watch(insertPriceAlert(ex.db, { userId, matchId: PAIR, direction: "above", price, email: false }, now));
      }
    }
  })();
  return { ex, dir, seller, buyer };
}

async function rounds(ex: Exchange, seller: number, buyer: number, n: number, from: number) {
  const fire: number[] = [];
  const ack: number[] = [];
  for (let i = 0; i < n; i++) {
    const price = (from + i * 0.25).toFixed(2);
    const t0 = performance.now();
    const [s, b] = await Promise.all([
      ex.engine.submit({ kind: "add", userId: seller, matchId: PAIR, way: 2, type: "limit", price, number: "0.01" }),
      ex.engine.submit({ kind: "add", userId: buyer, matchId: PAIR, way: 1, type: "limit", price, number: "0.01" }),
    ]);
    ack.push(performance.now() - t0);
    if (!s.ok || !b.ok) throw new Error(`order refused: ${JSON.stringify([s, b])}`);
    await ex.alerts.settled();
    fire.push(performance.now() - t0);
  }
  return { fire, ack };
}

export async function runAlertsBench(): Promise<string[]> {
  const lines: string[] = [];
  const { ex, dir, seller, buyer } = setup();
  try {
    const before = ex.db.prepare("SELECT COUNT(*) AS n FROM notifications WHERE kind = 'price_alert_above'").get() as { n: number };
    // With the watcher (10,000 alerts): each round crosses ~5 alerts.
    const on = await rounds(ex, seller, buyer, ROUNDS, 1000);
    const fired =
      (ex.db.prepare("SELECT COUNT(*) AS n FROM notifications WHERE kind = 'price_alert_above'").get() as { n: number }).n - before.n;
    // The engine alone: the same rounds with the after-commit work switched off (the figure before this issue).
    const hook = ex.engine.afterCommit;
    ex.engine.afterCommit = null;
    const off = await rounds(ex, seller, buyer, ROUNDS, 1000 + ROUNDS * 0.25);
    ex.engine.afterCommit = hook;
    lines.push(
      `${ALERTS.toLocaleString("en-US")} active alerts on one pair, ${ROUNDS} crossing trades (two accounts, durable commits), ${fired} alerts told once each (${ex.alerts.size()} still waiting)`,
      `    crossing trade submitted → its notifications stored: p50 ${pct(on.fire, 50).toFixed(2)} ms   p99 ${pct(on.fire, 99).toFixed(2)} ms`,
      `    engine ack (submit → acknowledged), after-commit work on:  p50 ${pct(on.ack, 50).toFixed(2)} ms   p99 ${pct(on.ack, 99).toFixed(2)} ms`,
      `    engine ack, after-commit work off (before):             p50 ${pct(off.ack, 50).toFixed(2)} ms   p99 ${pct(off.ack, 99).toFixed(2)} ms`,
    );
  } finally {
    await ex.close();
    rmSync(dir, { recursive: true, force: true });
  }
  return lines;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  runAlertsBench().then(
    (lines) => console.log(lines.join("\n")),
    (err) => {
      console.error(err);
      process.exit(1);
    },
  );
}
