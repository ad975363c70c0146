import { z } from "zod";
import { cut } from "~/lib/zod-input";
import { BIND_CODE_MAX, BIND_EMAIL_MAX, FEEDBACK_CONTENT_MIN, FEEDBACK_TYPES } from "~/contract/core/personal";
import { isValidEmail, isValidPhone } from "~/contract/core/rules";

/**
 * The personal centre's forms' schemas, one builder per form taking the `kyc` translator, so the action (through
 * forms.server.ts) and the browser (validate.ts, loaded after hydration) check alike and say the same thing. The
 * rules and their order are the exchange's (app/contract/personal.ts), and so are the messages: `kyc:check.*` holds
 * the exchange's own words for them, so a refusal reads the same whichever side makes it. Conform sends an empty
 * input as undefined, hence the `required_error`s.
 */
export type Translate = (key: string, options?: Record<string, unknown>) => string;

/** A required text: trimmed, then 'cannot be empty' under its own message. */
function text(t: Translate, max: number, requiredKey: string) {
  const message = t(`check.${requiredKey}`);
  return cut(max, z.string({ required_error: message }).trim().min(1, message).max(max));
}

/** /personal/feedback: a type, a title, and content of at least FEEDBACK_CONTENT_MIN characters. */
export function feedbackSchema(t: Translate) {
  const contentRequired = t("check.feedback_content_required");
  return z.object({
    type: z.enum(FEEDBACK_TYPES, { errorMap: () => ({ message: t("check.feedback_type_required") }) }),
    title: text(t, 80, "feedback_title_required"),
    content: cut(
      2000,
      z
        .string({ required_error: contentRequired })
        .trim()
        .min(1, contentRequired)
        .min(FEEDBACK_CONTENT_MIN, t("check.feedback_content_short"))
        .max(2000),
    ),
  });
}

/**
 * The login password change: the current one, the new one (at least 6 characters: 'too simple') and the new one
 * again. Checked together as the exchange does, so the repeat is compared only once there is a new password.
 */
export function passwordSchema(t: Translate) {
  const password = cut(64, z.string().optional());
  const issue = (ctx: z.RefinementCtx, path: string, key: string) =>
    ctx.addIssue({ code: z.ZodIssueCode.custom, path: [path], message: t(`check.${key}`) });
  return z
    .object({ old_password: password, new_password: password, secondary_password: password })
    .superRefine((p, ctx) => {
      if (!p.old_password) issue(ctx, "old_password", "old_password_required");
      if (!p.new_password) issue(ctx, "new_password", "password_required");
      else if (p.new_password.length < 6) issue(ctx, "new_password", "password_simple");
      if (p.new_password && p.secondary_password !== p.new_password) issue(ctx, "secondary_password", "password_mismatch");
    })
    .transform((p) => ({
      old_password: p.old_password ?? "",
      new_password: p.new_password ?? "",
      secondary_password: p.secondary_password ?? "",
    }));
}

/**
 * The authenticator: bind, or turn on or off, with the 6-digit code the app shows now (this screen's own words).
 * Binding asks for the login password too (the exchange says when it is missing or wrong, on its field).
 */
export function googleSchema(t: Translate) {
  const required = t("google.codeRequired");
  return z.object({
    google_switch: z.preprocess((v) => (v === "0" ? 0 : 1), z.union([z.literal(0), z.literal(1)])),
    password: cut(64, z.string().optional()).transform((v) => v ?? ""),
    google_code: cut(
      12,
      z
        .string({ required_error: required })
        .trim()
        .min(1, required)
        .regex(/^\d{6}$/, t("google.codeFormat")),
    ),
  });
}

/** /bindAccount binds the email or the phone the account does not have yet. */
export type BindKind = "email" | "mobile";

/** The address to bind: an email of at most BIND_EMAIL_MAX characters, or a phone number, and its country code. */
function bindAddress(t: Translate, kind: BindKind) {
  const value =
    kind === "email"
      ? z
          .string({ required_error: t("check.email_empty") })
          .trim()
          .min(1, t("check.email_empty"))
          .max(BIND_EMAIL_MAX, t("check.email_too_long"))
          .refine(isValidEmail, t("check.email_invalid"))
      : z
          .string({ required_error: t("check.phone_empty") })
          .trim()
          .min(1, t("check.phone_empty"))
          .refine(isValidPhone, t("check.phone_invalid"));
  return {
    value: cut(254, value),
    // The country code (phone only); anything but a positive id is none.
    area_id: z
      .string()
      .optional()
      .transform((v) => {
        const id = Number.parseInt(v ?? "", 10);
        return kind === "mobile" && Number.isInteger(id) && id > 0 ? id : undefined;
      }),
  };
}

