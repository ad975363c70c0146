import { formsOf, refusalReply, replyWith } from "~/lib/forms.server";
import { SCHEMAS } from "./schemas";

/** The assets forms' server side (see app/lib/forms.server.ts). */
const forms = formsOf("assets", SCHEMAS);
export const assetsT = forms.t;
export const parseForm = forms.parse;
export const constraintOf = forms.constraint;
export { refusalReply, replyWith };
