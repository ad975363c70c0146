import { NavLink } from "@remix-run/react";
import { useTranslation } from "~/lib/translate";
import * as s from "~/styles/side-menu.css";

/** The personal centre's pages, in the menu's order, with the key of each one's name. */
export const PERSONAL_PAGES = [
  { path: "accountSettings", label: "common:user.accountSettings" },
  { path: "collectionSettings", label: "common:user.collectionSettings" },
  { path: "authentication", label: "common:user.authentication" },
  { path: "feedback", label: "common:user.feedback" },
  { path: "googleAuth", label: "common:user.googleAuth" },
  { path: "sessions", label: "sessions.title" },
  { path: "notifications", label: "common:user.notificationSettings" },
  { path: "transactionLog", label: "log.title" },
] as const;

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
