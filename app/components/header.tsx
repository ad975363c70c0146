import { useEffect, useRef } from "react";
import { Form, Link, NavLink, useFetcher, useLocation } from "@remix-run/react";
import { useTranslation } from "~/lib/translate";
import { PERSONAL_PAGES } from "~/lib/personal-pages";
import { BCP47, HEADER_LANGUAGES, LANGUAGE_NAMES, type Lang } from "~/i18n";
import type { ThemeSetting } from "~/lib/theme";
import * as s from "./shell.css";
import { useUnreadCount } from "./use-unread";
import { LineIcon } from "./line-icon";

type User = { account: string; is_seller: boolean; unread?: number; totalUsd?: string | null } | null;

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

/** The account menu: the orders, then the personal centre's pages it lists. */
const PERSONAL = [
  { to: "/orders", key: "user.orders" },
  ...PERSONAL_PAGES.filter((p) => p.inUserMenu).map((p) => ({ to: `/personal/${p.path}`, key: p.label })),
];

/**
 * Wide screens: the navigation, language, theme and account in one bar. Narrow screens (phones): a
 * bar under 64 px with the brand, the most used action and a menu button that opens all of it.
 * Both are plain links and POST forms inside <details>: they work without JavaScript and by keyboard;
 * with it, a menu closes on navigation, on Escape and on a click outside, and the theme switches in place.
 */
