import { parseWithZod } from "@conform-to/zod";
import { leverOrderSchema, stopsSchema, type Translate } from "./schema";

/** The browser's side of the lever forms' validation, loaded after hydration (app/lib/use-lazy-validate.ts). */
export function leverOrderValidator(t: Translate, opts: { decimals: number; withPassword: boolean }) {
  const schema = leverOrderSchema(t, opts);
  return (formData: FormData) => parseWithZod(formData, { schema });
}

export function stopsValidator(t: Translate, decimals: number) {
  const schema = stopsSchema(t, decimals);
  return (formData: FormData) => parseWithZod(formData, { schema });
}
