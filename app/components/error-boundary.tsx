import { isRouteErrorResponse, Link, useRouteError } from "@remix-run/react";
import { useTranslation } from "~/lib/translate";
import * as s from "./error-boundary.css";

/**
 * What a screen shows when its loader or action throws: a localized title and message (404 or a server error),
 * a way back to the screen and home. The header and footer of the root stay, so the user can go on.
 */
export function GeneralErrorBoundary({ back, className }: { back?: { href: string; labelKey: string }; className?: string }) {
  const error = useRouteError();
  const { t } = useTranslation();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <main className={className ?? s.page}>
      <h1>{t(notFound ? "errors.notFoundTitle" : "errors.errorTitle")}</h1>
      <p role="alert">{t(notFound ? "errors.notFound" : "errors.server")}</p>
      <p className={s.links}>
        {back ? <Link to={back.href}>{t(back.labelKey)}</Link> : null}
        <Link to="/home">{t("nav.home")}</Link>
      </p>
    </main>
  );
}
