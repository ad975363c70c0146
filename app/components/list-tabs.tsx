import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import * as ps from "~/styles/pair-screen.css";

/** A pair screen's tab: a link that keeps the scroll and replaces the history entry, marked as the page when `current`. */
export function ListTab({ href, current, children }: { href: string; current: boolean; children: ReactNode }) {
  return (
    <li>
      <Link to={href} className={ps.tab} aria-current={current ? "page" : undefined} preventScrollReset replace>
        {children}
      </Link>
    </li>
  );
}

/**
 * A pair screen's tabs (over its orders, positions, history or pairs): a ListTab each, the one `current` answers true
 * for marked as the page. `className`: the list's own, when not the screen's usual row.
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
          <ListTab key={tab} href={href(tab)} current={current(tab)}>
            {name(tab)}
          </ListTab>
        ))}
      </ul>
    </nav>
  );
}
