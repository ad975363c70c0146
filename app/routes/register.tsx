import { getFormProps, getInputProps, getSelectProps } from "@conform-to/react";
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { Trans, useTranslation } from "~/lib/translate";
import * as s from "~/styles/card-page.css";
import { ACCOUNT_FORM_FIELDS, authT, refused, replyWithRefusal, SECRET_FIELDS, startAuthAction } from "~/features/auth/auth.server";
import { AccountField, CodeField, NewPasswordFields } from "~/features/auth/account-fields";
import { CountrySelect } from "~/components/form/country-select";
import { CheckboxField, FormError, TextField } from "~/components/form/field";
import { AccountTabs } from "~/features/auth/tabs";
import { useAuthForm } from "~/features/auth/use-auth-form";
import { CODE_TYPE } from "~/contract/core/codes";
import { api, dataOr } from "~/lib/api.server";
import { accountKindFrom, type AccountKind } from "~/features/auth/constants";
import { authConstraint, parseRegister } from "~/features/auth/forms.server";
import { getToken, redirectWithToast } from "~/lib/session.server";
import { button } from "~/styles/ui.css";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { pageMeta } from "~/lib/page-meta";

/** The user agreement: article 66 in category 26 (docs/product.md, "/register"). */
const AGREEMENT_HREF = "/notice?id=66&category_id=26";

/** `?extension_code=` (an invitation link) fixes the invite code. */
function lockedInviteCode(request: Request): string | null {
  const code = new URL(request.url).searchParams.get("extension_code")?.trim();
  return code ? code.slice(0, 32) : null;
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  if (await getToken(request)) throw redirect("/home");
  const url = new URL(request.url);
  const kind = accountKindFrom(url.searchParams.get("tab"), true);
  const areas = kind === "mobile" ? dataOr(await api({ request, context }, "areaList", {}), []) : [];
  const t = await authT(request);
  return {
    title: t("register.title"),
    description: t("register.description"),
    kind,
    areas,
    inviteCode: lockedInviteCode(request),
    constraint: authConstraint("register", kind),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const args = { request, context };
  const { answer, formData, t, kind } = await startAuthAction(args, { limit: "register", code: CODE_TYPE.REGISTER });
  if (answer) return answer;

  const submission = parseRegister(formData, t, kind);
  if (submission.status !== "success") return refused(submission.reply({ hideFields: SECRET_FIELDS }));
  const v = submission.value;
  const registered = await api(args, "register", {
    account: v.account,
    password: v.password,
    re_password: v.re_password,
    invite_code: lockedInviteCode(request) ?? v.invite_code,
    area_id: kind === "mobile" ? v.area_id : undefined,
    sms_code: v.sms_code,
    type: kind,
  });
  if (!registered.ok) return refused(replyWithRefusal(formData, registered, ACCOUNT_FORM_FIELDS));
  // A phone sign-up lands on the phone tab with its number and country, ready to sign in.
  const to = `/login?${new URLSearchParams({
    account: v.account,
    ...(kind === "mobile" ? { tab: kind, ...(v.area_id ? { area: String(v.area_id) } : {}) } : {}),
  })}`;
  return redirectWithToast(request, to, { kind: "success", message: t("register.success") });
}

export default function RegisterRoute() {
  const data = useLoaderData<typeof loader>();
  return <RegisterForm key={data.kind} kind={data.kind} />;
}

function RegisterForm({ kind }: { kind: AccountKind }) {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation("auth");
  const auth = useAuthForm({
    id: "register",
    kind,
    schema: (v, t) => v.registerSchema(t, kind),
    accountSchema: (v, t) => v.sendCodeSchema(t, kind),
    defaultValue: { agreement: "on", invite_code: data.inviteCode ?? "", area_id: data.areas[0]?.id },
    constraint: data.constraint,
  });
  const { form, fields, busy } = auth;
  const inviteNoteId = `${fields.invite_code.id}-note`;

  return (
    <main className={s.page}>
      <div className={s.card}>
        <h1 className={s.title}>{t("register.title")}</h1>
        <AccountTabs current={kind} phone />
        <Form method="post" {...getFormProps(form)}>
          {/* Enter in a field submits with the first submit button: make that one "sign up", not "send code". */}
          <button type="submit" name="intent" value="register" tabIndex={-1} aria-hidden="true" className={s.defaultSubmit}>
            {t("register.submit")}
          </button>
          <input type="hidden" name="type" value={kind} />
          <FormError id={form.errorId} errors={form.errors} />
          {kind === "mobile" && data.areas.length ? (
            <CountrySelect areas={data.areas} selectProps={getSelectProps(fields.area_id)} field={fields.area_id} />
          ) : null}
          <AccountField kind={kind} auth={auth} />
          <CodeField auth={auth} />
          <NewPasswordFields fields={fields} labels={{ password: t("fields.password"), repeat: t("fields.repeatPassword") }} />
          <TextField
            label={t("fields.invite")}
            inputProps={{
              ...(data.inviteCode
                ? {
                    ...getInputProps(fields.invite_code, { type: "text", value: false, ariaDescribedBy: inviteNoteId }),
                    defaultValue: data.inviteCode,
                    readOnly: true,
                    "aria-readonly": true,
                    className: s.readOnly,
                  }
                : getInputProps(fields.invite_code, { type: "text" })),
              autoComplete: "off",
              maxLength: 32,
            }}
            hint={data.inviteCode ? t("hints.inviteLocked") : undefined}
            hintId={inviteNoteId}
            field={fields.invite_code}
          />
          <CheckboxField
            inputProps={{ ...getInputProps(fields.agreement, { type: "checkbox" }), required: true }}
            label={
              <>
                <Trans
                  t={t}
                  i18nKey="register.agree"
                  // eslint-disable-next-line jsx-a11y/anchor-has-content -- Trans puts the link text in.
                  components={{ terms: <a href={AGREEMENT_HREF} target="_blank" rel="noopener noreferrer" /> }}
                />
                <span className="sr-only"> ({t("common:footer.newWindow")})</span>
              </>
            }
            field={fields.agreement}
          />
          <button
            type="submit"
            name="intent"
            value="register"
            className={`${button.primary} ${s.submit}`}
            aria-disabled={busy || undefined}
          >
            {busy ? t("register.submitting") : t("register.submit")}
          </button>
        </Form>
        <p className={s.footerLine}>
          {t("register.haveAccount")} <Link to="/login">{t("register.login")}</Link>
        </p>
      </div>
    </main>
  );
}

export const meta: MetaFunction<typeof loader> = pageMeta("Sign up");

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
