import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { REVIEW_STATUS } from "~/contract/core/personal";
import { IdentityForm } from "~/features/personal/identity-form";
import { identityPage, submitIdentity } from "~/features/personal/identity.server";
import * as k from "~/features/personal/kyc.css";
import { useTranslation } from "~/lib/translate";
import { CardPage } from "~/components/card-page";

/** /personal/authentication: the identity form, then 'under review', then 'verified' (docs/product.md, "Identity"). */
export const loader = (args: LoaderFunctionArgs) => identityPage(args);
export const action = (args: ActionFunctionArgs) => submitIdentity(args);

export default function AuthenticationRoute() {
  const loaderData = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("kyc");
  const center = loaderData.center;
  const status = center?.review_status ?? REVIEW_STATUS.NONE;
  const showForm = status === REVIEW_STATUS.NONE || status === REVIEW_STATUS.REJECTED;
  return (
    <CardPage title={loaderData.title} error={loaderData.error}>
      {center ? (
        <dl className={k.limits}>
          <dt>{t("identity.limitNow")}</dt>
          <dd>{t("identity.usdPerDay", { amount: center.limitNow })}</dd>
          <dt>{t("identity.limitVerified")}</dt>
          <dd>{t("identity.usdPerDay", { amount: center.limitVerified })}</dd>
        </dl>
      ) : null}
      {status === REVIEW_STATUS.PENDING ? (
        <p className={k.status} role="status">
          {t("identity.pending", { name: center?.name ?? "" })}
        </p>
      ) : null}
      {status === REVIEW_STATUS.APPROVED ? (
        <p className={k.status} role="status">
          {t("identity.verified", { name: center?.name ?? "" })}
        </p>
      ) : null}
      {status === REVIEW_STATUS.REJECTED ? (
        <p className={k.status} role="alert">
          {t("identity.rejected", { reason: center?.reason ?? "" })}
        </p>
      ) : null}
      {loaderData.page && !showForm ? (
        <p>
          <Link to={loaderData.page}>{t("identity.back")}</Link>
        </p>
      ) : null}
      {showForm ? (
        <IdentityForm page={loaderData.page} constraint={loaderData.constraint} lastResult={actionData?.result} pics={actionData?.pics} />
      ) : null}
    </CardPage>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "Identity verification" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary back={{ href: "/personal/accountSettings", labelKey: "user.accountSettings" }} />;
}
