import { Select } from "~/components/form/control";
import { getFormProps, getInputProps, getSelectProps, useForm } from "@conform-to/react";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useRevalidator } from "~/lib/use-revalidator";
import { useEffect, useState } from "react";
import * as s from "~/features/assets/assets.css";
import { useAssetsValidate } from "~/features/assets/use-assets-validate";
import { ErrorLine, FormError, TextField } from "~/components/form/field";
import type { AccountCode } from "~/contract/money";
import { isAccountCode, pickOtherSide, TRANSFER_RELOAD_MS } from "~/features/assets/constants";
import { useTranslation } from "~/lib/translate";
import { lazyValidation } from "~/lib/use-lazy-validate";
import { button, field as fieldClass, input, label as labelClass } from "~/styles/ui.css";
import { JsFlag } from "~/components/form/js-flag";
import type { action, loader } from "./assets.transfer";

/** The form of the assets.transfer screen, hydrated after the rest of it (app/lib/hydrate-later.tsx). */
export function TransferForm() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("assets");
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const validate = useAssetsValidate("transfer");
  const [form, fields] = useForm({
    id: "transfer",
    lastResult: actionData?.result,
    defaultValue: { from: data.from, to: data.to },
    constraint: data.constraint,
    ...lazyValidation(validate),
  });
  const allowed = data.accounts.map((a) => a.code);
  // The last submission's choice wins over the defaults (a failed POST without JavaScript re-renders the page).
  const initial = (v: unknown, fallback: AccountCode) => (isAccountCode(v) && allowed.includes(v) ? v : fallback);
  const [from, setFrom] = useState<AccountCode>(() => initial(fields.from.initialValue, data.from));
  const [to, setTo] = useState<AccountCode | "">(() => initial(fields.to.initialValue, data.to || data.from));
  const busy = navigation.state === "submitting" && navigation.formAction?.startsWith("/assets/transfer");

  // After a success: the amount is cleared (resetForm) and the balances reload after 1 s.
  useEffect(() => {
    if (!actionData?.ok) return;
    const id = setTimeout(() => revalidator.revalidate(), TRANSFER_RELOAD_MS);
    return () => clearTimeout(id);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one reload per answer (the revalidator changes as it runs)
  }, [actionData]);
  // The message of THIS transfer, kept until the next submit: the reload after 1 s drops the action's answer, which
  // took the message with it (issue 21: it showed about a second), and a later answer replaces it, never an older one.
  const [done, setDone] = useState<string | null>(null);
  useEffect(() => {
    if (actionData) setDone(actionData.ok && actionData.message ? actionData.message : null);
  }, [actionData]);
  useEffect(() => {
    if (busy) setDone(null);
  }, [busy]);

  const available = data.accounts.find((a) => a.code === from)?.available ?? "0";
  const accountName = (code: string) => t(`menu.${data.accounts.find((a) => a.code === code)?.page ?? "tradeAccount"}`);
  const { defaultValue: _fromDefault, key: _fk, ...fromProps } = getSelectProps(fields.from);
  const { defaultValue: _toDefault, key: _tk, ...toProps } = getSelectProps(fields.to);
  return (
    <Form method="post" {...getFormProps(form)} className={s.formGrid}>
      <input type="hidden" name="currency_id" value={data.currency!.id} />
      <input type="hidden" name="idempotency_key" value={data.key} />
      <JsFlag />
      <FormError id={form.errorId} errors={form.errors} />
      <p className={done ? s.success : "sr-only"} role="status">
        {done}
      </p>
      <div className={fieldClass}>
        <label htmlFor={fields.from.id} className={labelClass}>
          {t("fields.from")}
        </label>
        <Select
          {...fromProps}
          value={from}
          onChange={(e) => {
            const next = e.currentTarget.value as AccountCode;
            setFrom(next);
            setTo((cur) => pickOtherSide(next, cur, allowed));
          }}
          className={`${input} ${s.select}`}
        >
          {data.accounts.map((a) => (
            <option key={a.code} value={a.code}>
              {accountName(a.code)}
            </option>
          ))}
        </Select>
        <p className={s.status} id="transfer-available">
          {t("transfer.available", { amount: available, code: data.currency!.code })}
        </p>
        <ErrorLine id={fields.from.errorId} errors={fields.from.errors} />
      </div>
      <div className={fieldClass}>
        <label htmlFor={fields.to.id} className={labelClass}>
          {t("fields.to")}
        </label>
        <Select
          {...toProps}
          value={to}
          onChange={(e) => {
            const next = e.currentTarget.value as AccountCode;
            setTo(next);
            setFrom((cur) => (pickOtherSide(next, cur, allowed) || cur) as AccountCode);
          }}
          className={`${input} ${s.select}`}
        >
          {data.accounts.map((a) => (
            <option key={a.code} value={a.code}>
              {accountName(a.code)}
            </option>
          ))}
        </Select>
        <ErrorLine id={fields.to.errorId} errors={fields.to.errors} />
      </div>
      <TextField
        label={t("fields.transferAmount", { code: data.currency!.code })}
        inputProps={{ ...getInputProps(fields.balance, { type: "text" }), inputMode: "decimal", autoComplete: "off" }}
        errorId={fields.balance.errorId}
        errors={fields.balance.errors}
      />
      <button type="submit" className={button.primary} aria-disabled={busy || undefined}>
        {busy ? t("actions.submitting") : t("transfer.submit")}
      </button>
    </Form>
  );
}
