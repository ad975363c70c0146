import { getFormProps, getInputProps, getSelectProps, useForm } from "@conform-to/react";
import { Input, Select } from "~/components/form/control";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ErrorLine, FormError } from "~/components/form/field";
import { Pager } from "~/components/pager";
import type { P2PAd } from "~/contract/p2p";
import { FiatNav } from "~/features/fiat/fiat-nav";
import * as s from "~/features/fiat/fiat.css";
import { createOrder, fiatT, newKey, type FiatActionData } from "~/features/fiat/fiat.server";
import { constraintOf } from "~/features/fiat/forms.server";
import { useFiatValidate } from "~/features/fiat/use-fiat-validate";
import { COIN_DP, FIAT_DP, utcTime } from "~/features/fiat/labels";
import { formatAmount } from "~/lib/amount";
import { api, loaded } from "~/lib/api.server";
import { postedForm } from "~/lib/forms.server";
import { pagerOf, parsePage } from "~/lib/pager";
import { getSession, requireToken } from "~/lib/session.server";
import { useTranslation } from "~/lib/translate";
import { lazyValidation } from "~/lib/use-lazy-validate";
import { button, input, label as labelClass } from "~/styles/ui.css";

/**
 * /legalIndex/legal (docs/product.md, "/legalIndex"): merchants' ads. The user's side picks the list (buy from sell ads, cheapest
 * first; sell to buy ads, best paying first), filtered by coin, fiat currency and payment method. Each ad opens a
 * small order form (by fiat amount or by coin quantity); visitors get login and register links instead.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const q = url.searchParams;
  const args = { request, context };
  const side = q.get("side") === "sell" ? "sell" : "buy";
  const [market, t, session] = await Promise.all([api(args, "legalMarket", {}).then(loaded), fiatT(request), getSession(request)]);
  const coins = market.ok ? market.data.coins : [];
  const fiats = market.ok ? market.data.fiats : [];
  const payTypes = market.ok ? market.data.pay_types : [];
  const coinId = coins.find((c) => String(c.id) === q.get("currency_id"))?.id;
  const fiat = fiats.find((f) => f === q.get("fiat"));
  const payType = payTypes.find((p) => p === q.get("pay_type"));
  const page = parsePage(q.get("page"));
  const ads = await api(args, "legalAds", { side, currency_id: coinId, fiat, pay_type: payType, page }).then(loaded);
  return data(
    {
      title: t("legal.title"),
      side,
      filters: { currency_id: coinId ?? null, fiat: fiat ?? null, pay_type: payType ?? null },
      coins,
      fiats,
      payTypes,
      ads: ads.ok ? ads.data : { data: [], total: 0, per_page: 10 },
      page,
      signedIn: Boolean(session.get("token")),
      seller: session.get("is_seller") === true,
      key: newKey(),
      constraint: constraintOf("order"),
      error: market.ok ? (ads.ok ? null : ads.msg) : market.msg,
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requireToken(request, { messageKey: "common:errors.pleaseLoginToTrade", returnTo: "/legalIndex/legal" });
  return createOrder({ request, context }, await postedForm(request));
}

export default function LegalRoute() {
  const d = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as FiatActionData | undefined;
  const { t } = useTranslation("fiat");
  const { search } = useLocation();
  const sideHref = (side: string) => {
    const q = new URLSearchParams(search);
    q.set("side", side);
    q.delete("page");
    return `?${q.toString()}`;
  };
  return (
    <main className={s.page}>
      <div className={s.head}>
        <h1 className={s.h1}>{d.title}</h1>
      </div>
      <FiatNav current="legal" seller={d.seller} />
      <section className={s.section} aria-labelledby="ads-heading">
        <h2 id="ads-heading" className={s.h2}>
          {t(d.side === "buy" ? "legal.buyHeading" : "legal.sellHeading")}
        </h2>
        <ul className={s.tabs}>
          {(["buy", "sell"] as const).map((side) => (
            <li key={side}>
              <Link to={sideHref(side)} className={s.tab} aria-current={side === d.side ? "page" : undefined}>
                {t(`legal.side.${side}`)}
              </Link>
            </li>
          ))}
        </ul>
        <Form method="get" className={s.filters} aria-label={t("legal.filters")}>
          <input type="hidden" name="side" value={d.side} />
          {(
            [
              ["currency_id", "legal.coin", d.filters.currency_id, d.coins.map((c) => [String(c.id), c.code])],
              ["fiat", "legal.fiat", d.filters.fiat, d.fiats.map((f) => [f, f])],
              ["pay_type", "legal.payType", d.filters.pay_type, d.payTypes.map((p) => [p, t(`pay.${p}`)])],
            ] as const
          ).map(([name, label, value, options]) => (
            <div key={name} className={s.filter}>
              <label htmlFor={`f-${name}`} className={labelClass}>
                {t(label)}
              </label>
              <select id={`f-${name}`} name={name} defaultValue={value ?? ""} className={input}>
                <option value="">{t("legal.all")}</option>
                {options.map(([v, text]) => (
                  <option key={v} value={v}>
                    {text}
                  </option>
                ))}
              </select>
            </div>
          ))}
          <button type="submit" className={button.secondary}>
            {t("legal.apply")}
          </button>
        </Form>
        {d.error ? <p role="alert">{d.error}</p> : null}
        {d.ads.data.length === 0 ? (
          <p className={s.empty}>{t("legal.empty")}</p>
        ) : (
          <ul className={s.list}>
            {d.ads.data.map((ad) => (
              <AdItem
                key={ad.id}
                ad={ad}
                signedIn={d.signedIn}
                formKey={d.key}
                constraint={d.constraint}
                actionData={actionData?.adId === ad.id ? actionData : undefined}
              />
            ))}
          </ul>
        )}
        <Pager pager={pagerOf(d.ads.total, d.page, d.ads.per_page)} />
      </section>
    </main>
  );
}

type Constraint = Parameters<typeof useForm>[0]["constraint"];

function AdItem({
  ad,
  signedIn,
  formKey,
  constraint,
  actionData,
}: {
  ad: P2PAd;
  signedIn: boolean;
  formKey: string;
  constraint: Constraint;
  actionData?: FiatActionData;
}) {
  const { t, i18n } = useTranslation("fiat");
  const lang = i18n.language;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("ad_id") === String(ad.id);
  const fiat = (v: string) => formatAmount(v, { lang, ...FIAT_DP });
  const coin = (v: string) => formatAmount(v, { lang, ...COIN_DP });
  const userBuys = ad.side === "sell";
  const verb = t(userBuys ? "legal.buyCoin" : "legal.sellCoin", { code: ad.currency_code });
  const m = ad.merchant;
  const idBase = `ad-${ad.id}`;
  const validate = useFiatValidate("order");
  const [form, fields] = useForm({ id: idBase, lastResult: actionData?.result, constraint, ...lazyValidation(validate) });
  const hintId = `${idBase}-value-hint`;
  const location = useLocation();
  const here = location.pathname + location.search;
  return (
    <li className={s.ad} aria-labelledby={`${idBase}-merchant`}>
      <div>
        <p id={`${idBase}-merchant`} className={s.merchant}>
          {m.name}
        </p>
        <p className={s.small}>
          {t("legal.record", {
            orders: m.orders_30d,
            count: m.orders_30d,
            rate: m.completion_rate === null ? t("legal.noRate") : `${formatAmount(m.completion_rate, { lang, minDp: 2, maxDp: 2 })} %`,
          })}
        </p>
        <p className={s.small}>{t("legal.since", { date: utcTime(m.registered_at).slice(0, 10) })}</p>
      </div>
      <div>
        <p className={s.small}>{t("legal.unitPrice")}</p>
        <p className={s.price}>
          {fiat(ad.price)} <span className={s.small}>{ad.fiat}</span>
        </p>
      </div>
      <div>
        <p className={s.small}>
          {t("legal.available")}{" "}
          <span className={s.mono}>
            {coin(ad.remaining)} {ad.currency_code}
          </span>
        </p>
        <p className={s.small}>
          {t("legal.limit")}{" "}
          <span className={s.mono}>
            {fiat(ad.min_amount)} – {fiat(ad.max_amount)} {ad.fiat}
          </span>
        </p>
        <p className={s.small}>{ad.pay_types.map((p) => t(`pay.${p}`)).join(" · ")}</p>
      </div>
      <div className={s.orderBox}>
        {signedIn ? (
          <details open={Boolean(actionData)}>
            <summary className={`${button.primary} ${s.summaryButton}`}>{verb}</summary>
            <Form method="post" {...getFormProps(form)} aria-label={verb}>
              <input type="hidden" name="ad_id" value={ad.id} />
              <input type="hidden" name="idempotency_key" value={`${formKey}-${ad.id}`} />
              <FormError id={form.errorId} errors={form.errors} />
              {actionData?.needs === "identity" ? (
                <p className={s.small}>
                  <Link to={`/personal/authentication?page=${encodeURIComponent(here)}`} data-testid="to-identity">
                    {t("legal.toIdentity")}
                  </Link>
                </p>
              ) : null}
              <div className={s.formRow}>
                <div className={s.grow}>
                  <label htmlFor={fields.by.id} className={labelClass}>
                    {t("legal.by")}
                  </label>
                  <Select {...getSelectProps(fields.by)} className={input}>
                    <option value="amount">{t("legal.byAmount", { fiat: ad.fiat })}</option>
                    <option value="quantity">{t("legal.byQuantity", { code: ad.currency_code })}</option>
                  </Select>
                </div>
                <div className={s.grow}>
                  <label htmlFor={fields.value.id} className={labelClass}>
                    {t("legal.value")}
                  </label>
                  <Input
                    {...getInputProps(fields.value, { type: "text", ariaDescribedBy: hintId })}
                    inputMode="decimal"
                    autoComplete="off"
                    maxLength={40}
                    className={input}
                  />
                </div>
                <button type="submit" className={button.primary} aria-disabled={busy || undefined}>
                  {busy ? t("legal.placing") : t("legal.place")}
                </button>
              </div>
              <p id={hintId} className={s.small}>
                {t("legal.valueHint", {
                  min: fiat(ad.min_amount),
                  max: fiat(ad.max_amount),
                  fiat: ad.fiat,
                  minQ: coin(ad.min_quantity),
                  maxQ: coin(ad.max_quantity),
                  code: ad.currency_code,
                })}
              </p>
              <ErrorLine field={fields.value} />
            </Form>
          </details>
        ) : (
          <p className={s.small}>
            <Link to={`/login?page=${encodeURIComponent("/legalIndex/legal")}`}>{t("legal.login")}</Link> ·{" "}
            <Link to="/register">{t("legal.register")}</Link>
          </p>
        )}
      </div>
    </li>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "Fiat" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary back={{ href: "/", labelKey: "nav.home" }} />;
}
