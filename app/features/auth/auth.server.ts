import { parseWithZod } from "@conform-to/zod";
import { data, type AppLoadContext } from "@remix-run/node";
import { z } from "zod";
import { fieldOfReason, type CodeType, type Reason } from "~/contract/core/codes";
import { getT } from "~/lib/i18next.server";
import { api } from "~/lib/api.server";
import { readCookie } from "~/lib/cookies";
import { accountKindFrom, type AccountKind, type Translate } from "./constants";
import { parseSendCode } from "./forms.server";
import { rateLimit, type LimiterName } from "~/lib/rate-limit.server";
import { isSecure } from "~/lib/session.server";
import type { CodeSendResult } from "~/components/code-button";

/** Fields never sent back to the page after a failed submit. */
export const SECRET_FIELDS = ["password", "re_password"];

/**
 * 'Remember' keeps the account prefilled on the next visit: a plain cookie holding only the
 * account (never the password), HttpOnly because only the server reads it.
 */
const REMEMBER_COOKIE = "remember_account";
const REMEMBER_MAX_AGE = 60 * 60 * 24 * 30;

export function readRememberedAccount(request: Request): string | null {
  const value = readCookie(request.headers.get("Cookie"), REMEMBER_COOKIE)?.trim();
  return value ? value.slice(0, 254) : null;
}

/** Set-Cookie for the remembered account; `null` clears it. */
export function rememberAccountHeader(request: Request, account: string | null): string {
  const parts = [
    `${REMEMBER_COOKIE}=${account ? encodeURIComponent(account) : ""}`,
    "Path=/",
    "HttpOnly",
    "SameSite=Lax",
    `Max-Age=${account ? REMEMBER_MAX_AGE : 0}`,
  ];
  if (isSecure(request)) parts.push("Secure");
  return parts.join("; ");
}

/** The `auth` translator (other namespaces by prefix: `common:errors.…`), in the shape the schemas take. */
export async function authT(request: Request): Promise<Translate> {
  const t = await getT(request, "auth");
  return (key, options) => t(key, options) as string;
}

/**
 * A refused register or reset: the message goes on the field it concerns (by the refusal's reason, never by its
 * text), else at the top of the form; the input (minus secrets) is kept.
 */
export function replyWithRefusal(
  formData: FormData,
  refusal: { msg: string; reason?: Reason },
  fieldKeys: Record<string, readonly string[]>,
) {
  const field = fieldOfReason(refusal.reason, fieldKeys);
  return field
    ? parseWithZod(formData, { schema: z.object({}) }).reply({ fieldErrors: { [field]: [refusal.msg] }, hideFields: SECRET_FIELDS })
    : replyWithFormError(formData, refusal.msg);
}

/** The exchange's refusals of register and reset, by the field of those forms they belong to. */
export const ACCOUNT_FORM_FIELDS = {
  account: ["account_registered", "account_not_registered", "email_invalid", "phone_invalid"],
  sms_code: ["code_required", "code_invalid", "code_locked"],
  password: ["password_required", "password_length", "password_format", "password_simple"],
  re_password: ["repeat_password_required", "password_mismatch"],
  invite_code: ["invite_invalid"],
} as const;

/** A reply that keeps the input (minus secrets) and shows one form-level error. */
export function replyWithFormError(formData: FormData, message: string) {
  return parseWithZod(formData, { schema: z.object({}) }).reply({ formErrors: [message], hideFields: SECRET_FIELDS });
}

export type AuthActionData = {
  result: ReturnType<typeof replyWithFormError>;
  codeSend: CodeSendResult | null;
  /** Sign-in: the account has the authenticator on, so the form asks for its code. */
  google?: boolean;
};

/** The form back with its errors (`result`) and no code sent. */
export function refused(result: AuthActionData["result"], more: Pick<AuthActionData, "google"> = {}) {
  return data<AuthActionData>({ result, codeSend: null, ...more }, { status: 400 });
}

export function tooManyRequests(t: Translate, formData: FormData, retryAfter: number) {
  return data<AuthActionData>(
    {
      result: replyWithFormError(formData, t("common:errors.tooManyRequests", { seconds: retryAfter, count: retryAfter })),
      codeSend: null,
    },
    { status: 429, headers: { "Retry-After": String(retryAfter) } },
  );
}

type Args = { request: Request; context: AppLoadContext };

/**
 * What the actions of the forms that send codes (sign-in, sign-up, reset) do first: read the form, its language and
 * its account kind; answer a send-code request (`sendsCode`: the form has a code field now); limit the submits per
 * IP and account under `limit`. `answer` is the reply when one of those already gave it.
 */
export async function startAuthAction(args: Args, opts: { limit: LimiterName; code: CodeType; loose?: boolean; sendsCode?: boolean }) {
  const formData = await args.request.formData();
  const t = await authT(args.request);
  const kind = accountKindFrom(String(formData.get("type") ?? ""), true);
  const start = { formData, t, kind };
  if (formData.get("intent") === "send-code" && (opts.sendsCode ?? true)) {
    return { ...start, answer: await sendCodeAction(args, formData, { t, kind, type: opts.code, loose: opts.loose }) };
  }
  const limited = await rateLimit(opts.limit, args.context.clientIp, String(formData.get("account") ?? "").trim());
  return { ...start, answer: limited ? tooManyRequests(t, formData, limited.retryAfter) : null };
}

/**
 * The send-code intent of any form: checks only the account, rate-limits per IP and address,
 * then asks the exchange (send_email or send_sms). The page comes back with the input kept and
 * `codeSend` ('code sent' with its time, or the exchange's msg).
 */
export async function sendCodeAction(
  { request, context }: Args,
  formData: FormData,
  opts: { t: Translate; kind: AccountKind; type: CodeType; loose?: boolean },
) {
  const { t, kind } = opts;
  const submission = parseSendCode(formData, t, kind, { loose: opts.loose });
  if (submission.status !== "success") return refused(submission.reply({ hideFields: SECRET_FIELDS }));
  const { account, area_id } = submission.value;
  const limited = await rateLimit("sendCode", context.clientIp, account);
  if (limited) {
    return data<AuthActionData>(
      {
        result: submission.reply({ hideFields: SECRET_FIELDS }),
        codeSend: {
          ok: false,
          account,
          message: t("common:errors.tooManyRequests", { seconds: limited.retryAfter, count: limited.retryAfter }),
          wait: limited.retryAfter,
        },
      },
      { status: 429, headers: { "Retry-After": String(limited.retryAfter) } },
    );
  }
  const args = { request, context };
  const sent =
    kind === "email"
      ? await api(args, "sendEmail", { to: account, type: opts.type })
      : await api(args, "sendSms", { to: account, type: opts.type, area_id });
  if (!sent.ok) {
    return data<AuthActionData>(
      {
        result: submission.reply({ hideFields: SECRET_FIELDS }),
        codeSend: { ok: false, account, message: sent.msg, wait: sent.reason?.wait },
      },
      { status: 400 },
    );
  }
  return data<AuthActionData>({
    result: submission.reply({ hideFields: SECRET_FIELDS }),
    codeSend: { ok: true, account, message: t("code.sent", { account }), sentAt: Date.now() },
  });
}
