import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Outlet } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { useAccountReview } from "~/components/use-account-review";
import { PersonalMenu } from "~/features/personal/menu";
import { getT } from "~/lib/i18next.server";
import { requireToken } from "~/lib/session.server";
import * as s from "~/styles/side-menu.css";

/** The personal centre: a session is required (login with ?page= otherwise); the left menu and the child page. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireToken(request);
  const t = await getT(request, "kyc");
  return { title: t("menu.label") };
}

export default function PersonalLayout() {
  // The operator's review of my deposits, withdrawals and identity reaches the open page (ACCOUNT_REVIEW).
  useAccountReview();
  return (
    <div className={s.layout}>
      <PersonalMenu />
      <div className={s.content}>
        <Outlet />
      </div>
    </div>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "Personal centre" }];

export function ErrorBoundary() {
  return (
    <div className={s.layout}>
      <PersonalMenu />
      <GeneralErrorBoundary className={s.content} back={{ href: "/personal", labelKey: "user.accountSettings" }} />
    </div>
  );
}
