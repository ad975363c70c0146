import { z } from "zod";
import { displayAmount } from "~/lib/display";
import { amountProblem, type AmountProblem } from "./rules";

/**
 * The flash-convert form (from, to, amount): one schema for the server (app/features/convert/convert-forms.server.ts)
 * and the browser (loaded after hydration through convert-validate.ts), with messages in the user's language.
 */
export type Translate = (key: string, options?: Record<string, unknown>) => string;

/** What the form knows of a currency: its decimals and the spot balance available to convert. */
export type ConvertCurrency = { id: number; code: string; decimals: number; available: string | null };

const AMOUNT_MESSAGES: Record<AmountProblem, string> = {
  required: "errors.amountRequired",
  invalid: "errors.amountInvalid",
  positive: "errors.amountPositive",
  decimals: "errors.amountDecimals",
  exceeds: "errors.amountExceeds",
};

export function quoteSchema(t: Translate, currencies: ConvertCurrency[]) {
  const byId = new Map(currencies.map((c) => [c.id, c]));
  const currency = (key: string) =>
    z.coerce
      .number({ invalid_type_error: t(key), required_error: t(key) })
      .int(t(key))
      .positive(t(key));
  return z
    .object({
      from: currency("errors.currencyRequired"),
      to: currency("errors.currencyRequired"),
      amount: z
        .string({ required_error: t("errors.amountRequired") })
        .trim()
        .max(40, t("errors.amountInvalid")),
    })
    .superRefine((v, ctx) => {
      const from = byId.get(v.from);
      if (currencies.length && !from) ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["from"], message: t("errors.currencyRequired") });
      if (currencies.length && !byId.has(v.to))
        ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["to"], message: t("errors.currencyRequired") });
      if (v.from === v.to) ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["to"], message: t("errors.sameCurrency") });
      const problem = amountProblem(v.amount, { decimals: from?.decimals, available: from?.available });
      if (problem) {
        ctx.addIssue({
          code: z.ZodIssueCode.custom,
          path: ["amount"],
          message: t(AMOUNT_MESSAGES[problem], {
            decimals: from?.decimals ?? 0,
            available: displayAmount(from?.available),
            code: from?.code ?? "",
          }),
        });
      }
    });
}
