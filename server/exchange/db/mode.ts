import type { DB } from "./index";
import { applyListing, type Listing, type ListingChanges } from "./listing";
import { DEMO_ACCOUNTS, seedIfEmpty, seedReference } from "./seed";

/**
 * What a database is, written at its creation: a demo (seeded users with published passwords, invented balances,
 * the market simulator) or a real exchange (DEMO=off: the operator's listing, no one and nothing invented). A
 * process in one mode refuses a database of the other, so a real exchange can never be started on demo data, nor
 * a demo's simulator let loose on real accounts.
 */
export type DataMode = "demo" | "live";

const MODE_KEY = "data_mode";

export class DataModeError extends Error {
  override name = "DataModeError";
}

export function dataModeOf(db: DB): DataMode | null {
  const row = db.prepare("SELECT value FROM settings WHERE key = ?").get(MODE_KEY) as { value: string } | undefined;
  if (row?.value === "demo" || row?.value === "live") return row.value;
  const { n } = db.prepare("SELECT COUNT(*) AS n FROM currencies").get() as { n: number };
  if (n === 0) return null;
  // Databases from before the mark were all made by the demo seed.
  return "demo";
}

/** True for a real exchange's database: nothing may be invented in it (no system inventory, no seeded products). */
export function isLiveDatabase(db: DB): boolean {
  return dataModeOf(db) === "live";
}

function mark(db: DB, mode: DataMode) {
  db.prepare("INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value").run(MODE_KEY, mode);
}

export interface Prepared {
  /** A new database was created (seeded, for a demo). */
  created: boolean;
  /** What the listing changed (a real exchange). */
  changes: ListingChanges;
}

/**
 * Makes the database ready for a start: a new one is seeded with the demo, or given the reference data and the
 * operator's listing; an existing one must be of the same mode, and a real exchange's listing is applied again.
 */
export function prepareDatabase(db: DB, opts: { demo: boolean; listing?: Listing; now?: number }): Prepared {
  const mode = dataModeOf(db);
  const wanted: DataMode = opts.demo ? "demo" : "live";
  if (mode && mode !== wanted) {
    throw new DataModeError(
      mode === "demo"
        ? "this database holds the demo (published passwords, invented balances): a real exchange (DEMO=off) needs a DATA_DIR of its own"
        : "this database belongs to a real exchange: the demo (DEMO=on, the default) would invent trades and balances in it; start with DEMO=off",
    );
  }
  if (opts.demo) {
    const created = seedIfEmpty(db, opts.now);
    if (created || mode === null) mark(db, "demo");
    return { created, changes: [] };
  }
  if (!opts.listing) throw new DataModeError("a real exchange (DEMO=off) needs its listing (EXCHANGE_CONFIG)");
  const created = mode === null;
  const changes = db.transaction(() => {
    if (created) {
      seedReference(db);
      mark(db, "live");
    }
    return applyListing(db, opts.listing!);
  })();
  return { created, changes };
}

/**
 * For the operator's commands: they work on the database as it is, demo or real (they run no simulator and seed
 * nothing into it). Only an empty DATA_DIR needs DEMO: the demo is seeded there as before, a real exchange's is made
 * by its first start (from the listing), never by a command.
 */
export function checkDatabaseFor(db: DB, demo: boolean): void {
  if (dataModeOf(db) !== null) return;
  if (!demo) throw new DataModeError("no exchange database here yet: start the exchange once (it creates it from the listing)");
  seedIfEmpty(db);
  mark(db, "demo");
}

/** The demo's published accounts (empty for a real exchange). */
export function demoAccountsFor(demo: boolean) {
  return demo ? DEMO_ACCOUNTS.filter((d) => d.email).map((d) => ({ email: d.email!, password: d.password, note: d.note })) : [];
}
