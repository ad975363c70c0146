import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type DB } from "../db/index";
import { BUY, SELL } from "../engine/book";
import { createExchange, recordTrade, setPairPrice, type Exchange } from "../index";
import { pruneMarketMakerHistory } from "../engine/market-maker";
import { credit } from "./index";
import { formatReconcile, reconcile } from "./reconcile";

let dir: string;
let ex: Exchange;
const clock = Date.UTC(2026, 2, 1, 9, 0, 0);

/** The operator command, on a database of its own; answers its exit status and output. */
function cli(dataDir: string): { status: number; out: string } {
  try {
    const out = execFileSync("npx", ["tsx", "server/exchange/cli.ts", "reconcile"], {
      env: { ...process.env, DATA_DIR: dataDir },
      encoding: "utf8",
    });
    return { status: 0, out };
  } catch (err) {
    const e = err as { status: number; stdout: string };
    return { status: e.status, out: e.stdout };
  }
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "reconcile-"));
  // A new database: seeded users, the demo merchant's ads in escrow; then spot orders resting and filled.
  ex = createExchange({ dataDir: dir, simulator: false, marketMaker: false, log: () => {}, now: () => clock, savingsScheduler: false });
  const id = (email: string) => (ex.db.prepare("SELECT id FROM users WHERE email = ?").get(email) as { id: number }).id;
  const demo = id("demo@example.com");
  const alice = id("alice@example.com");
  credit(ex.db, { userId: alice, currencyId: 5, accountCode: "change_account", amount: "10", type: "test" });
  await ex.engine.submit({ kind: "add", userId: alice, matchId: 3, way: SELL, type: "limit", price: "150", number: "2" });
  await ex.engine.submit({ kind: "add", userId: demo, matchId: 3, way: BUY, type: "limit", price: "151", number: "0.5" });
  await ex.engine.submit({ kind: "add", userId: demo, matchId: 3, way: BUY, type: "limit", price: "140", number: "1" });
  recordTrade(ex, 3, { way: 2, price: "150", number: "0.01", time: clock });
  await ex.close();
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A copy of the sound database to corrupt. */
function copy(): { db: DB; dir: string } {
  const to = mkdtempSync(join(tmpdir(), "reconcile-bad-"));
  const src = openDatabase(dir);
  src.exec(`VACUUM INTO '${join(to, "exchange.db")}'`);
  src.close();
  return { db: openDatabase(to), dir: to };
}

