import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { ownCodeWait, rememberOwnCodeSent } from "~/lib/code-wait.server";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import * as s from "~/features/assets/assets.css";
import { SentCodeField, useCodeSender, type CodeSendResult } from "~/components/code-button";
import { assetsT, constraintOf, parseForm, refusalReply, replyWith } from "~/features/assets/forms.server";
import { useAssetsValidate } from "~/features/assets/use-assets-validate";
import * as a from "~/styles/card-page.css";
import { FormError } from "~/components/form/field";
import { GoogleCodeField } from "~/components/form/google-code-field";
import { PasswordField } from "~/components/form/password-field";
import { CODE_TYPE } from "~/contract/core/codes";
import { api } from "~/lib/api.server";
import { rateLimit } from "~/lib/rate-limit.server";
import { safeRedirect } from "~/lib/safe-redirect";
import { redirectWithToast, requireToken } from "~/lib/session.server";
import { useTranslation } from "~/lib/translate";
import { lazyValidation } from "~/lib/use-lazy-validate";
import { button } from "~/styles/ui.css";
import { GeneralErrorBoundary } from "~/components/error-boundary";

const SECRET_FIELDS = ["password", "re_password"];
const FIELD_MESSAGES = {
  password: ["password_required", "password_length", "password_format", "password_simple"],
  re_password: ["repeat_password_required", "password_mismatch"],
  auth_code: ["code_required", "code_invalid", "code_locked"],
  google_code: ["google_code_required", "google_code_error", "google_code_used", "google_code_locked"],
};

/** /tradePassword: set or change the trade password with a code (type 3) sent to the user's own email. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireToken(request);
  const url = new URL(request.url);
  const [info, t, codeWait] = await Promise.all([
    api({ request, context }, "userInfo", {}),
    assetsT(request),
    ownCodeWait(request, "tradePassword"),
  ]);
  const has = info.ok ? info.data.has_pay_password : false;
  const to = info.ok ? info.data.email || info.data.mobile : "";
  return {
    title: t(has ? "tradePassword.titleChange" : "tradePassword.titleSet"),
    has,
    to,
    codeWait,
    googleOn: info.ok ? info.data.google_switch === 1 : false,
    page: safeRedirect(url.searchParams.get("page"), ""),
    constraint: constraintOf("tradePassword"),
    error: info.ok ? null : info.msg,
  };
}

type ActionData = { result: SubmissionResult<string[]> | null; codeSend: CodeSendResult | null };

export async function action({ request, context }: ActionFunctionArgs) {
  await requireToken(request);
  const args = { request, context };
  const formData = await request.formData();
  const t = await assetsT(request);

  if (formData.get("intent") === "send-code") {
    const info = await api(args, "userInfo", {});
    if (!info.ok)
      return data<ActionData>(
        { result: replyWith(formData, { hideFields: SECRET_FIELDS }), codeSend: { ok: false, message: info.msg } },
        { status: 400 },
      );
    const email = info.data.email;
    const to = email || info.data.mobile;
    const limited = await rateLimit("sendCode", context.clientIp, to);
    if (limited) {
      return data<ActionData>(
        {
          result: replyWith(formData, { hideFields: SECRET_FIELDS }),
          codeSend: {
            ok: false,
            message: t("common:errors.tooManyRequests", { seconds: limited.retryAfter, count: limited.retryAfter }),
            wait: limited.retryAfter,
          },
        },
        { status: 429, headers: { "Retry-After": String(limited.retryAfter) } },
      );
    }
    const r = email
      ? await api(args, "sendEmail", { to: email, type: CODE_TYPE.TRADE_PASSWORD })
      : await api(args, "sendSms", { to, type: CODE_TYPE.TRADE_PASSWORD, area_id: info.data.area_id ?? undefined });
    const codeSend: CodeSendResult = r.ok
      ? { ok: true, message: t("code.sentTo", { to }), sentAt: Date.now() }
      : { ok: false, message: r.msg, wait: r.reason?.wait };
    // 'Send code' is not the submit: without JavaScript the page comes back with the passwords already typed (this
    // answer is the user's own page, never stored), so the code is the only thing left to enter.
    const noStore = { "Cache-Control": "private, no-store" };
    return data<ActionData>(
      { result: replyWith(formData, {}), codeSend },
      r.ok ? { headers: { ...noStore, ...(await rememberOwnCodeSent(request, "tradePassword")) } } : { status: 400, headers: noStore },
    );
  }

  const submission = parseForm("tradePassword", formData, t);
  if (submission.status !== "success")
    return data<ActionData>({ result: submission.reply({ hideFields: SECRET_FIELDS }), codeSend: null }, { status: 400 });
  const v = submission.value;
  const r = await api(args, "amendPayPassword", {
    password: v.password,
    re_password: v.re_password,
    auth_code: v.auth_code,
    google_code: v.google_code,
  });
  if (!r.ok) {
    return data<ActionData>({ result: refusalReply(submission, r, FIELD_MESSAGES, SECRET_FIELDS), codeSend: null }, { status: 400 });
  }
  throw await redirectWithToast(request, safeRedirect(formData.get("page"), "/assets/withdraw"), {
    kind: "success",
    message: t("tradePassword.saved"),
  });
}

export default function TradePasswordRoute() {
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
            field={fields.password}
            hintId="pp-hint"
            hint={t("tradePassword.rules")}
          />
          <PasswordField
            label={t("fields.repeatPayPassword")}
            inputProps={{ ...getInputProps(fields.re_password, { type: "password" }), autoComplete: "new-password" }}
            field={fields.re_password}
          />
          <SentCodeField
            label={t("fields.emailCode")}
            field={fields.auth_code}
            sender={sender}
            ns="assets"
            hint={data.to ? t("tradePassword.codeTo", { to: data.to }) : undefined}
          />
          {data.googleOn ? (
            <GoogleCodeField
              label={t("withdraw.googleCode")}
              inputProps={getInputProps(fields.google_code, { type: "text" })}
              field={fields.google_code}
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

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "Trade password" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary back={{ href: "/assets", labelKey: "nav.assets" }} />;
}
