import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Outlet } from "@remix-run/react";
import { AssetsMenu } from "~/features/assets/menu";
import * as s from "~/features/assets/assets.css";
import { getT } from "~/lib/i18next.server";
import { requireToken } from "~/lib/session.server";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { useAccountReview } from "~/components/use-account-review";

/** The assets area: a session is required (login with ?page= otherwise); left menu and the child page. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireToken(request);
  const t = await getT(request, "assets");
  return { title: t("meta.title") };
}

export default function AssetsLayout() {
  // The operator's review of my deposits, withdrawals and identity reaches the open page (ACCOUNT_REVIEW).
  useAccountReview();
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
  return (
    <div className={s.layout}>
      <AssetsMenu />
      <GeneralErrorBoundary className={s.content} back={{ href: "/assets", labelKey: "nav.assets" }} />
    </div>
  );
}
