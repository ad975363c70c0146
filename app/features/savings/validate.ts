import { parseWithZod } from "@conform-to/zod";
import { SCHEMAS, type BuyLimits, type FormName, type Translate } from "./schemas";

/**
 * The browser's side of the savings forms' validation, loaded after hydration (use-savings-validate.ts): zod,
 * conform's zod adapter and decimal.js stay out of the screens' first-load JavaScript. The server parses with the
 * same builders.
 */
export function validatorOf(form: FormName, t: Translate, limits?: BuyLimits) {
  const schema = SCHEMAS[form](t, limits);
  return (formData: FormData) => parseWithZod(formData, { schema });
}
