import { Form, Link, NavLink, useFetcher, useLocation } from "@remix-run/react";
import { useTranslation } from "~/lib/translate";
import { HEADER_LANGUAGES, LANGUAGE_NAMES, type Lang } from "~/i18n";
import * as s from "./shell.css";

type User = { account: string; is_seller: boolean } | null;

const NAV = [
  { to: "/legalIndex", key: "nav.fiat" },
  { to: "/trade", key: "nav.trade" },
  { to: "/lever", key: "nav.lever" },
  { to: "/second", key: "nav.second" },
  { to: "/myshop", key: "nav.myshop", seller: true },
  { to: "/deposit", key: "nav.savings" },
  { to: "/convert", key: "nav.convert" },
  { to: "/assets", key: "nav.assets" },
] as const;

const PERSONAL = [
  { to: "/personal/accountSettings", key: "user.accountSettings" },
  { to: "/personal/collectionSettings", key: "user.collectionSettings" },
  { to: "/personal/authentication", key: "user.authentication" },
  { to: "/personal/feedback", key: "user.feedback" },
  { to: "/personal/googleAuth", key: "user.googleAuth" },
] as const;

/** Plain POST forms inside <details>: the menus work without JavaScript; with it, theme switches in place. */
export function Header({ user, lang, theme }: { user: User; lang: Lang; theme: "dark" | "light" }) {
  const { t } = useTranslation();
  const location = useLocation();
  const here = location.pathname + location.search;
  const themeFetcher = useFetcher();
  const pendingTheme = themeFetcher.formData?.get("theme");
  const shownTheme = pendingTheme === "light" || pendingTheme === "dark" ? pendingTheme : theme;
  const nextTheme = shownTheme === "dark" ? "light" : "dark";
  return (
    <header className={s.header}>
      <div className={s.headerInner}>
        <Link to="/home" className={s.logo} aria-label={t("brand.home")}>
          {t("brand.name")}
        </Link>
        <nav className={s.nav} aria-label={t("nav.label")}>
          {NAV.filter((n) => !("seller" in n) || user?.is_seller).map((n) => (
            <NavLink key={n.to} to={n.to} className={s.navLink} prefetch="intent">
              {t(n.key)}
            </NavLink>
          ))}
        </nav>
        <div className={s.tools}>
          <details className={s.menu}>
            <summary className={s.menuSummary}>
              <GlobeIcon /> <span className="sr-only">{t("lang.label")}: </span>
              {LANGUAGE_NAMES[lang]}
            </summary>
            <Form method="post" action="/resources/language" reloadDocument className={s.menuList}>
              <input type="hidden" name="redirectTo" value={here} />
              {HEADER_LANGUAGES.map((l) => (
                <button key={l} type="submit" name="lang" value={l} className={s.menuItem} lang={l === "hk" ? "zh-Hant-HK" : l === "jp" ? "ja" : l === "kr" ? "ko" : l === "zh" ? "zh-Hans" : l} aria-current={l === lang}>
                  {LANGUAGE_NAMES[l]}
                </button>
              ))}
            </Form>
          </details>
          <themeFetcher.Form method="post" action="/resources/theme">
            <input type="hidden" name="redirectTo" value={here} />
            <input type="hidden" name="theme" value={nextTheme} />
            <button type="submit" className={s.menuSummary} aria-label={t(nextTheme === "light" ? "theme.toLight" : "theme.toDark")}>
              {shownTheme === "dark" ? <MoonIcon /> : <SunIcon />} {t(shownTheme === "dark" ? "theme.dark" : "theme.light")}
            </button>
          </themeFetcher.Form>
          {user ? (
            <details className={s.menu}>
              <summary className={s.menuSummary}>
                <span className="sr-only">{t("user.menu")}: </span>
                {user.account}
              </summary>
              <ul className={s.menuList}>
                {PERSONAL.map((p) => (
                  <li key={p.to}>
                    <Link to={p.to} className={s.menuItem}>
                      {t(p.key)}
                    </Link>
                  </li>
                ))}
                <li>
                  <Form method="post" action="/logout">
                    <button type="submit" className={s.menuItem}>
                      {t("user.logout")}
                    </button>
                  </Form>
                </li>
              </ul>
            </details>
          ) : (
            <>
              <Link to="/login" className={s.navLink}>
                {t("user.login")}
              </Link>
              <Link to="/register" className={s.navLink}>
                {t("user.register")}
              </Link>
            </>
          )}
        </div>
      </div>
    </header>
  );
}

function GlobeIcon() {
  return (
    <svg className={s.icon} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
      <circle cx="12" cy="12" r="9" />
      <path d="M3 12h18M12 3c2.5 2.5 3.8 5.5 3.8 9s-1.3 6.5-3.8 9c-2.5-2.5-3.8-5.5-3.8-9S9.5 5.5 12 3z" />
    </svg>
  );
}

function MoonIcon() {
  return (
    <svg className={s.icon} viewBox="0 0 24 24" fill="currentColor" aria-hidden="true">
      <path d="M20 14.5A8.5 8.5 0 0 1 9.5 4a8.5 8.5 0 1 0 10.5 10.5z" />
    </svg>
  );
}

function SunIcon() {
  return (
    <svg className={s.icon} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
      <circle cx="12" cy="12" r="4" />
      <path d="M12 2v2M12 20v2M2 12h2M20 12h2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" />
    </svg>
  );
}
