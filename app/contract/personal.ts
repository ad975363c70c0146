import { z } from "zod";
import { LimitSchema, PageSchema } from "./paging";
import { IdSchema } from "./entities";
import { userCall } from "./define-call";
import { isValidEmail, isValidPhone } from "./core/rules";
import {
  BIND_CODE_MAX,
  BIND_EMAIL_MAX,
  FEEDBACK_CONTENT_MIN,
  FEEDBACK_TYPES,
  PAY_METHOD_CODES,
  REVIEW_STATUS,
  type PayMethodCode,
} from "./core/personal";

/**
 * The personal centre's calls (docs/product.md, "Personal centre"): collection methods, identity, login
 * password, authenticator, feedback, sessions and the security log. Payload checks run in the order of docs/product.md
 * (each screen's section); the message keys are those of the exchange's locale namespace (`exchange.json`).
 */

export { BIND_CODE_MAX, BIND_EMAIL_MAX, FEEDBACK_CONTENT_MIN, FEEDBACK_TYPES, PAY_METHOD_CODES, REVIEW_STATUS, type PayMethodCode };

export const PayMethodTypeSchema = z.object({ id: IdSchema, name: z.string(), code: z.enum(PAY_METHOD_CODES) });
export type PayMethodType = z.infer<typeof PayMethodTypeSchema>;

const text = (max: number, requiredKey: string) => z.string({ required_error: requiredKey }).trim().min(1, requiredKey).max(max);

/** Alipay and WeChat: real name, account and an uploaded QR code (its URL from common/image_upload). */
export const WalletMethodDataSchema = z.object({
  real_name: text(64, "real_name_required"),
  account: text(64, "pay_account_required"),
  qrcode: text(256, "qrcode_required"),
});
/** Bank: real name, bank name, branch and account number. */
export const BankMethodDataSchema = z.object({
  real_name: text(64, "real_name_required"),
  bank_name: text(64, "bank_name_required"),
  bank_address: text(128, "bank_branch_required"),
  card_no: text(32, "card_no_required").regex(/^[0-9 -]+$/, "card_no_invalid"),
});

/** raw_data travels as a JSON object, or as a JSON string in a form body. */
const JsonObject = z.preprocess(
  (v) => {
    if (typeof v !== "string") return v;
    try {
      return JSON.parse(v);
    } catch {
      return v;
    }
  },
  z.record(z.unknown(), { invalid_type_error: "field_invalid" }),
);

/** The schema of a method's raw_data, by its type's code (docs/product.md, "/personal/collectionSettings"). */
export function methodDataSchema(code: PayMethodCode) {
  return code === "bank" ? BankMethodDataSchema : WalletMethodDataSchema;
}

/** raw_data's fields are checked by the handler against the type's schema (the type id decides which). */
export const PayMethodSavePayloadSchema = z.object({ type: z.coerce.number().int().positive(), raw_data: JsonObject });

export const PayMethodSchema = z.object({
  type: IdSchema,
  code: z.enum(PAY_METHOD_CODES),
  raw_data: z.record(z.string()),
  updated_at: z.coerce.number().int(),
});
export type PayMethod = z.infer<typeof PayMethodSchema>;

export const RealNamePayloadSchema = z.object({
  name: text(64, "real_name_required"),
  card_id: text(32, "card_id_required").regex(/^[0-9A-Za-z-]+$/, "card_id_invalid"),
  front_pic: text(256, "front_pic_required"),
  reverse_pic: text(256, "reverse_pic_required"),
  hand_pic: z.string().trim().max(256).optional().default(""),
});

export const RealNameCenterSchema = z.object({
  review_status: z.coerce.number().int().min(0).max(3),
  /** The operator's reason when rejected, else ''. */
  reason: z.string().default(""),
  name: z.string().default(""),
  /** Daily withdrawal limit in USD now, and once verified. */
  draw_limit_usd: z.string(),
  draw_limit_verified_usd: z.string(),
});
export type RealNameCenter = z.infer<typeof RealNameCenterSchema>;

/** Daily withdrawal limits in USD value: identity verification raises the limit (docs/product.md, "Withdrawals"). */
export const DRAW_DAILY_LIMIT_USD = { unverified: "2000", verified: "200000" } as const;

