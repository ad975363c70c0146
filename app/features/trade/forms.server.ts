import { parseWithZod } from "@conform-to/zod";
import { CancelSchema, orderSchema, type OrderSchemaOptions, type Translate } from "./schema";

/**
 * The /trade action's parsing, in a server module: zod reaches the browser only through the lazily
 * loaded app/features/trade/validate.ts, never through the route module (a module-level `z.object()` call
 * cannot be tree-shaken out of a route's browser build).
 */
export function parseOrder(formData: FormData, t: Translate, opts: OrderSchemaOptions) {
  return parseWithZod(formData, { schema: orderSchema(t, opts) });
}

export function parseCancel(formData: FormData) {
  return CancelSchema.safeParse(Object.fromEntries(formData));
}
