import { useMatches } from "@remix-run/react";
import { useTranslation } from "~/lib/translate";
import * as s from "./shell.css";

/** A screen adds its own skip links through its route `handle` (e.g. /trade: to the order form). */
export type SkipLinksHandle = { skipLinks?: { href: `#${string}`; labelKey: string }[] };

/** The id of the element holding each screen's content (root.tsx), the main skip link's target. */
export const CONTENT_ID = "content";

/** The page's first stops: links past the header to the content (and to what the screen names), shown when focused. */
export function SkipLinks() {
  const { t } = useTranslation();
  const extra = useMatches().flatMap((m) => (m.handle as SkipLinksHandle | undefined)?.skipLinks ?? []);
  return (
    <ul className={s.skipLinks}>
      <li>
        <a href={`#${CONTENT_ID}`} className={s.skipLink}>
          {t("skip.main")}
        </a>
      </li>
      {extra.map((l) => (
        <li key={l.href}>
          <a href={l.href} className={s.skipLink}>
            {t(l.labelKey)}
          </a>
        </li>
      ))}
    </ul>
  );
}
