import { getFormProps, getInputProps } from "@conform-to/react";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/lib/translate";
import * as s from "~/styles/card-page.css";
import { authT, refused, replyWithFormError, type AuthActionData } from "~/features/auth/auth.server";
import { FormError, TextField } from "~/components/form/field";
import { AccountTabs } from "~/features/auth/tabs";
import { useAuthForm } from "~/features/auth/use-auth-form";
import { CODE_TYPE } from "~/contract/core/codes";
import { api } from "~/lib/api.server";
import { accountKindFrom, type AccountKind } from "~/features/auth/constants";
import { authConstraint, parseForgot } from "~/features/auth/forms.server";
import { rateLimit } from "~/lib/rate-limit.server";
import { getToken, redirectWithToast } from "~/lib/session.server";
import { button } from "~/styles/ui.css";
import { GeneralErrorBoundary } from "~/components/error-boundary";

export async function loader({ request }: LoaderFunctionArgs) {
  if (await getToken(request)) throw redirect("/home");
  const url = new URL(request.url);
  const t = await authT(request);
  const kind = accountKindFrom(url.searchParams.get("tab"), true);
  return { title: t("forgot.title"), kind, account: url.searchParams.get("account") ?? "", constraint: authConstraint("forgot", kind) };
}

/** Step 1 of the reset: check the account (loose rule), send a code of type 2, go to step 2. */
export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await request.formData();
  const t = await authT(request);
  const kind = accountKindFrom(String(formData.get("type") ?? ""), true);
  const submission = parseForgot(formData, t, kind);
  if (submission.status !== "success") return refused(submission.reply());
  const { account } = submission.value;
  const limited = await rateLimit("sendCode", context.clientIp, account);
  if (limited) {
    return data<AuthActionData>(
      {
        result: replyWithFormError(
          formData,
          t("common:errors.tooManyRequests", { seconds: limited.retryAfter, count: limited.retryAfter }),
        ),
        codeSend: null,
      },
      { status: 429, headers: { "Retry-After": String(limited.retryAfter) } },
    );
  }
  const args = { request, context };
  const sent =
    kind === "email"
      ? await api(args, "sendEmail", { to: account, type: CODE_TYPE.FORGOT_PASSWORD })
      : await api(args, "sendSms", { to: account, type: CODE_TYPE.FORGOT_PASSWORD });
  if (!sent.ok) return refused(submission.reply({ fieldErrors: { account: [sent.msg] } }));
  const to = `/resetPassword?${new URLSearchParams({ account, type: kind, sent: "1" })}`;
  return redirectWithToast(request, to, { kind: "success", message: t("code.sent", { account }) });
}

export default function ForgetPasswordRoute() {
  const data = useLoaderData<typeof loader>();
  return <ForgotForm key={data.kind} kind={data.kind} />;
}

function ForgotForm({ kind }: { kind: AccountKind }) {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation("auth");
  const { form, fields, busy } = useAuthForm({
    id: "forgot",
    kind,
    schema: (v, t) => v.forgotSchema(t, kind),
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
            field={fields.account}
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

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "Forgot password" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
