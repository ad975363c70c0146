import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form, useNavigation } from "@remix-run/react";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { checkAddressFirst, SentCodeField, useCodeSender, type CodeSendResult } from "~/components/code-button";
import { FormError, TextField } from "~/components/form/field";
import { PasswordField } from "~/components/form/password-field";
import { BIND_CODE_MAX, BIND_EMAIL_MAX } from "~/contract/core/personal";
import { useTranslation } from "~/lib/translate";
import { lazyValidation } from "~/lib/use-lazy-validate";
import { button } from "~/styles/ui.css";
import * as k from "./kyc.css";
import type { BindKind } from "./schemas";
import { usePersonalValidate } from "./use-personal-validate";

type Constraint = Parameters<typeof useForm>[0]["constraint"];

/**
 * Binding the email or the phone: the address, the code sent there, Bind. 'Send code' checks the address first (in
 * the browser once its checks have loaded); `areaSelect` draws the country picker (phone only) with the kept choice.
 */
export function BindForm({
  kind,
  constraint,
  lastResult,
  codeSend,
  areaSelect,
}: {
  kind: BindKind;
  constraint: Constraint;
  lastResult?: SubmissionResult<string[]> | null;
  codeSend?: CodeSendResult | null;
  areaSelect?: (keptAreaId: string) => ReactNode;
}) {
  const { t } = useTranslation("kyc");
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") !== "send-code";
  const email = kind === "email";
  const validate = usePersonalValidate(email ? "bindEmail" : "bindMobile");
  const checkAddress = usePersonalValidate(email ? "bindEmailCode" : "bindMobileCode");
  const kept = (name: string) => {
    const v = lastResult?.initialValue?.[name];
    return typeof v === "string" ? v : "";
  };
  const sender = useCodeSender({ account: kept("value") || undefined, serverResult: codeSend });
  // The newest reply: the page's (binding, or 'Send code' without JavaScript) or the send-code fetcher's, whose
  // refusal of the address goes on the address field as it does without JavaScript.
  const [reply, setReply] = useState(lastResult ?? undefined);
  useEffect(() => {
    if (lastResult) setReply(lastResult);
  }, [lastResult]);
  useEffect(() => {
    if (sender.reply) setReply(sender.reply);
  }, [sender.reply]);
  const [form, fields] = useForm({ id: `bind-${kind}`, lastResult: reply, constraint, ...lazyValidation(validate) });
  const valueRef = useRef<HTMLInputElement>(null);
  return (
    <Form method="post" {...getFormProps(form)}>
      {/* Enter in a field binds (the first submit button), it does not send a code. */}
      <button type="submit" name="intent" value="bind" tabIndex={-1} aria-hidden="true" className="sr-only">
        {t("bind.submit")}
      </button>
      <input type="hidden" name="kind" value={kind} />
      <p className={k.intro}>{t("bind.intro")}</p>
      <FormError id={form.errorId} errors={form.errors} />
      {!email && areaSelect ? areaSelect(kept("area_id")) : null}
      <TextField
        label={t(email ? "bind.email" : "bind.mobile")}
        inputProps={{
          ...getInputProps(fields.value, { type: email ? "email" : "tel" }),
          ref: valueRef,
          inputMode: email ? "email" : "numeric",
          autoComplete: email ? "email" : "tel-national",
          required: true,
          maxLength: email ? BIND_EMAIL_MAX : 20,
        }}
        field={fields.value}
      />
      <SentCodeField
        label={t("bind.code")}
        field={fields.code}
        sender={sender}
        ns="auth"
        maxLength={BIND_CODE_MAX}
        validate={checkAddressFirst(checkAddress, form, fields.value.name, valueRef)}
      />
      {/* Not `required`: 'Send code' posts this form too, before there is anything to bind. */}
      <PasswordField
        label={t("account.oldPassword")}
        inputProps={{ ...getInputProps(fields.password, { type: "password" }), autoComplete: "current-password" }}
        field={fields.password}
      />
      <button type="submit" name="intent" value="bind" className={`${button.primary} ${k.submit}`} aria-disabled={busy || undefined}>
        {t("bind.submit")}
      </button>
    </Form>
  );
}
