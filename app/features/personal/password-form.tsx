import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form, useNavigation } from "@remix-run/react";
import { FormError } from "~/components/form/field";
import { PasswordField } from "~/components/form/password-field";
import { useTranslation } from "~/lib/translate";
import { lazyValidation } from "~/lib/use-lazy-validate";
import { button } from "~/styles/ui.css";
import * as k from "./kyc.css";
import { usePersonalValidate } from "./use-personal-validate";

type Constraint = Parameters<typeof useForm>[0]["constraint"];

/** The login password change: current, new and repeated, each refusal on its field. */
export function PasswordForm({ constraint, lastResult }: { constraint: Constraint; lastResult?: SubmissionResult<string[]> | null }) {
  const { t } = useTranslation("kyc");
  const busy = useNavigation().state === "submitting";
  const validate = usePersonalValidate("password");
  const [form, fields] = useForm({ id: "password", lastResult: lastResult ?? undefined, constraint, ...lazyValidation(validate) });
  const password = (field: (typeof fields)["old_password"], label: string, autoComplete: string) => (
    <PasswordField
      label={label}
      // The exchange checks the rules; each one is still required to send the form.
      inputProps={{ ...getInputProps(field, { type: "password" }), required: true, autoComplete }}
      field={field}
    />
  );
  return (
    <Form method="post" {...getFormProps(form)} aria-labelledby="password-title">
      <h2 id="password-title" className={k.subtitle}>
        {t("account.changePassword")}
      </h2>
      <p className={k.intro}>{t("account.changePasswordIntro")}</p>
      <FormError id={form.errorId} errors={form.errors} />
      {password(fields.old_password, t("account.oldPassword"), "current-password")}
      {password(fields.new_password, t("account.newPassword"), "new-password")}
      {password(fields.secondary_password, t("account.repeatPassword"), "new-password")}
      <button type="submit" className={`${button.primary} ${k.submit}`} aria-disabled={busy || undefined}>
        {t("account.changePassword")}
      </button>
    </Form>
  );
}
