import { Link } from "@remix-run/react";
import * as ps from "~/styles/pair-screen.css";

/**
 * The tabs over a pair screen's list (its orders, positions or history): links that keep the scroll and replace the
 * history entry, the one `current` answers true for marked as the page. `className`: the list's own, when not the
 * screen's usual row.
 */
export function ListTabs<T extends string>({
  label,
  tabs,
  current,
  href,
  name,
  className = ps.tabs,
}: {
  label: string;
  tabs: readonly T[];
  current: (tab: T) => boolean;
  href: (tab: T) => string;
  name: (tab: T) => string;
  className?: string;
}) {
  return (
    <nav aria-label={label}>
      <ul className={className}>
        {tabs.map((tab) => (
          <li key={tab}>
            <Link to={href(tab)} className={ps.tab} aria-current={current(tab) ? "page" : undefined} preventScrollReset replace>
              {name(tab)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