export function Header({ user, lang, theme }: { user: User; lang: Lang; theme: ThemeSetting }) {
  const { t } = useTranslation();
  const location = useLocation();
  const here = location.pathname + location.search;
  const themeFetcher = useFetcher();
  const pendingTheme = themeFetcher.formData?.get("theme");
  const setting: ThemeSetting = pendingTheme === "light" || pendingTheme === "dark" ? pendingTheme : theme;
  const headerRef = useRef<HTMLElement>(null);
  useCloseMenus(headerRef, here);
  const nav = NAV.filter((n) => !("seller" in n) || user?.is_seller);
  const unread = useUnreadCount(user?.unread ?? 0, !!user);
  // The bell: a plain link to /notifications; its name says how many are unread, the badge shows it.
  const bell = user ? (
    <NavLink
      to="/notifications"
      className={s.bell}
      aria-label={unread > 0 ? t("notify.linkUnread", { count: unread }) : t("notify.link")}
      data-unread={unread}
    >
      <BellIcon />
      {unread > 0 ? (
        <span className={s.badge} aria-hidden="true">
          {unread > 99 ? "99+" : unread}
        </span>
      ) : null}
    </NavLink>
  ) : null;

  // The button names the theme that shows and switches to the other one.
  const themeButton = (shown: "dark" | "light") => {
    const next = shown === "dark" ? "light" : "dark";
    return (
      <button
        type="submit"
        name="theme"
        value={next}
        className={s.menuSummary}
        aria-label={t(next === "light" ? "theme.toLight" : "theme.toDark")}
      >
        {shown === "dark" ? <MoonIcon /> : <SunIcon />} {t(shown === "dark" ? "theme.dark" : "theme.light")}
      </button>
    );
  };
  const themeForm = (
    <themeFetcher.Form method="post" action="/resources/theme">
      <input type="hidden" name="redirectTo" value={here} />
      {setting === "system" ? (
        <>
          <span className={s.whenSystemDark}>{themeButton("dark")}</span>
          <span className={s.whenSystemLight}>{themeButton("light")}</span>
        </>
      ) : (
        themeButton(setting)
      )}
    </themeFetcher.Form>
  );
  const languageForm = (listClass: string) => (
    <Form method="post" action="/resources/language" reloadDocument className={listClass}>
      <input type="hidden" name="redirectTo" value={here} />
      {HEADER_LANGUAGES.map((l) => (
        <button key={l} type="submit" name="lang" value={l} className={s.menuItem} lang={BCP47[l]} aria-current={l === lang}>
          {LANGUAGE_NAMES[l]}
        </button>
      ))}
    </Form>
  );
  const accountLinks = (listClass: string) => (
    <ul className={listClass}>
      {user?.totalUsd ? (
        <li>
          <Link to="/assets" className={s.menuItem}>
            <span className={s.totalLabel}>{t("user.totalAssets")}</span> <strong>≈ {user.totalUsd}</strong>
          </Link>
        </li>
      ) : null}
      <li>
        <Link to="/notifications" className={s.menuItem}>
          {t("notify.link")}
          {unread > 0 ? ` (${unread})` : ""}
        </Link>
      </li>
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
  );

  return (
    <header className={s.header} ref={headerRef}>
      <div className={s.headerInner}>
        <Link to="/home" className={s.logo} aria-label={t("brand.home")}>
          {t("brand.name")}
        </Link>

        {/* Wide screens */}
        <nav className={s.navWide} aria-label={t("nav.label")}>
          {nav.map((n) => (
            <NavLink key={n.to} to={n.to} className={s.navLink} prefetch="intent">
              {t(n.key)}
            </NavLink>
          ))}
        </nav>
        <div className={s.toolsWide}>
          <details className={s.menu}>
            <summary className={s.menuSummary}>
              <GlobeIcon /> <span className="sr-only">{t("lang.label")}: </span>
              {LANGUAGE_NAMES[lang]}
            </summary>
            {languageForm(s.menuList)}
          </details>
          {themeForm}
          {bell}
          {user ? (
            <details className={s.menu}>
              <summary className={s.menuSummary}>
                <span className="sr-only">{t("user.menu")}: </span>
                <span className={s.account}>{user.account}</span>
              </summary>
              {accountLinks(s.menuList)}
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

        {/* Narrow screens */}
        <div className={s.toolsNarrow}>
          {user ? (
            <>
              <NavLink to="/trade" className={s.primaryAction}>
                {t("nav.trade")}
              </NavLink>
              {bell}
            </>
          ) : (
            <>
              <Link to="/login" className={s.navLink}>
                {t("user.login")}
              </Link>
              <Link to="/register" className={s.primaryAction}>
                {t("user.register")}
              </Link>
            </>
          )}
          <details className={s.menu}>
            <summary className={s.menuButton} aria-label={t("nav.menu")}>
              <MenuIcon />
            </summary>
            <div className={s.drawer}>
              <nav aria-label={t("nav.label")}>
                <ul className={s.drawerNav}>
                  <li>
                    <NavLink to="/markets" className={s.menuItem}>
                      {t("nav.markets")}
                    </NavLink>
                  </li>
                  {nav.map((n) => (
                    <li key={n.to}>
                      <NavLink to={n.to} className={s.menuItem}>
                        {t(n.key)}
                      </NavLink>
                    </li>
                  ))}
                </ul>
              </nav>
              <div className={s.drawerSection}>
                {user ? (
                  <>
                    <p className={s.drawerHeading}>
                      <span className={s.account}>{user.account}</span>
                    </p>
                    {accountLinks(s.drawerList)}
                  </>
                ) : (
                  <ul className={s.drawerList}>
                    <li>
                      <Link to="/login" className={s.menuItem}>
                        {t("user.login")}
                      </Link>
                    </li>
                    <li>
                      <Link to="/register" className={s.menuItem}>
                        {t("user.register")}
                      </Link>
                    </li>
                  </ul>
                )}
              </div>
              <div className={s.drawerSection}>
                <p className={s.drawerHeading}>
                  <GlobeIcon /> {t("lang.label")}
                </p>
                {languageForm(s.drawerLangs)}
              </div>
              <div className={s.drawerSection}>{themeForm}</div>
            </div>
          </details>
        </div>
      </div>
    </header>
  );
}

/** With JavaScript: an open menu closes when the page changes, on Escape (focus back on its button) and on a click outside. */
function useCloseMenus(ref: React.RefObject<HTMLElement>, here: string) {
  // Only when the page changes: on the first render (hydration) a menu opened before it stays open.
  const shown = useRef(here);
  useEffect(() => {
    if (shown.current === here) return;
    shown.current = here;
    ref.current?.querySelectorAll("details[open]").forEach((d) => d.removeAttribute("open"));
  }, [ref, here]);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== "Escape") return;
      ref.current?.querySelectorAll<HTMLDetailsElement>("details[open]").forEach((d) => {
        d.open = false;
        d.querySelector("summary")?.focus();
      });
    };
    const onClick = (e: MouseEvent) => {
      ref.current?.querySelectorAll<HTMLDetailsElement>("details[open]").forEach((d) => {
        if (!d.contains(e.target as Node)) d.open = false;
      });
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("click", onClick);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("click", onClick);
    };
  }, [ref]);
}

function MenuIcon() {
  return (
    <LineIcon className={s.iconLarge} cap="round">
      <path d="M4 6h16M4 12h16M4 18h16" />
    </LineIcon>
  );
}

function BellIcon() {
  return (
    <LineIcon className={s.iconLarge}>
      <path d="M6 16V11a6 6 0 0 1 12 0v5l2 2H4z" />
      <path d="M10 20a2 2 0 0 0 4 0" />
    </LineIcon>
  );
}

function GlobeIcon() {
  return (
    <LineIcon className={s.icon}>
      <circle cx="12" cy="12" r="9" />
      <path d="M3 12h18M12 3c2.5 2.5 3.8 5.5 3.8 9s-1.3 6.5-3.8 9c-2.5-2.5-3.8-5.5-3.8-9S9.5 5.5 12 3z" />
    </LineIcon>
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
    <LineIcon className={s.icon}>
      <circle cx="12" cy="12" r="4" />
      <path d="M12 2v2M12 20v2M2 12h2M20 12h2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" />
    </LineIcon>
  );
}
