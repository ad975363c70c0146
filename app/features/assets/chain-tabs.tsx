import { Link } from "@remix-run/react";
import { useTranslation } from "~/lib/translate";
import { label as labelClass } from "~/styles/ui.css";
import * as s from "./assets.css";

/** The chain of a currency: links, the current one marked. */
export function ChainTabs({
  chains,
  current,
  href,
}: {
  chains: Array<{ id: number; code: string }>;
  current: number;
  href: (id: number) => string;
}) {
  const { t } = useTranslation("assets");
  if (chains.length === 0) return null;
  return (
    <nav aria-label={t("fields.chain")}>
      <p className={labelClass} id="chain-label">
        {t("fields.chain")}
      </p>
      <ul className={s.tabs} aria-labelledby="chain-label">
        {chains.map((c) => (
          <li key={c.id}>
            <Link to={href(c.id)} className={s.chip} aria-current={c.id === current ? "true" : undefined} replace preventScrollReset>
              {c.code}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
