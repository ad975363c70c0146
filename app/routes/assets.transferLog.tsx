import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { assetsT } from "~/features/assets/forms.server";
import { RecordsSection, RecordsTable } from "~/features/assets/records-table";
import { api, loaded } from "~/lib/api.server";
import { accountPageOf, currencyFilter, formatTime, isAccountCode, parsePage, RECORDS_PAGE_SIZE } from "~/features/assets/constants";
import { recordsPage } from "~/features/assets/records-page";
import { formatAmount } from "~/lib/amount";
import { requireToken } from "~/lib/session.server";
import { useTranslation } from "~/lib/translate";
import { GeneralErrorBoundary } from "~/components/error-boundary";

/** /assets/transferLog?currency_id=&currency_code=: the user's transfers between accounts, newest first, paged. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireToken(request);
  const url = new URL(request.url);
  const currencyId = currencyFilter(url.searchParams);
  const code = (url.searchParams.get("currency_code") ?? "")
    .replace(/[^A-Za-z0-9]/g, "")
    .slice(0, 16)
    .toUpperCase();
  const page = parsePage(url.searchParams.get("page"));
  const [r, t] = await Promise.all([
    api({ request, context }, "transferLog", { currency_id: currencyId, page, limit: RECORDS_PAGE_SIZE }).then(loaded),
    assetsT(request),
  ]);
  const accountName = (code: string, fallback: string) => {
    const page = isAccountCode(code) ? accountPageOf(code) : undefined;
    return page ? t(`menu.${page}`) : fallback;
  };
  return data(
    {
      title: code ? t("transferLog.titleOf", { code }) : t("transferLog.title"),
      currencyId: currencyId ?? null,
      // Accounts by the names the rest of the screens give them (the menu's), not the exchange's own wording.
      transfers: recordsPage(r, (x) => ({
        id: x.id,
        time: formatTime(x.created_at),
        code: x.currency.code,
        amount: x.balance,
        from: accountName(x.from, x.from_name),
        to: accountName(x.to, x.to_name),
      })),
      error: r.ok ? null : r.msg || null,
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export default function TransferLogRoute() {
  const data = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation("assets");
  return (
    <RecordsSection
      titleId="tlog-title"
      title={data.title}
      back={
        <Link to={data.currencyId ? `/assets/transfer?currency_id=${data.currencyId}` : "/assets/transfer"}>{t("transferLog.back")}</Link>
      }
    >
      {data.error ? <p role="alert">{data.error}</p> : null}
      <RecordsTable
        {...data.transfers}
        download={{
          href: `/resources/export/transfers${data.currencyId ? `?currency_id=${data.currencyId}` : ""}`,
          label: t("records.csv"),
        }}
        columns={[
          { head: t("records.time"), cell: (x) => x.time },
          { head: t("account.currency"), cell: (x) => x.code },
          { head: t("records.amount"), cell: (x) => formatAmount(x.amount, { lang: i18n.language }), num: true },
          { head: t("fields.from"), cell: (x) => x.from },
          { head: t("fields.to"), cell: (x) => x.to },
        ]}
      />
    </RecordsSection>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "Transfers" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary back={{ href: "/assets", labelKey: "nav.assets" }} />;
}
