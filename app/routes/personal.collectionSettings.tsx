import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { PAY_METHOD_CODES } from "~/contract/core/personal";
import * as a from "~/styles/card-page.css";
import { CollectionForm } from "~/features/personal/collection-form";
import { collectionPage, saveCollection } from "~/features/personal/collection.server";
import { useTranslation } from "~/lib/translate";
import { CardPage } from "~/components/card-page";

/** /personal/collectionSettings: how this user is paid in fiat trades: Alipay, WeChat or a bank card. */
export const loader = (args: LoaderFunctionArgs) => collectionPage(args);
export const action = (args: ActionFunctionArgs) => saveCollection(args);

export default function CollectionRoute() {
  const loaderData = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("kyc");
  const code = loaderData.code;
  return (
    <CardPage title={loaderData.title} intro={t("collection.intro")} error={loaderData.error}>
      <nav aria-label={t("collection.methods")}>
        <ul className={a.tabs}>
          {PAY_METHOD_CODES.map((c) => (
            <li key={c}>
              <Link to={`?type=${c}`} className={a.tab} aria-current={c === code ? "page" : undefined} preventScrollReset>
                {t(`collection.type.${c}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <CollectionForm
        key={code}
        code={code}
        typeId={loaderData.typeId}
        saved={loaderData.saved}
        constraint={loaderData.constraint}
        lastResult={actionData?.result}
        qrcode={actionData?.qrcode}
      />
    </CardPage>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "Collection settings" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary back={{ href: "/personal/accountSettings", labelKey: "user.accountSettings" }} />;
}
