import { formsOf, refusalReply, replyWith } from "~/lib/forms.server";
import { SCHEMAS } from "./schemas";

/** The fiat screens' forms' server side (see app/lib/forms.server.ts); their messages are in `fiat`. */
const forms = formsOf("fiat", SCHEMAS);
export const fiatFormT = forms.t;
export const parseForm = forms.parse;
export const constraintOf = forms.constraint;
export { refusalReply, replyWith };
