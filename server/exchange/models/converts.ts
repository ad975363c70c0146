import type { DB } from "../db/index";
import type { ConvertRow, QuoteRow } from "../money/convert";

export function findQuote(db: DB, id: string): QuoteRow | undefined {
  return db.prepare("SELECT * FROM convert_quotes WHERE id = ?").get(id) as QuoteRow | undefined;
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
