import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { REVIEW_STATUS } from "~/contract/core/personal";
import { missingProtections, securityGrade, securityScore, type SecurityFacts } from "~/contract/core/security";
import { api } from "~/lib/api.server";
import { redirectWithToast, requireToken } from "~/lib/session.server";
import { constraintOf, kycT, parseForm, refusalReply } from "./forms.server";

const ACCOUNT_PATH = "/personal/accountSettings";
/** Never sent back to the page after a refusal. */
const SECRET_FIELDS = ["old_password", "new_password", "secondary_password"];
/** The exchange's refusals of a password change, by the field they concern (it names the field too). */
const FIELD_MESSAGES = {
  old_password: ["old_password_required", "old_password_incorrect"],
  new_password: ["password_required", "password_simple", "password_same"],
  secondary_password: ["password_mismatch"],
};

/**
 * /personal/accountSettings (docs/product.md, "/personal/accountSettings"): what protects the account, counted
 * (app/contract/core/security.ts), the invite code and link, and the authorization code an operator asks for.
 */
export async function accountSettingsPage({ request, context }: LoaderFunctionArgs) {
  await requireToken(request, { returnTo: ACCOUNT_PATH });
  const args = { request, context };
  const [t, info, auth] = await Promise.all([kycT(request), api(args, "userInfo", {}), api(args, "authorizationCode", {})]);
  const noStore = { headers: { "Cache-Control": "private, no-store" } };
  const constraint = constraintOf("password");
  if (!info.ok) return data({ title: t("account.title"), constraint, user: null, error: info.msg }, noStore);
  const u = info.data;
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
      constraint,
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
    noStore,
  );
}

/**
 * The login password change (docs/product.md, "Personal centre"): every other session is signed out and withdrawals
 * are held 24 h; the toast says how many sessions ended. A refusal lands on its field; the passwords never come back.
 */
export async function changePassword({ request, context }: ActionFunctionArgs) {
  await requireToken(request, { returnTo: ACCOUNT_PATH });
  const formData = await request.formData();
  const t = await kycT(request);
  const submission = parseForm("password", formData, t);
  if (submission.status !== "success") return data({ result: submission.reply({ hideFields: SECRET_FIELDS }) }, { status: 400 });
  const r = await api({ request, context }, "amendPassword", submission.value);
  if (!r.ok) return data({ result: refusalReply(submission, r, FIELD_MESSAGES, SECRET_FIELDS) }, { status: 400 });
  throw await redirectWithToast(request, ACCOUNT_PATH, {
    kind: "success",
    message: t("account.passwordChanged", { count: r.data.signed_out }),
  });
}
