import { z } from "zod";
import { LEVER_HANDS_MAX, LEVER_HANDS_MIN, LEVER_MULTIPLES } from "~/contract/core/lever";
import { PLAIN_DECIMAL } from "~/contract/core/trading";

/**
 * The lever order form (docs/product.md, "/lever"): built with a translator so its messages come out in the user's
 * language on the server and in the browser alike. Checks in that section's order: fixed price requires a price,
 * then multiple, hands and (in the confirmation) the trade password. Take-profit and stop-loss: minimum 0.
 */
export type Translate = (key: string, options?: Record<string, unknown>) => string;

function decimalsOf(v: string): number {
  const i = v.indexOf(".");
  return i < 0 ? 0 : v.length - i - 1;
}

/** A stop price problem: empty and 0 are fine (not set); else a plain decimal with the pair's decimals. */
export function stopProblem(v: string | undefined, decimals: number): "invalid" | null {
  const s = (v ?? "").trim();
  if (!s) return null;
  return PLAIN_DECIMAL.test(s) && decimalsOf(s) <= decimals ? null : "invalid";
}

export function leverOrderSchema(t: Translate, opts: { decimals: number; withPassword: boolean }) {
  const { decimals } = opts;
  return z
    .object({
      intent: z.enum(["review", "open"]),
      currency_match_id: z.coerce.number().int().positive(),
      type: z.enum(["1", "2"]).default("1"),
      status: z.enum(["0", "1"]).default("1"),
      target_price: z.string().trim().max(40).optional(),
      multiple: z.string().trim().max(6).optional(),
      share: z.string().trim().max(6).optional(),
      target_profit_price: z.string().trim().max(40).optional(),
      stop_loss_price: z.string().trim().max(40).optional(),
      password: z.string().max(64).optional(),
      idempotency_key: z.string().trim().max(64).optional(),
    })
    .superRefine((v, ctx) => {
      const issue = (path: string, message: string) => ctx.addIssue({ code: z.ZodIssueCode.custom, path: [path], message });
      if (v.status === "0") {
        const p = (v.target_price ?? "").trim();
        if (!p) issue("target_price", t("errors.priceRequired"));
        else if (!PLAIN_DECIMAL.test(p) || decimalsOf(p) > decimals || !/[1-9]/.test(p))
          issue("target_price", t("errors.priceInvalid", { decimals }));
      }
      const m = Number(v.multiple);
      if (!v.multiple) issue("multiple", t("errors.multipleRequired"));
      else if (!(LEVER_MULTIPLES as readonly number[]).includes(m)) issue("multiple", t("errors.multipleRequired"));
      const h = v.share ?? "";
      if (!h) issue("share", t("errors.handsRequired"));
      else if (!/^\d+$/.test(h) || Number(h) < LEVER_HANDS_MIN) issue("share", t("errors.handsMin", { min: LEVER_HANDS_MIN }));
      else if (Number(h) > LEVER_HANDS_MAX) issue("share", t("errors.handsMax", { max: LEVER_HANDS_MAX }));
      if (stopProblem(v.target_profit_price, decimals)) issue("target_profit_price", t("errors.stopInvalid", { decimals }));
      if (stopProblem(v.stop_loss_price, decimals)) issue("stop_loss_price", t("errors.stopInvalid", { decimals }));
      if (opts.withPassword && !v.password) issue("password", t("errors.passwordRequired"));
    });
}
export type LeverOrderForm = z.infer<ReturnType<typeof leverOrderSchema>>;

export function stopsSchema(t: Translate, decimals: number) {
  return z
    .object({
      intent: z.literal("setstop"),
      id: z.coerce.number().int().positive(),
      target_profit_price: z.string().trim().max(40).optional(),
      stop_loss_price: z.string().trim().max(40).optional(),
    })
    .superRefine((v, ctx) => {
      if (stopProblem(v.target_profit_price, decimals))
        ctx.addIssue({
          code: z.ZodIssueCode.custom,
          path: ["target_profit_price"],
          message: t("errors.stopInvalid", { decimals }),
        });
      if (stopProblem(v.stop_loss_price, decimals))
        ctx.addIssue({
          code: z.ZodIssueCode.custom,
          path: ["stop_loss_price"],
          message: t("errors.stopInvalid", { decimals }),
        });
    });
}

export const RowActionSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("close"),
    id: z.coerce.number().int().positive(),
  }),
  z.object({
    intent: z.literal("cancel"),
    id: z.coerce.number().int().positive(),
  }),
  z.object({
    intent: z.literal("batch"),
    type: z.enum(["0", "1", "2"]),
    currency_match_id: z.coerce.number().int().positive(),
  }),
]);
