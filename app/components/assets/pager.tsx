import { Link, useLocation } from "@remix-run/react";
import { pageCount, showPager } from "./constants";
import { useTranslation } from "~/lib/translate";
import * as s from "./assets.css";

/** Previous / next links keeping the query string; shown only when the total exceeds a page (SPEC §9). */
export function Pager({ total, page, perPage }: { total: number; page: number; perPage: number }) {
  const { t } = useTranslation();
  const location = useLocation();
  if (!showPager(total, perPage)) return null;
  const pages = pageCount(total, perPage);
  const href = (p: number) => {
    const q = new URLSearchParams(location.search);
    q.set("page", String(p));
    return `${location.pathname}?${q.toString()}`;
  };
  return (
    <nav className={s.pager} aria-label={t("pager.label")}>
      {page > 1 ? <Link to={href(page - 1)}>{t("pager.previous")}</Link> : null}
      <span aria-current="page">{t("pager.page", { page, pages })}</span>
      {page < pages ? <Link to={href(page + 1)}>{t("pager.next")}</Link> : null}
    </nav>
  );
}
