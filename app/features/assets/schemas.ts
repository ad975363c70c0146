import { z } from "zod";
import { ACCOUNT_CODES } from "~/contract/core/accounts";
import { PLAIN_DECIMAL } from "~/contract/core/trading";

/**
 * The assets forms' schemas, one builder per form taking the `assets` translator, so the server (actions, through
 * forms.server.ts) and the browser (validate.ts, loaded after hydration) check alike and speak the same language.
 * Field order is the order of the checks (withdrawal address, amount, trade password: docs/product.md, "/assets/withdraw").
 */
export type Translate = (key: string, options?: Record<string, unknown>) => string;

const id = (t: Translate) =>
  z.coerce
    .number({ invalid_type_error: t("errors.invalid") })
    .int()
    .positive();
const optionalId = z
  .union([z.literal(""), z.coerce.number().int().positive()])
  .optional()
  .transform((v) => (v === "" ? undefined : v));
const key = z.string().trim().max(64).optional();

function amount(t: Translate, requiredKey: string) {
  return z
    .string({ required_error: t(requiredKey) })
    .trim()
    .min(1, t(requiredKey))
    .max(40, t("errors.amountInvalid"))
    .regex(PLAIN_DECIMAL, t("errors.amountInvalid"))
    .refine((v) => /[1-9]/.test(v), t("errors.amountPositive"));
}
const required = (t: Translate, k: string, max: number) =>
  z
    .string({ required_error: t(k) })
    .trim()
    .min(1, t(k))
    .max(max, t("errors.tooLong"));

export function withdrawSchema(t: Translate) {
  return z
    .object({
      currency_id: id(t),
      currency_protocol_id: optionalId,
      /** The address-book entry (address and memo together: one address may be bound with several memos). */
      address_id: required(t, "errors.addressRequired", 16),
      number: amount(t, "errors.drawAmountRequired"),
      pay_password: z
        .string({ required_error: t("errors.payPasswordRequired") })
        .min(1, t("errors.payPasswordRequired"))
        .max(64),
      idempotency_key: key,
    })
    .and(
      // Apart, so the code is checked even when the fields above are not (an object's refinement runs only on valid
      // fields): `google` is sent when the account has the authenticator on, and the form then shows the field.
      z
        .object({ google: z.literal("1").optional(), google_code: z.string().trim().max(12).optional() })
        .refine((v) => !v.google || Boolean(v.google_code), { path: ["google_code"], message: t("errors.googleCodeRequired") }),
    );
}

export function depositSchema(t: Translate) {
  return z.object({
    currency_id: id(t),
    currency_protocol_id: optionalId,
    chargeNum: amount(t, "errors.depositAmountRequired"),
    walletAddress: required(t, "errors.walletAddressRequired", 128),
    idempotency_key: key,
  });
}

export function transferSchema(t: Translate) {
  return z
    .object({
      currency_id: id(t),
      from: z.enum(ACCOUNT_CODES, { errorMap: () => ({ message: t("errors.accountRequired") }) }),
      to: z.enum(ACCOUNT_CODES, { errorMap: () => ({ message: t("errors.accountRequired") }) }),
      balance: amount(t, "errors.transferAmountRequired"),
      idempotency_key: key,
    })
    .refine((v) => v.from !== v.to, { path: ["to"], message: t("errors.sameAccount") });
}

export function bindSchema(t: Translate) {
  return z.object({
    currency_protocol_id: id(t),
    address: required(t, "errors.addressRequired", 128),
    memo: z
      .string()
      .trim()
      .max(10, t("errors.memoInvalid"))
      .regex(/^\d*$/, t("errors.memoInvalid"))
      .optional()
      .transform((v) => v ?? ""),
    verificationcode: required(t, "errors.codeRequired", 16),
  });
}

export function tradePasswordSchema(t: Translate) {
  return z
    .object({
      password: z
        .string({ required_error: t("errors.passwordRequired") })
        .min(1, t("errors.passwordRequired"))
        .max(64),
      re_password: z
        .string({ required_error: t("errors.repeatRequired") })
        .min(1, t("errors.repeatRequired"))
        .max(64),
      auth_code: required(t, "errors.codeRequired", 16),
      // Shown only when the account has the authenticator on (6 digits); the exchange says when it is missing.
      google_code: z
        .string()
        .trim()
        .optional()
        .transform((v) => v?.slice(0, 6) || undefined),
    })
    .refine((v) => v.password === v.re_password, { path: ["re_password"], message: t("errors.passwordMismatch") });
}

export const SCHEMAS = {
  withdraw: withdrawSchema,
  deposit: depositSchema,
  transfer: transferSchema,
  bind: bindSchema,
  tradePassword: tradePasswordSchema,
};
export type FormName = keyof typeof SCHEMAS;
