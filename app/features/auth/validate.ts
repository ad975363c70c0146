import { parseWithZod } from "@conform-to/zod";
import type { ZodTypeAny } from "zod";
import { forgotSchema, loginSchema, registerSchema, resetSchema, sendCodeSchema } from "./schemas";

/**
 * The browser's side of the sign-in forms' validation, loaded only after hydration
 * (`import("./validate")`, see app/features/auth/use-auth-validate.ts): zod, conform's zod
 * adapter and the schemas are not in the sign-in screens' first-load JavaScript. The server parses
 * with the very same schema builders (app/features/auth/forms.server.ts).
 */

export { forgotSchema, loginSchema, parseWithZod, registerSchema, resetSchema, sendCodeSchema };

/** A form's `onValidate` body: the conform submission of the form data under `schema`. */
export function validator<Schema extends ZodTypeAny>(schema: Schema) {
  return (formData: FormData) => parseWithZod(formData, { schema });
}
