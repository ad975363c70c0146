import type { Statement } from "better-sqlite3";
import type { DB } from "./index";

const kept = new WeakMap<DB, Map<string, Statement>>();

/**
 * `db.prepare(sql)`, once per connection and SQL text: SQLite compiles a statement on each `prepare`, which for the
 * queries every signed-in page asks (the token's user, the pair's orders) cost more than running them.
 *
 * Only for SQL written in the code (a fixed set of texts, never built from input), run with `get`, `all` or `run`.
 * Not for a statement that is iterated (a second caller would find it busy) or switched to `pluck`, `raw` or
 * `expand` (that would change it for every caller).
 */
export function statement(db: DB, sql: string): Statement {
  let statements = kept.get(db);
  if (!statements) kept.set(db, (statements = new Map()));
  let s = statements.get(sql);
  if (!s) statements.set(sql, (s = db.prepare(sql)));
  return s;
}

/**
 * A page's row count as SQL text, for a statement kept by `statement`: `LIMIT ${sqlLimit(n)} OFFSET ?`. SQLite
 * compiles a statement again every time a value is bound to a `LIMIT ?` (the limit may change its plan), which costs
 * a kept statement more than running it; written in, the limit is part of the text, so each page size has its kept
 * statement (a page size is one of a few, at most the handler's maximum). Throws on anything but a non-negative
 * safe integer, so no input can reach the SQL.
 */
export function sqlLimit(n: number): string {
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`not a row count: ${String(n)}`);
  return String(n);
}
