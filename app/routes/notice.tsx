import { data, redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { isRouteErrorResponse, Link, useLoaderData, useRouteError } from "@remix-run/react";
import { useTranslation } from "~/lib/translate";
import * as s from "~/features/notice/notice.css";
import { NoticeBody, NoticeList, type NoticeArticle } from "~/features/notice/notice-view";
import { BCP47 } from "~/i18n";
import { getLang, getT } from "~/lib/i18next.server";
import { api } from "~/lib/api.server";
import { sanitizeArticleHtml } from "~/lib/sanitize.server";
import { parseNoticeQuery } from "~/features/notice/query.server";
import { container } from "~/styles/ui.css";

/** Without a category the notices (3) are shown. */
const DEFAULT_CATEGORY = 3;

function notFound(): never {
  throw data(null, { status: 404 });
}

/** 'YYYY-MM-DD HH:mm:ss' in UTC, as the exchange sends it. */
function toIso(createdAt: string): string {
  const iso = createdAt.trim().replace(" ", "T");
  return /Z|[+-]\d\d:?\d\d$/.test(iso) ? iso : `${iso}Z`;
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const query = parseNoticeQuery(url);
  if (!query) notFound();
  const { id } = query;
  const categoryId = query.category_id ?? DEFAULT_CATEGORY;
  const args = { request, context };
  const [list, info, t, lang] = await Promise.all([
    // The whole category (the exchange's page maximum), so an older article opened from a link is listed too.
    api(args, "newsList", { category_id: categoryId, limit: 100 }),
    id ? api(args, "newsInfo", { id }) : Promise.resolve(null),
    getT(request, "notice"),
    getLang(request),
  ]);

  if (info && !info.ok) {
    if (info.kind === "network") throw data(null, { status: 503 });
    notFound();
  }
  // An article asked for under another category is shown with its own list.
  if (info?.ok && info.data.category_id && info.data.category_id !== categoryId) {
    throw redirect(`/notice?id=${info.data.id}&category_id=${info.data.category_id}`);
  }

  const items = list.ok ? list.data.data : [];
  const chosen = info?.ok ? info.data : (items[0] ?? null);
  const format = new Intl.DateTimeFormat(BCP47[lang], { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });
  let article: NoticeArticle | null = null;
  if (chosen) {
    const iso = toIso(chosen.created_at);
    const when = new Date(iso);
    article = {
      id: chosen.id,
      title: chosen.title,
      html: sanitizeArticleHtml(chosen.content),
      createdIso: iso,
      createdAt: Number.isNaN(when.getTime()) ? chosen.created_at : `${format.format(when)} UTC`,
    };
  }
  const categoryName = t(`categories.${categoryId}`, { defaultValue: t("categories.default") });
  return data({
    categoryId,
    categoryName,
    items: items.map((a) => ({ id: a.id, title: a.title })),
    article,
    listError: list.ok || list.kind === "empty" ? null : list.msg,
    title: article ? t("meta.title", { title: article.title, category: categoryName }) : t("meta.category", { category: categoryName }),
  });
}

export default function NoticeRoute() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation("notice");
  return (
    <main className={`${container} ${s.layout}`}>
      {data.article ? null : <h1 className="sr-only">{data.categoryName}</h1>}
      <NoticeList categoryId={data.categoryId} categoryName={data.categoryName} items={data.items} currentId={data.article?.id ?? null} />
      {data.article ? (
        <NoticeBody key={data.article.id} article={data.article} />
      ) : (
        <div className={s.article}>
          <p className={s.empty} role={data.listError ? "alert" : undefined}>
            {data.listError ?? t("empty")}
          </p>
        </div>
      )}
    </main>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  if (data?.title) return [{ title: data.title }];
  // The error boundary renders without loader data; the root's default title is kept then.
  const root = matches.find((m) => m.id === "root");
  return root?.meta ?? [];
};

export function ErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation("notice");
  const missing = isRouteErrorResponse(error) && error.status === 404;
  return (
    <main className={container}>
      <div className={s.errorBox}>
        <h1>{missing ? t("notFoundTitle") : t("errorTitle")}</h1>
        <p>{missing ? t("notFound") : t("error")}</p>
        <p>
          <Link to="/notice?category_id=3">{t("backToNotices")}</Link> · <Link to="/home">{t("backHome")}</Link>
        </p>
      </div>
    </main>
  );
}
