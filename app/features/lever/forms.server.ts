import { parseWithZod } from "@conform-to/zod";
import { leverOrderSchema, RowActionSchema, stopsSchema, type Translate } from "./schema";

/** The /lever action's parsing, in a server module (zod reaches the browser only through ./validate, lazily). */
export function parseLeverOrder(formData: FormData, t: Translate, opts: { decimals: number; withPassword: boolean }) {
  return parseWithZod(formData, { schema: leverOrderSchema(t, opts) });
}

export function parseStops(formData: FormData, t: Translate, decimals: number) {
  return parseWithZod(formData, { schema: stopsSchema(t, decimals) });
}

export function parseRowAction(formData: FormData) {
  return RowActionSchema.safeParse(Object.fromEntries(formData));
}
