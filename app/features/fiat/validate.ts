import { parseWithZod } from "@conform-to/zod";
import { SCHEMAS, type FormName, type Translate } from "./schemas";

/**
 * The browser's side of the fiat screens' validation, loaded after hydration (use-fiat-validate.ts): zod and
 * conform's zod adapter stay out of the screens' first-load JavaScript. The server parses with the same builders.
 */
export function validatorOf<F extends FormName>(form: F, t: Translate) {
  const schema = SCHEMAS[form](t) as ReturnType<(typeof SCHEMAS)[F]>;
  return (formData: FormData) => parseWithZod(formData, { schema });
}
