import { getFormProps } from "@conform-to/react";
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/lib/translate";
import * as s from "~/styles/card-page.css";
import { ACCOUNT_FORM_FIELDS, authT, refused, replyWithRefusal, SECRET_FIELDS, startAuthAction } from "~/features/auth/auth.server";
import { AccountField, CodeField, NewPasswordFields } from "~/features/auth/account-fields";
import { FormError } from "~/components/form/field";
import { useAuthForm } from "~/features/auth/use-auth-form";
import { CODE_TYPE } from "~/contract/core/codes";
import { api } from "~/lib/api.server";
import { accountKindFrom, type AccountKind } from "~/features/auth/constants";
import { authConstraint, parseReset } from "~/features/auth/forms.server";
import { getToken, redirectWithToast } from "~/lib/session.server";
import { button } from "~/styles/ui.css";
import { GeneralErrorBoundary } from "~/components/error-boundary";

export async function loader({ request }: LoaderFunctionArgs) {
  if (await getToken(request)) throw redirect("/home");
  const url = new URL(request.url);
  const t = await authT(request);
  const kind = accountKindFrom(url.searchParams.get("type"), true);
  return {
    title: t("reset.title"),
    kind,
    account: url.searchParams.get("account") ?? "",
    /** A code was just sent by step 1: start the countdown. */
    sent: url.searchParams.get("sent") === "1",
    constraint: authConstraint("reset", kind),
  };
}

/** Step 2: code, new password and confirmation → user/forget_password. */
export async function action({ request, context }: ActionFunctionArgs) {
  const args = { request, context };
  const { answer, formData, t, kind } = await startAuthAction(args, {
    limit: "resetPassword",
    code: CODE_TYPE.FORGOT_PASSWORD,
    loose: true,
  });
  if (answer) return answer;

  const submission = parseReset(formData, t, kind);
  if (submission.status !== "success") return refused(submission.reply({ hideFields: SECRET_FIELDS }));
  const v = submission.value;
  const reset = await api(args, "forgetPassword", {
    account: v.account,
    new_password: v.password,
    secondary_password: v.re_password,
    type: kind,
    auth_code: v.sms_code,
  });
  if (!reset.ok) return refused(replyWithRefusal(formData, reset, ACCOUNT_FORM_FIELDS));
  return redirectWithToast(request, `/login?${new URLSearchParams({ account: v.account })}`, {
    kind: "success",
    message: t("reset.success"),
  });
}

export default function ResetPasswordRoute() {
  const data = useLoaderData<typeof loader>();
  return <ResetForm key={data.kind} kind={data.kind} />;
}

function ResetForm({ kind }: { kind: AccountKind }) {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation("auth");
  const auth = useAuthForm({
    id: "reset",
    kind,
    schema: (v, t) => v.resetSchema(t, kind),
    accountSchema: (v, t) => v.sendCodeSchema(t, kind, { loose: true }),
    defaultValue: { account: data.account },
    constraint: data.constraint,
  });
  const { form, fields, busy } = auth;

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
          <AccountField kind={kind} auth={auth} />
          <CodeField auth={auth} startCountdown={data.sent} />
          <NewPasswordFields fields={fields} labels={{ password: t("fields.newPassword"), repeat: t("fields.confirmPassword") }} />
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

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "Reset password" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
