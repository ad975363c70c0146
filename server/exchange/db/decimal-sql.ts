import DecimalBase from "decimal.js";
import type Database from "better-sqlite3";

/** Exact at any size the exchange stores (the ledger's own precision). */
const Decimal = DecimalBase.clone({ precision: 80, toExpNeg: -80, toExpPos: 80 });

function dec(v: unknown): DecimalBase {
  return new Decimal(typeof v === "bigint" ? v.toString() : String(v));
}

/**
 * Money is stored as TEXT decimals, and SQLite's own SUM and `+` would turn them into floats. These functions keep
 * queries over money exact (the reconciliation, migration 011's back-fill of holds):
 * `dec_add(a, b)`, `dec_sub(a, b)` (NULL if either is NULL), `dec_cmp(a, b)` (-1, 0, 1), and the aggregate
 * `dec_sum(x)` ('0' over no rows, NULLs skipped). Registered on every connection `openDatabase` opens.
 */
export function registerDecimalFunctions(db: Database.Database): void {
  const opts = { deterministic: true, varargs: false } as const;
  db.function("dec_add", opts, (a: unknown, b: unknown) => (a == null || b == null ? null : dec(a).plus(dec(b)).toFixed()));
  db.function("dec_sub", opts, (a: unknown, b: unknown) => (a == null || b == null ? null : dec(a).minus(dec(b)).toFixed()));
  db.function("dec_cmp", opts, (a: unknown, b: unknown) => (a == null || b == null ? null : dec(a).cmp(dec(b))));
  db.aggregate("dec_sum", {
    deterministic: true,
    start: () => new Decimal(0) as DecimalBase,
    step: (total: DecimalBase, v: unknown) => (v == null ? total : total.plus(dec(v))),
    result: (total: DecimalBase) => total.toFixed(),
  });
}
