import Database from "better-sqlite3";
import { chmodSync, closeSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { registerDecimalFunctions } from "./decimal-sql";

export type DB = Database.Database;

/** WAL pages after which a commit checkpoints (see openDatabase). */
export const WAL_CHECKPOINT_PAGES = 10_000;

const MIGRATIONS_DIR = fileURLToPath(new URL("./migrations/", import.meta.url));

/**
 * Opens `<dataDir>/exchange.db` (or ':memory:'), WAL with synchronous=FULL, and migrates it. The data directory is
 * created 0700 and the database 0600 (its -wal and -shm files take the database's mode), like the secrets beside it:
 * balances, password hashes and tokens are no other local user's business.
 */
export function openDatabase(dataDir: string, opts: { log?: (line: string) => void } = {}): DB {
  let file = ":memory:";
  if (dataDir !== ":memory:") {
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    file = join(dataDir, "exchange.db");
    closeSync(openSync(file, "a", 0o600));
    // A database created before this rule (0644) is tightened too.
    for (const f of [file, `${file}-wal`, `${file}-shm`]) {
      try {
        if (existsSync(f)) chmodSync(f, 0o600);
      } catch {
        /* not ours to change: the operator set it up */
      }
    }
  }
  const db = new Database(file);
  db.pragma("journal_mode = WAL");
  // An acknowledged order or withdrawal must survive a power cut.
  db.pragma("synchronous = FULL");
  db.pragma("foreign_keys = ON");
  // A 64 MB page cache: the matching engine's batches touch many index pages (per-user account logs and orders).
  db.pragma("cache_size = -65536");
  // Checkpoint every 10,000 WAL pages (about 40 MB) instead of SQLite's 1,000. A checkpoint runs inside the commit that
  // crosses the mark, copying each changed page into the database file; a batch of the matching engine writes about
  // 300 pages, mostly the same per-user index leaves as the batch before, so a rarer checkpoint copies each such page
  // once instead of once every three commits. Durability is the WAL's fsync at every commit, which this does not touch.
  db.pragma(`wal_autocheckpoint = ${WAL_CHECKPOINT_PAGES}`);
  db.pragma("busy_timeout = 5000");
  immediateTransactions(db);
  registerDecimalFunctions(db);
  const applied = migrate(db);
  // Every start says which schema it runs on, and what it just upgraded (a backup before an upgrade is the way back).
  opts.log?.(
    `[db] schema version ${schemaVersion(db)}${applied.length ? `: applied ${applied.join(", ")}` : ", nothing to migrate"} (${file === ":memory:" ? "in memory" : file})`,
  );
  return db;
}

/** The highest migration applied to this database. */
export function schemaVersion(db: DB): number {
  return (db.prepare("SELECT MAX(version) AS v FROM schema_migrations").get() as { v: number | null }).v ?? 0;
}

export class SchemaTooNewError extends Error {
  override name = "SchemaTooNewError";
}

/**
 * Every transaction on this connection begins IMMEDIATE. The operator CLI opens the same file
 * while the server writes; a deferred transaction that reads and then writes after the other
 * process committed fails at once with SQLITE_BUSY (a stale WAL snapshot cannot be upgraded,
 * so busy_timeout does not help). Taking the write lock at BEGIN makes it wait its turn instead.
 * Nested transaction functions still run as savepoints.
 */
function immediateTransactions(db: DB) {
  const original = db.transaction.bind(db);
  db.transaction = ((fn: (...args: unknown[]) => unknown) => {
    const tx = original(fn);
    const run = (...args: unknown[]) => tx.immediate(...args);
    return Object.assign(run, { deferred: tx.deferred, immediate: tx.immediate, exclusive: tx.exclusive, default: tx.immediate });
  }) as DB["transaction"];
}

/** Applies every `NNN_name.sql` not yet recorded in `schema_migrations`, each in its own transaction. */
export function migrate(db: DB, dir = MIGRATIONS_DIR): string[] {
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at INTEGER NOT NULL)`);
  const done = new Set((db.prepare("SELECT version FROM schema_migrations").all() as { version: number }[]).map((r) => r.version));
  const files = readdirSync(dir)
    .filter((f) => /^\d+_.+\.sql$/.test(f))
    .sort((a, b) => parseInt(a, 10) - parseInt(b, 10));
  const newest = files.length ? parseInt(files[files.length - 1], 10) : 0;
  const unknown = [...done].filter((v) => v > newest);
  if (unknown.length)
    throw new SchemaTooNewError(
      `the database is at schema version ${Math.max(...unknown)}, newer than this code knows (${newest}): run the newer code, or restore the backup taken before the upgrade`,
    );
  const applied: string[] = [];
  for (const f of files) {
    const version = parseInt(f, 10);
    if (done.has(version)) continue;
    const sql = readFileSync(join(dir, f), "utf8");
    db.transaction(() => {
      db.exec(sql);
      db.prepare("INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)").run(version, f, Date.now());
    })();
    applied.push(f);
  }
  return applied;
}
