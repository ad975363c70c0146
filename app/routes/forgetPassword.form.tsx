import { getFormProps, getInputProps } from "@conform-to/react";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/lib/translate";
import * as s from "~/features/auth/auth.css";
import { FormError, TextField } from "~/components/form/field";
import { AccountTabs } from "~/features/auth/tabs";
import { useAuthForm } from "~/features/auth/use-auth-form";
import { type AccountKind } from "~/features/auth/constants";
import { button } from "~/styles/ui.css";
import type { action, loader } from "./forgetPassword";

/** The form of the forgetPassword screen, hydrated after the rest of it (app/lib/hydrate-later.tsx). */
export function ForgotForm({ kind }: { kind: AccountKind }) {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("auth");
  const { form, fields, busy } = useAuthForm({
    id: "forgot",
    kind,
    schema: (v, t) => v.forgotSchema(t, kind),
    lastResult: actionData?.result,
    defaultValue: { account: data.account },
    constraint: data.constraint,
  });
  const introId = `${form.id}-intro`;

  return (
    <main className={s.page}>
      <div className={s.card}>
        <h1 className={s.title}>{t("forgot.title")}</h1>
        <p id={introId} className={s.intro}>
          {t("forgot.intro")}
        </p>
        <AccountTabs current={kind} phone />
        <Form method="post" {...getFormProps(form)}>
          <input type="hidden" name="type" value={kind} />
          <FormError id={form.errorId} errors={form.errors} />
          <TextField
            label={t(kind === "mobile" ? "fields.mobile" : "fields.email")}
            inputProps={{
              ...getInputProps(fields.account, { type: kind === "mobile" ? "tel" : "email" }),
              required: true,
              autoComplete: "username",
              inputMode: kind === "mobile" ? "numeric" : "email",
              spellCheck: false,
              autoCapitalize: "none",
            }}
            errorId={fields.account.errorId}
            errors={fields.account.errors}
          />
          <button type="submit" className={`${button.primary} ${s.submit}`} aria-disabled={busy || undefined}>
            {busy ? t("code.sending") : t("forgot.submit")}
          </button>
        </Form>
        <p className={s.footerLine}>
          <Link to="/login">{t("forgot.backToLogin")}</Link>
        </p>
      </div>
    </main>
  );
}
