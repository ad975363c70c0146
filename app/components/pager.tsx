import { Link, useLocation } from "@remix-run/react";
import type { Pager as PagerState } from "~/lib/pager";
import { useTranslation } from "~/lib/translate";
import { button } from "~/styles/ui.css";
import * as s from "./pager.css";

/**
 * Previous / next links for a paged list, plain links so they work without JavaScript; renders
 * nothing when one page holds everything (docs/product.md, "Lists and pagers"). By default a link keeps the page's other query
 * parameters and changes `page`; the scroll position stays on the list.
 */
export function Pager({ pager, href }: { pager: PagerState; href?: (page: number) => string }) {
  const { t } = useTranslation();
  const location = useLocation();
  if (!pager.show) return null;
  const to =
    href ??
    ((p: number) => {
      const q = new URLSearchParams(location.search);
      q.set("page", String(p));
      return `${location.pathname}?${q.toString()}`;
    });
  return (
    <nav className={s.pager} aria-label={t("pager.label")}>
      {pager.prev ? (
        <Link className={`${button.secondary} ${s.pagerLink}`} to={to(pager.prev)} preventScrollReset>
          {t("pager.previous")}
        </Link>
      ) : null}
      <span aria-current="page">{t("pager.page", { page: pager.page, pages: pager.pages })}</span>
      {pager.next ? (
        <Link className={`${button.secondary} ${s.pagerLink}`} to={to(pager.next)} preventScrollReset>
          {t("pager.next")}
        </Link>
      ) : null}
    </nav>
  );
}
