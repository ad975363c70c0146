import { getFormProps, getInputProps, getSelectProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form, useNavigation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { Select } from "~/components/form/control";
import { ErrorLine, FormError, TextField } from "~/components/form/field";
import { GoogleCodeField } from "~/components/form/google-code-field";
import { PasswordField } from "~/components/form/password-field";
import { formatCoin } from "~/lib/amount";
import { useTranslation } from "~/lib/translate";
import { lazyModule, lazyValidation, useLazyModule } from "~/lib/use-lazy-validate";
import { button, field as fieldClass, input, label as labelClass } from "~/styles/ui.css";
import * as s from "./assets.css";
import { useAssetsValidate } from "./use-assets-validate";

/** decimal.js and the preview rule load after hydration (first-load budget); the server does not need them to render. */
const assetsRules = lazyModule(() => import("./rules"));

export type WithdrawFormProps = {
  currency: { id: number; code: string; decimals: number; rate: string; ratePercent: string; min: string; max: string };
  chain: { id: number; code: string } | null;
  addresses: { id: number; address: string; memo: string | null }[];
  available: string | null;
  googleOn: boolean;
  idempotencyKey: string;
  constraint: NonNullable<Parameters<typeof useForm>[0]["constraint"]>;
  result: SubmissionResult<string[]> | undefined;
};

/** The withdrawal form: it hydrates after the rest of the screen (app/lib/hydrate-later.tsx), so conform is not in the first load. */
export function WithdrawForm(data: WithdrawFormProps) {
  const { t, i18n } = useTranslation("assets");
  const lang = i18n.language;
  const navigation = useNavigation();
  const validate = useAssetsValidate("withdraw");
  const currency = data.currency;
  const [form, fields] = useForm({
    id: "withdraw",
    lastResult: data.result,
    defaultValue: { address_id: data.addresses[0] ? String(data.addresses[0].id) : undefined },
    constraint: data.constraint,
    ...lazyValidation(validate),
  });
  const busy = navigation.state === "submitting" && navigation.formAction?.startsWith("/assets/withdraw");
  const rules = useLazyModule(assetsRules);
  const preview = rules?.withdrawalPreview(String(fields.number.value ?? ""), currency.rate, currency.decimals) ?? null;
  // Until an amount is entered (or while the rule loads) the fee and the amount received are 0, as figures.
  const figure = (v: string | undefined) => `${formatCoin(v ?? "0", currency.decimals, { lang })} ${currency.code}`;
  const typed = String(fields.number.value ?? "");
  const said = useSettled(
    preview && typed ? t("withdraw.previewSaid", { fee: figure(preview.fee), received: figure(preview.received) }) : "",
    PREVIEW_SAID_MS,
  );
  const memo = data.addresses.find((a) => String(a.id) === (fields.address_id.value ?? String(data.addresses[0]?.id)))?.memo ?? "";
  return (
    <Form method="post" {...getFormProps(form)} className={s.formGrid}>
      <input type="hidden" name="currency_id" value={currency.id} />
      {data.chain ? <input type="hidden" name="currency_protocol_id" value={data.chain.id} /> : null}
      <input type="hidden" name="idempotency_key" value={data.idempotencyKey} />
      <FormError id={form.errorId} errors={form.errors} />
      <div className={fieldClass}>
        <label htmlFor={fields.address_id.id} className={labelClass}>
          {t("fields.address")}
        </label>
        <Select {...getSelectProps(fields.address_id)} className={`${input} ${s.select}`} key={fields.address_id.key}>
          {data.addresses.map((a) => (
            <option key={a.id} value={a.id}>
              {a.address}
              {a.memo ? ` (${t("fields.memo")} ${a.memo})` : ""}
            </option>
          ))}
        </Select>
        {memo ? <p className={s.status}>{t("withdraw.memoNote", { memo })}</p> : null}
        <ErrorLine id={fields.address_id.errorId} errors={fields.address_id.errors} />
      </div>
      <TextField
        label={t("fields.amount", { code: currency.code })}
        inputProps={{
          ...getInputProps(fields.number, { type: "text", ariaDescribedBy: "draw-hint" }),
          inputMode: "decimal",
          autoComplete: "off",
          placeholder: currency.min,
        }}
        errorId={fields.number.errorId}
        errors={fields.number.errors}
        hintId="draw-hint"
        hint={
          <>
            {t("withdraw.minimum", { min: formatCoin(currency.min, currency.decimals, { lang }), code: currency.code })}
            {data.available !== null
              ? ` · ${t("withdraw.available", { amount: formatCoin(data.available, currency.decimals, { lang }), code: currency.code })}`
              : ""}
          </>
        }
      />
      <PasswordField
        label={t("fields.payPassword")}
        inputProps={{ ...getInputProps(fields.pay_password, { type: "password" }), autoComplete: "off" }}
        errorId={fields.pay_password.errorId}
        errors={fields.pay_password.errors}
      />
      {data.googleOn ? (
        <>
          <input type="hidden" name="google" value="1" />
          <GoogleCodeField
            label={t("withdraw.googleCode")}
            inputProps={getInputProps(fields.google_code, { type: "text" })}
            errorId={fields.google_code.errorId}
            errors={fields.google_code.errors}
          />
        </>
      ) : null}
      <dl className={s.dl}>
        <dt className={s.dt}>{t("withdraw.feeRate")}</dt>
        <dd className={s.dd}>{t("withdraw.percent", { value: currency.ratePercent })}</dd>
        <dt className={s.dt}>{t("withdraw.fee")}</dt>
        <dd className={`${s.dd} ${s.preview}`}>{figure(preview?.fee)}</dd>
        <dt className={s.dt}>{t("withdraw.received")}</dt>
        <dd className={`${s.dd} ${s.preview}`}>{figure(preview?.received)}</dd>
      </dl>
      {/* The figures above, said once typing pauses, in words (not each keystroke's bare number). */}
      <p className="sr-only" role="status" data-testid="withdraw-said">
        {said}
      </p>
      <button type="submit" className={button.primary} aria-disabled={busy || undefined}>
        {busy ? t("actions.submitting") : t("withdraw.submit")}
      </button>
    </Form>
  );
}

/** How long typing must pause before the fee and amount received are said (once, not at every keystroke). */
const PREVIEW_SAID_MS = 1000;

/** `value` once it has stayed the same for `ms`. */
function useSettled(value: string, ms: number): string {
  const [settled, setSettled] = useState("");
  useEffect(() => {
    const id = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(id);
  }, [value, ms]);
  return settled;
}
