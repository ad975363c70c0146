import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { Pager } from "~/components/pager";
import * as s from "~/styles/money-pages.css";
import { getT } from "~/lib/i18next.server";
import { api, loaded } from "~/lib/api.server";
import { useTranslation } from "~/lib/translate";
import { formatUtc, signedAmount } from "~/lib/display";
import { LOG_PAGE_SIZE, pagerOf, parsePage } from "~/features/savings/savings.server";
import { requireToken } from "~/lib/session.server";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { button } from "~/styles/ui.css";
import { MoneyTable } from "~/components/money-table";

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireToken(request);
  const url = new URL(request.url);
  const page = parsePage(url.searchParams.get("page"));
  const [t, log] = await Promise.all([
    getT(request, "savings"),
    api({ request, context }, "savingsLog", { page, limit: LOG_PAGE_SIZE }).then(loaded),
  ]);
  const entries = log.ok ? log.data.data : [];
  const total = log.ok ? log.data.total : 0;
  return data(
    {
      title: t("log.title"),
      entries: entries.map((e) => ({
        id: e.id,
        code: e.currency.code,
        account: e.account_code,
        value: e.value,
        type: e.type,
        field: e.field,
        memo: e.memo,
        created_at: e.created_at,
      })),
      pager: pagerOf(total, log.ok ? log.data.current_page : page, log.ok && log.data.per_page > 0 ? log.data.per_page : LOG_PAGE_SIZE),
      error: log.ok || log.kind === "empty" ? null : log.msg,
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export default function CoinLogRoute() {
  const data = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation("savings");
  return (
    <main className={s.page}>
      <div className={s.head}>
        <div>
          <h1 className={s.title}>{t("log.title")}</h1>
          <p className={s.intro}>{t("log.intro")}</p>
        </div>
        <Link to="/deposit">{t("log.back")}</Link>
      </div>
      <section className={s.section} aria-labelledby="log-title">
        <h2 id="log-title" className="sr-only">
          {t("log.title")}
        </h2>
        {data.error ? (
          <p role="alert" className={s.errorBox}>
            {data.error}
          </p>
        ) : null}
        {data.entries.length === 0 ? (
          <p className={s.empty}>{t("log.empty")}</p>
        ) : (
          <MoneyTable
            labelledBy="log-title"
            columns={[
              { head: t("log.time") },
              { head: t("log.type") },
              { head: t("log.account") },
              { head: t("log.currency") },
              { head: t("log.amount"), num: true },
              { head: t("log.memo") },
            ]}
          >
            {data.entries.map((e) => {
              const v = signedAmount(e.value, i18n.language);
              return (
                <tr key={e.id}>
                  <td className={s.mono}>{formatUtc(e.created_at)}</td>
                  <td>
                    {t(`log.types.${e.type}`, { defaultValue: t("log.types.other") })}
                    {e.field === "lock_balance" ? <span className={s.small}> · {t("log.locked")}</span> : null}
                  </td>
                  <td>{t(`log.accounts.${e.account}`, { defaultValue: t("log.accounts.other") })}</td>
                  <td>{e.code}</td>
                  <td className={`num ${v.income ? "up" : ""}`}>{v.text}</td>
                  <td>{e.memo}</td>
                </tr>
              );
            })}
          </MoneyTable>
        )}
        {data.entries.length > 0 ? (
          <p>
            <a href="/resources/export/savings" download className={button.secondary}>
              {t("log.csv")}
            </a>
          </p>
        ) : null}
        <Pager pager={data.pager} href={(p) => `/coinlog?page=${p}`} />
        <p className={s.small}>{t("log.utc")}</p>
      </section>
    </main>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "Savings log" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary back={{ href: "/coinlog", labelKey: "nav.savings" }} />;
}
