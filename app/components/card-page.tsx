import type { ReactNode } from "react";
import * as a from "~/styles/card-page.css";

/** A page of one card (the personal centre's): its title, an intro, the page's error, then `children`. */
export function CardPage({
  title,
  intro,
  error,
  children,
}: {
  title: ReactNode;
  intro?: ReactNode;
  error?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <main className={a.page}>
      <div className={a.card}>
        <h1 className={a.title}>{title}</h1>
        {intro ? <p className={a.intro}>{intro}</p> : null}
        {error ? <p role="alert">{error}</p> : null}
        {children}
      </div>
    </main>
  );
}
