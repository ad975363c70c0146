import { cardActions, cardTable } from "~/styles/card-table.css";
import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useSubmit } from "@remix-run/react";
import { useRef } from "react";
import * as s from "~/features/assets/assets.css";
import * as g from "~/features/assets/glance.css";
import { getLang, getT } from "~/lib/i18next.server";
import { api, loaded } from "~/lib/api.server";
import type { AccountPage } from "~/features/assets/constants";
import {
  ACCOUNT_PAGE_NAMES,
  ACCOUNT_PAGES,
  formatAmount,
  formatCoin,
  filterHoldings,
  glanceHtml,
  groupOf,
  holdingsFilterOf,
  invariantResponse,
  isSmallBalance,
  SMALL_BALANCE_USD,
  usdTotalOf,
  usdValueOf,
} from "~/features/assets/rules.server";
import { requireToken } from "~/lib/session.server";
import { useTranslation } from "~/lib/translate";
import { button, input } from "~/styles/ui.css";
import { GeneralErrorBoundary } from "~/components/error-boundary";

/**
 * /assets/tradeAccount … financialAccount: the value of all accounts at a glance (the total in USD and its 30-day
 * chart), then one account group with its total in USD and its currencies, filtered by `?q=` and `?hide=1`.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireToken(request);
  const name = params.account as AccountPage;
  invariantResponse(ACCOUNT_PAGE_NAMES.includes(name), "Not found", { status: 404 });
  const code = ACCOUNT_PAGES[name];
  const [list, summary, t, lang] = await Promise.all([
    api({ request, context }, "accountList", {}).then(loaded),
    api({ request, context }, "assetSummary", {}).then(loaded),
    getT(request, "assets"),
    getLang(request),
  ]);
  // Every amount through the one formatter (app/lib/amount.ts): a coin in its own decimals, USD in cents; the visitor's separators.
  const fmt = (value: string, dp: number) => formatAmount(value, { lang, dp });
  const coin = (value: string, decimals: number) => formatCoin(value, decimals, { lang });
  const group = list.ok ? groupOf(list.data, code) : undefined;
  const filter = holdingsFilterOf(new URL(request.url).searchParams);
  const all = (group?.accounts ?? []).map((a) => {
    const usd = usdValueOf(a.balance, a.lock_balance, a.currency.usd_price);
    return {
      id: a.id,
      currencyId: a.currency_id,
      code: a.currency_code,
      available: coin(a.balance, a.currency.decimals),
      locked: coin(a.lock_balance, a.currency.decimals),
      usd: fmt(usd, 2),
      small: isSmallBalance(usd, SMALL_BALANCE_USD),
      openRecharge: a.currency.open_recharge === 1,
      openDraw: a.currency.open_draw === 1,
    };
  });
  return data(
    {
      title: t(`menu.${name}`),
      name,
      code,
      filter,
      smallUsd: fmt(SMALL_BALANCE_USD, 2),
      // An answer refused (no figure to show) leaves the glance out rather than showing 0.
      glance: summary.ok ? glanceHtml(summary.data, Date.now(), lang, t) : null,
      recharge: group?.is_recharge === 1,
      // The exchange's figure when there is one (it includes rows' sub-cent remainders), else ours.
      totalUsd: fmt(group ? group.convert_usd || usdTotalOf(group.accounts) : "0", 2),
      // The rows the filter keeps, and how many the account has.
      rows: filterHoldings(all, filter),
      count: all.length,
      error: list.ok ? null : list.msg || null,
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export default function AccountRoute() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation("assets");
  return (
    <main>
      {/* The total of all accounts and its chart: drawn by the server (features/assets/glance.server.tsx). */}
      {data.glance ? (
        <section className={`${s.section} ${g.glance}`} aria-labelledby="glance-label" dangerouslySetInnerHTML={{ __html: data.glance }} />
      ) : null}
      <section className={s.section} aria-labelledby="account-title">
        <div className={s.summary}>
          <div>
            <h1 id="account-title" className={s.h1}>
              {t(`menu.${data.name}`)}
            </h1>
            <p className={s.muted}>
              {t("account.totalUsd")} <span className={s.total}>{t("account.usd", { value: data.totalUsd })}</span>
            </p>
          </div>
          <Link to={`/assets/dealRecords?types=${data.code}`}>{t("account.records")}</Link>
        </div>
        {data.error ? <p role="alert">{data.error}</p> : null}
        {/* Another account page starts from its own address's filter (a fresh form). */}
        <Holdings key={data.name} />
      </section>
    </main>
  );
}

