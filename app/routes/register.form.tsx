import { getFormProps, getInputProps, getSelectProps } from "@conform-to/react";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { Trans, useTranslation } from "~/lib/translate";
import * as s from "~/features/auth/auth.css";
import { AccountField, CodeField, NewPasswordFields } from "~/features/auth/account-fields";
import { CountrySelect } from "~/components/form/country-select";
import { CheckboxField, FormError, TextField } from "~/components/form/field";
import { AccountTabs } from "~/features/auth/tabs";
import { useAuthForm } from "~/features/auth/use-auth-form";
import { useCodeSender } from "~/components/code-button";
import { type AccountKind } from "~/features/auth/constants";
import { button } from "~/styles/ui.css";
import type { action, loader } from "./register";

/** The form of the register screen, hydrated after the rest of it (app/lib/hydrate-later.tsx). */
/** The user agreement: article 66 in category 26 (docs/product.md, "/register"). */
const AGREEMENT_HREF = "/notice?id=66&category_id=26";

export function RegisterForm({ kind }: { kind: AccountKind }) {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("auth");
  const { form, fields, checkAccount, accountRef, busy } = useAuthForm({
    id: "register",
    kind,
    schema: (v, t) => v.registerSchema(t, kind),
    accountSchema: (v, t) => v.sendCodeSchema(t, kind),
    lastResult: actionData?.result,
    defaultValue: { agreement: "on", invite_code: data.inviteCode ?? "", area_id: data.areas[0]?.id },
    constraint: data.constraint,
  });
  const sender = useCodeSender({ account: String(fields.account.value ?? ""), serverResult: actionData?.codeSend });
  const inviteNoteId = `${fields.invite_code.id}-note`;

  return (
    <main className={s.page}>
      <div className={s.card}>
        <h1 className={s.title}>{t("register.title")}</h1>
        <AccountTabs current={kind} phone />
        <Form method="post" {...getFormProps(form)}>
          {/* Enter in a field submits with the first submit button: make that one "sign up", not "send code". */}
          <button type="submit" name="intent" value="register" tabIndex={-1} aria-hidden="true" className={s.defaultSubmit}>
            {t("register.submit")}
          </button>
          <input type="hidden" name="type" value={kind} />
          <FormError id={form.errorId} errors={form.errors} />
          {kind === "mobile" && data.areas.length ? (
            <CountrySelect
              areas={data.areas}
              selectProps={getSelectProps(fields.area_id)}
              errorId={fields.area_id.errorId}
              errors={fields.area_id.errors}
            />
          ) : null}
          <AccountField kind={kind} field={fields.account} inputRef={accountRef} />
          <CodeField
            field={fields.sms_code}
            accountField={fields.account}
            accountRef={accountRef}
            form={form}
            sender={sender}
            checkAccount={checkAccount}
          />
          <NewPasswordFields
            password={fields.password}
            repeat={fields.re_password}
            labels={{ password: t("fields.password"), repeat: t("fields.repeatPassword") }}
          />
          <TextField
            label={t("fields.invite")}
            inputProps={{
              ...(data.inviteCode
                ? {
                    ...getInputProps(fields.invite_code, { type: "text", value: false, ariaDescribedBy: inviteNoteId }),
                    defaultValue: data.inviteCode,
                    readOnly: true,
                    "aria-readonly": true,
                    className: s.readOnly,
                  }
                : getInputProps(fields.invite_code, { type: "text" })),
              autoComplete: "off",
              maxLength: 32,
            }}
            hint={data.inviteCode ? t("hints.inviteLocked") : undefined}
            hintId={inviteNoteId}
            errorId={fields.invite_code.errorId}
            errors={fields.invite_code.errors}
          />
          <CheckboxField
            inputProps={{ ...getInputProps(fields.agreement, { type: "checkbox" }), required: true }}
            label={
              <>
                <Trans
                  t={t}
                  i18nKey="register.agree"
                  // eslint-disable-next-line jsx-a11y/anchor-has-content -- Trans puts the link text in.
                  components={{ terms: <a href={AGREEMENT_HREF} target="_blank" rel="noopener noreferrer" /> }}
                />
                <span className="sr-only"> ({t("common:footer.newWindow")})</span>
              </>
            }
            errorId={fields.agreement.errorId}
            errors={fields.agreement.errors}
          />
          <button
            type="submit"
            name="intent"
            value="register"
            className={`${button.primary} ${s.submit}`}
            aria-disabled={busy || undefined}
          >
            {busy ? t("register.submitting") : t("register.submit")}
          </button>
        </Form>
        <p className={s.footerLine}>
          {t("register.haveAccount")} <Link to="/login">{t("register.login")}</Link>
        </p>
      </div>
    </main>
  );
}
