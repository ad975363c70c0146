import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import * as s from "~/features/assets/assets.css";
import { CodeButton, CodeStatus, useCodeSender } from "~/components/code-button";
import { useAssetsValidate } from "~/features/assets/use-assets-validate";
import * as a from "~/features/auth/auth.css";
import { FormError, TextField } from "~/components/form/field";
import { GoogleCodeField } from "~/components/form/google-code-field";
import { PasswordField } from "~/components/form/password-field";
import { useTranslation } from "~/lib/translate";
import { lazyValidation } from "~/lib/use-lazy-validate";
import { button } from "~/styles/ui.css";
import type { action, loader } from "./tradePassword";

/** The form of the tradePassword screen, hydrated after the rest of it (app/lib/hydrate-later.tsx). */
export function TradePasswordScreen() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("assets");
  const navigation = useNavigation();
  const validate = useAssetsValidate("tradePassword");
  const [form, fields] = useForm({
    id: "trade-password",
    lastResult: actionData?.result ?? undefined,
    constraint: data.constraint,
    ...lazyValidation(validate),
  });
  const sender = useCodeSender({ serverResult: actionData?.codeSend, initialWait: data.codeWait });
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "save";
  const statusId = `${fields.auth_code.id}-status`;
  return (
    <main className={a.page}>
      <div className={a.card}>
        <h1 className={a.title}>{data.title}</h1>
        <p className={a.intro}>{t(data.has ? "tradePassword.introChange" : "tradePassword.introSet")}</p>
        {data.error ? <p role="alert">{data.error}</p> : null}
        <Form method="post" {...getFormProps(form)}>
          <button type="submit" name="intent" value="save" tabIndex={-1} aria-hidden="true" className={s.visuallyHidden}>
            {t("tradePassword.submit")}
          </button>
          <input type="hidden" name="page" value={data.page} />
          <FormError id={form.errorId} errors={form.errors} />
          <PasswordField
            label={t("fields.newPayPassword")}
            inputProps={{
              ...getInputProps(fields.password, { type: "password", ariaDescribedBy: "pp-hint" }),
              autoComplete: "new-password",
            }}
            errorId={fields.password.errorId}
            errors={fields.password.errors}
            hintId="pp-hint"
            hint={t("tradePassword.rules")}
          />
          <PasswordField
            label={t("fields.repeatPayPassword")}
            inputProps={{ ...getInputProps(fields.re_password, { type: "password" }), autoComplete: "new-password" }}
            errorId={fields.re_password.errorId}
            errors={fields.re_password.errors}
          />
          <TextField
            label={t("fields.emailCode")}
            inputProps={{
              ...getInputProps(fields.auth_code, { type: "text", ariaDescribedBy: statusId }),
              autoComplete: "one-time-code",
              inputMode: "numeric",
              maxLength: 16,
            }}
            errorId={fields.auth_code.errorId}
            errors={fields.auth_code.errors}
            hint={data.to ? t("tradePassword.codeTo", { to: data.to }) : undefined}
            extra={<CodeStatus sender={sender} id={statusId} />}
            after={<CodeButton sender={sender} statusId={statusId} ns="assets" />}
          />
          {data.googleOn ? (
            <GoogleCodeField
              label={t("withdraw.googleCode")}
              inputProps={getInputProps(fields.google_code, { type: "text" })}
              errorId={fields.google_code.errorId}
              errors={fields.google_code.errors}
            />
          ) : null}
          <button type="submit" name="intent" value="save" className={`${button.primary} ${a.submit}`} aria-disabled={busy || undefined}>
            {busy ? t("actions.submitting") : t("tradePassword.submit")}
          </button>
        </Form>
        <p className={a.footerLine}>
          <Link to="/assets/withdraw">{t("tradePassword.toWithdraw")}</Link>
        </p>
      </div>
    </main>
  );
}
