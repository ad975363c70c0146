import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import type { ZodTypeAny } from "zod";
import { forgotSchema, loginSchema, registerSchema, resetSchema, sendCodeSchema, type AccountKind, type Translate } from "./schemas";

/**
 * The server's side of the sign-in forms: actions parse through here and loaders send the
 * constraints (`required`, `maxLength`… for the inputs) computed here, so a route module's browser
 * build has no static import of zod, @conform-to/zod or the schemas (the compiler empties `.server`
 * modules there). The browser validates with the same builders once app/features/auth/validate.ts loads.
 */

function parse<Schema extends ZodTypeAny>(formData: FormData, schema: Schema) {
  return parseWithZod(formData, { schema });
}

export const parseLogin = (formData: FormData, t: Translate, kind: AccountKind, opts: { sms: boolean }) =>
  parse(formData, loginSchema(t, kind, opts));
export const parseRegister = (formData: FormData, t: Translate, kind: AccountKind) => parse(formData, registerSchema(t, kind));
export const parseForgot = (formData: FormData, t: Translate, kind: AccountKind) => parse(formData, forgotSchema(t, kind));
export const parseReset = (formData: FormData, t: Translate, kind: AccountKind) => parse(formData, resetSchema(t, kind));
export const parseSendCode = (formData: FormData, t: Translate, kind: AccountKind, opts: { loose?: boolean } = {}) =>
  parse(formData, sendCodeSchema(t, kind, opts));

/** Constraints carry no messages: any translator builds the same ones. */
const keyOnly: Translate = (key) => key;

/**
 * conform's constraint object of a form's schema (plain JSON, for the loader), in the shape
 * `useForm({ constraint })` takes.
 */
export function authConstraint(form: "login" | "register" | "forgot" | "reset", kind: AccountKind, opts: { sms?: boolean } = {}) {
  const schema =
    form === "login"
      ? loginSchema(keyOnly, kind, { sms: opts.sms ?? false })
      : form === "register"
        ? registerSchema(keyOnly, kind)
        : form === "forgot"
          ? forgotSchema(keyOnly, kind)
          : resetSchema(keyOnly, kind);
  return getZodConstraint(schema);
}
