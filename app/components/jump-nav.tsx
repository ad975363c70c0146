import { Link, useLocation } from "@remix-run/react";
import { useTranslation } from "~/lib/translate";
import { area, jump, tab } from "~/styles/pair-screen.css";

/**
 * Phone: links to the parts below the order form (chart, book, trades, the user's list, markets); plain anchors, so
 * they work without JavaScript. A router link: a plain hash link would be taken for a history step.
 */
export function JumpNav({ list }: { list: { id: string; label: string } }) {
  const { t } = useTranslation("trade");
  const location = useLocation();
  const jumps = [
    { id: "chart", label: t("jump.chart") },
    { id: "book", label: t("book.title") },
    { id: "trades", label: t("trades.title") },
    list,
    { id: "pairs", label: t("pairs.title") },
  ];
  return (
    <nav className={area.jump} aria-label={t("jump.label")}>
      <ul className={jump}>
        {jumps.map((j) => (
          <li key={j.id}>
            <Link to={{ search: location.search, hash: j.id }} className={tab}>
              {j.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
