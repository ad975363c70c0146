import { parseWithZod } from "@conform-to/zod";
import { orderSchema, type OrderSchemaOptions, type Translate } from "./schema";

/**
 * The browser's side of the order forms' validation, loaded after hydration (see app/lib/use-lazy-validate.ts):
 * zod, conform's zod adapter and the schema stay out of /trade's first-load JavaScript. The action parses
 * with the very same schema builder (app/features/trade/schema.ts).
 */
export function orderValidator(t: Translate, opts: OrderSchemaOptions) {
  const schema = orderSchema(t, opts);
  return (formData: FormData) => parseWithZod(formData, { schema });
}
