import { parseWithZod } from "@conform-to/zod";
import { alertSchema, emailChoicesSchema } from "./schema";

type Translate = (key: string, vars?: Record<string, unknown>) => string;

/** The server's side of the notification forms, so the routes' browser builds import no zod. */
export function parseAlert(formData: FormData, t: Translate) {
  return parseWithZod(formData, { schema: alertSchema(t) });
}

export function parseEmailChoices(formData: FormData) {
  return parseWithZod(formData, { schema: emailChoicesSchema });
}

/** A refusal of the exchange on the alert form's field it names (else the form's own line). */
export const ALERT_FIELDS = ["currency_match_id", "direction", "price"] as const;
