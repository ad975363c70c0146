import { getInputProps, type FieldMetadata, type FormMetadata } from "@conform-to/react";
import type { RefObject } from "react";
import { CodeButton, CodeStatus, type CodeSender } from "~/components/code-button";
import type { AccountKind } from "./constants";
import { useTranslation } from "~/lib/translate";
import { TextField } from "~/components/form/field";
import { PasswordField } from "~/components/form/password-field";

// The forms' schemas differ (login, register, reset); these fields only need their name, ids and errors.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any of the three forms' schemas
type Field = FieldMetadata<any, any, string[]>;

/** The email or mobile field of the sign-in, register and reset forms. */
export function AccountField({ kind, field, inputRef }: { kind: AccountKind; field: Field; inputRef: RefObject<HTMLInputElement> }) {
  const { t } = useTranslation("auth");
  return (
    <TextField
      label={t(kind === "mobile" ? "fields.mobile" : "fields.email")}
      inputProps={{
        ...getInputProps(field, { type: kind === "mobile" ? "tel" : "email" }),
        ref: inputRef,
        required: true,
        autoComplete: "username",
        inputMode: kind === "mobile" ? "numeric" : "email",
        spellCheck: false,
        autoCapitalize: "none",
      }}
      errorId={field.errorId}
      errors={field.errors}
    />
  );
}

/**
 * The code field with its send button and status. Before sending, the button checks the account
 * field with the browser's checks (`checkAccount`, loaded after hydration): a wrong account gets
 * its message and the focus, and no code goes out.
 */
export function CodeField({
  field,
  accountField,
  accountRef,
  form,
  sender,
  checkAccount,
}: {
  field: Field;
  accountField: Field;
  accountRef: RefObject<HTMLInputElement>;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any of the three forms' schemas
  form: Pick<FormMetadata<any, string[]>, "validate">;
  sender: CodeSender;
  checkAccount: ((formData: FormData) => { status?: string }) | undefined;
}) {
  const { t } = useTranslation("auth");
  const statusId = `${field.id}-status`;
  return (
    <TextField
      label={t("fields.code")}
      inputProps={{
        ...getInputProps(field, { type: "text", ariaDescribedBy: statusId }),
        required: true,
        autoComplete: "one-time-code",
        inputMode: "numeric",
        maxLength: 16,
      }}
      errorId={field.errorId}
      errors={field.errors}
      extra={<CodeStatus sender={sender} id={statusId} />}
      after={
        <CodeButton
          sender={sender}
          statusId={statusId}
          ns="auth"
          validate={(el) => {
            if (!checkAccount) return null;
            if (checkAccount(new FormData(el)).status === "success") return true;
            form.validate({ name: accountField.name });
            accountRef.current?.focus();
            return false;
          }}
        />
      }
    />
  );
}

/** The new password and its repeat (register, reset): the password's rules as its hint; both new-password inputs. */
export function NewPasswordFields({
  password,
  repeat,
  labels,
}: {
  password: Field;
  repeat: Field;
  labels: { password: string; repeat: string };
}) {
  const { t } = useTranslation("auth");
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
        errorId={password.errorId}
        errors={password.errors}
      />
      <PasswordField
        label={labels.repeat}
        inputProps={{
          ...getInputProps(repeat, { type: "password" }),
          required: true,
          autoComplete: "new-password",
          maxLength: 16,
        }}
        errorId={repeat.errorId}
        errors={repeat.errors}
      />
    </>
  );
}
