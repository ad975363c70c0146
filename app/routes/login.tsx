import { getFormProps, getInputProps, getSelectProps } from "@conform-to/react";
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/lib/translate";
import * as s from "~/styles/card-page.css";
import {
  authT,
  readRememberedAccount,
  refused,
  rememberAccountHeader,
  replyWithFormError,
  startAuthAction,
} from "~/features/auth/auth.server";
import { AccountField, CodeField } from "~/features/auth/account-fields";
import { popupSeenCookie } from "~/features/home/popup-rules";
import { CountrySelect } from "~/components/form/country-select";
import { CheckboxField, FormError } from "~/components/form/field";
import { GoogleCodeField } from "~/components/form/google-code-field";
import { PasswordField } from "~/components/form/password-field";
import { AccountTabs } from "~/features/auth/tabs";
import { useAuthForm } from "~/features/auth/use-auth-form";
import { CODE_TYPE } from "~/contract/core/codes";
import { api, dataOr } from "~/lib/api.server";
import { accountKindFrom, type AccountKind } from "~/features/auth/constants";
import { authConstraint, parseLogin } from "~/features/auth/forms.server";
import { safeRedirect } from "~/lib/safe-redirect";
import { commitSession, getSession, getToken } from "~/lib/session.server";
import { button } from "~/styles/ui.css";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { pageMeta } from "~/lib/page-meta";

type Args = Pick<LoaderFunctionArgs, "request" | "context">;

/** SMS (code) login is a setting of the exchange: login_use_sms = '1'. */
async function smsLoginOn(args: Args) {
  const setting = await api(args, "setting", { key: "login_use_sms" });
  return setting.ok && String(setting.data ?? "") === "1";
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  if (await getToken(request)) throw redirect("/home");
  const url = new URL(request.url);
  const args = { request, context };
  const sms = await smsLoginOn(args);
  // A person signs in with the identifier they registered with: the phone tab is always there for password
  // sign-in (the code field joins it only while SMS sign-in is on), with its country picker.
  const remembered = readRememberedAccount(request);
  const account = url.searchParams.get("account") ?? remembered ?? "";
  // Without a tab asked for, a remembered (or just registered) phone number opens the phone tab.
  const kind = accountKindFrom(url.searchParams.get("tab") ?? (account && !account.includes("@") ? "mobile" : null), true);
  const areas = kind === "mobile" ? dataOr(await api(args, "areaList", {}), []) : [];
  const area = Number(url.searchParams.get("area"));
  const t = await authT(request);
  return {
    title: t("login.title"),
    description: t("login.description"),
    kind,
    sms,
    areas,
    // The country chosen at registration (register passes it on), else the list's first.
    areaId: areas.find((a) => a.id === area)?.id ?? areas[0]?.id,
    page: url.searchParams.get("page") ?? "",
    loggedOut: url.searchParams.get("type") === "1",
    account,
    remember: remembered !== null,
    constraint: authConstraint("login", kind, { sms }),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const args = { request, context };
  const sms = await smsLoginOn(args);
  const { answer, formData, t, kind } = await startAuthAction(args, { limit: "login", code: CODE_TYPE.LOGIN, sendsCode: sms });
  if (answer) return answer;

  const submission = parseLogin(formData, t, kind, { sms });
  if (submission.status !== "success") return refused(submission.reply({ hideFields: ["password"] }));
  const v = submission.value;
  const fail = (msg: string) => refused(replyWithFormError(formData, msg));

  let country_code: string | undefined;
  if (kind === "mobile") {
    const areas = dataOr(await api(args, "areaList", {}), []);
    country_code = areas.find((a) => a.id === v.area_id)?.global_code;
  }
  const login = await api(args, "login", {
    account: v.account,
    password: v.password,
    sms_code: v.sms_code,
    login_type: kind,
    country_code,
    google_code: v.google_code,
  });
  // The authenticator is on: the form comes back with its code field (the password is typed again, never sent back).
  if (!login.ok && login.reason?.field === "google_code") {
    return refused(submission.reply({ fieldErrors: { google_code: [login.msg] }, hideFields: ["password"] }), { google: true });
  }
  // A wrong or locked texted code goes on its field.
  if (!login.ok && login.reason?.field === "sms_code") {
    return refused(submission.reply({ fieldErrors: { sms_code: [login.msg] }, hideFields: ["password"] }));
  }
  if (!login.ok) return fail(login.msg);
  const token = login.data;
  const info = await api(args, "userInfo", {}, { token });
  if (!info.ok) return fail(info.msg);

  const session = await getSession(request);
  session.set("token", token);
  session.set("account", info.data.email || info.data.mobile || v.account);
  session.set("uid", info.data.uid || String(info.data.id));
  session.set("is_seller", info.data.is_seller);
  if (v.remember) session.set("remember", true);
  else session.unset("remember");
  const headers = new Headers();
  headers.append("Set-Cookie", await commitSession(request, session));
  headers.append("Set-Cookie", rememberAccountHeader(request, v.remember ? v.account : null));
  // Right after signing in, the home page's once-an-hour popup (a welcome that invites to create an account) stays shut.
  headers.append("Set-Cookie", popupSeenCookie());
  return redirect(safeRedirect(v.page, "/home"), { headers });
}

export default function LoginRoute() {
  const data = useLoaderData<typeof loader>();
  // A tab switch remounts the form: fresh fields, countdown reset.
  return <LoginForm key={data.kind} kind={data.kind} />;
}

function LoginForm({ kind }: { kind: AccountKind }) {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation("auth");
  const auth = useAuthForm({
    id: "login",
    kind,
    schema: (v, t) => v.loginSchema(t, kind, { sms: data.sms }),
    accountSchema: (v, t) => v.sendCodeSchema(t, kind),
    schemaDeps: [data.sms],
    defaultValue: { account: data.account, remember: data.remember ? "on" : undefined, area_id: data.areaId },
    constraint: data.constraint,
  });
  const { form, fields, busy, actionData } = auth;

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
            <CountrySelect areas={data.areas} selectProps={getSelectProps(fields.area_id)} field={fields.area_id} />
          ) : null}
          <AccountField kind={kind} auth={auth} />
          <PasswordField
            label={t("fields.password")}
            inputProps={{ ...getInputProps(fields.password, { type: "password" }), required: true, autoComplete: "current-password" }}
            field={fields.password}
          />
          {actionData?.google ? (
            <GoogleCodeField
              label={t("fields.googleCode")}
              inputProps={{ ...getInputProps(fields.google_code, { type: "text" }), autoFocus: true }}
              field={fields.google_code}
            />
          ) : null}
          {data.sms ? <CodeField auth={auth} /> : null}
          <div className={s.between}>
            <CheckboxField
              inputProps={getInputProps(fields.remember, { type: "checkbox" })}
              label={t("fields.remember")}
              field={fields.remember}
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

export const meta: MetaFunction<typeof loader> = pageMeta("Log in");

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
