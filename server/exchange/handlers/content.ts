import { SETTING_KEYS, type NewsArticle } from "../../../app/contract/index";
import { fail, ok, type Handlers } from "../context";
import { formatDateTime } from "../lib/time";
import type { Lang } from "../lib/i18n";
import { NEWS } from "../db/news";
import { buildArticle, NEWS_TRANSLATIONS } from "../db/news-translations";
import { areas, findArticle, newsCategories, newsPage, settingValue, type ArticleRow } from "../models/content";

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
    return ok(ctx, newsCategories(ctx.db));
  },

  newsList(p, ctx) {
    const limit = Math.min(p.limit ?? 20, 100);
    const offset = ((p.page ?? 1) - 1) * limit;
    const { total, rows } = newsPage(ctx.db, p.category_id, limit, offset);
    return ok(ctx, { data: rows.map((r) => toArticle(r, ctx.lang)), total });
  },

  newsInfo(p, ctx) {
    const row = findArticle(ctx.db, p.id);
    return row ? ok(ctx, toArticle(row, ctx.lang)) : fail(ctx, "article_not_found");
  },

  areaList(_p, ctx) {
    return ok(ctx, areas(ctx.db));
  },

  setting(p, ctx) {
    // Only the public keys are readable; anything else answers null like an unset key.
    if (!(SETTING_KEYS as readonly string[]).includes(p.key)) return ok(ctx, null);
    return ok(ctx, settingValue(ctx.db, p.key));
  },
};
