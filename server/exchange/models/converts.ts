import type { DB } from "../db/index";

/** A row of `convert_quotes`: single use, until `expires_at`. */
export interface QuoteRow {
  id: string;
  user_id: number;
  from_currency_id: number;
  to_currency_id: number;
  amount: string;
  mid_rate: string;
  rate: string;
  receive: string;
  spread: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

/** A row of `converts`. */
export interface ConvertRow {
  id: number;
  user_id: number;
  quote_id: string;
  from_currency_id: number;
  to_currency_id: number;
  amount: string;
  rate: string;
  receive: string;
  spread: string;
  created_at: number;
}

export function insertQuote(db: DB, q: QuoteRow): void {
  db.prepare(
    `INSERT INTO convert_quotes (id, user_id, from_currency_id, to_currency_id, amount, mid_rate, rate, receive, spread, created_at, expires_at)
     VALUES (@id, @user_id, @from_currency_id, @to_currency_id, @amount, @mid_rate, @rate, @receive, @spread, @created_at, @expires_at)`,
  ).run(q);
}

/** Unused quotes made before `before`. */
export function deleteStaleQuotes(db: DB, before: number): void {
  db.prepare("DELETE FROM convert_quotes WHERE created_at < ? AND used_at IS NULL").run(before);
}

export function markQuoteUsed(db: DB, id: string, now: number): void {
  db.prepare("UPDATE convert_quotes SET used_at = ? WHERE id = ?").run(now, id);
}

export function insertConvert(db: DB, q: QuoteRow, now: number): number {
  return Number(
    db
      .prepare(
        `INSERT INTO converts (user_id, quote_id, from_currency_id, to_currency_id, amount, rate, receive, spread, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(q.user_id, q.id, q.from_currency_id, q.to_currency_id, q.amount, q.rate, q.receive, q.spread, now).lastInsertRowid,
  );
}

export function findConvert(db: DB, id: number): ConvertRow | undefined {
  return db.prepare("SELECT * FROM converts WHERE id = ?").get(id) as ConvertRow | undefined;
}

export function findQuote(db: DB, id: string): QuoteRow | undefined {
  return db.prepare("SELECT * FROM convert_quotes WHERE id = ?").get(id) as QuoteRow | undefined;
}

/**
 * Ends a user's open (unused, unexpired) convert quotes now: confirming one then gets the new rate to confirm instead.
 * For an operator withdrawing quotes made at a wrong price. Answers how many ended.
 */
export function expireOpenQuotes(db: DB, userId: number, now: number): number {
  return db
    .prepare("UPDATE convert_quotes SET expires_at = ? WHERE user_id = ? AND used_at IS NULL AND expires_at >= ?")
    .run(now - 1, userId, now).changes;
}

export function quoteUsedAt(db: DB, id: string): number | null {
  return (db.prepare("SELECT used_at FROM convert_quotes WHERE id = ?").get(id) as { used_at: number | null }).used_at;
}

export function listConverts(db: DB, userId: number, limit: number, offset: number): { total: number; rows: ConvertRow[] } {
  const { total } = db.prepare("SELECT COUNT(*) AS total FROM converts WHERE user_id = ?").get(userId) as { total: number };
  const rows = db
    .prepare("SELECT * FROM converts WHERE user_id = ? ORDER BY id DESC LIMIT ? OFFSET ?")
    .all(userId, limit, offset) as ConvertRow[];
  return { total, rows };
}
