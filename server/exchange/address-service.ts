import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { z } from "zod";
import {
  ADDRESS_CODE_RESEND_SECONDS,
  ADDRESS_CODE_TYPE,
  ADDRESS_SERVICE_PATHS,
  ADDRESS_SIGN_MAX_AGE_SECONDS,
  ADDRESS_SIGN_MAX_SKEW_SECONDS,
  AddressBindDataSchema,
  AddressGetDataSchema,
  AddressRemoveDataSchema,
  AddressSendCodeDataSchema,
  CODE,
} from "../../app/contract/index";
import type { Answer } from "./context";
import type { DB } from "./db/index";
import type { Lang, Translate } from "./lib/i18n";
import { consumeCode } from "./models/codes";
import type { Client } from "./models/personal";
import { checkCodeLimited } from "./handlers/checks";
import { sendCodeMessage } from "./handlers/send-code";
import { findUserById, type Channel } from "./models/users";
import { addressFitsChain, boundAddresses, findAddressEntry, memoProblem, protocolByContract } from "./money/addresses";
import { loadCurrencies } from "./money/currencies";

/**
 * The address service (docs/product.md, "Address service"): the withdrawal address book, on its own path prefix `/addr/`,
 * without a token. The caller (the app's server, never the browser) proves who it is by signing: every call is
 * form data `data` = a JSON object (with `user_id` and `timestamp`) and `sign` = hex sha256(data + secret). The
 * service checks the sign in constant time, refuses timestamps older than 5 minutes or more than 30 s ahead,
 * and only then trusts `user_id`.
 */

/** Most entries per user, currency and chain. */
export const MAX_ADDRESSES_PER_CHAIN = 20;

/** sign = lowercase hex sha256 of the UTF-8 bytes of `data + secret`. */
export function signAddressRequest(data: string, secret: string): string {
  return createHash("sha256")
    .update(data + secret, "utf8")
    .digest("hex");
}

export function verifyAddressSign(data: string, sign: string, secret: string): boolean {
  if (!/^[0-9a-fA-F]{64}$/.test(sign)) return false;
  const expected = Buffer.from(signAddressRequest(data, secret), "hex");
  return timingSafeEqual(expected, Buffer.from(sign.toLowerCase(), "hex"));
}

/** Seconds (or milliseconds, told apart by size) → ms. */
function timestampMs(ts: number): number {
  return ts > 1e12 ? ts : ts * 1000;
}

export function timestampProblem(ts: number, now: number): "sign_expired" | null {
  const ms = timestampMs(ts);
  if (ms < now - ADDRESS_SIGN_MAX_AGE_SECONDS * 1000) return "sign_expired";
  if (ms > now + ADDRESS_SIGN_MAX_SKEW_SECONDS * 1000) return "sign_expired";
  return null;
}

/** `data` and `sign` as form fields, the way the app sends them (and tests). */
export function signedForm(payload: Record<string, unknown>, secret: string): URLSearchParams {
  const data = JSON.stringify(payload);
  return new URLSearchParams({ data, sign: signAddressRequest(data, secret) });
}

/**
 * The shared secret: `ADDRESS_SERVICE_SECRET` when set, else `<dataDir>/address-secret` (created on first start,
 * 32 random bytes as hex, mode 0600) — the app process reads the same file (same DATA_DIR) or the same variable.
 */
export function loadOrCreateAddressSecret(dataDir: string, env: Record<string, string | undefined> = process.env): string {
  const fromEnv = env.ADDRESS_SERVICE_SECRET?.trim();
  if (fromEnv) return fromEnv;
  if (dataDir === ":memory:") return randomBytes(32).toString("hex");
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, "address-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  const secret = randomBytes(32).toString("hex");
  writeFileSync(file, secret + "\n", { mode: 0o600 });
  return secret;
}

export interface AddressServiceDeps {
  db: DB;
  secret: string;
  t: Translate;
  lang: Lang;
  now: number;
  log: (line: string) => void;
  /** The app's visitor, forwarded by the app (code sending and the code's tries are limited per client address too). */
  client: Client;
}

