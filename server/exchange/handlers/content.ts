import { SETTING_KEYS, type NewsArticle } from "../../../app/contract/index";
import { fail, ok, type Handlers } from "../context";
import { formatDateTime } from "../lib/time";

interface ArticleRow {
  id: number;
  category_id: number;
  title: string;
  content: string;
  banner: string;
  created_at: number;
}

function toArticle(r: ArticleRow): NewsArticle {
  return { id: r.id, category_id: r.category_id, title: r.title, content: r.content, created_at: formatDateTime(r.created_at), banner: r.banner };
}

export const contentHandlers: Pick<Handlers, "newsCategories" | "newsList" | "newsInfo" | "areaList" | "setting"> = {
  newsCategories(_p, ctx) {
    return ok(ctx, ctx.db.prepare("SELECT id, name FROM news_categories ORDER BY id").all() as { id: number; name: string }[]);
  },

  newsList(p, ctx) {
    const limit = Math.min(p.limit ?? 20, 100);
    const offset = ((p.page ?? 1) - 1) * limit;
    const rows = ctx.db
      .prepare("SELECT * FROM news WHERE category_id = ? ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?")
      .all(p.category_id, limit, offset) as ArticleRow[];
    const { total } = ctx.db.prepare("SELECT COUNT(*) AS total FROM news WHERE category_id = ?").get(p.category_id) as { total: number };
    return ok(ctx, { data: rows.map(toArticle), total });
  },

  newsInfo(p, ctx) {
    const row = ctx.db.prepare("SELECT * FROM news WHERE id = ?").get(p.id) as ArticleRow | undefined;
    return row ? ok(ctx, toArticle(row)) : fail(ctx, "article_not_found");
  },

  areaList(_p, ctx) {
    return ok(ctx, ctx.db.prepare("SELECT id, name, global_code FROM areas ORDER BY id").all() as { id: number; name: string; global_code: string }[]);
  },

  setting(p, ctx) {
    // Only the public keys are readable; anything else answers null like an unset key.
    if (!(SETTING_KEYS as readonly string[]).includes(p.key)) return ok(ctx, null);
    const row = ctx.db.prepare("SELECT value FROM settings WHERE key = ?").get(p.key) as { value: string | null } | undefined;
    return ok(ctx, row?.value ?? null);
  },
};
