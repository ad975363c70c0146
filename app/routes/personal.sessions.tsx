import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import * as a from "~/features/auth/auth.css";
import * as k from "~/features/personal/kyc.css";
import { getT } from "~/lib/i18next.server";
import { api, loaded } from "~/lib/api.server";
import { deviceName } from "~/lib/device-name.server";
import { redirectWithToast, requireToken } from "~/lib/session.server";
import { useTranslation } from "~/lib/translate";
import { button } from "~/styles/ui.css";

const RETURN_TO = "/personal/sessions";
const utc = (ms: number) => `${new Date(ms).toISOString().slice(0, 16).replace("T", " ")} UTC`;

/** /personal/sessions: my signed-in devices, 'sign out' for each other one and 'sign out everywhere else'. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireToken(request, { returnTo: RETURN_TO });
  const [t, list] = await Promise.all([getT(request, "kyc"), api({ request, context }, "sessions", {}).then(loaded)]);
  return data(
    {
      title: t("sessions.title"),
      sessions: list.ok
        ? list.data.map((x) => ({
            id: x.id,
            device: deviceName(x.device),
            ip: x.ip,
            since: utc(x.created_at),
            seen: utc(x.last_seen_at),
            current: x.current,
          }))
        : [],
      error: list.ok ? null : list.msg,
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requireToken(request, { returnTo: RETURN_TO });
  const form = await request.formData();
  const all = form.get("all") === "1";
  const id = Number.parseInt(String(form.get("id") ?? ""), 10);
  const r = await api(
    { request, context },
    "sessionRevoke",
    all ? { all: true } : { id: Number.isInteger(id) && id > 0 ? id : undefined, all: false },
  );
  const t = await getT(request, "kyc");
  throw await redirectWithToast(
    request,
    RETURN_TO,
    r.ok ? { kind: "success", message: t("sessions.signedOut", { count: r.data.signed_out }) } : { kind: "error", message: r.msg },
  );
}

export default function SessionsRoute() {
  const d = useLoaderData<typeof loader>();
  const { t } = useTranslation("kyc");
  const others = d.sessions.filter((x) => !x.current).length;
  return (
    <main className={a.page}>
      <div className={a.card}>
        <h1 className={a.title}>{d.title}</h1>
        <p className={a.intro}>{t("sessions.intro")}</p>
        {d.error ? <p role="alert">{d.error}</p> : null}
        <ul className={k.feedbackList}>
          {d.sessions.map((x) => (
            <li key={x.id} className={k.feedbackItem}>
              <p className={k.feedbackHead}>
                <strong>{x.device || t("sessions.unknownDevice")}</strong>
                <span className={k.hint}>{t("sessions.where", { ip: x.ip || "—", since: x.since, seen: x.seen })}</span>
              </p>
              {x.current ? (
                <p className={k.hint}>{t("sessions.thisDevice")}</p>
              ) : (
                <Form method="post">
                  <input type="hidden" name="id" value={x.id} />
                  <button
                    type="submit"
                    className={button.secondary}
                    aria-label={t("sessions.signOutNamed", { device: x.device || t("sessions.unknownDevice"), since: x.since })}
                  >
                    {t("sessions.signOut")}
                  </button>
                </Form>
              )}
            </li>
          ))}
        </ul>
        {others > 0 ? (
          <Form method="post" className={k.afterList}>
            <input type="hidden" name="all" value="1" />
            <button type="submit" className={`${button.primary} ${a.submit}`}>
              {t("sessions.signOutOthers")}
            </button>
          </Form>
        ) : null}
      </div>
    </main>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "Signed-in devices" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary back={{ href: "/personal/accountSettings", labelKey: "user.accountSettings" }} />;
}
