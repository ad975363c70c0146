import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { CodeButton, CodeStatus, useCodeSender, type CodeSendResult } from "~/components/code-button";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { FormError, TextField } from "~/components/form/field";
import { BIND_CODE_MAX, BIND_EMAIL_MAX } from "~/contract/core/personal";
import * as a from "~/features/auth/auth.css";
import { CountrySelect } from "~/features/auth/country-select";
import { getT } from "~/lib/i18next.server";
import { api } from "~/lib/api.server";
import { rateLimit } from "~/lib/rate-limit.server";
import { redirectWithToast, requireToken } from "~/lib/session.server";
import { useTranslation } from "~/lib/translate";
import { button } from "~/styles/ui.css";

type Kind = "email" | "mobile";
type Values = { value: string; area_id: string; code: string };
type ActionData = {
  kind: Kind;
  fieldErrors: { value?: string; code?: string };
  formError: string | null;
  values: Values;
  codeSend: CodeSendResult | null;
};

const kindOf = (v: unknown): Kind => (v === "mobile" ? "mobile" : "email");

/**
 * /bindAccount (docs/product.md, "/bindAccount"): bind the email or phone the account does not have yet, with a code
 * (type 4) sent there. Binding holds withdrawals for 24 hours, like the other security changes.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireToken(request, { returnTo: "/bindAccount" });
  const args = { request, context };
  const [t, info] = await Promise.all([getT(request, "kyc"), api(args, "userInfo", {})]);
  if (!info.ok) return data({ title: t("bind.title"), kind: "email" as Kind, areas: [], error: info.msg, done: false });
  // The missing one; both bound: nothing left to do here.
  const kind: Kind | null = !info.data.email ? "email" : !info.data.mobile ? "mobile" : null;
  if (!kind) return data({ title: t("bind.title"), kind: "email" as Kind, areas: [], error: null, done: true });
  const areas = kind === "mobile" ? await api(args, "areaList", {}) : null;
  return data(
    {
      title: t(kind === "email" ? "bind.titleEmail" : "bind.titleMobile"),
      kind,
      areas: areas?.ok ? areas.data : [],
      error: null,
      done: false,
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requireToken(request, { returnTo: "/bindAccount" });
  const form = await request.formData();
  const args = { request, context };
  const t = await getT(request, "kyc");
  const kind = kindOf(form.get("kind"));
  const values: Values = {
    value: String(form.get("value") ?? "")
      .trim()
      .slice(0, 254),
    area_id: String(form.get("area_id") ?? "").slice(0, 8),
    code: String(form.get("code") ?? "")
      .trim()
      .slice(0, 32),
  };
  const reply = (part: Partial<ActionData>, status = 400) =>
    data<ActionData>({ kind, fieldErrors: {}, formError: null, values, codeSend: null, ...part }, { status });
  const area = Number.parseInt(values.area_id, 10);
  const areaId = kind === "mobile" && Number.isInteger(area) && area > 0 ? area : undefined;
  const valueField = (field: string | undefined) => field === "user_string" || field === "email" || field === "mobile";

  if (form.get("intent") === "send-code") {
    const limited = await rateLimit("sendCode", context.clientIp, values.value);
    if (limited)
      return reply(
        {
          codeSend: {
            ok: false,
            message: t("common:errors.tooManyRequests", { seconds: limited.retryAfter, count: limited.retryAfter }),
            wait: limited.retryAfter,
          },
        },
        429,
      );
    const r = await api(args, "sendBindCode", { user_string: values.value, area_id: areaId });
    if (!r.ok)
      return valueField(r.reason?.field)
        ? reply({ fieldErrors: { value: r.msg } })
        : reply({ codeSend: { ok: false, message: r.msg, account: values.value, wait: r.reason?.wait } });
    return reply(
      { codeSend: { ok: true, message: t("bind.codeSent", { to: values.value }), account: values.value, sentAt: Date.now() } },
      200,
    );
  }

  const r =
    kind === "email"
      ? await api(args, "bindEmail", { email: values.value, code: values.code })
      : await api(args, "bindMobile", { mobile: values.value, area_id: areaId, code: values.code });
  if (!r.ok) {
    const field = r.reason?.field;
    return reply(
      valueField(field) ? { fieldErrors: { value: r.msg } } : field === "code" ? { fieldErrors: { code: r.msg } } : { formError: r.msg },
    );
  }
  throw await redirectWithToast(request, "/personal/accountSettings", {
    kind: "success",
    message: t(kind === "email" ? "bind.emailBound" : "bind.mobileBound"),
  });
}

export default function BindAccountRoute() {
  const d = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("kyc");
  const busy = useNavigation().state === "submitting";
  const values = actionData?.values;
  const errors = actionData?.fieldErrors ?? {};
  const sender = useCodeSender({ account: values?.value, serverResult: actionData?.codeSend });
  const email = d.kind === "email";
  return (
    <main className={a.page}>
      <div className={a.card}>
        <h1 className={a.title}>{d.title}</h1>
        {d.error ? <p role="alert">{d.error}</p> : null}
        {d.done ? (
          <p role="status">
            {t("bind.allBound")} <Link to="/personal/accountSettings">{t("account.title")}</Link>
          </p>
        ) : (
          <Form method="post">
            {/* Enter in a field binds (the first submit button), it does not send a code. */}
            <button type="submit" name="intent" value="bind" tabIndex={-1} aria-hidden="true" className={a.defaultSubmit}>
              {t("bind.submit")}
            </button>
            <input type="hidden" name="kind" value={d.kind} />
            <p className={a.intro}>{t("bind.intro")}</p>
            <FormError id="bind-form-error" errors={actionData?.formError ? [actionData.formError] : undefined} />
            {!email && d.areas.length ? (
              <CountrySelect
                areas={d.areas}
                selectProps={{ id: "bind-area", name: "area_id", defaultValue: values?.area_id || String(d.areas[0]?.id ?? "") }}
                errorId="bind-area-error"
              />
            ) : null}
            <TextField
              label={t(email ? "bind.email" : "bind.mobile")}
              inputProps={{
                id: "bind-value",
                name: "value",
                type: email ? "email" : "tel",
                inputMode: email ? "email" : "numeric",
                autoComplete: email ? "email" : "tel-national",
                required: true,
                maxLength: email ? BIND_EMAIL_MAX : 20,
                defaultValue: values?.value ?? "",
                "aria-invalid": errors.value ? true : undefined,
                "aria-describedby": "bind-value-error",
              }}
              errorId="bind-value-error"
              errors={errors.value ? [errors.value] : undefined}
            />
            <TextField
              label={t("bind.code")}
              inputProps={{
                id: "bind-code",
                name: "code",
                inputMode: "numeric",
                autoComplete: "one-time-code",
                maxLength: BIND_CODE_MAX,
                defaultValue: values?.code ?? "",
                "aria-invalid": errors.code ? true : undefined,
                "aria-describedby": "bind-code-error bind-code-status",
              }}
              errorId="bind-code-error"
              errors={errors.code ? [errors.code] : undefined}
              extra={<CodeStatus sender={sender} id="bind-code-status" />}
              after={<CodeButton sender={sender} statusId="bind-code-status" ns="auth" />}
            />
            <button type="submit" name="intent" value="bind" className={`${button.primary} ${a.submit}`} aria-disabled={busy || undefined}>
              {t("bind.submit")}
            </button>
          </Form>
        )}
      </div>
    </main>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "Bind account" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary back={{ href: "/personal/accountSettings", labelKey: "user.accountSettings" }} />;
}
