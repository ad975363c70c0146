import { ACCOUNT_LOG_CALLS } from "~/contract/core/accounts";
import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import * as s from "~/features/assets/assets.css";
import { assetsT } from "~/features/assets/forms.server";
import { RecordsSection, RecordsTable } from "~/features/assets/records-table";
import { api, loaded } from "~/lib/api.server";
import { accountPageOf, currencyFilter, formatTime, isAccountCode, parsePage, RECORDS_PAGE_SIZE } from "~/features/assets/constants";
import { recordsPage } from "~/features/assets/records-page";
import { CurrencyPicker } from "~/features/assets/pickers";
import { groupOf } from "~/features/assets/rules.server";
import { requireToken } from "~/lib/session.server";
import { useTranslation } from "~/lib/translate";
import { formatCoin } from "~/lib/amount";
import { GeneralErrorBoundary } from "~/components/error-boundary";

/** /assets/dealRecords?types=<account code>&currency_id=&page=: the account log, filtered by currency ('All'), paged. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireToken(request);
  const url = new URL(request.url);
  const q = url.searchParams.get("types");
  const code = isAccountCode(q) ? q : "change_account";
  const currencyId = currencyFilter(url.searchParams);
  const page = parsePage(url.searchParams.get("page"));
  const args = { request, context };
  const [list, log, t] = await Promise.all([
    api(args, "accountList", {}).then(loaded),
    api(args, ACCOUNT_LOG_CALLS[code], { currency_id: currencyId, page, limit: RECORDS_PAGE_SIZE }).then(loaded),
    assetsT(request),
  ]);
  const group = list.ok ? groupOf(list.data, code) : undefined;
  const accountPage = accountPageOf(code) ?? "tradeAccount";
  // Amounts in each coin's own decimals (the one format, app/lib/amount.ts).
  const decimalsOf = new Map((group?.accounts ?? []).map((a) => [a.currency_id, a.currency.decimals]));
  return data(
    {
      title: t("records.title", { account: t(`menu.${accountPage}`) }),
      code,
      accountPage,
      currencyId: currencyId ?? null,
      currencies: (group?.accounts ?? []).map((a) => ({ id: a.currency_id, code: a.currency_code })),
      log: recordsPage(log, (e) => ({
        id: e.id,
        time: formatTime(e.created_at),
        code: e.currency.code,
        value: e.value,
        decimals: decimalsOf.get(e.currency_id) ?? 8,
        negative: e.value.trim().startsWith("-"),
        field: e.field,
        after: e.balance_after,
        category: e.category,
        memo: e.memo,
      })),
      error: log.ok ? null : log.msg || null,
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export default function DealRecordsRoute() {
  const data = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation("assets");
  const lang = i18n.language;
  // An entry moves either the available or the locked balance (docs/api.md): its balance after goes in that
  // column, so a withdrawal's "available 4,800 → locked 100 → locked 0.1 → locked 0" is never one mixed figure.
  const afterCell = (e: (typeof data.log.rows)[number], field: "balance" | "lock_balance") =>
    e.field === field ? (
      formatCoin(e.after, e.decimals, { lang })
    ) : (
      // The dash is what the eye reads; a screen reader gets the word (aria-label is not read on a plain span).
      <>
        <span aria-hidden="true">—</span>
        <span className="sr-only">{t("records.unchanged")}</span>
      </>
    );
  return (
    <RecordsSection
      titleId="records-title"
      title={data.title}
      back={<Link to={`/assets/${data.accountPage}`}>{t("records.back", { account: t(`menu.${data.accountPage}`) })}</Link>}
    >
      <CurrencyPicker
        currencies={data.currencies}
        current={data.currencyId}
        id="records-currency"
        extra={{ types: data.code }}
        all={t("records.all")}
        keepScroll={false}
      />
      {data.error ? <p role="alert">{data.error}</p> : null}
      <RecordsTable
        {...data.log}
        download={{
          href: `/resources/export/account-log?types=${data.code}${data.currencyId ? `&currency_id=${data.currencyId}` : ""}`,
          label: t("records.csv"),
        }}
        columns={[
          { head: t("records.time"), cell: (e) => e.time },
          { head: t("account.currency"), cell: (e) => e.code },
          { head: t("records.type"), cell: (e) => t(`category.${e.category}`) },
          {
            head: t("records.memo"),
            cell: (e) => (
              <>
                {e.memo}
                {e.field === "lock_balance" ? <span className={s.muted}> · {t("records.lockedColumn")}</span> : null}
              </>
            ),
          },
          {
            head: t("records.change"),
            cell: (e) => formatCoin(e.value, e.decimals, { lang, signed: true }),
            num: true,
            cellClass: (e) => (e.negative ? "down" : "up"),
          },
          { head: t("records.availableAfter"), cell: (e) => afterCell(e, "balance"), num: true },
          { head: t("records.lockedAfter"), cell: (e) => afterCell(e, "lock_balance"), num: true },
        ]}
      />
    </RecordsSection>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "Records" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary back={{ href: "/assets", labelKey: "nav.assets" }} />;
}
