import { getFormProps, getInputProps, getSelectProps } from "@conform-to/react";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/lib/translate";
import * as s from "~/features/auth/auth.css";
import { AccountField, CodeField } from "~/features/auth/account-fields";
import { CountrySelect } from "~/components/form/country-select";
import { CheckboxField, FormError } from "~/components/form/field";
import { GoogleCodeField } from "~/components/form/google-code-field";
import { PasswordField } from "~/components/form/password-field";
import { AccountTabs } from "~/features/auth/tabs";
import { useAuthForm } from "~/features/auth/use-auth-form";
import { useCodeSender } from "~/components/code-button";
import { type AccountKind } from "~/features/auth/constants";
import { button } from "~/styles/ui.css";
import type { action, loader } from "./login";

/** The form of the login screen, hydrated after the rest of it (app/lib/hydrate-later.tsx). */
export function LoginForm({ kind }: { kind: AccountKind }) {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("auth");
  const { form, fields, checkAccount, accountRef, busy } = useAuthForm({
    id: "login",
    kind,
    schema: (v, t) => v.loginSchema(t, kind, { sms: data.sms }),
    accountSchema: (v, t) => v.sendCodeSchema(t, kind),
    schemaDeps: [data.sms],
    lastResult: actionData?.result,
    defaultValue: { account: data.account, remember: data.remember ? "on" : undefined, area_id: data.areaId },
    constraint: data.constraint,
  });
  const sender = useCodeSender({ account: String(fields.account.value ?? ""), serverResult: actionData?.codeSend });

  return (
    <main className={s.page}>
      <div className={s.card}>
        <h1 className={s.title}>{t("login.title")}</h1>
        {data.loggedOut ? (
          <p role="status" className={s.note}>
            {t("login.loggedOut")}
          </p>
        ) : null}
        <AccountTabs current={kind} phone />
        <Form method="post" {...getFormProps(form)}>
          {data.sms ? (
            // Enter in a field submits with the first submit button: make that one "log in".
            <button type="submit" name="intent" value="login" tabIndex={-1} aria-hidden="true" className={s.defaultSubmit}>
              {t("login.submit")}
            </button>
          ) : null}
          <input type="hidden" name="type" value={kind} />
          <input type="hidden" name="page" value={data.page} />
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
          <PasswordField
            label={t("fields.password")}
            inputProps={{ ...getInputProps(fields.password, { type: "password" }), required: true, autoComplete: "current-password" }}
            errorId={fields.password.errorId}
            errors={fields.password.errors}
          />
          {actionData?.google ? (
            <GoogleCodeField
              label={t("fields.googleCode")}
              inputProps={{ ...getInputProps(fields.google_code, { type: "text" }), autoFocus: true }}
              errorId={fields.google_code.errorId}
              errors={fields.google_code.errors}
            />
          ) : null}
          {data.sms ? (
            <>
              <CodeField
                field={fields.sms_code}
                accountField={fields.account}
                accountRef={accountRef}
                form={form}
                sender={sender}
                checkAccount={checkAccount}
              />
            </>
          ) : null}
          <div className={s.between}>
            <CheckboxField
              inputProps={getInputProps(fields.remember, { type: "checkbox" })}
              label={t("fields.remember")}
              errorId={fields.remember.errorId}
            />
            <Link to="/forgetPassword">{t("login.forgot")}</Link>
          </div>
          <button type="submit" name="intent" value="login" className={`${button.primary} ${s.submit}`} aria-disabled={busy || undefined}>
            {busy ? t("login.submitting") : t("login.submit")}
          </button>
        </Form>
        <p className={s.footerLine}>
          {t("login.noAccount")} <Link to="/register">{t("login.register")}</Link>
        </p>
      </div>
    </main>
  );
}
