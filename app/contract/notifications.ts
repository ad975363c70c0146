import { z } from "zod";
import { LimitSchema, PageSchema } from "./paging";
import { DecimalStringSchema, IdSchema } from "./entities";
import { userCall } from "./define-call";
import { NOTIFY_CATEGORIES, PRICE_ALERT_DIRECTIONS, PRICE_ALERTS_MAX, type NotifyCategory } from "./core/notifications";
import { PLAIN_DECIMAL } from "./core/trading";

/**
 * The notification centre's calls (docs/api.md, "Notifications"): my notifications (paged, newest first, said in the
 * request's language), marking them read, my email choices per category, my price alerts, and the value of my
 * assets with its daily history. The NOTIFY push tells open pages of a new one and of the unread count.
 */

export * from "./core/notifications";

const Flag = z.preprocess((v) => v === "1" || v === 1 || v === true || v === "true" || v === "on", z.boolean());
const OptionalFlag = Flag.optional().default(false);

export const NotificationSchema = z.object({
  id: IdSchema,
  kind: z.string(),
  /** funds, trading, p2p, account, security, or alert. */
  category: z.string(),
  /** The notification said in the request's language. */
  text: z.string(),
  /** The values it was said with (ids, amounts, symbols, order numbers), as strings. */
  params: z.record(z.string()),
  read: Flag,
  /** Unix ms. */
  created_at: z.coerce.number().int(),
});
export type Notification = z.infer<typeof NotificationSchema>;

export const NotificationPageSchema = z.object({
  data: z.array(NotificationSchema),
  total: z.coerce.number().int(),
  per_page: z.coerce.number().int(),
  current_page: z.coerce.number().int(),
  /** My unread notifications (all pages). */
  unread: z.coerce.number().int(),
});
export type NotificationPage = z.infer<typeof NotificationPageSchema>;

export const NotificationListPayloadSchema = z.object({
  page: PageSchema,
  limit: LimitSchema,
  /** 1: only the unread ones. */
  unread: OptionalFlag,
});

/** Marks one notification read (`id`), or every one (`all=1`). */
export const NotificationReadPayloadSchema = z
  .object({
    id: z
      .union([z.literal(""), z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER)])
      .optional()
      .transform((v) => (v === "" ? undefined : v)),
    all: OptionalFlag,
  })
  .refine((p) => p.all || p.id !== undefined, { message: "field_required", path: ["id"] });

export const EmailChoicesSchema = z.object(
  Object.fromEntries(NOTIFY_CATEGORIES.map((c) => [c, Flag])) as Record<NotifyCategory, typeof Flag>,
);
export type EmailChoices = z.infer<typeof EmailChoicesSchema>;
/** A form sends only the boxes that are ticked: a category left out is off. */
export const EmailChoicesPayloadSchema = z.object(
  Object.fromEntries(NOTIFY_CATEGORIES.map((c) => [c, OptionalFlag])) as Record<NotifyCategory, typeof OptionalFlag>,
);

export const PriceAlertSchema = z.object({
  id: IdSchema,
  currency_match_id: IdSchema,
  symbol: z.string(),
  direction: z.enum(PRICE_ALERT_DIRECTIONS),
  price: DecimalStringSchema,
  email: Flag,
  /** active: waiting; fired: told (once). */
  status: z.enum(["active", "fired"]),
  created_at: z.coerce.number().int(),
  fired_at: z.coerce.number().int().nullable(),
  fired_price: DecimalStringSchema.nullable(),
});
export type PriceAlert = z.infer<typeof PriceAlertSchema>;

export const PriceAlertListSchema = z.object({
  data: z.array(PriceAlertSchema),
  /** My active alerts, and how many I may have. */
  active: z.coerce.number().int(),
  max: z.coerce.number().int(),
});

export const PriceAlertAddPayloadSchema = z.object({
  currency_match_id: z.coerce.number({ invalid_type_error: "field_invalid" }).int().positive().max(Number.MAX_SAFE_INTEGER),
  direction: z.enum(PRICE_ALERT_DIRECTIONS, { errorMap: () => ({ message: "alert_direction_invalid" }) }),
  price: z
    .string({ required_error: "alert_price_required" })
    .trim()
    .min(1, "alert_price_required")
    .max(40, "alert_price_invalid")
    .regex(PLAIN_DECIMAL, "alert_price_invalid"),
  email: OptionalFlag,
});

export const AssetSummarySchema = z.object({
  /** What all my accounts hold is worth in USD now (2 decimals). */
  total_usd: DecimalStringSchema,
  /** Daily values at each UTC day's start, oldest first (at most 30 days). */
  history: z.array(z.object({ day: z.coerce.number().int(), usd: DecimalStringSchema })),
});
export type AssetSummary = z.infer<typeof AssetSummarySchema>;

/**
 * `/ws` NOTIFY (private): something was added to my notifications (`id`, `kind`, `text` in the connection's
 * language), or I read some (no `id`). `unread` is my unread count as the push left.
 */
export const NotifyPushSchema = z.object({
  type: z.literal("NOTIFY"),
  unread: z.number().int().min(0),
  id: z.number().int().optional(),
  kind: z.string().optional(),
  text: z.string().max(1000).optional(),
});
export type NotifyPush = z.infer<typeof NotifyPushSchema>;

const Done = z.null().optional();
const PriceAlertDeletePayloadSchema = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

export const notificationCalls = {
  notificationList: userCall("GET", "notification/list", NotificationListPayloadSchema, NotificationPageSchema),
  notificationRead: userCall("POST", "notification/read", NotificationReadPayloadSchema, z.object({ unread: z.coerce.number().int() })),
  notificationSettings: userCall("GET", "notification/settings", z.object({}), EmailChoicesSchema),
  notificationSettingsSave: userCall("POST", "notification/settings_save", EmailChoicesPayloadSchema, EmailChoicesSchema),
  priceAlertList: userCall("GET", "price_alert/list", z.object({}), PriceAlertListSchema),
  priceAlertAdd: userCall("POST", "price_alert/add", PriceAlertAddPayloadSchema, PriceAlertSchema),
  priceAlertDelete: userCall("POST", "price_alert/delete", PriceAlertDeletePayloadSchema, Done),
  assetSummary: userCall("GET", "account/summary", z.object({}), AssetSummarySchema),
};

export { PRICE_ALERTS_MAX };
