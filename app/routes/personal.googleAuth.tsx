import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { CopyButton } from "~/components/copy-button";
import * as a from "~/styles/card-page.css";
import { GoogleForm } from "~/features/personal/google-form";
import { googleAuthPage, switchGoogle } from "~/features/personal/google.server";
import * as k from "~/features/personal/kyc.css";
import { useTranslation } from "~/lib/translate";
import { CardPage } from "~/components/card-page";

/**
 * /personal/googleAuth (docs/product.md, "/personal/googleAuth"): before binding, the QR code
 * and the secret to type by hand, and a current code to bind; after, on or off with a current code. When on,
 * sign-in, withdrawals and trade-password changes ask for it (the exchange enforces that).
 */
export const loader = (args: LoaderFunctionArgs) => googleAuthPage(args);
export const action = (args: ActionFunctionArgs) => switchGoogle(args);

export default function GoogleAuthRoute() {
  const d = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("kyc");
  return (
    <CardPage title={d.title} error={d.error}>
      {d.bound ? (
        <p className={k.status} role="status">
          {d.on ? t("google.statusOn") : t("google.statusOff")}
        </p>
      ) : (
        <>
          <p className={a.intro}>{t("google.intro")}</p>
          {d.qr ? (
            <figure className={k.qrFigure}>
              <div className={k.qr} role="img" aria-label={t("google.qrLabel")} dangerouslySetInnerHTML={{ __html: d.qr }} />
              <figcaption className={k.copyLine}>
                {t("google.secret")}{" "}
                <code className={k.secret} data-testid="google-secret">
                  {d.secret}
                </code>
                <CopyButton text={d.secret} label={t("google.copySecret")} />
              </figcaption>
            </figure>
          ) : null}
          {d.uri ? (
            <p className={k.hint}>
              {t("google.onThisPhone")} <a href={d.uri}>{t("google.openApp")}</a>
            </p>
          ) : null}
        </>
      )}
      <GoogleForm bound={d.bound} on={d.on} constraint={d.constraint} lastResult={actionData?.result} />
    </CardPage>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "Google Authenticator" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary back={{ href: "/personal/accountSettings", labelKey: "user.accountSettings" }} />;
}
