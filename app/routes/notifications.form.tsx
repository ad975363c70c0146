import { getFormProps, useForm } from "@conform-to/react";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { Pager } from "~/components/pager";
import { PriceAlertForm } from "~/components/price-alert-form";
import { NOTIFY_PAGE_SIZE, PRICE_ALERTS_MAX } from "~/contract/core/notifications";
import * as s from "~/features/notify/notify.css";
import { pagerOf } from "~/lib/pager";
import { useTranslation } from "~/lib/translate";
import { button } from "~/styles/ui.css";
import type { action, loader } from "./notifications";

/** This page (the return path of its forms). */
const HERE = "/notifications";

/** The form of the notifications screen, hydrated after the rest of it (app/lib/hydrate-later.tsx). */
export function NotificationsScreen() {
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
            <thead>
              <tr>
                <th className={s.cell} scope="col">
                  {t("alerts.pair")}
                </th>
                <th className={s.cell} scope="col">
                  {t("alerts.condition")}
                </th>
                <th className={s.cell} scope="col">
                  {t("alerts.status")}
                </th>
                <th className={s.cell} scope="col">
                  <span className="sr-only">{t("alerts.actions")}</span>
                </th>
              </tr>
            </thead>
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
