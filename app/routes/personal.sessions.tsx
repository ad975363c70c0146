import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import * as a from "~/styles/card-page.css";
import { SessionList } from "~/features/personal/session-list";
import { revokeSessions, sessionsPage } from "~/features/personal/sessions.server";
import { useTranslation } from "~/lib/translate";

/** /personal/sessions: my signed-in devices, 'sign out' for each other one and 'sign out everywhere else'. */
export const loader = (args: LoaderFunctionArgs) => sessionsPage(args);
export const action = (args: ActionFunctionArgs) => revokeSessions(args);

export default function SessionsRoute() {
  const d = useLoaderData<typeof loader>();
  const { t } = useTranslation("kyc");
  return (
    <main className={a.page}>
      <div className={a.card}>
        <h1 className={a.title}>{d.title}</h1>
        <p className={a.intro}>{t("sessions.intro")}</p>
        {d.error ? <p role="alert">{d.error}</p> : null}
        <SessionList sessions={d.sessions} />
      </div>
    </main>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "Signed-in devices" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary back={{ href: "/personal/accountSettings", labelKey: "user.accountSettings" }} />;
}
