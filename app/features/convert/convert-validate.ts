import { parseWithZod } from "@conform-to/zod";
import { quoteSchema, type ConvertCurrency, type Translate } from "./convert-schema";

/**
 * The browser's side of the convert form's validation, loaded after hydration (use-convert-validate.ts):
 * zod and conform's zod adapter stay out of /convert's first-load JavaScript. The server parses with the
 * same schema (convert-forms.server.ts).
 */
export function quoteValidator(t: Translate, currencies: ConvertCurrency[]) {
  const schema = quoteSchema(t, currencies);
  return (formData: FormData) => parseWithZod(formData, { schema });
}
