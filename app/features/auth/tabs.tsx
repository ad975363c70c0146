import { Link, useLocation } from "@remix-run/react";
import { useTranslation } from "~/lib/translate";
import type { AccountKind } from "./constants";
import * as s from "~/styles/card-page.css";

/**
 * Phone / email tabs as links (`?tab=`), so they work without JavaScript and keep the other
 * query parameters (page, extension_code). The phone tab shows where the screen offers it (`phone`).
 */
export function AccountTabs({ current, phone }: { current: AccountKind; phone: boolean }) {
  const { t } = useTranslation("auth");
  const location = useLocation();
  const kinds: AccountKind[] = phone ? ["mobile", "email"] : ["email"];
  const href = (kind: AccountKind) => {
    const params = new URLSearchParams(location.search);
    params.set("tab", kind);
    params.delete("account");
    return `${location.pathname}?${params}`;
  };
  return (
    <nav aria-label={t("tabs.label")}>
      <ul className={s.tabs}>
        {kinds.map((kind) => (
          <li key={kind}>
            <Link to={href(kind)} replace preventScrollReset className={s.tab} aria-current={kind === current ? "true" : undefined}>
              {t(kind === "mobile" ? "tabs.mobile" : "tabs.email")}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
