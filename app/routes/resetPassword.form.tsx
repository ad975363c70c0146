import { getFormProps } from "@conform-to/react";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/lib/translate";
import * as s from "~/features/auth/auth.css";
import { AccountField, CodeField, NewPasswordFields } from "~/features/auth/account-fields";
import { FormError } from "~/components/form/field";
import { useAuthForm } from "~/features/auth/use-auth-form";
import { useCodeSender } from "~/components/code-button";
import { type AccountKind } from "~/features/auth/constants";
import { button } from "~/styles/ui.css";
import type { action, loader } from "./resetPassword";

/** The form of the resetPassword screen, hydrated after the rest of it (app/lib/hydrate-later.tsx). */
export function ResetForm({ kind }: { kind: AccountKind }) {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("auth");
  const { form, fields, checkAccount, accountRef, busy } = useAuthForm({
    id: "reset",
    kind,
    schema: (v, t) => v.resetSchema(t, kind),
    accountSchema: (v, t) => v.sendCodeSchema(t, kind, { loose: true }),
    lastResult: actionData?.result,
    defaultValue: { account: data.account },
    constraint: data.constraint,
  });
  const sender = useCodeSender({
    account: String(fields.account.value ?? ""),
    serverResult: actionData?.codeSend,
    startCountdown: data.sent,
  });

  return (
    <main className={s.page}>
      <div className={s.card}>
        <h1 className={s.title}>{t("reset.title")}</h1>
        <p className={s.intro}>{t("reset.intro")}</p>
        <Form method="post" {...getFormProps(form)}>
          <button type="submit" name="intent" value="reset" tabIndex={-1} aria-hidden="true" className={s.defaultSubmit}>
            {t("reset.submit")}
          </button>
          <input type="hidden" name="type" value={kind} />
          <FormError id={form.errorId} errors={form.errors} />
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
            labels={{ password: t("fields.newPassword"), repeat: t("fields.confirmPassword") }}
          />
          <button type="submit" name="intent" value="reset" className={`${button.primary} ${s.submit}`} aria-disabled={busy || undefined}>
            {busy ? t("reset.submitting") : t("reset.submit")}
          </button>
        </Form>
        <p className={s.footerLine}>
          <Link to="/forgetPassword">{t("reset.restart")}</Link> · <Link to="/login">{t("forgot.backToLogin")}</Link>
        </p>
      </div>
    </main>
  );
}
