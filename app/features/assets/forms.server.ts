import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { z } from "zod";
import { getT } from "~/lib/i18next.server";
import { SCHEMAS, type FormName, type Translate } from "./schemas";

/**
 * The server's side of the assets forms: actions parse here and loaders send the constraints, so the route
 * modules' browser builds import no zod (the compiler empties `.server` modules there).
 */
export async function assetsT(request: Request): Promise<Translate> {
  const t = await getT(request, "assets");
  return (key, options) => t(key, options) as string;
}

export function parseForm<F extends FormName>(form: F, formData: FormData, t: Translate) {
  const schema = SCHEMAS[form](t) as ReturnType<(typeof SCHEMAS)[F]>;
  return parseWithZod(formData, { schema });
}

const keyOnly: Translate = (k) => k;
export function constraintOf(form: FormName) {
  return getZodConstraint(SCHEMAS[form](keyOnly));
}

/** A reply that keeps the input (minus secrets) with errors on fields or on the form. */
export function replyWith(
  formData: FormData,
  opts: { fieldErrors?: Record<string, string[]>; formErrors?: string[]; hideFields?: string[]; resetForm?: boolean },
) {
  return parseWithZod(formData, { schema: z.object({}) }).reply(
    opts.resetForm ? { resetForm: true } : { fieldErrors: opts.fieldErrors, formErrors: opts.formErrors, hideFields: opts.hideFields },
  );
}
