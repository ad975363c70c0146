/**
 * What the sign-in screens need while rendering, without zod: the schemas (app/features/auth/schemas.ts)
 * stay out of the browser's first load and arrive after hydration (app/features/auth/validate.ts).
 */

/** The slice of i18next's `t` the schemas need (keys of the `auth` namespace). */
export type Translate = (key: string, options?: Record<string, unknown>) => string;
export type AccountKind = "email" | "mobile";

export { CODE_COUNTDOWN_S } from "~/contract/core/codes";

/**
 * The tab a `?tab=` query selects; the phone tab only where the screen offers it (register and forgot password
 * always; sign-in only while the exchange's SMS sign-in is on, SPEC §2).
 */
export function accountKindFrom(value: string | null | undefined, phoneEnabled: boolean): AccountKind {
  return phoneEnabled && (value === "mobile" || value === "phone") ? "mobile" : "email";
}
