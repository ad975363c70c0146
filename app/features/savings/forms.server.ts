import { formsOf, refusalReply, replyWith } from "~/lib/forms.server";
import { SCHEMAS } from "./schemas";

/** The savings forms' server side (see app/lib/forms.server.ts); their messages are in `savings`. */
const forms = formsOf("savings", SCHEMAS);
export const savingsT = forms.t;
export const parseForm = forms.parse;
export const constraintOf = forms.constraint;
export { refusalReply, replyWith };
