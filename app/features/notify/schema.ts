import { z } from "zod";
import { NOTIFY_CATEGORIES, PRICE_ALERT_DIRECTIONS } from "~/contract/core/notifications";
import { PLAIN_DECIMAL } from "~/contract/core/trading";

type Translate = (key: string, vars?: Record<string, unknown>) => string;

/** The price alert form (/notifications, and the short form on /trade and /markets that posts here). */
export function alertSchema(t: Translate) {
  return z.object({
    intent: z.literal("alert"),
    currency_match_id: z.coerce
      .number({ invalid_type_error: t("alert.errors.pair") })
      .int()
      .positive(t("alert.errors.pair")),
    direction: z.enum(PRICE_ALERT_DIRECTIONS, { errorMap: () => ({ message: t("alert.errors.direction") }) }),
    price: z
      .string({ required_error: t("alert.errors.priceRequired") })
      .trim()
      .min(1, t("alert.errors.priceRequired"))
      .max(40, t("alert.errors.priceInvalid"))
      .regex(PLAIN_DECIMAL, t("alert.errors.priceInvalid"))
      .refine((v) => /[1-9]/.test(v), t("alert.errors.priceInvalid")),
    email: z.literal("on").optional(),
    redirectTo: z.string().max(300).optional(),
  });
}
export type AlertValues = z.infer<ReturnType<typeof alertSchema>>;

/** The email choices of /personal/notifications: one box per category (a box not ticked is not sent). */
export const emailChoicesSchema = z.object(
  Object.fromEntries(NOTIFY_CATEGORIES.map((c) => [c, z.literal("on").optional()])) as Record<
    (typeof NOTIFY_CATEGORIES)[number],
    z.ZodOptional<z.ZodLiteral<"on">>
  >,
);
