import { getFormProps, getInputProps, getSelectProps, useForm } from "@conform-to/react";
import { Input, Select } from "~/components/form/control";
import { Form, Link, useLocation, useNavigation } from "@remix-run/react";
import { ErrorLine, FormError } from "~/components/form/field";
import type { P2PAd } from "~/contract/p2p";
import * as s from "~/features/fiat/fiat.css";
import { useFiatValidate } from "~/features/fiat/use-fiat-validate";
import { COIN_DP, FIAT_DP, utcTime } from "~/features/fiat/labels";
import { formatAmount } from "~/lib/amount";
import { useTranslation } from "~/lib/translate";
import { lazyValidation } from "~/lib/use-lazy-validate";
import { button, input, label as labelClass } from "~/styles/ui.css";
import type { FiatActionData } from "~/features/fiat/fiat.server";

/** The form of the legalIndex.legal screen, hydrated after the rest of it (app/lib/hydrate-later.tsx). */
type Constraint = Parameters<typeof useForm>[0]["constraint"];

export function AdItem({
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
              <ErrorLine id={fields.value.errorId} errors={fields.value.errors} />
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
