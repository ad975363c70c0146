import { z } from "zod";
import { PLAIN_DECIMAL } from "~/contract/core/trading";

/** The second-contract order form (the quantity is a number; docs/product.md, "/second"), built with a translator. */
export type Translate = (key: string, options?: Record<string, unknown>) => string;

export function microOrderSchema(t: Translate, opts: { seconds: number[]; decimals: number }) {
  return z
    .object({
      intent: z.enum(["review", "open"]),
      match_id: z.coerce.number().int().positive(),
      currency_id: z.coerce
        .number()
        .int()
        .positive({ message: t("errors.wallet") }),
      type: z.enum(["1", "2"]).default("1"),
      seconds: z.string().optional(),
      number: z.string().trim().max(40).optional(),
      idempotency_key: z.string().trim().max(64).optional(),
    })
    .superRefine((v, ctx) => {
      const issue = (path: string, message: string) => ctx.addIssue({ code: z.ZodIssueCode.custom, path: [path], message });
      const n = (v.number ?? "").trim();
      if (!n) issue("number", t("errors.numberRequired"));
      else if (!PLAIN_DECIMAL.test(n) || !/[1-9]/.test(n)) issue("number", t("errors.numberInvalid"));
      else if ((n.split(".")[1] ?? "").length > opts.decimals) issue("number", t("errors.numberDecimals", { decimals: opts.decimals }));
      if (!opts.seconds.includes(Number(v.seconds))) issue("seconds", t("errors.seconds"));
    });
}
