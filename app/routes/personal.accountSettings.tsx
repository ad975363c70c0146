import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { CopyButton } from "~/components/copy-button";
import { accountSettingsPage, changePassword } from "~/features/personal/account.server";
import * as k from "~/features/personal/kyc.css";
import { PasswordForm } from "~/features/personal/password-form";
import { SecurityLevel } from "~/features/personal/security-level";
import { useTranslation } from "~/lib/translate";
import { CardPage } from "~/components/card-page";

/**
 * /personal/accountSettings (docs/product.md, "/personal/accountSettings"): the security bar, invite code and link,
 * the bound email and phone, the login password change (every other session is signed out and withdrawals are
 * held 24 h), the trade password, and the authorization code an operator asks for to make the user an agent.
 */
export const loader = (args: LoaderFunctionArgs) => accountSettingsPage(args);
export const action = (args: ActionFunctionArgs) => changePassword(args);

export default function AccountSettingsRoute() {
  const d = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("kyc");
  const u = d.user;
  return (
    <CardPage title={d.title} error={d.error}>
      {u ? (
        <>
          <SecurityLevel user={u} />

          <section aria-labelledby="invite-title">
            <h2 id="invite-title" className={k.subtitle}>
              {t("account.invite")}
            </h2>
            <dl className={k.limits}>
              <dt>{t("account.inviteCode")}</dt>
              <dd className={k.copyLine}>
                <code className={k.secret}>{u.inviteCode}</code>
                <CopyButton text={u.inviteCode} label={t("account.copyInviteCode")} />
              </dd>
              <dt>{t("account.inviteLink")}</dt>
              <dd className={k.copyLine}>
                <code className={k.secret}>{u.inviteLink}</code>
                <CopyButton text={u.inviteLink} label={t("account.copyInviteLink")} />
              </dd>
              <dt>{t("account.authorizationCode")}</dt>
              <dd className={k.copyLine}>
                <code className={k.secret}>{u.authorizationCode}</code>
                <CopyButton text={u.authorizationCode} label={t("account.copyAuthorizationCode")} />
              </dd>
            </dl>
            <p className={k.hint}>{t("account.authorizationHint")}</p>
          </section>

          <PasswordForm constraint={d.constraint} lastResult={actionData?.result} />
        </>
      ) : null}
    </CardPage>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "Account settings" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary back={{ href: "/home", labelKey: "nav.home" }} />;
}
