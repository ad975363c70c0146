// Second-contract settlement benchmark (not a test): `npx tsx scripts/bench/micro.ts`.
// 10,000 orders of 1,000 users placed through microtrade/submit so that they fall due spread over one minute; the
// settlement timer runs as in production; each user listens on MICRO_CLOSED. Figure: the lag from an order's due
// time to its MICRO_CLOSED push (settled and pushed), p50 / p99 / max.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { createExchange, recordTrade } from "../../server/exchange/index";
import type { Subscriber } from "../../server/exchange/hub";
import { credit } from "../../server/exchange/ledger/index";
import { createUser, issueToken } from "../../server/exchange/models/users";

function pct(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

export async function runMicroBench(opts: { users?: number; orders?: number; spreadMs?: number } = {}): Promise<string[]> {
  const users = opts.users ?? 1_000;
  const orders = opts.orders ?? 10_000;
  const spreadMs = opts.spreadMs ?? 60_000;
  const dir = mkdtempSync(join(tmpdir(), "bench-micro-"));
  const ex = createExchange({
    dataDir: dir,
    simulator: false,
    marketMaker: false,
    leverScheduler: false,
    savingsScheduler: false,
    log: () => {},
  });
  const lines: string[] = [];
  try {
    const usdt = (ex.db.prepare("SELECT id FROM currencies WHERE code = 'USDT'").get() as { id: number }).id;
    const hash = (ex.db.prepare("SELECT password_hash FROM users WHERE email = 'demo@example.com'").get() as { password_hash: string })
      .password_hash;
    const tokens: string[] = [];
    const received = new Map<number, number>();
    ex.db.transaction(() => {
      for (let i = 0; i < users; i++) {
        const id = createUser(ex.db, { email: `bench-micro-${i}@example.com`, passwordHash: hash, now: Date.now() });
        credit(ex.db, { userId: id, currencyId: usdt, accountCode: "micro_account", amount: "100000", type: "seed" });
        tokens.push(issueToken(ex.db, id, Date.now()));
        // One live connection per user, as the relay holds.
        const sub: Subscriber = {
          userId: id,
          channels: new Set(),
          send(m: unknown) {
            const msg = m as { type: string; order: { id: number; due_at: number } };
            if (msg.type === "MICRO_CLOSED") received.set(msg.order.id, Date.now() - msg.order.due_at);
          },
        };
        ex.hub.subscribe(sub, "MICRO_CLOSED");
      }
    })();
    recordTrade(ex, 1, { way: 2, price: "60000", number: "0.01" });
    // 30-second orders placed over `spreadMs`, so that they fall due spread over the same span.
    const started = Date.now();
    const perBatch = Math.max(1, Math.ceil(orders / (spreadMs / 100)));
    let placed = 0;
    while (placed < orders) {
      const target = started + (placed / orders) * spreadMs;
      const wait = target - Date.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      for (let k = 0; k < perBatch && placed < orders; k++, placed++) {
        const token = tokens[placed % users]!;
        const res = await ex.handle(
          new Request("http://localhost/api/microtrade/submit", {
            method: "POST",
            headers: { authorization: token, "content-type": "application/json" },
            body: JSON.stringify({ match_id: 1, currency_id: usdt, type: (placed % 2) + 1, seconds: 30, number: "10" }),
          }),
        );
        const body = (await res.json()) as { code: number; msg: string };
        if (body.code !== 1) throw new Error(`submit refused: ${body.msg}`);
      }
    }
    const placedIn = Date.now() - started;
    // Wait for the last one to fall due and settle.
    const deadline = Date.now() + 60_000;
    while (received.size < orders && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
    const lags = [...received.values()].sort((a, b) => a - b);
    lines.push(
      `  second contract: ${orders.toLocaleString("en")} orders of ${users.toLocaleString("en")} users placed over ${Math.round(placedIn / 1000)} s, ` +
        `${received.size.toLocaleString("en")} settled and pushed; due → MICRO_CLOSED lag p50 ${pct(lags, 50)} ms, p99 ${pct(lags, 99)} ms, max ${lags.at(-1)} ms (goal: within 1,000 ms)`,
    );
  } finally {
    await ex.close();
    rmSync(dir, { recursive: true, force: true });
  }
  return lines;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  console.log((await runMicroBench()).join("\n"));
  process.exit(0);
}
