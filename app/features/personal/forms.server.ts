import type { Submission } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { fieldOfReason, type Reason } from "~/contract/core/codes";
import { getT } from "~/lib/i18next.server";
import { SCHEMAS, type FormName, type Translate } from "./schemas";

/**
 * The server's side of the personal centre's forms: actions parse here and loaders send the constraints, so the
 * route modules' browser builds import no zod (the compiler empties `.server` modules there).
 */
export async function kycT(request: Request): Promise<Translate> {
  const t = await getT(request, "kyc");
  return (key, options) => t(key, options) as string;
}

export function parseForm<F extends FormName>(form: F, formData: FormData, t: Translate) {
  const schema = SCHEMAS[form](t) as ReturnType<(typeof SCHEMAS)[F]>;
  return parseWithZod(formData, { schema });
}

/** Constraints carry no messages: any translator builds the same ones. */
const keyOnly: Translate = (k) => k;
export function constraintOf(form: FormName) {
  return getZodConstraint(SCHEMAS[form](keyOnly));
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
