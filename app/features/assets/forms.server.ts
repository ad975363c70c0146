import { formsOf, postedForm, refusalReply, replyWith, type Translate } from "~/lib/forms.server";
import { requireToken } from "~/lib/session.server";
import { SCHEMAS, type FormName } from "./schemas";

/** The assets forms' server side (see app/lib/forms.server.ts). */
const forms = formsOf("assets", SCHEMAS);
export const assetsT = forms.t;
export const parseForm = forms.parse;
export const constraintOf = forms.constraint;
export { refusalReply, replyWith };

/** How an assets action starts: the user signed in, the posted form, the translator, and the form checked with it. */
export async function readForm<F extends FormName>(request: Request, form: F) {
  await requireToken(request);
  const formData = await postedForm(request);
  const t = await assetsT(request);
  // No assets schema takes more than the translator.
  const parse = parseForm as (form: F, formData: FormData, t: Translate) => ReturnType<typeof parseForm<F>>;
  return { formData, t, submission: parse(form, formData, t) };
}
