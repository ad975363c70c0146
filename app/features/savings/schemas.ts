import { z } from "zod";
import { cut } from "~/lib/zod-input";
import { displayAmount } from "~/lib/display";
import { lockAmountProblem, type LockAmountProblem } from "./rules";

/**
 * The savings forms' schemas, one builder per form taking the `savings` translator, so the action (through
 * forms.server.ts) and the browser (validate.ts, loaded after hydration) check alike and say the same thing. The
 * amount's rules are rules.ts's `lockAmountProblem`, applied here, not restated. Conform sends an empty input as
 * undefined, hence the `required_error`.
 */
export type Translate = (key: string, options?: Record<string, unknown>) => string;

/** What a purchase's amount is checked against: the product's bounds, the spot balance when known, the language of the amounts. */
export type BuyLimits = { limit_number: string; max_number: string; code: string; available: string | null; lang: string };

/**
 * Buying a lock product (docs/product.md, "/deposit"): the amount, between the product's minimum and maximum and
 * covered by the spot balance, in that order, so the message names the first thing to fix. Without `limits` (the
 * constraints) only its presence is checked.
 */
export function buySchema(t: Translate, limits?: BuyLimits) {
  const required = t("errors.amountRequired");
  return z.object({
    id: z.coerce.number().int().positive(),
    idempotency_key: cut(64, z.string().trim().optional()),
    number: cut(
      64,
      z
        .string({ required_error: required })
        .trim()
        .superRefine((value, ctx) => {
          const problem: LockAmountProblem | null = limits
            ? lockAmountProblem(value, limits, limits.available)
            : value === ""
              ? { key: "amountRequired" }
              : null;
          if (!problem) return;
          const vars = Object.fromEntries(
            Object.entries(problem.vars ?? {}).map(([k, v]) => [k, displayAmount(v, 2, limits?.lang ?? "en")]),
          );
          ctx.addIssue({ code: z.ZodIssueCode.custom, message: t(`errors.${problem.key}`, { ...vars, code: limits?.code }) });
        }),
    ),
  });
}

export const SCHEMAS = { buy: buySchema };
export type FormName = keyof typeof SCHEMAS;
