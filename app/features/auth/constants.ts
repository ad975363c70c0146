/**
 * What the sign-in screens need while rendering, without zod: the schemas (app/features/auth/schemas.ts)
 * stay out of the browser's first load and arrive after hydration (app/features/auth/validate.ts).
 */

/** The slice of i18next's `t` the schemas need (keys of the `auth` namespace). */
export type Translate = (key: string, options?: Record<string, unknown>) => string;
export type AccountKind = "email" | "mobile";

export { CODE_COUNTDOWN_S } from "~/contract/core/codes";

/**
 * The tab a `?tab=` query selects; the phone tab only where the screen offers it (every sign-in screen now: register,
 * forgot password and sign-in always offer it; docs/product.md, "/login").
 */
export function accountKindFrom(value: string | null | undefined, phoneEnabled: boolean): AccountKind {
  return phoneEnabled && (value === "mobile" || value === "phone") ? "mobile" : "email";
}