/**
 * The account's rows with 'hide small balances' and the search by code: a GET form (`?q=`, `?hide=1`) the server
 * answers filtered (features/assets/holdings.ts). Without JavaScript "Apply" sends it; with it, it is sent a moment
 * after the last key or tick, replacing the history entry (so a reload keeps the filter and Back leaves the page).
 */
function Holdings() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation("assets");
  const submit = useSubmit();
  const timer = useRef<ReturnType<typeof setTimeout>>();
  const { filter, rows } = data;
  return (
    <>
      <Form
        method="get"
        role="search"
        aria-label={t("glance.filters")}
        className={g.filters}
        preventScrollReset
        onChange={(e) => {
          const form = e.currentTarget;
          clearTimeout(timer.current);
          timer.current = setTimeout(() => submit(form, { replace: true, preventScrollReset: true }), 250);
        }}
      >
        <label htmlFor="assets-q" className="sr-only">
          {t("glance.search")}
        </label>
        <input
          id="assets-q"
          name="q"
          type="search"
          defaultValue={filter.q}
          placeholder={t("glance.search")}
          maxLength={20}
          autoComplete="off"
          className={`${input} ${g.search}`}
        />
        <label className={g.check}>
          <input type="checkbox" name="hide" value="1" defaultChecked={filter.hide} />
          {t("glance.hideSmall", { value: data.smallUsd })}
        </label>
        <button type="submit" className={`${button.secondary} ${s.small}`}>
          {t("glance.apply")}
        </button>
      </Form>
      <p role="status" className={s.status}>
        {filter.q || filter.hide ? t("glance.showing", { count: data.count, shown: rows.length }) : ""}
      </p>
      <div className={s.tableWrap}>
        <table className={`${s.table} ${cardTable}`}>
          <caption className={s.visuallyHidden}>{t("account.caption", { account: t(`menu.${data.name}`) })}</caption>
          <thead>
            <tr>
              <th scope="col" className={s.th}>
                {t("account.currency")}
              </th>
              <th scope="col" className={`${s.th} ${s.num}`}>
                {t("account.available")}
              </th>
              <th scope="col" className={`${s.th} ${s.num}`}>
                {t("account.locked")}
              </th>
              <th scope="col" className={`${s.th} ${s.num}`}>
                {t("account.usdValue")}
              </th>
              {data.recharge ? (
                <th scope="col" className={s.th}>
                  {t("account.actions")}
                </th>
              ) : null}
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 ? (
              <tr>
                <td className={s.td} colSpan={data.recharge ? 5 : 4}>
                  {data.count ? t("glance.none") : t("common:empty")}
                </td>
              </tr>
            ) : (
              rows.map((r) => (
                <tr key={r.id}>
                  <th scope="row" className={s.rowHead}>
                    {r.code}
                  </th>
                  <td className={`${s.td} ${s.num}`} data-label={t("account.available")}>
                    {r.available}
                  </td>
                  <td className={`${s.td} ${s.num}`} data-label={t("account.locked")}>
                    {r.locked}
                  </td>
                  <td className={`${s.td} ${s.num}`} data-label={t("account.usdValue")}>
                    {r.usd}
                  </td>
                  {data.recharge ? (
                    <td className={`${s.td} ${cardActions}`}>
                      <div className={s.actions}>
                        <ActionLink
                          enabled={r.openRecharge}
                          to={`/assets/deposit?currency_id=${r.currencyId}`}
                          label={t("account.charge")}
                          labelFor={t("account.chargeOf", { code: r.code })}
                          closed={t("account.chargeClosed", { code: r.code })}
                          id={`charge-${r.id}`}
                        />
                        <ActionLink
                          enabled={r.openDraw}
                          to={`/assets/withdraw?currency_id=${r.currencyId}`}
                          label={t("account.withdraw")}
                          labelFor={t("account.withdrawOf", { code: r.code })}
                          closed={t("account.withdrawClosed", { code: r.code })}
                          id={`draw-${r.id}`}
                        />
                      </div>
                    </td>
                  ) : null}
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
    </>
  );
}

/** Charge / withdraw: a link when the currency allows it, else a disabled button that says why. */
function ActionLink({
  enabled,
  to,
  label,
  labelFor,
  closed,
  id,
}: {
  enabled: boolean;
  to: string;
  label: string;
  labelFor: string;
  closed: string;
  id: string;
}) {
  if (enabled) {
    return (
      <Link to={to} className={`${button.secondary} ${s.small}`} aria-label={labelFor}>
        {label}
      </Link>
    );
  }
  return (
    <>
      <button type="button" disabled className={`${button.secondary} ${s.small}`} aria-describedby={id} title={closed}>
        {label}
      </button>
      <span id={id} className={s.visuallyHidden}>
        {closed}
      </span>
    </>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "Assets" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary back={{ href: "/assets", labelKey: "nav.assets" }} />;
}
