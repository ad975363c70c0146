import type { DB } from "../db/index";

/** A row of `news`. */
export interface ArticleRow {
  id: number;
  category_id: number;
  title: string;
  content: string;
  banner: string;
  created_at: number;
}

export function newsCategories(db: DB): { id: number; name: string }[] {
  return db.prepare("SELECT id, name FROM news_categories ORDER BY id").all() as { id: number; name: string }[];
}

/** A category's articles, newest first. */
export function newsPage(db: DB, categoryId: number, limit: number, offset: number): { total: number; rows: ArticleRow[] } {
  const rows = db
    .prepare("SELECT * FROM news WHERE category_id = ? ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?")
    .all(categoryId, limit, offset) as ArticleRow[];
  const { total } = db.prepare("SELECT COUNT(*) AS total FROM news WHERE category_id = ?").get(categoryId) as { total: number };
  return { total, rows };
}

export function findArticle(db: DB, id: number): ArticleRow | undefined {
  return db.prepare("SELECT * FROM news WHERE id = ?").get(id) as ArticleRow | undefined;
}

export function areas(db: DB): { id: number; name: string; global_code: string }[] {
  return db.prepare("SELECT id, name, global_code FROM areas ORDER BY id").all() as { id: number; name: string; global_code: string }[];
}

/** A setting's value (null when unset). */
export function settingValue(db: DB, key: string): string | null {
  const row = db.prepare("SELECT value FROM settings WHERE key = ?").get(key) as { value: string | null } | undefined;
  return row?.value ?? null;
}
