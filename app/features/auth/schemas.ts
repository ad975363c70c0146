import { z } from "zod";
import { isValidEmail, isValidPhone, passwordProblem } from "~/contract/core/rules";
import { accountKindFrom, CODE_COUNTDOWN_S, type AccountKind, type Translate } from "./constants";

/**
 * One schema per sign-in form, built from a translator so the messages are localized. The same
 * builders run in the action (parseWithZod, through app/features/auth/forms.server.ts) and in the browser
 * (useForm onValidate, through app/features/auth/validate.ts, loaded after hydration: zod is not part of
 * the sign-in screens' first load, so nothing rendered may import this module; constants live in
 * app/features/auth/constants.ts).
 *
 * Every form checks its fields in one `superRefine`, in the order docs/product.md gives each screen, so each field
 * gets the first rule it breaks and the issues come out in that order (the first issue is the one
 * the exchange would report first). Conform sends empty inputs as `undefined`, hence the optionals.
 */

export { accountKindFrom, CODE_COUNTDOWN_S, type AccountKind, type Translate };

const trimmed = z.preprocess((v) => (typeof v === "string" ? v.trim() || undefined : v), z.string().max(254).optional());
const raw = z.string().max(64).optional();

/**
 * Account rule: 'cannot be empty', then the format. `loose` is the forgot-password rule
 * (mobile digits only and at least 6; email merely contains @).
 */
export function accountMessage(t: Translate, kind: AccountKind, value: string | undefined, loose = false): string | null {
  const v = value?.trim() ?? "";
  if (kind === "email") {
    if (!v) return t("validation.emailEmpty");
    const ok = loose ? v.includes("@") : isValidEmail(v);
    return ok ? null : t("validation.emailInvalid");
  }
  if (!v) return t("validation.phoneEmpty");
  const ok = loose ? /^[0-9]{6,}$/.test(v) : isValidPhone(v);
  return ok ? null : t("validation.phoneInvalid");
}

/** Register and reset rule: 6–16 characters, letters and digits only, not too simple. */
export function passwordMessage(t: Translate, value: string): string | null {
  switch (passwordProblem(value)) {
    case "length":
      return t("validation.passwordLength");
    case "format":
      return t("validation.passwordFormat");
    case "simple":
      return t("validation.passwordSimple");
    default:
      return null;
  }
}

function issue(ctx: z.RefinementCtx, path: string, message: string | null) {
  if (message) ctx.addIssue({ code: z.ZodIssueCode.custom, path: [path], message });
  return message !== null;
}

/** The code, the new password (6–16 letters and digits) and its repetition: the checks sign-up and reset share. */
function codeAndNewPasswordIssues(ctx: z.RefinementCtx, t: Translate, v: { sms_code?: string; password?: string; re_password?: string }) {
  if (!v.sms_code) issue(ctx, "sms_code", t("validation.codeRequired"));
  if (!v.password) issue(ctx, "password", t("validation.passwordRequired"));
  else issue(ctx, "password", passwordMessage(t, v.password));
  if (!v.re_password) issue(ctx, "re_password", t("validation.repeatRequired"));
  else if (v.password && v.re_password !== v.password) issue(ctx, "re_password", t("validation.mismatch"));
}

/** The fields sign-up and reset share: the account, the code sent to it, the new password and its repetition. */
const accountAndNewPassword = { account: trimmed, sms_code: trimmed, password: raw, re_password: raw };

/** Those fields as the actions read them: empty rather than missing. */
function accountAndNewPasswordValues(v: { account?: string; sms_code?: string; password?: string; re_password?: string }) {
  return { account: v.account ?? "", sms_code: v.sms_code ?? "", password: v.password ?? "", re_password: v.re_password ?? "" };
}

/** The send-code intent of any form: only the account is checked. */
export function sendCodeSchema(t: Translate, kind: AccountKind, opts: { loose?: boolean } = {}) {
  return z
    .object({ account: trimmed, area_id: z.coerce.number().int().positive().optional() })
    .superRefine((v, ctx) => {
      issue(ctx, "account", accountMessage(t, kind, v.account, opts.loose));
    })
    .transform((v) => ({ account: v.account ?? "", area_id: v.area_id }));
}

/** Login: account, password required, code required only while SMS login is on. */
export function loginSchema(t: Translate, kind: AccountKind, opts: { sms: boolean }) {
  return z
    .object({
      account: trimmed,
      password: raw,
      sms_code: trimmed,
      area_id: z.coerce.number().int().positive().optional(),
      remember: z.literal("on").optional(),
      page: z.string().max(2000).optional(),
      // Asked for once the exchange says the authenticator is on; the exchange judges it.
      google_code: trimmed,
    })
    .superRefine((v, ctx) => {
      issue(ctx, "account", accountMessage(t, kind, v.account));
      if (!v.password) issue(ctx, "password", t("validation.passwordRequired"));
      if (opts.sms && !v.sms_code) issue(ctx, "sms_code", t("validation.codeRequired"));
    })
    .transform((v) => ({
      account: v.account ?? "",
      password: v.password ?? "",
      sms_code: opts.sms ? (v.sms_code ?? "") : undefined,
      area_id: v.area_id,
      remember: v.remember === "on",
      page: v.page,
      google_code: v.google_code?.slice(0, 12),
    }));
}

/**
 * Register, in the order of docs/product.md, "/register": (account,) agreement ticked, code, password,
 * password format, repeat password, match.
 */
export function registerSchema(t: Translate, kind: AccountKind) {
  return z
    .object({
      ...accountAndNewPassword,
      agreement: z.literal("on").optional(),
      invite_code: z.preprocess((v) => (typeof v === "string" ? v.trim() || undefined : v), z.string().max(32).optional()),
      area_id: z.coerce.number().int().positive().optional(),
    })
    .superRefine((v, ctx) => {
      issue(ctx, "account", accountMessage(t, kind, v.account));
      if (v.agreement !== "on") issue(ctx, "agreement", t("validation.agreement"));
      codeAndNewPasswordIssues(ctx, t, v);
    })
    .transform((v) => ({ ...accountAndNewPasswordValues(v), invite_code: v.invite_code, area_id: v.area_id }));
}

/** Forgot password, step 1: the account under the loose rule (a code of type 2 is then sent). */
export function forgotSchema(t: Translate, kind: AccountKind) {
  return sendCodeSchema(t, kind, { loose: true });
}

/** Forgot password, step 2: account, code, new password (6–16 letters and digits), confirmation. */
export function resetSchema(t: Translate, kind: AccountKind) {
  return z
    .object(accountAndNewPassword)
    .superRefine((v, ctx) => {
      issue(ctx, "account", accountMessage(t, kind, v.account, true));
      codeAndNewPasswordIssues(ctx, t, v);
    })
    .transform(accountAndNewPasswordValues);
}
