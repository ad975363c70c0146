import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Outlet, useRouteError, isRouteErrorResponse } from "@remix-run/react";
import { AssetsMenu } from "~/features/assets/menu";
import * as s from "~/features/assets/assets.css";
import { getT } from "~/i18next.server";
import { requireToken } from "~/lib/session.server";
import { useTranslation } from "~/lib/translate";

/** The assets area: a session is required (login with ?page= otherwise); left menu and the child page. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireToken(request);
  const t = await getT(request, "assets");
  return { title: t("meta.title") };
}

export default function AssetsLayout() {
  return (
    <div className={s.layout}>
      <AssetsMenu />
      <div className={s.content}>
        <Outlet />
      </div>
    </div>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "Assets" }];

export function ErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <div className={s.layout}>
      <AssetsMenu />
      <main className={s.content}>
        <h1 className={s.h1}>{notFound ? t("errors.notFoundTitle") : t("errors.errorTitle")}</h1>
        <p role="alert">{notFound ? t("errors.notFound") : t("errors.server")}</p>
      </main>
    </div>
  );
}
