import { SETTING_KEYS, type NewsArticle } from "../../../app/contract/index";
import { fail, ok, type Handlers } from "../context";
import { formatDateTime } from "../lib/time";
import type { Lang } from "../lib/i18n";
import { NEWS } from "../db/news";
import { buildArticle, NEWS_TRANSLATIONS } from "../db/news-translations";

interface ArticleRow {
  id: number;
  category_id: number;
  title: string;
  content: string;
  banner: string;
  created_at: number;
}

const SEED_TITLES = new Map(NEWS.map((a) => [a.id, a.title]));

/**
 * A seeded article in the request's language (English, the stored text, is the fallback). Only while the stored
 * article is still the seed's: an operator who rewrites an article gets their own text back, not a stale translation.
 */
export function localizedText(r: Pick<ArticleRow, "id" | "title" | "content">, lang: Lang): { title: string; content: string } {
  const parts = lang === "en" ? undefined : NEWS_TRANSLATIONS[lang]?.[r.id];
  if (!parts || SEED_TITLES.get(r.id) !== r.title) return { title: r.title, content: r.content };
  return buildArticle(r.id, parts);
}

function toArticle(r: ArticleRow, lang: Lang): NewsArticle {
  const { title, content } = localizedText(r, lang);
  return { id: r.id, category_id: r.category_id, title, content, created_at: formatDateTime(r.created_at), banner: r.banner };
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
    return ok(ctx, { data: rows.map((r) => toArticle(r, ctx.lang)), total });
  },

  newsInfo(p, ctx) {
    const row = ctx.db.prepare("SELECT * FROM news WHERE id = ?").get(p.id) as ArticleRow | undefined;
    return row ? ok(ctx, toArticle(row, ctx.lang)) : fail(ctx, "article_not_found");
  },

  areaList(_p, ctx) {
    return ok(
      ctx,
      ctx.db.prepare("SELECT id, name, global_code FROM areas ORDER BY id").all() as { id: number; name: string; global_code: string }[],
    );
  },

  setting(p, ctx) {
    // Only the public keys are readable; anything else answers null like an unset key.
    if (!(SETTING_KEYS as readonly string[]).includes(p.key)) return ok(ctx, null);
    const row = ctx.db.prepare("SELECT value FROM settings WHERE key = ?").get(p.key) as { value: string | null } | undefined;
    return ok(ctx, row?.value ?? null);
  },
};
