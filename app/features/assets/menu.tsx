import { NavLink } from "@remix-run/react";
import { useTranslation } from "~/lib/translate";
import * as s from "~/styles/side-menu.css";

const ITEMS = ["tradeAccount", "legalAccount", "leverAccount", "secondAccount", "financialAccount", "transfer", "bindAddr"] as const;

/** The assets left menu (docs/product.md, "/assets"); NavLink marks the current page with aria-current="page". */
export function AssetsMenu() {
  const { t } = useTranslation("assets");
  return (
    <nav className={s.menu} aria-label={t("menu.label")}>
      <ul className={s.menuList}>
        {ITEMS.map((item) => (
          <li key={item}>
            <NavLink to={`/assets/${item}`} className={s.menuLink} prefetch="intent">
              {t(`menu.${item}`)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
