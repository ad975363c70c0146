import type { Submission } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { z, type ZodTypeAny } from "zod";
import { fieldOfReason, type Reason } from "~/contract/core/codes";
import { FIGURE_FIELDS } from "~/lib/figure-fields";
import { getT } from "~/lib/i18next.server";

/**
 * The server's side of a feature's conform + zod forms. A feature keeps a table of schema builders (form name →
 * builder taking its translator) in its `schemas.ts`; actions parse through `formsOf(…)` and loaders send the
 * constraints, so the route modules' browser builds import no zod (the compiler empties `.server` modules there).
 * The browser validates with the same builders once the feature's lazily loaded `validate.ts` arrives.
 */
export type Translate = (key: string, options?: Record<string, unknown>) => string;
/**
 * A builder may take more than the translator (what the form's rules depend on, e.g. the product a purchase is of):
 * `parse` passes them on; constraints are built without them.
 */
type SchemaTable = Record<string, (t: Translate, ...more: never[]) => ZodTypeAny>;
type MoreOf<B> = B extends (t: Translate, ...more: infer M) => ZodTypeAny ? M : never;

/** Constraints carry no messages: any translator builds the same ones. */
const keyOnly: Translate = (key) => key;

export function formsOf<Table extends SchemaTable>(namespace: string, table: Table) {
  return {
    /** The feature's translator, for its schemas' messages. */
    async t(request: Request): Promise<Translate> {
      const t = await getT(request, namespace);
      return (key, options) => t(key, options) as string;
    },
    parse<F extends keyof Table>(form: F, formData: FormData, t: Translate, ...more: MoreOf<Table[F]>) {
      const schema = (table[form] as (t: Translate, ...more: MoreOf<Table[F]>) => ZodTypeAny)(t, ...more) as ReturnType<Table[F]>;
      return parseWithZod(formData, { schema });
    },
    /** conform's constraint object of a form (plain JSON, for the loader), the shape `useForm({ constraint })` takes. */
    constraint(form: keyof Table) {
      return getZodConstraint(table[form](keyOnly));
    },
  };
}

/**
 * The posted form, a comma in a figure field read as its decimal point (docs/product.md, "Money and rounding"). In the
 * browser `app/lib/decimal-comma.ts` makes it so as it is typed; a form posted before or without JavaScript from a
 * phone whose decimal keypad has a comma and no point gets the same here, so "0,5" is 0.5 in every mode.
 */
export async function postedForm(request: Request): Promise<FormData> {
  return withDecimalPoints(await request.formData());
}

export function withDecimalPoints(formData: FormData): FormData {
  let comma = false;
  for (const [name, value] of formData) if (FIGURE_FIELDS.has(name) && typeof value === "string" && value.includes(",")) comma = true;
  if (!comma) return formData;
  const out = new FormData();
  for (const [name, value] of formData) {
    if (FIGURE_FIELDS.has(name) && typeof value === "string") out.append(name, value.replaceAll(",", "."));
    else out.append(name, value);
  }
  return out;
}

/** A reply that keeps the input (minus secrets) with errors on fields or on the form, when there is no submission. */
export function replyWith(
  formData: FormData,
  opts: { fieldErrors?: Record<string, string[]>; formErrors?: string[]; hideFields?: string[]; resetForm?: boolean },
) {
  return parseWithZod(formData, { schema: z.object({}) }).reply(
    opts.resetForm ? { resetForm: true } : { fieldErrors: opts.fieldErrors, formErrors: opts.formErrors, hideFields: opts.hideFields },
  );
}

/**
 * The exchange's refusal as the form's answer, the input kept (minus `hideFields`): on the field it names (or whose
 * message keys `fields` lists), else on the form.
 */
export function refusalReply(
  submission: Pick<Submission<unknown>, "reply">,
  refusal: { msg: string; reason?: Reason },
  fields: Record<string, readonly string[]>,
  hideFields?: string[],
) {
  const field = fieldOfReason(refusal.reason, fields);
  return submission.reply(field ? { fieldErrors: { [field]: [refusal.msg] }, hideFields } : { formErrors: [refusal.msg], hideFields });
}
