import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { CountrySelect } from "~/components/form/country-select";
import { BindForm } from "~/features/personal/bind-form";
import { bindAccount, bindAccountPage } from "~/features/personal/bind.server";
import { useTranslation } from "~/lib/translate";
import { CardPage } from "~/components/card-page";

/**
 * /bindAccount (docs/product.md, "/bindAccount"): bind the email or phone the account does not have yet, with a code
 * (type 4) sent there. Binding holds withdrawals for 24 hours, like the other security changes.
 */
export const loader = (args: LoaderFunctionArgs) => bindAccountPage(args);
export const action = (args: ActionFunctionArgs) => bindAccount(args);

export default function BindAccountRoute() {
  const d = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("kyc");
  return (
    <CardPage title={d.title} error={d.error}>
      {d.done ? (
        <p role="status">
          {t("bind.allBound")} <Link to="/personal/accountSettings">{t("account.title")}</Link>
        </p>
      ) : (
        <BindForm
          kind={d.kind}
          constraint={d.constraint}
          lastResult={actionData?.result}
          codeSend={actionData?.codeSend}
          areaSelect={
            d.areas.length
              ? (kept) => (
                  <CountrySelect
                    areas={d.areas}
                    selectProps={{ id: "bind-area", name: "area_id", defaultValue: kept || String(d.areas[0]?.id ?? "") }}
                  />
                )
              : undefined
          }
        />
      )}
    </CardPage>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "Bind account" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary back={{ href: "/personal/accountSettings", labelKey: "user.accountSettings" }} />;
}
