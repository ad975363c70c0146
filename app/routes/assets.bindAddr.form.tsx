import { Select } from "~/components/form/control";
import { getFormProps, getInputProps, getSelectProps, useForm } from "@conform-to/react";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import * as s from "~/features/assets/assets.css";
import { CodeButton, CodeStatus, useCodeSender } from "~/components/code-button";
import { useAssetsValidate } from "~/features/assets/use-assets-validate";
import { ErrorLine, FormError, TextField } from "~/components/form/field";
import { BIND_CODE_COUNTDOWN_S } from "~/features/assets/constants";
import { useTranslation } from "~/lib/translate";
import { lazyValidation } from "~/lib/use-lazy-validate";
import { button, field as fieldClass, input, label as labelClass } from "~/styles/ui.css";
import type { action, loader } from "./assets.bindAddr";

/** The form of the assets.bindAddr screen, hydrated after the rest of it (app/lib/hydrate-later.tsx). */
export function BindForm() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("assets");
  const navigation = useNavigation();
  const validate = useAssetsValidate("bind");
  const [form, fields] = useForm({
    id: "bind",
    lastResult: actionData?.result ?? undefined,
    defaultValue: { currency_protocol_id: data.selected ? String(data.selected) : undefined },
    constraint: data.constraint,
    ...lazyValidation(validate),
  });
  const sender = useCodeSender({ seconds: BIND_CODE_COUNTDOWN_S, serverResult: actionData?.codeSend, initialWait: data.codeWait });
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "bind";
  const statusId = `${fields.verificationcode.id}-status`;
  const current = data.options.find((o) => String(o.id) === String(fields.currency_protocol_id.value ?? data.selected));
  return (
    <Form method="post" {...getFormProps(form)} className={s.formGrid}>
      {/* Enter in a field binds rather than sending a code. */}
      <button type="submit" name="intent" value="bind" tabIndex={-1} aria-hidden="true" className={s.visuallyHidden}>
        {t("bind.submit")}
      </button>
      <FormError id={form.errorId} errors={form.errors} />
      <div className={fieldClass}>
        <label htmlFor={fields.currency_protocol_id.id} className={labelClass}>
          {t("bind.coinChain")}
        </label>
        <Select {...getSelectProps(fields.currency_protocol_id)} className={`${input} ${s.select}`} key={fields.currency_protocol_id.key}>
          {data.options.map((o) => (
            <option key={o.id} value={o.id}>
              {o.coin} · {o.chain}
            </option>
          ))}
        </Select>
        <ErrorLine id={fields.currency_protocol_id.errorId} errors={fields.currency_protocol_id.errors} />
      </div>
      <TextField
        label={t("fields.address")}
        inputProps={{ ...getInputProps(fields.address, { type: "text" }), autoComplete: "off", spellCheck: false }}
        errorId={fields.address.errorId}
        errors={fields.address.errors}
      />
      <TextField
        label={t("fields.memoOptional")}
        inputProps={{
          ...getInputProps(fields.memo, { type: "text", ariaDescribedBy: "memo-hint" }),
          inputMode: "numeric",
          autoComplete: "off",
        }}
        errorId={fields.memo.errorId}
        errors={fields.memo.errors}
        hintId="memo-hint"
        hint={current?.needsMemo ? t("bind.memoNeeded") : t("bind.memoHint")}
      />
      <TextField
        label={t("fields.emailCode")}
        inputProps={{
          ...getInputProps(fields.verificationcode, { type: "text", ariaDescribedBy: statusId }),
          autoComplete: "one-time-code",
          inputMode: "numeric",
          maxLength: 16,
        }}
        errorId={fields.verificationcode.errorId}
        errors={fields.verificationcode.errors}
        extra={<CodeStatus sender={sender} id={statusId} />}
        after={<CodeButton sender={sender} statusId={statusId} ns="assets" />}
      />
      <button type="submit" name="intent" value="bind" className={button.primary} aria-disabled={busy || undefined}>
        {busy ? t("actions.submitting") : t("bind.submit")}
      </button>
    </Form>
  );
}
