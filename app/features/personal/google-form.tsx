import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form, useNavigation } from "@remix-run/react";
import { FormError } from "~/components/form/field";
import { GoogleCodeField } from "~/components/form/google-code-field";
import { PasswordField } from "~/components/form/password-field";
import { useTranslation } from "~/lib/translate";
import { lazyValidation } from "~/lib/use-lazy-validate";
import { button } from "~/styles/ui.css";
import * as k from "./kyc.css";
import { usePersonalValidate } from "./use-personal-validate";

type Constraint = Parameters<typeof useForm>[0]["constraint"];

/** Bind the authenticator with a current code, or (bound) turn it on or off with one. */
export function GoogleForm({
  bound,
  on,
  constraint,
  lastResult,
}: {
  bound: boolean;
  on: boolean;
  constraint: Constraint;
  lastResult?: SubmissionResult<string[]> | null;
}) {
  const { t } = useTranslation("kyc");
  const busy = useNavigation().state === "submitting";
  const validate = usePersonalValidate("google");
  const [form, fields] = useForm({ id: "google", lastResult: lastResult ?? undefined, constraint, ...lazyValidation(validate) });
  const next = bound && on ? 0 : 1;
  const submitLabel = !bound ? t("google.bind") : on ? t("google.turnOff") : t("google.turnOn");
  const hintId = `${fields.google_code.id}-hint`;
  return (
    <Form method="post" {...getFormProps(form)} aria-labelledby="google-form-title">
      <h2 id="google-form-title" className={k.subtitle}>
        {submitLabel}
      </h2>
      <input type="hidden" name="google_switch" value={next} />
      <FormError id={form.errorId} errors={form.errors} />
      {bound ? null : (
        <PasswordField
          label={t("account.oldPassword")}
          inputProps={{ ...getInputProps(fields.password, { type: "password" }), required: true, autoComplete: "current-password" }}
          field={fields.password}
        />
      )}
      <GoogleCodeField
        label={t("google.code")}
        inputProps={getInputProps(fields.google_code, { type: "text", ariaDescribedBy: hintId })}
        field={fields.google_code}
      />
      <p id={hintId} className={k.hint}>
        {t("google.codeHint")}
      </p>
      <button type="submit" className={`${button.primary} ${k.submit}`} aria-disabled={busy || undefined}>
        {submitLabel}
      </button>
    </Form>
  );
}
