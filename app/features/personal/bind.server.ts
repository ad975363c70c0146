import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import type { CodeSendResult } from "~/components/code-button";
import { fieldOfReason } from "~/contract/core/codes";
import { api } from "~/lib/api.server";
import { rateLimit } from "~/lib/rate-limit.server";
import { redirectWithToast, requireToken } from "~/lib/session.server";
import { constraintOf, kycT, parseForm, refusalReply } from "./forms.server";
import type { BindKind } from "./schemas";

const BIND_PATH = "/bindAccount";
/** The exchange names the address by its own field names; the form has one field for it. */
const ADDRESS_FIELDS = ["user_string", "email", "mobile"];
/** A refusal of the address is its field's, the exchange's 'already registered' too (it names no field for it). */
const FIELD_MESSAGES = {
  value: ["account_registered"],
  code: [],
  password: ["old_password_required", "old_password_incorrect", "old_password_locked"],
};
/** The password never comes back to the page. */
const SECRET_FIELDS = ["password"];
const kindOf = (v: unknown): BindKind => (v === "mobile" ? "mobile" : "email");
const formOf = (kind: BindKind, sendCode: boolean) =>
  sendCode ? (kind === "email" ? "bindEmailCode" : "bindMobileCode") : kind === "email" ? "bindEmail" : "bindMobile";

/** The exchange's refusal, its field put in the form's terms. */
function inFormTerms(r: { msg: string; reason?: { key: string; field?: string } }) {
  const field = r.reason?.field;
  return { msg: r.msg, reason: r.reason && { ...r.reason, field: field && ADDRESS_FIELDS.includes(field) ? "value" : field } };
}

/**
 * /bindAccount (docs/product.md, "/bindAccount"): the email or phone the account does not have yet, or 'all bound'.
 */
export async function bindAccountPage({ request, context }: LoaderFunctionArgs) {
  await requireToken(request, { returnTo: BIND_PATH });
  const args = { request, context };
  const [t, info] = await Promise.all([kycT(request), api(args, "userInfo", {})]);
  const none = { kind: "email" as BindKind, areas: [], constraint: constraintOf("bindEmail") };
  if (!info.ok) return data({ title: t("bind.title"), ...none, error: info.msg, done: false });
  // The missing one; both bound: nothing left to do here.
  const kind: BindKind | null = !info.data.email ? "email" : !info.data.mobile ? "mobile" : null;
  if (!kind) return data({ title: t("bind.title"), ...none, error: null, done: true });
  const areas = kind === "mobile" ? await api(args, "areaList", {}) : null;
  return data(
    {
      title: t(kind === "email" ? "bind.titleEmail" : "bind.titleMobile"),
      kind,
      areas: areas?.ok ? areas.data : [],
      constraint: constraintOf(formOf(kind, false)),
      error: null,
      done: false,
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

/**
 * Sends the code (type 4) to the address, or binds it with the code. Binding holds withdrawals for 24 hours, like the
 * other security changes. A refusal of the address or the code lands on its field; the input is kept.
 */
export async function bindAccount({ request, context }: ActionFunctionArgs) {
  await requireToken(request, { returnTo: BIND_PATH });
  const formData = await request.formData();
  const args = { request, context };
  const t = await kycT(request);
  const kind = kindOf(formData.get("kind"));
  const sendCode = formData.get("intent") === "send-code";
  const submission = parseForm(formOf(kind, sendCode), formData, t);
  const answer = (
    codeSend: CodeSendResult | null,
    result = submission.reply({ hideFields: SECRET_FIELDS }),
    init: ResponseInit = { status: 400 },
  ) => data({ result, codeSend }, init);
  if (submission.status !== "success") return answer(null);
  const { value, area_id } = submission.value;

  if (sendCode) {
    const limited = await rateLimit("sendCode", context.clientIp, value);
    if (limited) {
      const message = t("common:errors.tooManyRequests", { seconds: limited.retryAfter, count: limited.retryAfter });
      return answer({ ok: false, message, wait: limited.retryAfter }, undefined, { status: 429 });
    }
    const r = await api(args, "sendBindCode", { user_string: value, area_id });
    if (!r.ok) {
      const refusal = inFormTerms(r);
      return fieldOfReason(refusal.reason, FIELD_MESSAGES) === "value"
        ? answer(null, refusalReply(submission, refusal, FIELD_MESSAGES, SECRET_FIELDS))
        : answer({ ok: false, message: r.msg, account: value, wait: r.reason?.wait });
    }
    return answer({ ok: true, message: t("bind.codeSent", { to: value }), account: value, sentAt: Date.now() }, undefined, { status: 200 });
  }

  const code = "code" in submission.value ? submission.value.code : "";
  const password = "password" in submission.value ? submission.value.password : "";
  const r =
    kind === "email"
      ? await api(args, "bindEmail", { email: value, code, password })
      : await api(args, "bindMobile", { mobile: value, area_id, code, password });
  if (!r.ok) return answer(null, refusalReply(submission, inFormTerms(r), FIELD_MESSAGES, SECRET_FIELDS));
  throw await redirectWithToast(request, "/personal/accountSettings", {
    kind: "success",
    message: t(kind === "email" ? "bind.emailBound" : "bind.mobileBound"),
  });
}
