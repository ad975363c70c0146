import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { SessionList } from "~/features/personal/session-list";
import { revokeSessions, sessionsPage } from "~/features/personal/sessions.server";
import { useTranslation } from "~/lib/translate";
import { CardPage } from "~/components/card-page";

/** /personal/sessions: my signed-in devices, 'sign out' for each other one and 'sign out everywhere else'. */
export const loader = (args: LoaderFunctionArgs) => sessionsPage(args);
export const action = (args: ActionFunctionArgs) => revokeSessions(args);

export default function SessionsRoute() {
  const d = useLoaderData<typeof loader>();
  const { t } = useTranslation("kyc");
  return (
    <CardPage title={d.title} intro={t("sessions.intro")} error={d.error}>
      <SessionList sessions={d.sessions} />
    </CardPage>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "Signed-in devices" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary back={{ href: "/personal/accountSettings", labelKey: "user.accountSettings" }} />;
}