/** A file field of a multipart body (the exchange keeps file parts only for upload calls). */
export const UploadFileSchema = z.custom<Blob>((v) => typeof Blob !== "undefined" && v instanceof Blob, "image_required");

/** Old and new required, new at least 6 ('too simple'), the confirmation equal to the new (docs/product.md, "Personal centre"). */
export const AmendPasswordPayloadSchema = z
  .object({
    old_password: z.string().max(64).default(""),
    new_password: z.string().max(64).default(""),
    secondary_password: z.string().max(64).default(""),
  })
  .superRefine((p, ctx) => {
    if (!p.old_password) ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["old_password"], message: "old_password_required" });
    if (!p.new_password) ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["new_password"], message: "password_required" });
    else if (p.new_password.length < 6) ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["new_password"], message: "password_simple" });
    if (p.new_password && p.secondary_password !== p.new_password) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["secondary_password"], message: "password_mismatch" });
    }
  });

export const GoogleAuthSchema = z.object({
  /** Base32, shown beside the QR code for typing by hand. */
  secret: z.string(),
  /** The otpauth:// address the QR code encodes (the app draws it); '' once bound: the secret is shown only before. */
  qr_code_url: z.string(),
  /** 1 when sign-in and withdrawals ask for the code. */
  switch: z.coerce.number().int().min(0).max(1),
});

export const GoogleSwitchPayloadSchema = z.object({
  google_switch: z.coerce.number().int().min(0).max(1),
  google_code: z.string().trim().min(1, "google_code_required").max(6, "google_code_error"),
  /** The login password: asked when binding (a session alone must not bind an authenticator the owner does not have). */
  password: z.string().max(64).default(""),
});

export const FeedbackPayloadSchema = z.object({
  type: z.enum(FEEDBACK_TYPES, { errorMap: () => ({ message: "feedback_type_required" }) }),
  title: text(80, "feedback_title_required"),
  content: z.string().trim().min(1, "feedback_content_required").min(FEEDBACK_CONTENT_MIN, "feedback_content_short").max(2000),
});
export const FeedbackSchema = z.object({
  id: IdSchema,
  type: z.enum(FEEDBACK_TYPES),
  title: z.string(),
  content: z.string(),
  /** 0 open, 1 answered. */
  status: z.coerce.number().int(),
  reply: z.string().default(""),
  created_at: z.coerce.number().int(),
});
export type Feedback = z.infer<typeof FeedbackSchema>;

export const SessionSchema = z.object({
  id: IdSchema,
  device: z.string(),
  ip: z.string(),
  created_at: z.coerce.number().int(),
  last_seen_at: z.coerce.number().int(),
  /** The session this request came with. */
  current: z.coerce.boolean(),
});
export type Session = z.infer<typeof SessionSchema>;

export const SECURITY_EVENTS = [
  "login",
  "password_changed",
  "pay_password_changed",
  "google_bound",
  "google_switched",
  "email_bound",
  "mobile_bound",
  "withdraw_requested",
  "session_revoked",
  "password_reset",
  "check_locked",
  "hold_lifted",
] as const;
export const SecurityEventSchema = z.object({
  id: IdSchema,
  event: z.enum(SECURITY_EVENTS),
  ip: z.string(),
  device: z.string(),
  created_at: z.coerce.number().int(),
});
export type SecurityEvent = z.infer<typeof SecurityEventSchema>;

const OptionalPage = z
  .union([z.literal(""), z.coerce.number().int().positive()])
  .optional()
  .transform((v) => (v === "" ? undefined : v));
const PagePayload = z.object({ page: PageSchema, limit: LimitSchema });
const pageOf = <T extends z.ZodTypeAny>(row: T) =>
  z.object({
    data: z.array(row),
    total: z.coerce.number().int(),
    per_page: z.coerce.number().int(),
    current_page: z.coerce.number().int(),
  });

export const SessionRevokePayloadSchema = z
  .object({
    id: OptionalPage,
    /** 1: every session but this one ('sign out everywhere else'). */
    all: z
      .preprocess((v) => v === "1" || v === 1 || v === true || v === "true", z.boolean())
      .optional()
      .default(false),
  })
  .refine((p) => p.all || p.id !== undefined, { message: "field_required", path: ["id"] });

