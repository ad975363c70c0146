import { Link } from "@remix-run/react";
import { useTranslation } from "~/lib/translate";
import type { Pager as PagerState } from "~/lib/savings";
import { button } from "~/styles/ui.css";
import * as s from "./savings.css";

/** Previous / next links for a paged list; renders nothing when one page holds everything (SPEC §9). */
export function Pager({ pager, href }: { pager: PagerState; href: (page: number) => string }) {
  const { t } = useTranslation();
  if (!pager.show) return null;
  return (
    <nav className={s.pager} aria-label={t("pager.label")}>
      {pager.prev ? (
        <Link className={`${button.secondary} ${s.pagerLink}`} to={href(pager.prev)} preventScrollReset>
          {t("pager.previous")}
        </Link>
      ) : null}
      <span aria-current="page">{t("pager.page", { page: pager.page, pages: pager.pages })}</span>
      {pager.next ? (
        <Link className={`${button.secondary} ${s.pagerLink}`} to={href(pager.next)} preventScrollReset>
          {t("pager.next")}
        </Link>
      ) : null}
    </nav>
  );
}