function fail(t: Translate, key: string, vars?: Record<string, string | number>): Answer<never> {
  return { code: CODE.FAIL, msg: t(key, vars) };
}

/** Verifies `data` + `sign` and parses `data` with `schema`; the answer to send back on failure. */
function open<S extends z.ZodTypeAny>(
  deps: AddressServiceDeps,
  payload: Record<string, unknown>,
  schema: S,
): { ok: true; data: z.output<S> } | { ok: false; answer: Answer<never> } {
  const data = typeof payload.data === "string" ? payload.data : "";
  const sign = typeof payload.sign === "string" ? payload.sign.trim() : "";
  if (data === "" || sign === "") return { ok: false, answer: fail(deps.t, "sign_invalid") };
  if (!verifyAddressSign(data, sign, deps.secret)) return { ok: false, answer: fail(deps.t, "sign_invalid") };
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch {
    return { ok: false, answer: fail(deps.t, "sign_invalid") };
  }
  if (!json || typeof json !== "object" || Array.isArray(json)) return { ok: false, answer: fail(deps.t, "sign_invalid") };
  const raw = json as Record<string, unknown>;
  const ts = Number(raw.timestamp);
  if (!Number.isFinite(ts) || ts <= 0) return { ok: false, answer: fail(deps.t, "field_required", { field: "timestamp" }) };
  const stale = timestampProblem(ts, deps.now);
  if (stale) return { ok: false, answer: fail(deps.t, stale) };
  // Values are strings or numbers in JSON; the schemas coerce ids.
  const flat: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(raw)) if (v !== null) flat[k] = typeof v === "number" || typeof v === "boolean" ? String(v) : v;
  const parsed = schema.safeParse(flat);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue.path.join(".") || "data";
    const missing = issue.code === "invalid_type" && issue.received === "undefined";
    const key =
      missing && !/_required$/.test(issue.message)
        ? "field_required"
        : issue.message && !issue.message.includes(" ")
          ? issue.message
          : "field_invalid";
    const msg = deps.t(key, { field });
    return { ok: false, answer: { code: CODE.FAIL, msg: msg === key ? deps.t("field_invalid", { field }) : msg } };
  }
  return { ok: true, data: parsed.data };
}

function userOf(deps: AddressServiceDeps, userId: number) {
  const u = findUserById(deps.db, userId);
  return u && !(u as unknown as { is_system?: number }).is_system ? u : undefined;
}

