import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { moneyClient } from "../../../tests/helpers/money-client";
import { createExchange } from "../index";
import { globalTotals } from "../ledger/index";
import { migrate, openDatabase, schemaVersion, SchemaTooNewError } from "./index";

/**
 * An exchange database made by the first landed schema (fixtures/first-schema.sql: the first commit's exchange,
 * its demo seed and some simulated trading) is upgraded to today's schema at the next start: every migration applied
 * in order and logged, the data kept, and the exchange starts on it.
 */
const fixture = readFileSync(new URL("./fixtures/first-schema.sql", import.meta.url), "utf8");
const migrations = readdirSync(new URL("./migrations/", import.meta.url)).filter((f) => /^\d+_.+\.sql$/.test(f));
const newest = Math.max(...migrations.map((f) => parseInt(f, 10)));

const dirs: string[] = [];
function firstSchemaDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "upgrade-"));
  dirs.push(dir);
  const db = new Database(join(dir, "exchange.db"));
  db.exec(fixture);
  db.pragma("journal_mode = WAL");
  db.close();
  return dir;
}
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

describe("upgrading from the first schema", () => {
  it("applies every later migration in order, says so in the log, and keeps the data whole", () => {
    const dir = firstSchemaDir();
    const before = new Database(join(dir, "exchange.db"), { readonly: true });
    const counts = (db: Database.Database) =>
      Object.fromEntries(
        ["users", "accounts", "trades", "klines", "news"].map((t) => [
          t,
          (db.prepare(`SELECT COUNT(*) AS n FROM ${t}`).get() as { n: number }).n,
        ]),
      );
    const was = counts(before);
    expect(schemaVersion(before)).toBe(1);
    before.close();

    const lines: string[] = [];
    const db = openDatabase(dir, { log: (l) => lines.push(l) });
    try {
      expect(schemaVersion(db)).toBe(newest);
      const later = migrations.filter((f) => parseInt(f, 10) > 1).sort((a, b) => parseInt(a, 10) - parseInt(b, 10));
      expect(lines).toEqual([`[db] schema version ${newest}: applied ${later.join(", ")} (${join(dir, "exchange.db")})`]);
      expect(db.pragma("integrity_check")).toEqual([{ integrity_check: "ok" }]);
      expect(db.pragma("foreign_key_check")).toEqual([]);
      expect(counts(db)).toEqual(was);
      // A start on an up-to-date database says there was nothing to do.
      db.close();
      const again: string[] = [];
      openDatabase(dir, { log: (l) => again.push(l) }).close();
      expect(again[0]).toContain(`schema version ${newest}, nothing to migrate`);
    } finally {
      if (db.open) db.close();
    }
  });

  it("starts the exchange on it: the old users sign in with their balances, and every currency's total is zero", async () => {
    const ex = createExchange({ dataDir: firstSchemaDir(), simulator: false, marketMaker: false, log: () => {} });
    try {
      const c = moneyClient(ex);
      await c.login("demo@example.com", "Trade2026");
      const usdt = ex.db
        .prepare(
          "SELECT balance FROM accounts a JOIN users u ON u.id = a.user_id WHERE u.email = ? AND a.account_code = 'change_account' AND a.currency_id = 1",
        )
        .get("demo@example.com") as { balance: string };
      expect(usdt.balance).toBe("10000");
      for (const [currency, total] of globalTotals(ex.db)) expect({ currency, total }).toEqual({ currency, total: "0" });
    } finally {
      await ex.close();
    }
  });

  it("refuses a database newer than the code (restore the backup taken before the upgrade instead)", () => {
    const dir = firstSchemaDir();
    const db = new Database(join(dir, "exchange.db"));
    db.prepare("INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)").run(newest + 1, "999_future.sql", Date.now());
    expect(() => migrate(db)).toThrow(SchemaTooNewError);
    expect(() => migrate(db)).toThrow(new RegExp(`schema version ${newest + 1}, newer than this code knows \\(${newest}\\)`));
    db.close();
  });
});
