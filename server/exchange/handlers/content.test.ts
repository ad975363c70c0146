import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { calls, EnvelopeSchema } from "../../../app/contract/index";
import { NEWS } from "../db/news";
import { buildArticle, NEWS_TRANSLATIONS } from "../db/news-translations";
import { createExchange, type Exchange } from "../index";
import { LANGUAGES } from "../lib/i18n";

/** Categories whose seeded articles every language must have (issue 9): banners, notices, the footer's columns, the agreement. */
const LOCALIZED_CATEGORIES = [1, 3, 4, 5, 6, 26];
const OTHER_LANGS = LANGUAGES.filter((l) => l !== "en");

/** The tags of an article in order: a translation has the same HTML shape as its original. */
const skeleton = (html: string) => html.match(/<\/?[a-z0-9]+>/g)?.join("") ?? "";

describe("seeded content in eleven languages", () => {
  it("has every banner, notice and footer article in every language, translated, in the original's shape", () => {
    const seeded = NEWS.filter((a) => LOCALIZED_CATEGORIES.includes(a.category_id));
    expect(seeded.length).toBeGreaterThanOrEqual(17);
    for (const lang of OTHER_LANGS) {
      for (const a of seeded) {
        const parts = NEWS_TRANSLATIONS[lang][a.id];
        expect(parts, `${lang} #${a.id}`).toBeDefined();
        const t = buildArticle(a.id, parts);
        expect(t.title.trim(), `${lang} #${a.id}`).not.toBe("");
        expect(t.title, `${lang} #${a.id} is still English`).not.toBe(a.title);
        expect(skeleton(t.content), `${lang} #${a.id}`).toBe(skeleton(a.content));
        for (const part of parts) expect(part.trim(), `${lang} #${a.id}`).not.toBe("");
      }
    }
  });
});

describe("content calls answer in the request's language", () => {
  let ex: Exchange;
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), "exchange-content-"));
    ex = createExchange({ dataDir: dir, simulator: false, marketMaker: false, savingsScheduler: false, log: () => {} });
  });
  afterAll(async () => {
    await ex.close();
    rmSync(dir, { recursive: true, force: true });
  });

  async function get(path: string, lang?: string) {
    const res = await ex.handle(new Request(`http://localhost/api/${path}`, { headers: lang ? { lang } : {} }));
    return EnvelopeSchema.parse(await res.json());
  }
  const titles = async (category: number, lang?: string) =>
    calls.newsList.data.parse((await get(`news/list?category_id=${category}`, lang)).data).data.map((a) => a.title);

  it("lists the footer, the banners and the notices in Japanese and Thai, English without a language", async () => {
    expect(await titles(4)).toEqual(["Careers", "Contact us", "About us"]);
    expect(await titles(4, "jp")).toEqual(["採用情報", "お問い合わせ", "会社概要"]);
    expect(await titles(1, "th")).toContain("เทรดสปอตด้วยสภาพคล่องสูง");
    expect((await titles(3, "jp"))[0]).toBe("11月3日のシステムメンテナンスのお知らせ");
    expect(await titles(6, "de")).toContain("Datenschutzerklärung");
  });

  it("answers news/info in the language too, and English where a language has no text", async () => {
    const info = calls.newsInfo.data.parse((await get("news/info?id=10", "th")).data);
    expect(info.title).toBe("ประกาศปิดปรับปรุงระบบตามกำหนดในวันที่ 3 พฤศจิกายน");
    expect(info.content).toContain("<p>");
    const agreement = calls.newsInfo.data.parse((await get("news/info?id=66", "jp")).data);
    expect(agreement.title).toBe("利用者規約");
    expect(agreement.content).toContain("<strong>1. アカウント。</strong>");
    // An article the seed does not have (an operator's own) answers its stored text in every language.
    ex.db
      .prepare(
        "INSERT INTO news (id, category_id, title, content, banner, created_at) VALUES (900, 3, 'Operator notice', '<p>Hello</p>', '', 0)",
      )
      .run();
    expect(calls.newsInfo.data.parse((await get("news/info?id=900", "th")).data).title).toBe("Operator notice");
    ex.db.prepare("DELETE FROM news WHERE id = 900").run();
  });

  it("keeps an operator's own text: a rewritten article is no longer replaced by the seed's translation", async () => {
    ex.db.prepare("UPDATE news SET title = ? WHERE id = 20").run("About the company");
    expect(await titles(4, "jp")).toContain("About the company");
    ex.db.prepare("UPDATE news SET title = ? WHERE id = 20").run("About us");
  });
});