/** Handles `/addr/<Call>`; null when the path is not the address service's. */
export function handleAddressService(
  path: string,
  method: string,
  payload: Record<string, unknown>,
  deps: AddressServiceDeps,
): Answer<unknown> | null {
  const { t } = deps;
  switch (path) {
    case ADDRESS_SERVICE_PATHS.getDrawAddress: {
      const o = open(deps, payload, AddressGetDataSchema);
      if (!o.ok) return o.answer;
      if (!userOf(deps, o.data.user_id)) return fail(t, "user_not_found");
      let currencyId: number | undefined;
      let protocolId: number | undefined;
      if (o.data.coin_name) {
        const c = loadCurrencies(deps.db).find((x) => x.code === o.data.coin_name!.toUpperCase());
        if (!c) return fail(t, "currency_not_found");
        currencyId = c.id;
        if (o.data.contract_address !== undefined) {
          const p = protocolByContract(c, o.data.contract_address);
          if (!p) return fail(t, "chain_not_found");
          protocolId = p.id;
        }
      }
      return { code: CODE.OK, msg: t("ok"), data: boundAddresses(deps.db, o.data.user_id, currencyId, protocolId) };
    }
    case ADDRESS_SERVICE_PATHS.sendVerificationcode: {
      if (method !== "POST") return { code: CODE.FAIL, msg: t("method_not_allowed") };
      const o = open(deps, payload, AddressSendCodeDataSchema);
      if (!o.ok) return o.answer;
      const u = userOf(deps, o.data.user_id);
      if (!u) return fail(t, "user_not_found");
      const channel: Channel = u.email ? "email" : "sms";
      const address = (u.email ?? u.mobile)!;
      // The same code-sending limits as every call that sends one (handlers/send-code.ts).
      const wait = sendCodeMessage(deps, {
        channel,
        address,
        type: ADDRESS_CODE_TYPE,
        userId: u.id,
        resendMs: ADDRESS_CODE_RESEND_SECONDS * 1000,
      });
      if (wait > 0) return { code: CODE.FAIL, msg: t("code_wait", { seconds: wait, count: wait }), reason: { key: "code_wait", wait } };
      return { code: CODE.OK, msg: t("code_sent"), data: { resend_after: ADDRESS_CODE_RESEND_SECONDS } };
    }
    case ADDRESS_SERVICE_PATHS.bindDrawAddress: {
      if (method !== "POST") return { code: CODE.FAIL, msg: t("method_not_allowed") };
      const o = open(deps, payload, AddressBindDataSchema);
      if (!o.ok) return o.answer;
      const d = o.data;
      const u = userOf(deps, d.user_id);
      if (!u) return fail(t, "user_not_found");
      const c = loadCurrencies(deps.db).find((x) => x.code === d.coin_name.toUpperCase());
      if (!c) return fail(t, "currency_not_found");
      const p = protocolByContract(c, d.contract_address);
      if (!p) return fail(t, "chain_not_found");
      if (!addressFitsChain(p.chain, d.address)) return fail(t, "address_invalid_for_chain", { chain: p.chain });
      const memoKey = memoProblem(p.chain, d.memo);
      if (memoKey) return fail(t, memoKey);
      const address = (u.email ?? u.mobile)!;
      const checked = checkCodeLimited(deps, {
        address,
        type: ADDRESS_CODE_TYPE,
        code: d.verificationcode,
        userId: u.id,
        field: "verificationcode",
      });
      if ("refusal" in checked) return checked.refusal;
      const codeId = checked.id;
      const result = deps.db.transaction((): Answer<unknown> => {
        const existing = deps.db
          .prepare(
            "SELECT id FROM withdrawal_addresses WHERE user_id = ? AND currency_id = ? AND protocol_id = ? AND address = ? AND memo = ?",
          )
          .get(u.id, c.id, p.id, d.address, d.memo) as { id: number } | undefined;
        if (existing) return fail(t, "address_already_bound");
        const { n } = deps.db
          .prepare("SELECT COUNT(*) AS n FROM withdrawal_addresses WHERE user_id = ? AND currency_id = ? AND protocol_id = ?")
          .get(u.id, c.id, p.id) as { n: number };
        if (n >= MAX_ADDRESSES_PER_CHAIN) return fail(t, "address_book_full", { max: MAX_ADDRESSES_PER_CHAIN });
        const r = deps.db
          .prepare(
            "INSERT INTO withdrawal_addresses (user_id, currency_id, protocol_id, address, memo, created_at) VALUES (?, ?, ?, ?, ?, ?)",
          )
          .run(u.id, c.id, p.id, d.address, d.memo, deps.now);
        consumeCode(deps.db, codeId, deps.now);
        return { code: CODE.OK, msg: t("address_bound"), data: findAddressEntry(deps.db, Number(r.lastInsertRowid)) };
      })();
      return result;
    }
    case ADDRESS_SERVICE_PATHS.removeDrawAddress: {
      if (method !== "POST") return { code: CODE.FAIL, msg: t("method_not_allowed") };
      const o = open(deps, payload, AddressRemoveDataSchema);
      if (!o.ok) return o.answer;
      const entry = findAddressEntry(deps.db, o.data.id);
      if (!entry || entry.user_id !== o.data.user_id) return fail(t, "address_not_found");
      deps.db.prepare("DELETE FROM withdrawal_addresses WHERE id = ? AND user_id = ?").run(o.data.id, o.data.user_id);
      return { code: CODE.OK, msg: t("address_removed"), data: null };
    }
    default:
      return null;
  }
}
