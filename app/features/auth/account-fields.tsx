import { getInputProps } from "@conform-to/react";
import { checkAddressFirst, SentCodeField, useCodeSender } from "~/components/code-button";
import type { AccountKind } from "./constants";
import type { useAuthForm } from "./use-auth-form";
import { useTranslation } from "~/lib/translate";
import { TextField } from "~/components/form/field";
import { PasswordField } from "~/components/form/password-field";

/** The form these fields belong to (sign-in, register or reset): its fields, the account input's ref, its checks. */
type AuthForm = ReturnType<typeof useAuthForm>;

/** The email or mobile field of the sign-in, register and reset forms. */
export function AccountField({ kind, auth }: { kind: AccountKind; auth: AuthForm }) {
  const { t } = useTranslation("auth");
  const field = auth.fields.account;
  return (
    <TextField
      label={t(kind === "mobile" ? "fields.mobile" : "fields.email")}
      inputProps={{
        ...getInputProps(field, { type: kind === "mobile" ? "tel" : "email" }),
        ref: auth.accountRef,
        required: true,
        autoComplete: "username",
        inputMode: kind === "mobile" ? "numeric" : "email",
        spellCheck: false,
        autoCapitalize: "none",
      }}
      field={field}
    />
  );
}

/**
 * The code field with its send button and status, for the form `auth` (useAuthForm's). Before sending, the button
 * checks the account field with the browser's checks (`checkAccount`, loaded after hydration): a wrong account gets
 * its message and the focus, and no code goes out. `startCountdown`: a code was sent just before the page opened.
 */
export function CodeField({ auth, startCountdown }: { auth: AuthForm; startCountdown?: boolean }) {
  const { t } = useTranslation("auth");
  const { form, fields, accountRef, checkAccount } = auth;
  const field = fields.sms_code;
  const sender = useCodeSender({ account: String(fields.account.value ?? ""), serverResult: auth.actionData?.codeSend, startCountdown });
  return (
    <SentCodeField
      label={t("fields.code")}
      field={field}
      sender={sender}
      ns="auth"
      required
      validate={checkAddressFirst(checkAccount, form, fields.account.name, accountRef)}
    />
  );
}

/** The new password and its repeat (register, reset): the password's rules as its hint; both new-password inputs. */
export function NewPasswordFields({ fields, labels }: { fields: AuthForm["fields"]; labels: { password: string; repeat: string } }) {
  const { t } = useTranslation("auth");
  const { password, re_password: repeat } = fields;
  const hintId = `${password.id}-hint`;
  return (
    <>
      <PasswordField
        label={labels.password}
        inputProps={{
          ...getInputProps(password, { type: "password", ariaDescribedBy: hintId }),
          required: true,
          autoComplete: "new-password",
          maxLength: 16,
        }}
        hint={t("hints.password")}
        hintId={hintId}
        field={password}
      />
      <PasswordField
        label={labels.repeat}
        inputProps={{
          ...getInputProps(repeat, { type: "password" }),
          required: true,
          autoComplete: "new-password",
          maxLength: 16,
        }}
        field={repeat}
      />
    </>
  );
}