describe("reconciliation", () => {
  it("passes on a database built only by the exchange, and the command exits 0 with a summary", () => {
    const db = openDatabase(dir);
    const report = reconcile(db);
    db.close();
    expect(report.mismatches).toEqual([]);
    expect(report.ok).toBe(true);
    expect(report.openHolds).toBeGreaterThanOrEqual(4); // two sell ads, the rest of alice's sell, demo's 140 bid
    expect(report.totals.every((t) => t.total === "0")).toBe(true);
    const r = cli(dir);
    expect(r.status).toBe(0);
    expect(r.out).toMatch(/open holds/);
    expect(r.out).toMatch(/reconciled: every check passed/);
  }, 60_000);

  it("catches a balance changed behind the ledger's back: the currency total and the account's log, naming the account", () => {
    const bad = copy();
    try {
      const acc = bad.db
        .prepare(
          "SELECT a.id FROM accounts a JOIN users u ON u.id = a.user_id WHERE u.email = 'demo@example.com' AND currency_id = 1 AND account_code = 'change_account'",
        )
        .get() as { id: number };
      bad.db.prepare("UPDATE accounts SET balance = dec_add(balance, '0.000001') WHERE id = ?").run(acc.id);
      const report = reconcile(bad.db);
      expect(report.ok).toBe(false);
      expect(report.mismatches).toEqual([
        { check: "currency_total", currency: "USDT", total: "0.000001" },
        expect.objectContaining({
          check: "account_log",
          account_id: acc.id,
          user: "demo@example.com",
          column: "balance",
          currency: "USDT",
        }),
      ]);
      bad.db.close();
      const r = cli(bad.dir);
      expect(r.status).toBe(1);
      expect(r.out).toMatch(new RegExp(`MISMATCH account #${acc.id} \\(demo@example.com change_account USDT\\) balance`));
      expect(r.out).toMatch(/NOT RECONCILED: 2 mismatch/);
    } finally {
      if (bad.db.open) bad.db.close();
      rmSync(bad.dir, { recursive: true, force: true });
    }
  }, 60_000);

  it("catches a lock that no hold explains, a hold changed alone, and a negative balance", () => {
    const bad = copy();
    try {
      const hold = bad.db.prepare("SELECT id, account_id FROM holds WHERE kind = 'spot_order' AND status = 'pending' LIMIT 1").get() as {
        id: number;
        account_id: number;
      };
      bad.db.prepare("UPDATE holds SET remaining = dec_add(remaining, '1') WHERE id = ?").run(hold.id);
      const report = reconcile(bad.db);
      expect(report.mismatches).toEqual([
        expect.objectContaining({ check: "locked_vs_holds", account_id: hold.account_id }),
        expect.objectContaining({ check: "hold", hold_id: hold.id, problem: "amount is not posted + voided + remaining" }),
      ]);
      // A lock moved back to available by hand, logged as the old code did: the account's logs agree, its hold does not.
      const other = bad.db.prepare("SELECT id, account_id, remaining FROM holds WHERE kind = 'p2p_ad' LIMIT 1").get() as {
        id: number;
        account_id: number;
        remaining: string;
      };
      bad.db.prepare("UPDATE holds SET remaining = dec_sub(remaining, '1') WHERE id = ?").run(hold.id);
      bad.db
        .prepare("UPDATE accounts SET lock_balance = dec_sub(lock_balance, ?), balance = dec_add(balance, ?) WHERE id = ?")
        .run(other.remaining, other.remaining, other.account_id);
      for (const [field, value] of [
        ["lock_balance", `-${other.remaining}`],
        ["balance", other.remaining],
      ])
        bad.db
          .prepare(
            `INSERT INTO account_log (account_id, user_id, currency_id, account_code, field, value, balance_after, type, created_at)
             SELECT id, user_id, currency_id, account_code, ?, ?, ${field}, 'unlock', 0 FROM accounts WHERE id = ?`,
          )
          .run(field, value, other.account_id);
      const negative = bad.db
        .prepare("SELECT id FROM accounts WHERE id NOT IN (?, ?) ORDER BY id LIMIT 1")
        .get(other.account_id, hold.account_id) as { id: number };
      bad.db.prepare("UPDATE accounts SET balance = '-1' WHERE id = ?").run(negative.id);
      const after = reconcile(bad.db);
      expect(after.mismatches).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ check: "locked_vs_holds", account_id: other.account_id, user: "bob@example.com" }),
          expect.objectContaining({ check: "negative", account_id: negative.id, column: "balance", value: "-1" }),
        ]),
      );
      expect(after.mismatches.some((m) => m.check === "locked_vs_holds" && m.account_id === hold.account_id)).toBe(false);
      expect(formatReconcile(after).at(-1)).toMatch(/NOT RECONCILED/);
    } finally {
      bad.db.close();
      rmSync(bad.dir, { recursive: true, force: true });
    }
  });

  it("still passes after the market maker prunes its working history (its pruned log rows leave their sum)", async () => {
    const mmDir = mkdtempSync(join(tmpdir(), "reconcile-mm-"));
    const mm = createExchange({ dataDir: mmDir, simulator: false, log: () => {}, now: () => clock, savingsScheduler: false });
    try {
      await mm.ready;
      await setPairPrice(mm, 3, "160"); // the ladder moves: orders cancelled, holds voided
      await setPairPrice(mm, 3, "150");
      const rows = () =>
        (mm.db.prepare("SELECT COUNT(*) AS n FROM account_log WHERE user_id = ?").get(mm.system.marketMakerId) as { n: number }).n;
      const before = rows();
      pruneMarketMakerHistory(mm.db, mm.system.marketMakerId, Date.now() + 1, Date.now());
      expect(rows()).toBeLessThan(before);
      expect(
        mm.db.prepare("SELECT COUNT(*) AS n FROM holds WHERE user_id = ? AND status <> 'pending'").get(mm.system.marketMakerId),
      ).toEqual({ n: 0 });
      expect(reconcile(mm.db).mismatches).toEqual([]);
    } finally {
      await mm.close();
      rmSync(mmDir, { recursive: true, force: true });
    }
  });
});
