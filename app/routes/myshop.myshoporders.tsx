import { getFormProps, getInputProps, getSelectProps, useForm } from "@conform-to/react";
import { Input, Select } from "~/components/form/control";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ErrorLine, FormError } from "~/components/form/field";
import { Pager } from "~/components/pager";
import { FiatNav } from "~/features/fiat/fiat-nav";
import * as s from "~/features/fiat/fiat.css";
import { fiatT, newKey, type FiatActionData } from "~/features/fiat/fiat.server";
import { constraintOf } from "~/features/fiat/forms.server";
import { COIN_DP, FIAT_DP } from "~/features/fiat/labels";
import { requireShop, shopAction } from "~/features/fiat/shop.server";
import { useFiatValidate } from "~/features/fiat/use-fiat-validate";
import { formatAmount } from "~/lib/amount";
import { api, loaded } from "~/lib/api.server";
import { postedForm } from "~/lib/forms.server";
import { pagerOf, parsePage } from "~/lib/pager";
import { useTranslation } from "~/lib/translate";
import { lazyValidation } from "~/lib/use-lazy-validate";
import { cardActions, cardTable } from "~/styles/card-table.css";
import { button, input, label as labelClass } from "~/styles/ui.css";
import { TableHead } from "~/components/table-head";

/**
 * /myshop/myshoporders (docs/product.md, "/myshop"): the shop's record and legal balances, its ads with their state
 * (open, paused, off shelf) and a form to publish a new one (max not below min, a bound withdrawal address: docs/product.md, "Fiat P2P").
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const args = { request, context };
  const info = await requireShop(args, "/myshop/myshoporders");
  const page = parsePage(new URL(request.url).searchParams.get("page"));
  const [ads, market, t] = await Promise.all([
    api(args, "shopAds", { page }).then(loaded),
    api(args, "legalMarket", {}).then(loaded),
    fiatT(request),
  ]);
  return data(
    {
      title: t("shop.title"),
      info,
      ads: ads.ok ? ads.data : { data: [], total: 0, per_page: 10 },
      page,
      coins: market.ok ? market.data.coins : [],
      fiats: market.ok ? market.data.fiats : [],
      payTypes: market.ok ? market.data.pay_types : [],
      key: newKey(),
      constraint: constraintOf("publish"),
      error: ads.ok ? null : ads.msg,
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export async function action({ request, context }: ActionFunctionArgs) {
  const args = { request, context };
  await requireShop(args, "/myshop/myshoporders");
  return shopAction(args, await postedForm(request));
}

export default function ShopRoute() {
  const d = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as FiatActionData | undefined;
  const { t, i18n } = useTranslation("fiat");
  const lang = i18n.language;
  const navigation = useNavigation();
  const fiat = (v: string) => formatAmount(v, { lang, ...FIAT_DP });
  const coin = (v: string) => formatAmount(v, { lang, ...COIN_DP });
  const statusErrors = actionData?.intent === "status" ? (actionData.result.error?.[""] ?? undefined) : undefined;
  const validate = useFiatValidate("publish");
  const [form, fields] = useForm({
    id: "ad",
    lastResult: actionData?.intent === "publish" ? actionData.result : undefined,
    constraint: d.constraint,
    defaultValue: { side: "sell", currency_id: String(d.coins[0]?.id ?? ""), fiat: "CNY", pay_types: d.info.pay_types },
    ...lazyValidation(validate),
  });
  const m = d.info.merchant;
  const field = (name: "price" | "total" | "min_quantity" | "max_quantity", label: string) => (
    <div>
      <label htmlFor={fields[name].id} className={labelClass}>
        {label}
      </label>
      <Input {...getInputProps(fields[name], { type: "text" })} inputMode="decimal" autoComplete="off" maxLength={40} className={input} />
      <ErrorLine field={fields[name]} />
    </div>
  );
  const payTypes = fields.pay_types;
  const chosen = ([] as unknown[]).concat(payTypes.initialValue ?? []).map(String);
  // One of an advert's status buttons (open, pause, take off), named with the advert's number.
  const statusButton = (id: number, status: "1" | "2" | "3", verb: "open" | "pause" | "off") => (
    <button type="submit" name="status" value={status} className={button.secondary} aria-label={t(`shop.${verb}Of`, { id })}>
      {t(`shop.${verb}`)}
    </button>
  );
  return (
    <main className={s.page}>
      <h1 className={s.h1}>{d.title}</h1>
      <FiatNav current="myshoporders" seller />
      <section className={s.section} aria-labelledby="shop-heading">
        <h2 id="shop-heading" className={s.h2}>
          {m.name}
        </h2>
        <dl className={s.dl}>
          <dt className={s.dt}>{t("shop.totalOrders")}</dt>
          <dd className={s.dd}>{m.total_orders}</dd>
          <dt className={s.dt}>{t("shop.orders30d")}</dt>
          <dd className={s.dd}>{m.orders_30d}</dd>
          <dt className={s.dt}>{t("shop.completion")}</dt>
          <dd className={s.dd}>
            {m.completion_rate === null ? t("legal.noRate") : `${formatAmount(m.completion_rate, { lang, minDp: 2, maxDp: 2 })} %`}
          </dd>
          <dt className={s.dt}>{t("shop.openOrders")}</dt>
          <dd className={s.dd}>
            <Link to="/myshop/shoporders">{d.info.open_orders}</Link>
          </dd>
          {d.info.balances.map((b) => (
            <div key={b.currency_id} className={s.contents}>
              <dt className={s.dt}>{t("shop.balance", { code: b.code })}</dt>
              <dd className={`${s.dd} ${s.mono}`}>
                {t("shop.balanceValue", { available: coin(b.balance), locked: coin(b.lock_balance) })}
              </dd>
            </div>
          ))}
        </dl>
      </section>

      <section className={s.section} aria-labelledby="ads-heading">
        <h2 id="ads-heading" className={s.h2}>
          {t("shop.ads")}
        </h2>
        {statusErrors ? <FormError id="status-error" errors={statusErrors} /> : null}
        {d.error ? <p role="alert">{d.error}</p> : null}
        {d.ads.data.length === 0 ? (
          <p className={s.empty}>{t("shop.noAds")}</p>
        ) : (
          <table className={`${s.table} ${cardTable}`}>
            <TableHead
              className={s.th}
              columns={[
                { head: t("shop.ad") },
                { head: t("legal.unitPrice") },
                { head: t("shop.remaining") },
                { head: t("legal.limit") },
                { head: t("orders.status") },
                { head: <span className={s.small}>{t("shop.change")}</span> },
              ]}
            />
            <tbody>
              {d.ads.data.map((ad) => (
                <tr key={ad.id}>
                  <th scope="row" className={s.td}>
                    {t(`shop.side.${ad.side}`, { code: ad.currency_code, fiat: ad.fiat })}
                  </th>
                  <td className={`${s.td} ${s.mono}`} data-label={t("legal.unitPrice")}>
                    {fiat(ad.price)} {ad.fiat}
                  </td>
                  <td className={`${s.td} ${s.mono}`} data-label={t("shop.remaining")}>
                    {coin(ad.remaining)} / {coin(ad.total)} {ad.currency_code}
                  </td>
                  <td className={`${s.td} ${s.mono}`} data-label={t("legal.limit")}>
                    {coin(ad.min_quantity)} – {coin(ad.max_quantity)}
                  </td>
                  <td className={s.td} data-label={t("orders.status")}>
                    {t(`adStatus.${ad.status}`)}
                  </td>
                  <td className={`${s.td} ${cardActions}`}>
                    {ad.status !== 3 ? (
                      <Form method="post" className={s.actions}>
                        <input type="hidden" name="intent" value="status" />
                        <input type="hidden" name="id" value={ad.id} />
                        {ad.status === 1 ? statusButton(ad.id, "2", "pause") : statusButton(ad.id, "1", "open")}
                        {statusButton(ad.id, "3", "off")}
                      </Form>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        <Pager pager={pagerOf(d.ads.total, d.page, d.ads.per_page)} />
      </section>

      <section className={s.section} aria-labelledby="publish-heading">
        <h2 id="publish-heading" className={s.h2}>
          {t("shop.publish")}
        </h2>
        <p className={s.small}>{t("shop.publishHint")}</p>
        <Form method="post" {...getFormProps(form)} aria-labelledby="publish-heading">
          <input type="hidden" name="intent" value="publish" />
          <input type="hidden" name="idempotency_key" value={d.key} />
          <FormError id={form.errorId} errors={form.errors} />
          <div className={s.publish}>
            <div>
              <label htmlFor={fields.side.id} className={labelClass}>
                {t("shop.sideLabel")}
              </label>
              <Select {...getSelectProps(fields.side)} className={input}>
                <option value="sell">{t("shop.sideSell")}</option>
                <option value="buy">{t("shop.sideBuy")}</option>
              </Select>
            </div>
            <div>
              <label htmlFor={fields.currency_id.id} className={labelClass}>
                {t("legal.coin")}
              </label>
              <Select {...getSelectProps(fields.currency_id)} className={input}>
                {d.coins.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.code}
                  </option>
                ))}
              </Select>
              <ErrorLine field={fields.currency_id} />
            </div>
            <div>
              <label htmlFor={fields.fiat.id} className={labelClass}>
                {t("legal.fiat")}
              </label>
              <Select {...getSelectProps(fields.fiat)} className={input}>
                {d.fiats.map((f) => (
                  <option key={f} value={f}>
                    {f}
                  </option>
                ))}
              </Select>
            </div>
            {field("price", t("shop.price"))}
            {field("total", t("shop.total"))}
            {field("min_quantity", t("shop.min"))}
            {field("max_quantity", t("shop.max"))}
          </div>
          <fieldset className={s.fieldset} aria-describedby={payTypes.errorId}>
            <legend className={labelClass}>{t("shop.payTypes")}</legend>
            {d.payTypes.map((p, i) => (
              <label key={p}>
                <Input
                  type="checkbox"
                  name={payTypes.name}
                  form={form.id}
                  value={p}
                  defaultChecked={chosen.includes(p)}
                  // The group's refusal takes the focus on its first box (the message is the group's description).
                  aria-invalid={i === 0 && payTypes.errors ? true : undefined}
                />{" "}
                {t(`pay.${p}`)}
              </label>
            ))}
          </fieldset>
          <ErrorLine field={payTypes} />
          <p className={s.small}>
            <Link to="/personal/collectionSettings">{t("shop.methods")}</Link> · <Link to="/assets/bindAddr">{t("shop.address")}</Link>
          </p>
          <button
            type="submit"
            className={button.primary}
            aria-disabled={(navigation.state === "submitting" && navigation.formData?.get("intent") === "publish") || undefined}
          >
            {t("shop.publishSubmit")}
          </button>
        </Form>
      </section>
    </main>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "My shop" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary back={{ href: "/legalIndex/legal", labelKey: "nav.fiat" }} />;
}
