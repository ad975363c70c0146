import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * How the standalone exchange tells the app processes' calls from anyone else's. The app processes send
 * `X-Exchange-Caller` with a key derived from the secret they already share with the exchange
 * (ADDRESS_SERVICE_SECRET); their calls were limited at the forms and carry the visitor's address. Every other
 * caller of the exchange's /api/ gets the sign-in and code limits, by its own address.
 */
export const APP_CALLER_HEADER = "X-Exchange-Caller";

/** The header's value: an HMAC of a fixed label, so the secret itself never travels. */
export function appCallerKey(secret: string): string {
  return createHmac("sha256", secret).update("exchange-caller:v1").digest("base64url");
}

export function isAppCall(header: string | undefined, secret: string): boolean {
  if (!header) return false;
  const want = Buffer.from(appCallerKey(secret));
  const got = Buffer.from(header);
  return got.length === want.length && timingSafeEqual(got, want);
}
