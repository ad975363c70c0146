import { Input, Select } from "~/components/form/control";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ErrorLine, FormError } from "~/components/form/field";
import { Pager } from "~/components/pager";
import { FiatNav } from "~/features/fiat/fiat-nav";
import * as s from "~/features/fiat/fiat.css";
import { fiatT, newKey, type FiatActionData } from "~/features/fiat/fiat.server";
import { COIN_DP, FIAT_DP } from "~/features/fiat/labels";
import { requireShop, shopAction } from "~/features/fiat/shop.server";
import { formatAmount } from "~/lib/amount";
import { api, loaded } from "~/lib/api.server";
import { pagerOf, parsePage } from "~/lib/pager";
import { useTranslation } from "~/lib/translate";
import { cardActions, cardTable } from "~/styles/card-table.css";
import { button, input, label as labelClass } from "~/styles/ui.css";

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
      error: ads.ok ? null : ads.msg,
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export async function action({ request, context }: ActionFunctionArgs) {
  const args = { request, context };
  await requireShop(args, "/myshop/myshoporders");
  return shopAction(args, await request.formData());
}

export default function ShopRoute() {
  const d = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as FiatActionData | undefined;
  const { t, i18n } = useTranslation("fiat");
  const lang = i18n.language;
  const navigation = useNavigation();
  const fiat = (v: string) => formatAmount(v, { lang, ...FIAT_DP });
  const coin = (v: string) => formatAmount(v, { lang, ...COIN_DP });
  const publish = actionData?.intent === "publish" ? actionData : undefined;
  const errs = publish?.fieldErrors ?? {};
  const v = publish?.values ?? {};
  const m = d.info.merchant;
  const field = (name: string, label: string, extra: { hint?: string } = {}) => (
    <div>
      <label htmlFor={`ad-${name}`} className={labelClass}>
        {label}
      </label>
      <Input
        id={`ad-${name}`}
        name={name}
        inputMode="decimal"
        autoComplete="off"
        required
        maxLength={40}
        pattern="[0-9]+([.][0-9]+)?"
        defaultValue={v[name] ?? ""}
        className={input}
        aria-invalid={errs[name] ? true : undefined}
        aria-describedby={`ad-${name}-error`}
      />
      {extra.hint ? <p className={s.small}>{extra.hint}</p> : null}
      <ErrorLine id={`ad-${name}-error`} errors={errs[name] ? [errs[name]] : undefined} />
    </div>
  );
  const chosen = (v.pay_types ?? "").split(",");
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
        {actionData?.intent === "status" ? (
          <FormError id="status-error" errors={actionData.formError ? [actionData.formError] : undefined} />
        ) : null}
        {d.error ? <p role="alert">{d.error}</p> : null}
        {d.ads.data.length === 0 ? (
          <p className={s.empty}>{t("shop.noAds")}</p>
        ) : (
          <table className={`${s.table} ${cardTable}`}>
            <thead>
              <tr>
                <th className={s.th} scope="col">
                  {t("shop.ad")}
                </th>
                <th className={s.th} scope="col">
                  {t("legal.unitPrice")}
                </th>
                <th className={s.th} scope="col">
                  {t("shop.remaining")}
                </th>
                <th className={s.th} scope="col">
                  {t("legal.limit")}
                </th>
                <th className={s.th} scope="col">
                  {t("orders.status")}
                </th>
                <th className={s.th} scope="col">
                  <span className={s.small}>{t("shop.change")}</span>
                </th>
              </tr>
            </thead>
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
                        {ad.status === 1 ? (
                          <button
                            type="submit"
                            name="status"
                            value="2"
                            className={button.secondary}
                            aria-label={t("shop.pauseOf", { id: ad.id })}
                          >
                            {t("shop.pause")}
                          </button>
                        ) : (
                          <button
                            type="submit"
                            name="status"
                            value="1"
                            className={button.secondary}
                            aria-label={t("shop.openOf", { id: ad.id })}
                          >
                            {t("shop.open")}
                          </button>
                        )}
                        <button
                          type="submit"
                          name="status"
                          value="3"
                          className={button.secondary}
                          aria-label={t("shop.offOf", { id: ad.id })}
                        >
                          {t("shop.off")}
                        </button>
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
        <Form method="post" aria-labelledby="publish-heading">
          <input type="hidden" name="intent" value="publish" />
          <input type="hidden" name="idempotency_key" value={d.key} />
          <FormError id="publish-error" errors={publish?.formError ? [publish.formError] : undefined} />
          <div className={s.publish}>
            <div>
              <label htmlFor="ad-side" className={labelClass}>
                {t("shop.sideLabel")}
              </label>
              <select id="ad-side" name="side" className={input} defaultValue={v.side ?? "sell"}>
                <option value="sell">{t("shop.sideSell")}</option>
                <option value="buy">{t("shop.sideBuy")}</option>
              </select>
            </div>
            <div>
              <label htmlFor="ad-currency_id" className={labelClass}>
                {t("legal.coin")}
              </label>
              <Select
                id="ad-currency_id"
                name="currency_id"
                className={input}
                defaultValue={v.currency_id ?? String(d.coins[0]?.id ?? "")}
                aria-invalid={errs.currency_id ? true : undefined}
                aria-describedby="ad-currency_id-error"
              >
                {d.coins.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.code}
                  </option>
                ))}
              </Select>
              <ErrorLine id="ad-currency_id-error" errors={errs.currency_id ? [errs.currency_id] : undefined} />
            </div>
            <div>
              <label htmlFor="ad-fiat" className={labelClass}>
                {t("legal.fiat")}
              </label>
              <select id="ad-fiat" name="fiat" className={input} defaultValue={v.fiat ?? "CNY"}>
                {d.fiats.map((f) => (
                  <option key={f} value={f}>
                    {f}
                  </option>
                ))}
              </select>
            </div>
            {field("price", t("shop.price"))}
            {field("total", t("shop.total"))}
            {field("min_quantity", t("shop.min"))}
            {field("max_quantity", t("shop.max"))}
          </div>
          <fieldset className={s.fieldset} aria-describedby="ad-pay_types-error">
            <legend className={labelClass}>{t("shop.payTypes")}</legend>
            {d.payTypes.map((p, i) => (
              <label key={p}>
                <Input
                  type="checkbox"
                  name="pay_types"
                  value={p}
                  defaultChecked={publish ? chosen.includes(p) : d.info.pay_types.includes(p)}
                  // The group's refusal takes the focus on its first box (the message is the group's description).
                  aria-invalid={i === 0 && errs.pay_types ? true : undefined}
                />{" "}
                {t(`pay.${p}`)}
              </label>
            ))}
          </fieldset>
          <ErrorLine id="ad-pay_types-error" errors={errs.pay_types ? [errs.pay_types] : undefined} />
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
