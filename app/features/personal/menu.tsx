import { NavLink } from "@remix-run/react";
import { PERSONAL_PAGES } from "~/lib/personal-pages";
import { useTranslation } from "~/lib/translate";
import * as s from "~/styles/side-menu.css";

/** The personal centre's left menu; NavLink marks the current page with aria-current="page". */
export function PersonalMenu() {
  const { t } = useTranslation("kyc");
  return (
    <nav className={s.menu} aria-label={t("menu.label")}>
      <ul className={s.menuList}>
        {PERSONAL_PAGES.map((p) => (
          <li key={p.path}>
            <NavLink to={`/personal/${p.path}`} className={s.menuLink} prefetch="intent">
              {t(p.label)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
