// Orders benchmark (not a test): `npx tsx scripts/bench/orders.ts`.
// (a) Stop-limit trigger latency: 10,000 buy stops resting on one pair (1,000 users, 10 each, triggers 0.05 apart);
//     each round two accounts trade at the next stop's trigger price. Measured: the crossing order's submit → its
//     acknowledgement, by which the stop has fired and its order is on the book (a stop fires in the batch of the trade
//     that reaches it, so the acknowledgement comes after it); beside it the same round with no stop to fire.
// (b) CSV export of 1,000,000 orders of one user through the app's own download (lib/csv.server: the exchange's
//     export pages of 1,000, read along an index, written to the response's stream), into a sink that takes what it
//     is given: the time, the size and the peak memory (RSS and heap) against the memory before. The heap's peak is
//     mostly garbage V8 has not yet collected: with `--max-old-space-size=64` the same download completes (slower, the
//     collector running more often), so what it keeps is bounded by a page and the socket's buffer, not the rows.
import { rmSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { type Exchange } from "../../server/exchange/index";
import { credit } from "../../server/exchange/ledger/index";
import { createUser, issueToken } from "../../server/exchange/models/users";
import { benchUser, exchangeIn, pct, twoTraders } from "./support";

const PAIR = 2; // ETH/USDT in the demo: prices to 2 decimals, amounts to 4
const STOPS = 10_000;
const ROUNDS = 400;
const CSV_ROWS = 1_000_000;

const ms = (x: number) => `${x.toFixed(2)} ms`;
const mb = (x: number) => `${(x / 1024 / 1024).toFixed(0)} MB`;

async function add(ex: Exchange, userId: number, way: 1 | 2, price: string, number: string, trigger?: string) {
  const r = await ex.engine.submit({
    kind: "add",
    userId,
    matchId: PAIR,
    way,
    type: "limit",
    price,
    number,
    ...(trigger ? { trigger } : {}),
  });
  if (!r.ok) throw new Error(`order refused: ${JSON.stringify(r)}`);
  return r.order;
}

async function triggerBench(): Promise<string[]> {
  const { ex, dir } = exchangeIn("bench-stops-");
  try {
    const now = Date.now();
    const { seller, buyer } = twoTraders(ex, now);
    // The last price: 1,000.00.
    await Promise.all([add(ex, seller, 2, "1000.00", "0.01"), add(ex, buyer, 1, "1000.00", "0.01")]);
    const users: number[] = [];
    ex.db.transaction(() => {
      for (let u = 0; u < STOPS / 10; u++) {
        const id = benchUser(ex, `bench-${u}@example.com`, now);
        credit(ex.db, { userId: id, currencyId: 1, accountCode: "change_account", amount: "100000", type: "admin_credit", now });
        users.push(id);
      }
    })();
    // Buy stops with triggers from 1,000.05 up, 0.05 apart, each a limit buy 1.00 above its trigger once it fires.
    const triggerOf = (i: number) => (1000 + (i + 1) * 0.05).toFixed(2);
    for (let from = 0; from < STOPS; from += 500) {
      const batch: Promise<unknown>[] = [];
      for (let i = from; i < Math.min(STOPS, from + 500); i++) {
        batch.push(add(ex, users[i % users.length]!, 1, (Number(triggerOf(i)) + 1).toFixed(2), "0.001", triggerOf(i)));
      }
      await Promise.all(batch);
    }
    const waiting = () => (ex.db.prepare("SELECT COUNT(*) AS n FROM spot_orders WHERE status = 4").get() as { n: number }).n;
    const resting = waiting();

    // Each round: the seller offers at the next trigger (0.01 for the buyer and 0.001 for the stop), the buyer takes
    // 0.01; that trade reaches exactly one stop, whose order takes the seller's 0.001.
    const fire: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      const price = triggerOf(i);
      await add(ex, seller, 2, price, "0.011");
      const t0 = performance.now();
      await add(ex, buyer, 1, price, "0.01");
      fire.push(performance.now() - t0);
    }
    const fired = resting - waiting();
    // The same rounds with no stop to reach (prices going down, under every trigger).
    const plain: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      const price = (999 - i * 0.05).toFixed(2);
      await add(ex, seller, 2, price, "0.01");
      const t0 = performance.now();
      await add(ex, buyer, 1, price, "0.01");
      plain.push(performance.now() - t0);
    }
    if (fired !== ROUNDS) throw new Error(`expected ${ROUNDS} stops to fire, ${fired} did`);
    return [
      `${resting.toLocaleString("en-US")} stop-limit orders resting on one pair, ${ROUNDS} trades each reaching one trigger (${fired} fired, durable commits)`,
      `    crossing order submitted → acknowledged, the stop's order on the book: p50 ${ms(pct(fire, 50))}   p99 ${ms(pct(fire, 99))}`,
      `    the same trade with no stop to fire:                                p50 ${ms(pct(plain, 50))}   p99 ${ms(pct(plain, 99))}`,
    ];
  } finally {
    await ex.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function csvBench(): Promise<string[]> {
  process.env.SESSION_SECRET ??= "bench-session-secret-0123456789abcdef0123456789";
  const { ex, dir } = exchangeIn("bench-csv-");
  try {
    const now = Date.now();
    const userId = createUser(ex.db, { email: "bench-csv@example.com", passwordHash: "x", now });
    // A million finished orders of one user (written straight into the table: the export reads rows, not the book).
    const insert = ex.db.prepare(
      `INSERT INTO spot_orders (user_id, match_id, way, type, price, number, transacted_amount, transacted_volume, fee, status, created_at, updated_at)
       VALUES (?, ?, ?, 'limit', ?, ?, ?, ?, ?, 1, ?, ?)`,
    );
    ex.db.transaction(() => {
      for (let i = 0; i < CSV_ROWS; i++) {
        const price = (1000 + (i % 5000) / 100).toFixed(2);
        const t = now - (CSV_ROWS - i) * 1000;
        insert.run(userId, PAIR, (i % 2) + 1, price, "0.0123", "0.0123", (Number(price) * 0.0123).toFixed(6), "0.0000123", t, t);
      }
    })();
    const token = issueToken(ex.db, userId, now);
    const { commitSession, getSession } = await import("../../app/lib/session.server");
    const { ordersCsv } = await import("../../app/features/orders/export.server");
    const site = new Request("http://bench.local/");
    const session = await getSession(site);
    session.set("token", token);
    const cookie = (await commitSession(site, session)).split(";")[0]!;
    const request = new Request("http://bench.local/resources/export/orders?view=history", { headers: { Cookie: cookie } });
    const context = { exchangeFetch: (r: Request) => ex.handle(r), responseBuffered: () => 0 };

    global.gc?.();
    const before = process.memoryUsage();
    let peakRss = before.rss;
    let peakHeap = before.heapUsed;
    // Sampled as the chunks arrive (the pages are read without a timer's turn in between).
    const sample = () => {
      const m = process.memoryUsage();
      peakRss = Math.max(peakRss, m.rss);
      peakHeap = Math.max(peakHeap, m.heapUsed);
    };
    const t0 = performance.now();
    const response = await ordersCsv({ request, context } as Parameters<typeof ordersCsv>[0], new URL(request.url).searchParams);
    if (!(response instanceof Response)) throw new Error(`export refused: ${response.msg}`);
    let bytes = 0;
    let lines = 0;
    const reader = response.body!.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      bytes += value.byteLength;
      sample();
      for (let i = 0; i < value.length; i++) if (value[i] === 10) lines++;
    }
    const seconds = (performance.now() - t0) / 1000;
    if (lines !== CSV_ROWS + 1) throw new Error(`expected ${CSV_ROWS + 1} lines, got ${lines}`);
    return [
      `CSV export of ${CSV_ROWS.toLocaleString("en-US")} orders (app → exchange pages of 1,000 → the response's stream): ${seconds.toFixed(1)} s, ${(bytes / 1024 / 1024).toFixed(0)} MB, ${Math.round(CSV_ROWS / seconds).toLocaleString("en-US")} rows/s`,
      `    peak memory during it: RSS ${mb(peakRss)} (${mb(peakRss - before.rss)} over the ${mb(before.rss)} before), heap ${mb(peakHeap)} (${mb(peakHeap - before.heapUsed)} over)`,
    ];
  } finally {
    await ex.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function runOrdersBench(): Promise<string[]> {
  return [...(await triggerBench()), ...(await csvBench())];
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  console.log((await runOrdersBench()).join("\n"));
}
