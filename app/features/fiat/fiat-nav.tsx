import { Link } from "@remix-run/react";
import { useTranslation } from "~/lib/translate";
import * as s from "./fiat.css";

const LINKS = {
  legal: "/legalIndex/legal",
  orders: "/legalIndex/orders",
  myshoporders: "/myshop/myshoporders",
  shoporders: "/myshop/shoporders",
} as const;
export type FiatPage = keyof typeof LINKS;

/** The fiat area's pages: the ads and my orders for everyone, the shop's ads and orders for merchants. */
export function FiatNav({ current, seller }: { current: FiatPage | null; seller: boolean }) {
  const { t } = useTranslation("fiat");
  const pages: FiatPage[] = seller ? ["legal", "orders", "myshoporders", "shoporders"] : ["legal", "orders"];
  return (
    <nav aria-label={t("nav.label")}>
      <ul className={s.tabs}>
        {pages.map((p) => (
          <li key={p}>
            <Link to={LINKS[p]} className={s.tab} aria-current={p === current ? "page" : undefined}>
              {t(`nav.${p}`)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
