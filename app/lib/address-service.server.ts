import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";
import { ADDRESS_SERVICE_PATHS, AddressEntrySchema, CODE, EnvelopeSchema } from "~/contract";
import { getLang, getT } from "~/i18next.server";
import { API_TIMEOUT_MS, type ApiArgs, type ApiResult } from "~/lib/api.server";
import { getSession } from "~/lib/session.server";

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
  return createHash("sha256").update(data + secret, "utf8").digest("hex");
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

/** The numeric user id the service wants: user/info's `uid` is the user id as a string (kept in the session). */
export async function sessionUserId(request: Request): Promise<number | null> {
  const uid = (await getSession(request)).get("uid");
  return typeof uid === "string" && /^\d{1,12}$/.test(uid) && uid !== "0" ? Number.parseInt(uid, 10) : null;
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
  const serverError = async () => (await getT(request))("common:errors.server");
  const path = ADDRESS_SERVICE_PATHS[name];
  const controller = new AbortController();
  const timeoutMs = options.timeoutMs ?? API_TIMEOUT_MS;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let body: unknown;
  try {
    const secret = options.secret ?? addressSecret();
    const form = signedAddressForm(payload, secret, options.now);
    const upstream = new Request(`http://exchange.internal${path}`, {
      method: "POST",
      headers: { lang: await getLang(request), Accept: "application/json", "Content-Type": "application/x-www-form-urlencoded" },
      body: form.toString(),
      signal: controller.signal,
    });
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        controller.abort();
        reject(new Error(`timed out after ${timeoutMs} ms`));
      }, timeoutMs);
    });
    body = await Promise.race([context.exchangeFetch(upstream).then((r) => r.json()), timeout]);
  } catch (error) {
    console.error(`[addr] ${path} failed: ${(error as Error).message}`);
    return { ok: false, kind: "network", msg: await serverError() };
  } finally {
    clearTimeout(timer);
  }
  const envelope = EnvelopeSchema.safeParse(body);
  if (!envelope.success) {
    console.error(`[addr] ${path}: answer is not an envelope`);
    return { ok: false, kind: "network", msg: await serverError() };
  }
  const { code, msg, data } = envelope.data;
  if (code === CODE.OK) {
    const parsed = DATA[name].safeParse(data);
    if (!parsed.success) {
      console.error(`[addr] ${path}: answer does not match the contract`);
      return { ok: false, kind: "network", msg: await serverError() };
    }
    return { ok: true, data: parsed.data as AddressData<N> };
  }
  if (code === CODE.SILENT_EMPTY) return { ok: false, kind: "empty", msg: "" };
  return { ok: false, kind: "fail", msg: msg || (await serverError()) };
}
