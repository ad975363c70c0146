import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { Pager } from "~/components/pager";
import { PriceAlertForm } from "~/components/price-alert-form";
import { NOTIFY_PAGE_SIZE, notificationLink, PRICE_ALERTS_MAX } from "~/contract/core/notifications";
import { ALERT_FIELDS, parseAlert } from "~/features/notify/forms.server";
import * as s from "~/features/notify/notify.css";
import { api, loaded } from "~/lib/api.server";
import { postedForm } from "~/lib/forms.server";
import { getT } from "~/lib/i18next.server";
import { pagerOf, parsePage } from "~/lib/pager";
import { safeRedirect } from "~/lib/safe-redirect";
import { redirectWithToast, requireToken } from "~/lib/session.server";
import { formatTime } from "~/lib/time";
import { useTranslation } from "~/lib/translate";
import { button } from "~/styles/ui.css";
import { TableHead } from "~/components/table-head";

const HERE = "/notifications";

/**
 * /notifications: what happened to my account, newest first (all, or only the unread), paged; mark one or all read;
 * my price alerts, with a form to set one and a button to delete each. Kept 90 days (docs/product.md, "Notifications and price alerts").
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireToken(request, { returnTo: HERE });
  const url = new URL(request.url);
  const page = parsePage(url.searchParams.get("page"));
  const unreadOnly = url.searchParams.get("show") === "unread";
  const args = { request, context };
  const [t, list, alerts, markets] = await Promise.all([
    getT(request, "notify"),
    api(args, "notificationList", { page, limit: NOTIFY_PAGE_SIZE, unread: unreadOnly }).then(loaded),
    api(args, "priceAlertList", {}).then(loaded),
    api(args, "currencyMatches", {}).then(loaded),
  ]);
  const pairs = markets.ok
    ? markets.data.flatMap((g) => g.matches.filter((m) => m.open_change === 1).map((m) => ({ id: m.id, symbol: m.symbol })))
    : [];
  const wanted = Number(url.searchParams.get("pair"));
  return data(
    {
      title: t("title"),
      unreadOnly,
      page,
      total: list.ok ? list.data.total : 0,
      unread: list.ok ? list.data.unread : 0,
      rows: list.ok
        ? list.data.data.map((n) => ({
            id: n.id,
            category: n.category,
            text: n.text,
            read: n.read,
            time: formatTime(n.created_at),
            link: notificationLink(n.kind, n.params),
          }))
        : [],
      alerts: alerts.ok
        ? alerts.data.data.map((a) => ({
            id: a.id,
            symbol: a.symbol,
            direction: a.direction,
            price: a.price,
            email: a.email,
            fired: a.status === "fired",
            firedPrice: a.fired_price,
            firedAt: a.fired_at ? formatTime(a.fired_at) : "",
          }))
        : [],
      activeAlerts: alerts.ok ? alerts.data.active : 0,
      pairs,
      pairId: pairs.some((p) => p.id === wanted) ? wanted : undefined,
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

type ActionData = { result: SubmissionResult<string[]> };

export async function action({ request, context }: ActionFunctionArgs) {
  await requireToken(request, { returnTo: HERE });
  const form = await postedForm(request);
  const intent = String(form.get("intent") ?? "");
  const t = await getT(request, "notify");
  const args = { request, context };
  const back = (message: string, ok: boolean, to = HERE) => redirectWithToast(request, to, { kind: ok ? "success" : "error", message });
  if (intent === "alert") {
    const submission = parseAlert(form, t);
    if (submission.status !== "success") return data<ActionData>({ result: submission.reply() }, { status: 400 });
    const v = submission.value;
    const r = await api(args, "priceAlertAdd", {
      currency_match_id: v.currency_match_id,
      direction: v.direction,
      price: v.price,
      email: v.email === "on",
    });
    if (!r.ok) {
      // The refusal on the field it names, the input as typed (this page shows it even when the form was elsewhere).
      const field = r.reason?.field as (typeof ALERT_FIELDS)[number] | undefined;
      const result =
        field && ALERT_FIELDS.includes(field)
          ? submission.reply({ fieldErrors: { [field]: [r.msg] } })
          : submission.reply({ formErrors: [r.msg] });
      return data<ActionData>({ result }, { status: 400 });
    }
    throw await back(t("alert.added", { symbol: r.data.symbol }), true, safeRedirect(v.redirectTo, HERE));
  }
  const id = Number.parseInt(String(form.get("id") ?? ""), 10);
  if (intent === "read" || intent === "readAll") {
    const r = await api(args, "notificationRead", intent === "readAll" ? { all: true } : { id: id > 0 ? id : undefined, all: false });
    const to = safeRedirect(form.get("redirectTo"), HERE);
    if (!r.ok) throw await back(r.msg, false, to);
    throw await back(intent === "readAll" ? t("readAllDone") : t("readDone"), true, to);
  }
  if (intent === "deleteAlert") {
    const r = await api(args, "priceAlertDelete", { id: id > 0 ? id : 0 });
    throw await back(r.ok ? t("alerts.deleted") : r.msg, r.ok);
  }
  throw await back(t("unknownAction"), false);
}

export default function NotificationsRoute() {
  const d = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("notify");
  const [form, fields] = useForm({ id: "price-alert", lastResult: actionData?.result, shouldValidate: "onSubmit" });
  const here = `${HERE}${d.unreadOnly ? "?show=unread" : ""}${d.page > 1 ? `${d.unreadOnly ? "&" : "?"}page=${d.page}` : ""}`;
  const values = form.value as Partial<Record<"currency_match_id" | "direction" | "price" | "email", string>> | undefined;
  return (
    <main className={s.page}>
      <div className={s.head}>
        <div>
          <h1 className={s.h1}>{d.title}</h1>
          <p className={s.muted}>{t("unreadCount", { count: d.unread })}</p>
        </div>
        {d.unread > 0 ? (
          <Form method="post">
            <input type="hidden" name="intent" value="readAll" />
            <input type="hidden" name="redirectTo" value={here} />
            <button type="submit" className={button.secondary}>
              {t("markAllRead")}
            </button>
          </Form>
        ) : null}
      </div>

      <nav className={s.filters} aria-label={t("filter.label")}>
        <Link to={HERE} className={s.filter} aria-current={d.unreadOnly ? undefined : "page"}>
          {t("filter.all")}
        </Link>
        <Link to={`${HERE}?show=unread`} className={s.filter} aria-current={d.unreadOnly ? "page" : undefined}>
          {t("filter.unread")}
        </Link>
      </nav>

      <section aria-labelledby="notifications-list">
        <h2 id="notifications-list" className="sr-only">
          {d.unreadOnly ? t("filter.unread") : t("filter.all")}
        </h2>
        {d.rows.length === 0 ? (
          <p className={s.muted}>{d.unreadOnly ? t("emptyUnread") : t("empty")}</p>
        ) : (
          <ul className={s.list}>
            {d.rows.map((n) => (
              <li key={n.id} className={`${s.item} ${n.read ? "" : s.unreadItem}`} data-read={n.read ? "1" : "0"}>
                <div>
                  <p className={s.meta}>
                    <span>{t(`category.${n.category}`)}</span>
                    <span>{n.time}</span>
                    {n.read ? null : <strong>{t("unread")}</strong>}
                  </p>
                  <p className={s.text}>{n.text}</p>
                </div>
                <div className={s.actions}>
                  {n.link ? (
                    <Link to={n.link} className={button.secondary}>
                      {t("open")}
                    </Link>
                  ) : null}
                  {n.read ? null : (
                    <Form method="post">
                      <input type="hidden" name="intent" value="read" />
                      <input type="hidden" name="id" value={n.id} />
                      <input type="hidden" name="redirectTo" value={here} />
                      <button type="submit" className={button.secondary} aria-label={t("markReadNamed", { time: n.time })}>
                        {t("markRead")}
                      </button>
                    </Form>
                  )}
                </div>
              </li>
            ))}
          </ul>
        )}
        <Pager pager={pagerOf(d.total, d.page, NOTIFY_PAGE_SIZE)} />
      </section>

      <section className={s.section} aria-labelledby="price-alerts">
        <h2 id="price-alerts" className={s.h2}>
          {t("alerts.title")}
        </h2>
        <p className={s.muted}>{t("alerts.intro", { max: PRICE_ALERTS_MAX, active: d.activeAlerts })}</p>
        {d.alerts.length === 0 ? (
          <p className={s.muted}>{t("alerts.empty")}</p>
        ) : (
          <table className={s.table}>
            <caption className="sr-only">{t("alerts.title")}</caption>
            <TableHead
              className={s.cell}
              columns={[
                { head: t("alerts.pair") },
                { head: t("alerts.condition") },
                { head: t("alerts.status") },
                { head: <span className="sr-only">{t("alerts.actions")}</span> },
              ]}
            />
            <tbody>
              {d.alerts.map((a) => {
                const condition = t(a.direction === "above" ? "alerts.above" : "alerts.below", { price: a.price });
                return (
                  <tr key={a.id}>
                    <td className={s.cell}>{a.symbol}</td>
                    <td className={s.cell}>
                      {condition}
                      {a.email ? ` · ${t("alerts.byEmail")}` : ""}
                    </td>
                    <td className={s.cell}>{a.fired ? t("alerts.fired", { price: a.firedPrice, time: a.firedAt }) : t("alerts.active")}</td>
                    <td className={s.cell}>
                      <Form method="post">
                        <input type="hidden" name="intent" value="deleteAlert" />
                        <input type="hidden" name="id" value={a.id} />
                        <button
                          type="submit"
                          className={button.secondary}
                          aria-label={t("alerts.deleteNamed", { symbol: a.symbol, condition })}
                        >
                          {t("alerts.delete")}
                        </button>
                      </Form>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        )}
        <PriceAlertForm
          pairs={d.pairs}
          pairId={d.pairId}
          redirectTo={HERE}
          idPrefix="page-alert"
          heading="h3"
          formProps={getFormProps(form)}
          errors={{
            currency_match_id: fields.currency_match_id.errors,
            direction: fields.direction.errors,
            price: fields.price.errors,
            form: form.errors,
          }}
          values={values}
        />
      </section>
    </main>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "Notifications" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
