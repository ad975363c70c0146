import { Link } from "@remix-run/react";
import { useTranslation } from "~/lib/translate";
import * as s from "./notice.css";

export type NoticeListItem = { id: number; title: string };
export type NoticeArticle = { id: number; title: string; html: string; createdAt: string; createdIso: string };

export function NoticeList({
  categoryId,
  categoryName,
  items,
  currentId,
}: {
  categoryId: number;
  categoryName: string;
  items: NoticeListItem[];
  currentId: number | null;
}) {
  const { t } = useTranslation("notice");
  return (
    <nav className={s.aside} aria-labelledby="notice-list-title">
      <h2 id="notice-list-title" className={s.asideTitle}>
        {categoryName}
      </h2>
      {items.length === 0 ? (
        <p className={s.empty}>{t("empty")}</p>
      ) : (
        <ul className={s.list}>
          {items.map((a) => (
            <li key={a.id}>
              <Link
                to={`/notice?id=${a.id}&category_id=${categoryId}`}
                className={s.item}
                aria-current={a.id === currentId ? "page" : undefined}
                preventScrollReset
              >
                {a.title}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </nav>
  );
}

/** `article.html` is already sanitized on the server (app/lib/sanitize.server.ts). */
export function NoticeBody({ article }: { article: NoticeArticle }) {
  const { t } = useTranslation("notice");
  return (
    <article className={s.article} aria-labelledby="notice-title">
      <h1 id="notice-title" className={s.title}>
        {article.title}
      </h1>
      <p className={s.time}>
        {t("published")} <time dateTime={article.createdIso}>{article.createdAt}</time>
      </p>
      <div className={s.body} dangerouslySetInnerHTML={{ __html: article.html }} />
    </article>
  );
}
