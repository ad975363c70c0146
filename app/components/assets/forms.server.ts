import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { z } from "zod";
import { getLang, getT } from "~/i18next.server";
import { resources } from "~/lib/locales.server";
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
export function replyWith(formData: FormData, opts: { fieldErrors?: Record<string, string[]>; formErrors?: string[]; hideFields?: string[]; resetForm?: boolean }) {
  return parseWithZod(formData, { schema: z.object({}) }).reply(
    opts.resetForm ? { resetForm: true } : { fieldErrors: opts.fieldErrors, formErrors: opts.formErrors, hideFields: opts.hideFields },
  );
}

/**
 * Which field an exchange message belongs to: the exchange answers localized text, so its templates
 * (locales/<lang>/exchange.json) are matched, with {{vars}} as wildcards. Null: a form-level message.
 */
export async function fieldOfMessage(request: Request, msg: string, fields: Record<string, string[]>): Promise<string | null> {
  const lang = await getLang(request);
  const all = resources();
  for (const [field, keys] of Object.entries(fields)) {
    for (const k of keys) {
      for (const l of [lang, "en"] as const) {
        const template = (all[l]?.exchange as Record<string, unknown> | undefined)?.[k];
        if (typeof template !== "string") continue;
        const re = new RegExp("^" + template.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/\\\{\\\{\s*\w+\s*\\\}\\\}/g, "[\\s\\S]*") + "$");
        if (re.test(msg)) return field;
      }
    }
  }
  return null;
}