export const SecurityLogRowSchema = SecurityEventSchema.extend({ event_name: z.string(), time: z.string() });

const Done = z.null().optional();

/** Email binding: email and code required, format checked, at most 20 and 16 characters (docs/product.md, "Binding an email or phone"). */
export const SendBindCodePayloadSchema = z.object({
  /** The email or phone number (digits) to bind; a code (type 4) goes there. */
  user_string: z
    .string()
    .trim()
    .min(1, "account_required")
    .max(254)
    .refine((v) => (v.includes("@") ? isValidEmail(v) : isValidPhone(v)), { message: "account_invalid" }),
  area_id: OptionalPage,
});
/** The login password, asked when binding an email or phone: an address bound can reset the password. */
const BindPassword = z.string().max(64).default("");
export const BindEmailPayloadSchema = z.object({
  email: z.string().trim().min(1, "email_empty").max(BIND_EMAIL_MAX, "email_too_long").refine(isValidEmail, "email_invalid"),
  code: z.string().trim().min(1, "code_required").max(BIND_CODE_MAX, "code_invalid"),
  password: BindPassword,
});
export const BindMobilePayloadSchema = z.object({
  mobile: z.string().trim().min(1, "phone_empty").refine(isValidPhone, "phone_invalid"),
  area_id: OptionalPage,
  code: z.string().trim().min(1, "code_required").max(BIND_CODE_MAX, "code_invalid"),
  password: BindPassword,
});
const SignedOut = z.object({ signed_out: z.coerce.number().int() });

/** The personal centre's calls; `calls` in calls.ts takes them in. */
const PayMethodTypePayloadSchema = z.object({ type: z.coerce.number().int().positive() });

export const personalCalls = {
  amendPassword: userCall("POST", "user/amend_password", AmendPasswordPayloadSchema, SignedOut),
  googleQrCode: userCall("POST", "google_auth/qr_code", z.object({}), GoogleAuthSchema),
  googleSwitch: userCall("POST", "user/switch", GoogleSwitchPayloadSchema, Done),
  feedbackSubmit: userCall("POST", "feedback/submit", FeedbackPayloadSchema, Done),
  feedbackList: userCall("GET", "feedback/list", PagePayload, pageOf(FeedbackSchema)),
  sessions: userCall("GET", "user/sessions", z.object({}), z.array(SessionSchema)),
  sessionRevoke: userCall("POST", "user/session_revoke", SessionRevokePayloadSchema, SignedOut),
  securityLog: userCall("GET", "user/security_log", PagePayload, pageOf(SecurityLogRowSchema)),
  payMethodTypes: userCall("GET", "pay_method/types", z.object({}), z.array(PayMethodTypeSchema)),
  payMethodByType: userCall("GET", "pay_method/get_method_by_type", PayMethodTypePayloadSchema, PayMethodSchema.nullable()),
  payMethodSave: userCall("POST", "pay_method/save", PayMethodSavePayloadSchema, PayMethodSchema),
  imageUpload: userCall("POST", "common/image_upload", z.object({ file: UploadFileSchema }), z.object({ url: z.string() })),
  realNameCenter: userCall("GET", "user_real/center", z.object({}), RealNameCenterSchema),
  realName: userCall("POST", "user_real/real_name", RealNamePayloadSchema, Done),
  sendBindCode: userCall("POST", "api/sms_mail", SendBindCodePayloadSchema, Done),
  bindEmail: userCall("POST", "api/safe/email", BindEmailPayloadSchema, Done),
  bindMobile: userCall("POST", "user/bind_mobile", BindMobilePayloadSchema, Done),
};

/**
 * `/ws` ACCOUNT_REVIEW (private): the operator decided on a deposit, a withdrawal or an identity of mine. `msg` says
 * it in the connection's language; the pages that show these reload what they show.
 */
export const AccountReviewPushSchema = z.object({
  type: z.literal("ACCOUNT_REVIEW"),
  kind: z.enum(["deposit", "withdrawal", "identity"]),
  id: z.number(),
  result: z.enum(["approved", "rejected"]),
  msg: z.string().max(500),
});
export type AccountReviewPush = z.infer<typeof AccountReviewPushSchema>;
