import { formsOf, refusalReply } from "~/lib/forms.server";
import { SCHEMAS } from "./schemas";

/** The personal centre's forms' server side (see app/lib/forms.server.ts); their messages are in `kyc`. */
const forms = formsOf("kyc", SCHEMAS);
export const kycT = forms.t;
export const parseForm = forms.parse;
export const constraintOf = forms.constraint;
export { refusalReply };
