import { parseWithZod } from "@conform-to/zod";
import { microOrderSchema, type Translate } from "./schema";

/** The browser's side of the order form's validation, loaded after hydration (app/lib/use-lazy-validate.ts). */
export function microOrderValidator(t: Translate, opts: { seconds: number[]; decimals: number }) {
  const schema = microOrderSchema(t, opts);
  return (formData: FormData) => parseWithZod(formData, { schema });
}