/** Sending the code: only the address is checked. */
export function bindSendCodeSchema(t: Translate, kind: BindKind) {
  return z.object(bindAddress(t, kind));
}

/**
 * Binding: the address, the code (at most BIND_CODE_MAX characters) sent there, and the login password (the exchange
 * says when it is missing or wrong, on its field).
 */
export function bindSchema(t: Translate, kind: BindKind) {
  const required = t("check.code_required");
  return z.object({
    ...bindAddress(t, kind),
    code: cut(32, z.string({ required_error: required }).trim().min(1, required).max(BIND_CODE_MAX, t("check.code_invalid"))),
    password: cut(64, z.string().optional()).transform((v) => v ?? ""),
  });
}

/** A chosen file; an empty file input is none (conform sends it as undefined). */
const picked = (v: unknown) => typeof Blob !== "undefined" && v instanceof Blob && v.size > 0;
/** An image kept from an earlier try or the saved method: its URL comes back in a hidden field. */
const keptUrl = z.string().trim().max(256).optional();

/**
 * Alipay and WeChat Pay: real name, account, and the payment QR code, a new image or the one already saved. The image
 * itself (size, that it is one) is checked when it is uploaded, on the server.
 */
export function walletMethodSchema(t: Translate) {
  return z.object({ real_name: text(t, 64, "real_name_required"), account: text(t, 64, "pay_account_required") }).and(
    // Apart, so the QR code is checked even when the fields above are not (an object's refinement runs only on valid fields).
    z.object({ qrcode: keptUrl, qrcode_file: z.unknown().optional() }).superRefine((v, ctx) => {
      if (!v.qrcode && !picked(v.qrcode_file))
        ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["qrcode_file"], message: t("check.qrcode_required") });
    }),
  );
}

/** A bank card: real name, bank, branch and account number (digits, spaces and dashes). */
export function bankMethodSchema(t: Translate) {
  return z.object({
    real_name: text(t, 64, "real_name_required"),
    bank_name: text(t, 64, "bank_name_required"),
    bank_address: text(t, 128, "bank_branch_required"),
    card_no: cut(
      32,
      z
        .string({ required_error: t("check.card_no_required") })
        .trim()
        .min(1, t("check.card_no_required"))
        .max(32)
        .regex(/^[0-9 -]+$/, t("check.card_no_invalid")),
    ),
  });
}

/**
 * Identity verification: the name and ID number as on the ID, and its images, each a new file or the one uploaded on
 * an earlier try. The images themselves are checked when they are uploaded, on the server.
 */
export function identitySchema(t: Translate) {
  return z
    .object({
      name: text(t, 64, "real_name_required"),
      card_id: cut(
        32,
        z
          .string({ required_error: t("check.card_id_required") })
          .trim()
          .min(1, t("check.card_id_required"))
          .max(32)
          .regex(/^[0-9A-Za-z-]+$/, t("check.card_id_invalid")),
      ),
    })
    .and(
      // Apart, so the images are checked even when the fields above are not.
      z
        .object({
          front_pic: keptUrl,
          front_pic_file: z.unknown().optional(),
          reverse_pic: keptUrl,
          reverse_pic_file: z.unknown().optional(),
          hand_pic: keptUrl,
          hand_pic_file: z.unknown().optional(),
        })
        .superRefine((v, ctx) => {
          for (const pic of ["front_pic", "reverse_pic"] as const) {
            if (!v[pic] && !picked(v[`${pic}_file`]))
              ctx.addIssue({ code: z.ZodIssueCode.custom, path: [`${pic}_file`], message: t(`check.${pic}_required`) });
          }
        }),
    );
}

export const SCHEMAS = {
  feedback: feedbackSchema,
  password: passwordSchema,
  google: googleSchema,
  bindEmail: (t: Translate) => bindSchema(t, "email"),
  bindMobile: (t: Translate) => bindSchema(t, "mobile"),
  bindEmailCode: (t: Translate) => bindSendCodeSchema(t, "email"),
  bindMobileCode: (t: Translate) => bindSendCodeSchema(t, "mobile"),
  walletMethod: walletMethodSchema,
  bankMethod: bankMethodSchema,
  identity: identitySchema,
};
export type FormName = keyof typeof SCHEMAS;
