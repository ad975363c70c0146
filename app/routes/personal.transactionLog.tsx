import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { Pager } from "~/components/pager";
import * as k from "~/features/personal/kyc.css";
import { getT } from "~/lib/i18next.server";
import { api, loaded } from "~/lib/api.server";
import { pagerOf } from "~/lib/pager";
import { requireToken } from "~/lib/session.server";
import { useTranslation } from "~/lib/translate";
import { CardPage } from "~/components/card-page";

const RETURN_TO = "/personal/transactionLog";
const PER_PAGE = 20;

/**
 * /personal/transactionLog: instead of an empty table, the account's recent security events (sign-ins with
 * time, IP and device, password and authenticator changes, withdrawals requested, sessions signed out), paged.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireToken(request, { returnTo: RETURN_TO });
  const page = Math.max(1, Math.min(10_000, Number.parseInt(new URL(request.url).searchParams.get("page") ?? "1", 10) || 1));
  const [t, log] = await Promise.all([
    getT(request, "kyc"),
    api({ request, context }, "securityLog", { page, limit: PER_PAGE }).then(loaded),
  ]);
  return data(
    {
      title: t("log.title"),
      rows: log.ok
        ? log.data.data.map((r) => ({
            id: r.id,
            event: r.event_name,
            time: `${new Date(r.created_at).toISOString().slice(0, 19).replace("T", " ")} UTC`,
            ip: r.ip,
            device: r.device,
          }))
        : [],
      total: log.ok ? log.data.total : 0,
      page,
      error: log.ok ? null : log.msg,
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export default function TransactionLogRoute() {
  const d = useLoaderData<typeof loader>();
  const { t } = useTranslation("kyc");
  return (
    <CardPage title={d.title} intro={t("log.intro")} error={d.error}>
      {d.rows.length === 0 ? (
        <p className={k.hint}>{t("log.empty")}</p>
      ) : (
        <ul className={k.feedbackList}>
          {d.rows.map((r) => (
            <li key={r.id} className={k.feedbackItem}>
              <p className={k.feedbackHead}>
                <strong>{r.event}</strong>
                <span className={k.hint}>{t("log.where", { time: r.time, ip: r.ip || "—", device: r.device || "—" })}</span>
              </p>
            </li>
          ))}
        </ul>
      )}
      <Pager pager={pagerOf(d.total, d.page, PER_PAGE)} />
    </CardPage>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "Security log" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary back={{ href: "/personal/accountSettings", labelKey: "user.accountSettings" }} />;
}
