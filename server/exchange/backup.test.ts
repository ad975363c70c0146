import { execFile } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import Database from "better-sqlite3";
import { BUY, SELL } from "./engine/book";
import { createExchange, type Exchange } from "./index";
import { removeExchange } from "../../tests/helpers/quiet-exchange";

/**
 * `npm run exchange -- backup <file>` while orders are being placed: the copy passes SQLite's integrity check and,
 * opened as a DATA_DIR of its own, lists the same users.
 */
const run = promisify(execFile);
const cli = (dataDir: string, ...args: string[]) =>
  run(process.execPath, ["--import", "tsx", "server/exchange/cli.ts", ...args], {
    env: { ...process.env, DATA_DIR: dataDir },
    timeout: 60_000,
  });

let dir: string;
let ex: Exchange;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "backup-"));
  ex = createExchange({ dataDir: join(dir, "live"), simulator: false, marketMaker: false, log: () => {} });
});
afterAll(() => removeExchange(ex, dir));

describe("backup", () => {
  it("copies the database while trading, consistent and whole", async () => {
    const user = (email: string) => (ex.db.prepare("SELECT id FROM users WHERE email = ?").get(email) as { id: number }).id;
    const [demo, bob] = [user("demo@example.com"), user("bob@example.com")];
    // Orders placed back to back, each committed (with its ledger rows) before the next: writes all through the backup.
    let placing = true;
    let placed = 0;
    const trading = (async () => {
      while (placing) {
        const price = String(100 + (placed % 50));
        await ex.engine.submit({ kind: "add", userId: demo, matchId: 1, way: BUY, type: "limit", price, number: "0.001" });
        await ex.engine.submit({ kind: "add", userId: bob, matchId: 1, way: SELL, type: "limit", price, number: "0.001" });
        placed += 2;
      }
    })();
    await new Promise((r) => setTimeout(r, 200));
    const target = join(dir, "copy.db");
    const startedAt = placed;
    const { stdout } = await cli(join(dir, "live"), "backup", target);
    const during = placed - startedAt;
    placing = false;
    await trading;
    expect(during, "orders placed while the backup ran").toBeGreaterThan(0);
    expect(stdout).toMatch(/backup of .* written to .*copy\.db: schema version \d+, \d+ users, \d+ pages, integrity ok/);

    const copy = new Database(target, { readonly: true });
    expect(copy.pragma("integrity_check")).toEqual([{ integrity_check: "ok" }]);
    expect(copy.pragma("foreign_key_check")).toEqual([]);
    // Consistent: every trade in the copy has both its orders, and every order its ledger rows.
    const orphans = copy
      .prepare(
        "SELECT COUNT(*) AS n FROM trades t WHERE t.source = 'user' AND NOT EXISTS (SELECT 1 FROM spot_orders o WHERE o.id = t.buy_order_id)",
      )
      .get() as { n: number };
    expect(orphans.n).toBe(0);
    copy.close();

    // Restored as its own DATA_DIR (README "Backup and restore"): the same users.
    const restored = join(dir, "restored");
    mkdirSync(restored, { mode: 0o700 });
    copyFileSync(target, join(restored, "exchange.db"));
    const [live, back] = await Promise.all([cli(join(dir, "live"), "users"), cli(restored, "users")]);
    expect(back.stdout).toBe(live.stdout);
    expect(back.stdout).toContain("demo@example.com");
  });

  it("never overwrites a file", async () => {
    const target = join(dir, "exists.db");
    copyFileSync(join(dir, "live", "exchange.db"), target);
    await expect(cli(join(dir, "live"), "backup", target)).rejects.toMatchObject({ stderr: expect.stringContaining("already exists") });
    expect(existsSync(target)).toBe(true);
  });
});
