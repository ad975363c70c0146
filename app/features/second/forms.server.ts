import { parseWithZod } from "@conform-to/zod";
import { microOrderSchema, type Translate } from "./schema";

/** The /second action's parsing, in a server module (zod reaches the browser only through ./validate, lazily). */
export function parseMicroOrder(formData: FormData, t: Translate, opts: { seconds: number[]; decimals: number }) {
  return parseWithZod(formData, { schema: microOrderSchema(t, opts) });
}
