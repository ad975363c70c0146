import { z } from "zod";
import { FEEDBACK_CONTENT_MIN, FEEDBACK_TYPES } from "~/contract/core/personal";

/**
 * The personal centre's forms' schemas, one builder per form taking the `kyc` translator, so the action (through
 * forms.server.ts) and the browser (validate.ts, loaded after hydration) check alike and say the same thing. The
 * rules and their order are the exchange's (app/contract/personal.ts), and so are the messages: `kyc:check.*` holds
 * the exchange's own words for them, so a refusal reads the same whichever side makes it. Conform sends an empty
 * input as undefined, hence the `required_error`s.
 */
export type Translate = (key: string, options?: Record<string, unknown>) => string;

/** An input cut to `max` characters before the checks (what the input's maxLength does in the browser). */
function cut<T extends z.ZodTypeAny>(max: number, schema: T) {
  return z.preprocess((v) => (typeof v === "string" ? v.slice(0, max) : v), schema);
}

/** A required text: trimmed, then 'cannot be empty' under its own message. */
function text(t: Translate, max: number, requiredKey: string) {
  const message = t(`check.${requiredKey}`);
  return cut(max, z.string({ required_error: message }).trim().min(1, message).max(max));
}

/** /personal/feedback: a type, a title, and content of at least FEEDBACK_CONTENT_MIN characters. */
export function feedbackSchema(t: Translate) {
  const contentRequired = t("check.feedback_content_required");
  return z.object({
    type: z.enum(FEEDBACK_TYPES, { errorMap: () => ({ message: t("check.feedback_type_required") }) }),
    title: text(t, 80, "feedback_title_required"),
    content: cut(
      2000,
      z
        .string({ required_error: contentRequired })
        .trim()
        .min(1, contentRequired)
        .min(FEEDBACK_CONTENT_MIN, t("check.feedback_content_short"))
        .max(2000),
    ),
  });
}

export const SCHEMAS = {
  feedback: feedbackSchema,
};
export type FormName = keyof typeof SCHEMAS;
