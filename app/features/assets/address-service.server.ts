import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";
import { ADDRESS_SERVICE_PATHS, AddressEntrySchema } from "~/contract/index";
import { getLang } from "~/lib/i18next.server";
import { api, exchangeCall, type ApiArgs, type ApiResult } from "~/lib/api.server";

/**
 * The withdrawal address book (docs/api.md "Address service"): no token; this server signs every call with the
 * shared secret — form data `data` (JSON with user_id and timestamp in unix seconds) and `sign` = hex
 * sha256(data + secret). The secret and the signing stay here: the browser never sees either.
 */

const DATA = {
  getDrawAddress: z.array(AddressEntrySchema),
  sendVerificationcode: z.object({ resend_after: z.coerce.number().int() }).passthrough(),
  bindDrawAddress: AddressEntrySchema,
  removeDrawAddress: z.null().optional(),
} as const;
export type AddressCall = keyof typeof ADDRESS_SERVICE_PATHS;
export type AddressData<N extends AddressCall> = z.output<(typeof DATA)[N]>;

/** sign = lowercase hex sha256 of the UTF-8 bytes of `data + secret`. */
export function signAddressData(data: string, secret: string): string {
  return createHash("sha256")
    .update(data + secret, "utf8")
    .digest("hex");
}

/** `data` and `sign` as the form body the service reads; `timestamp` (unix seconds) is added here. */
export function signedAddressForm(payload: Record<string, string | number>, secret: string, now = Date.now()): URLSearchParams {
  const data = JSON.stringify({ ...payload, timestamp: Math.floor(now / 1000) });
  return new URLSearchParams({ data, sign: signAddressData(data, secret) });
}

let cached: { key: string; secret: string } | null = null;
/** ADDRESS_SERVICE_SECRET, else `${DATA_DIR}/address-secret` (written by the exchange at its first start). */
export function addressSecret(env: Record<string, string | undefined> = process.env): string {
  const fromEnv = env.ADDRESS_SERVICE_SECRET?.trim();
  if (fromEnv) return fromEnv;
  const dir = env.DATA_DIR;
  if (!dir) throw new Error("address service: neither ADDRESS_SERVICE_SECRET nor DATA_DIR is set");
  const file = join(dir, "address-secret");
  if (cached?.key === file) return cached.secret;
  const secret = readFileSync(file, "utf8").trim();
  if (!secret) throw new Error(`address service: ${file} is empty`);
  cached = { key: file, secret };
  return secret;
}

/** The address book names a chain by its token contract; a chain's native coin has none, so its code does (docs/api.md). */
export function chainContract(tokenAddress: string, chainCode: string): string {
  return tokenAddress || chainCode;
}

/**
 * The signed-in user's id for the address service, from the exchange (user/info), never from the cookie alone: the
 * service trusts the id it is given, and a cookie outlives its session (signed out elsewhere, a reset password, a
 * copied cookie). A session that has ended is answered as every page answers it, with the sign-in page.
 */
export async function signedInUserId(args: ApiArgs): Promise<number | null> {
  const info = await api(args, "userInfo", {});
  return info.ok ? info.data.id : null;
}

/**
 * One signed call to the address service, through the same in-process transport as /api/ calls, with the same
 * 20 s time-out and error mapping (network or an unreadable answer → 'Server error, please try again later').
 */
export async function addressService<N extends AddressCall>(
  { request, context }: ApiArgs,
  name: N,
  payload: Record<string, string | number>,
  options: { secret?: string; timeoutMs?: number; now?: number } = {},
): Promise<ApiResult<AddressData<N>>> {
  const path = ADDRESS_SERVICE_PATHS[name];
  const lang = await getLang(request);
  return exchangeCall(
    { request, context },
    `[addr] ${path}`,
    (signal) =>
      new Request(`http://exchange.internal${path}`, {
        method: "POST",
        headers: {
          lang,
          Accept: "application/json",
          "Content-Type": "application/x-www-form-urlencoded",
          // The visitor's address: codes sent and code tries are limited per client address too.
          ...(context.clientIp ? { "X-Forwarded-For": context.clientIp } : {}),
        },
        body: signedAddressForm(payload, options.secret ?? addressSecret(), options.now).toString(),
        signal,
      }),
    DATA[name] as z.ZodType<AddressData<N>, z.ZodTypeDef, unknown>,
    options.timeoutMs,
  );
}
