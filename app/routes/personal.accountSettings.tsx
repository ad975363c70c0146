import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { FormError } from "~/components/form/field";
import { PasswordField } from "~/components/form/password-field";
import { REVIEW_STATUS } from "~/contract/core/personal";
import { missingProtections, securityGrade, securityScore, SECURITY_STEP, type SecurityFacts } from "~/contract/core/security";
import { CopyButton } from "~/features/assets/copy-button";
import * as a from "~/features/auth/auth.css";
import * as k from "~/features/personal/kyc.css";
import { getT } from "~/lib/i18next.server";
import { api } from "~/lib/api.server";
import { redirectWithToast, requireToken } from "~/lib/session.server";
import { useTranslation } from "~/lib/translate";
import { button } from "~/styles/ui.css";

const RETURN_TO = "/personal/accountSettings";
const PASSWORD_FIELDS = ["old_password", "new_password", "secondary_password"] as const;
type PasswordField = (typeof PASSWORD_FIELDS)[number];
type ActionData = { fieldErrors: Partial<Record<PasswordField, string>>; formError: string | null };

/**
 * /personal/accountSettings (docs/product.md, "/personal/accountSettings"): the security bar, invite code and link,
 * the bound email and phone, the login password change (every other session is signed out and withdrawals are
 * held 24 h), the trade password, and the authorization code an operator asks for to make the user an agent.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireToken(request, { returnTo: RETURN_TO });
  const args = { request, context };
  const [t, info, auth] = await Promise.all([getT(request, "kyc"), api(args, "userInfo", {}), api(args, "authorizationCode", {})]);
  if (!info.ok)
    return data({ title: t("account.title"), user: null, error: info.msg }, { headers: { "Cache-Control": "private, no-store" } });
  const u = info.data;
  // What protects the account, counted (app/contract/core/security.ts; docs/product.md).
  const protections: SecurityFacts = {
    authenticator: u.google_switch === 1,
    tradePassword: u.has_pay_password,
    phone: Boolean(u.mobile),
    email: Boolean(u.email),
    identity: u.review_status === REVIEW_STATUS.APPROVED,
  };
  const score = securityScore(protections);
  const origin = new URL(request.url).origin;
  return data(
    {
      title: t("account.title"),
      user: {
        email: u.email,
        mobile: u.mobile,
        inviteCode: u.invite_code,
        inviteLink: `${origin}/register?extension_code=${encodeURIComponent(u.invite_code)}`,
        hasPayPassword: u.has_pay_password,
        identity: u.review_status,
        score,
        grade: securityGrade(score),
        protections,
        missing: missingProtections(protections),
        authorizationCode: auth.ok ? auth.data.code : "",
      },
      error: null,
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requireToken(request, { returnTo: RETURN_TO });
  const form = await request.formData();
  const t = await getT(request, "kyc");
  const value = (name: PasswordField) => String(form.get(name) ?? "").slice(0, 64);
  const payload = {
    old_password: value("old_password"),
    new_password: value("new_password"),
    secondary_password: value("secondary_password"),
  };
  // The exchange checks the rules (docs/product.md, "Personal centre") and answers with the field a refusal concerns.
  const r = await api({ request, context }, "amendPassword", payload);
  if (!r.ok) {
    const field = r.reason?.field as PasswordField | undefined;
    return data<ActionData>(
      field && PASSWORD_FIELDS.includes(field)
        ? { fieldErrors: { [field]: r.msg }, formError: null }
        : { fieldErrors: {}, formError: r.msg },
      { status: 400 },
    );
  }
  throw await redirectWithToast(request, RETURN_TO, {
    kind: "success",
    message: t("account.passwordChanged", { count: r.data.signed_out }),
  });
}

export default function AccountSettingsRoute() {
  const d = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("kyc");
  const busy = useNavigation().state === "submitting";
  const u = d.user;
  const errors = actionData?.fieldErrors ?? {};
  const passwordInput = (name: PasswordField, autoComplete: string) => ({
    id: `pw-${name}`,
    name,
    type: "password" as const,
    required: true,
    maxLength: 64,
    autoComplete,
    "aria-invalid": errors[name] ? true : undefined,
    "aria-describedby": `pw-${name}-error`,
  });
  return (
    <main className={a.page}>
      <div className={a.card}>
        <h1 className={a.title}>{d.title}</h1>
        {d.error ? <p role="alert">{d.error}</p> : null}
        {u ? (
          <>
            <section aria-labelledby="security-title">
              <h2 id="security-title" className={k.subtitle}>
                {t("account.security")}
              </h2>
              <p className={k.meterLine}>
                <label htmlFor="security-meter">{t(`account.grade.${u.grade}`)}</label>
                <meter id="security-meter" className={k.meter} min={0} max={100} low={40} high={80} optimum={100} value={u.score}>
                  {u.score}
                </meter>
                <span data-testid="security-score">{u.score} / 100</span>
              </p>
              <p className={k.hint} id="security-rule">
                {t("account.securityRule", { points: SECURITY_STEP })}
              </p>
              {u.missing.length ? (
                <p className={k.hint} data-testid="security-missing">
                  {t("account.securityMissing", { list: u.missing.map((p) => t(`account.protection.${p}`)).join(", ") })}
                </p>
              ) : null}
              <ul className={k.protections} aria-describedby="security-rule">
                <Protection on={u.protections.authenticator} name={t("account.protection.authenticator")}>
                  <Link to="/personal/googleAuth">{u.protections.authenticator ? t("account.manage") : t("account.turnOn")}</Link>
                </Protection>
                <Protection on={u.protections.tradePassword} name={t("account.protection.tradePassword")}>
                  <Link to={`/tradePassword?page=${encodeURIComponent(RETURN_TO)}`}>
                    {u.hasPayPassword ? t("account.change") : t("account.set")}
                  </Link>
                </Protection>
                <Protection on={u.protections.phone} name={t("account.protection.phone")} value={u.mobile}>
                  {u.mobile ? null : <Link to="/bindAccount">{t("account.bindMobile")}</Link>}
                </Protection>
                <Protection on={u.protections.email} name={t("account.protection.email")} value={u.email}>
                  {u.email ? null : <Link to="/bindAccount">{t("account.bindEmail")}</Link>}
                </Protection>
                <Protection
                  on={u.protections.identity}
                  name={t("account.protection.identity")}
                  value={t(`account.identityStatus.${u.identity}`)}
                >
                  <Link to="/personal/authentication">{u.protections.identity ? t("account.view") : t("common:user.authentication")}</Link>
                </Protection>
              </ul>
              <dl className={k.limits}>
                <dt>{t("account.sessions")}</dt>
                <dd>
                  <Link to="/personal/sessions">{t("account.manage")}</Link>
                </dd>
                <dt>{t("account.log")}</dt>
                <dd>
                  <Link to="/personal/transactionLog">{t("account.view")}</Link>
                </dd>
              </dl>
            </section>

            <section aria-labelledby="invite-title">
              <h2 id="invite-title" className={k.subtitle}>
                {t("account.invite")}
              </h2>
              <dl className={k.limits}>
                <dt>{t("account.inviteCode")}</dt>
                <dd className={k.copyLine}>
                  <code className={k.secret}>{u.inviteCode}</code>
                  <CopyButton text={u.inviteCode} label={t("account.copyInviteCode")} />
                </dd>
                <dt>{t("account.inviteLink")}</dt>
                <dd className={k.copyLine}>
                  <code className={k.secret}>{u.inviteLink}</code>
                  <CopyButton text={u.inviteLink} label={t("account.copyInviteLink")} />
                </dd>
                <dt>{t("account.authorizationCode")}</dt>
                <dd className={k.copyLine}>
                  <code className={k.secret}>{u.authorizationCode}</code>
                  <CopyButton text={u.authorizationCode} label={t("account.copyAuthorizationCode")} />
                </dd>
              </dl>
              <p className={k.hint}>{t("account.authorizationHint")}</p>
            </section>

            <Form method="post" aria-labelledby="password-title">
              <h2 id="password-title" className={k.subtitle}>
                {t("account.changePassword")}
              </h2>
              <p className={a.intro}>{t("account.changePasswordIntro")}</p>
              <FormError id="pw-form-error" errors={actionData?.formError ? [actionData.formError] : undefined} />
              <PasswordField
                label={t("account.oldPassword")}
                inputProps={passwordInput("old_password", "current-password")}
                errorId="pw-old_password-error"
                errors={errors.old_password ? [errors.old_password] : undefined}
              />
              <PasswordField
                label={t("account.newPassword")}
                inputProps={passwordInput("new_password", "new-password")}
                errorId="pw-new_password-error"
                errors={errors.new_password ? [errors.new_password] : undefined}
              />
              <PasswordField
                label={t("account.repeatPassword")}
                inputProps={passwordInput("secondary_password", "new-password")}
                errorId="pw-secondary_password-error"
                errors={errors.secondary_password ? [errors.secondary_password] : undefined}
              />
              <button type="submit" className={`${button.primary} ${a.submit}`} aria-disabled={busy || undefined}>
                {t("account.changePassword")}
              </button>
            </Form>
          </>
        ) : null}
      </div>
    </main>
  );
}

/** One protection of the security level: on (with its value) or missing, and the way to set it up or manage it. */
function Protection({ on, name, value, children }: { on: boolean; name: string; value?: string; children?: React.ReactNode }) {
  const { t } = useTranslation("kyc");
  return (
    <li className={k.protection}>
      <span className={on ? k.protectionOn : k.protectionOff} aria-hidden="true">
        {on ? "✓" : "✗"}
      </span>
      <span className={k.protectionName}>
        {name}
        <span className="sr-only">: </span>
        <span className={k.hint}>{value || (on ? t("account.protected") : t("account.missing"))}</span>
      </span>
      {children ? <span>{children}</span> : null}
    </li>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "Account settings" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary back={{ href: "/home", labelKey: "nav.home" }} />;
}
