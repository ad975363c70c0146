import { data, type AppLoadContext } from "@remix-run/node";
import type { z } from "zod";
import { calls, CODE, EnvelopeSchema, type CallName, type Reason } from "~/contract";
import { BCP47 } from "~/i18n";
import { getLang, getT } from "~/lib/i18next.server";
import { log } from "~/lib/log.server";
import { UNAVAILABLE_RETRY_S } from "~/lib/unavailable.server";
import { sentenceCase } from "~/lib/sentence-case";
import { commitSession, getSession, getToken, redirectWithToast } from "~/lib/session.server";

export const API_TIMEOUT_MS = 20_000;

type Calls = typeof calls;
export type PayloadOf<N extends CallName> = z.input<Calls[N]["payload"]>;
export type DataOf<N extends CallName> = z.output<Calls[N]["data"]>;

/**
 * What a call can come back as. `fail` carries the exchange's own (already localized) msg;
 * `empty` is 996, shown as nothing; `network` is a transport failure or time-out.
 * 999 never comes back: it throws a redirect to login.
 */
export type ApiResult<T> =
  { ok: true; data: T } | { ok: false; kind: "fail" | "empty" | "network"; msg: string; data?: unknown; reason?: Reason };

export type ApiArgs = { request: Request; context: Pick<AppLoadContext, "exchangeFetch"> & Partial<Pick<AppLoadContext, "clientIp">> };

function returnPath(request: Request): string {
  const url = new URL(request.url);
  url.searchParams.delete("_data");
  url.searchParams.delete("index");
  const path = url.pathname.replace(/\.data$/, "") + (url.search ? url.search : "");
  // A POST's "current page" is where the form was; for a GET it is the page itself.
  if (request.method !== "GET") {
    const referer = request.headers.get("Referer");
    if (referer) {
      const r = new URL(referer);
      if (r.origin === url.origin) return r.pathname + r.search;
    }
  }
  return path;
}

function withTimeout<T>(promise: Promise<T>, ms: number, controller: AbortController): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      controller.abort();
      reject(new Error(`timed out after ${ms} ms`));
    }, ms);
    promise.then(
      (v) => (clearTimeout(timer), resolve(v)),
      (e) => (clearTimeout(timer), reject(e)),
    );
  });
}

export function buildRequest(
  name: CallName,
  payload: Record<string, unknown>,
  headers: { lang: string; token: string | null; client?: { ip?: string; device?: string | null } },
  signal?: AbortSignal,
): Request {
  const call = calls[name];
  const url = new URL(`http://exchange.internal/api/${call.path}`);
  const h = new Headers({ lang: headers.lang, Accept: "application/json" });
  if (headers.token) h.set("Authorization", headers.token);
  // A signed-in call tells the exchange who is behind it (its session list and security log show them).
  if (headers.client?.ip) h.set("X-Forwarded-For", headers.client.ip);
  if (headers.client?.device) h.set("User-Agent", headers.client.device.slice(0, 200));
  if (call.method === "GET") {
    for (const [k, v] of Object.entries(payload)) if (v !== undefined && v !== null) url.searchParams.set(k, String(v));
    return new Request(url, { method: "GET", headers: h, signal });
  }
  if (Object.values(payload).some((v) => v instanceof Blob)) {
    // An upload: multipart, the file as a file part (fetch sets the boundary).
    const form = new FormData();
    for (const [k, v] of Object.entries(payload)) if (v !== undefined && v !== null) form.set(k, v instanceof Blob ? v : String(v));
    return new Request(url, { method: "POST", headers: h, body: form, signal });
  }
  h.set("Content-Type", "application/json");
  return new Request(url, { method: "POST", headers: h, body: JSON.stringify(payload), signal });
}

/**
 * Public data every visitor sees alike, kept briefly per process so a busy page does not ask the
 * exchange (and parse the answer) once per visitor: market data for half a second (live pages are
 * updated by the relay anyway), site content for ten seconds. Only successful answers are kept,
 * concurrent misses share one request, and what is kept is frozen so no loader can change it
 * for the next visitor.
 */
export const PUBLIC_CACHE_MS: Partial<Record<CallName, number>> = {
  currencyMatches: 500,
  kline: 500,
  deal: 500,
  newsCategories: 10_000,
  newsList: 10_000,
  newsInfo: 10_000,
  setting: 10_000,
  areaList: 60_000,
  currencyProtocols: 10_000,
};
const PUBLIC_CACHE_MAX = 1_000;
const publicCache = new Map<string, { until: number; result: Promise<ApiResult<unknown>> }>();

function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

/** Forget every kept public answer (tests; an operator change that must show at once). */
export function clearPublicCache() {
  publicCache.clear();
}

/** One call to the exchange, with the error catalogue (docs/product.md, "Errors and the error catalogue") applied in one place. */
export async function api<N extends CallName>(
  { request, context }: ApiArgs,
  name: N,
  payload: PayloadOf<N>,
  options: { token?: string | null; timeoutMs?: number } = {},
): Promise<ApiResult<DataOf<N>>> {
  const call = calls[name];
  const ttl = PUBLIC_CACHE_MS[name];
  if (ttl !== undefined && !call.auth) {
    // Public data is the same for everyone, so it is asked for without the visitor's token.
    const lang = await getLang(request);
    const key = `${name}|${lang}|${JSON.stringify(payload)}`;
    const now = Date.now();
    const hit = publicCache.get(key);
    if (hit && hit.until > now) return hit.result as Promise<ApiResult<DataOf<N>>>;
    if (publicCache.size >= PUBLIC_CACHE_MAX) for (const [k, v] of publicCache) if (v.until <= now) publicCache.delete(k);
    if (publicCache.size >= PUBLIC_CACHE_MAX) publicCache.clear();
    const result = exchangeCall(
      { request, context },
      `[api] ${call.path}`,
      (signal) => buildRequest(name, payload as Record<string, unknown>, { lang, token: null }, signal),
      call.data as z.ZodType<DataOf<N>, z.ZodTypeDef, unknown>,
      options.timeoutMs,
    ).then((r) => (r.ok ? deepFreeze(r) : r));
    const entry = { until: now + ttl, result: result as Promise<ApiResult<unknown>> };
    publicCache.set(key, entry);
    void result.then(
      (r) => {
        if (!r.ok && publicCache.get(key) === entry) publicCache.delete(key);
      },
      () => publicCache.get(key) === entry && publicCache.delete(key),
    );
    return result;
  }
  const [lang, token] = await Promise.all([getLang(request), options.token !== undefined ? options.token : getToken(request)]);
  return exchangeCall(
    { request, context },
    `[api] ${call.path}`,
    (signal) =>
      buildRequest(
        name,
        payload as Record<string, unknown>,
        { lang, token, client: { ip: context.clientIp, device: request.headers.get("User-Agent") } },
        signal,
      ),
    call.data as z.ZodType<DataOf<N>, z.ZodTypeDef, unknown>,
    options.timeoutMs,
  );
}

/**
 * Sends one request to the exchange (any of its services) and maps the answer: the 20 s
 * time-out, the envelope, the contract's data schema, and the envelope's codes. Shared by the /api/
 * client and the address service, so both fail the same way.
 */
export async function exchangeCall<T>(
  { request, context }: ApiArgs,
  label: string,
  build: (signal: AbortSignal) => Request,
  dataSchema: z.ZodType<T, z.ZodTypeDef, unknown>,
  timeoutMs = API_TIMEOUT_MS,
): Promise<ApiResult<T>> {
  const serverError = async () => (await getT(request))("common:errors.server");
  const controller = new AbortController();
  let body: unknown;
  let status = 0;
  try {
    const response = await withTimeout(context.exchangeFetch(build(controller.signal)), timeoutMs, controller);
    status = response.status;
    body = await withTimeout(response.json(), timeoutMs, controller);
  } catch (error) {
    log().error(`${label} failed: ${(error as Error).message}`);
    return { ok: false, kind: "network", msg: await serverError() };
  }
  if (status >= 500) {
    // The exchange's own trouble (an error, or it is stopping): not a refusal the screen could explain.
    log().error(`${label}: the exchange answered ${status}`);
    return { ok: false, kind: "network", msg: await serverError() };
  }
  const envelope = EnvelopeSchema.safeParse(body);
  if (!envelope.success) {
    log().error(`${label}: answer is not an envelope`);
    return { ok: false, kind: "network", msg: await serverError() };
  }
  const { code, msg, data, reason } = envelope.data;
  if (code === CODE.OK) {
    const parsed = dataSchema.safeParse(data);
    if (!parsed.success) {
      log().error(
        `${label}: answer does not match the contract: ${parsed.error.issues
          .slice(0, 3)
          .map((i) => i.path.join(".") + " " + i.message)
          .join("; ")}`,
      );
      return { ok: false, kind: "network", msg: await serverError() };
    }
    return { ok: true, data: parsed.data };
  }
  if (code === CODE.LOGIN_TIMEOUT) throw await loginTimeout(request);
  if (code === CODE.SILENT_EMPTY) return { ok: false, kind: "empty", msg: "" };
  // Some refusals carry data the screen needs (e.g. convert: a fresh quote after the old one expired).
  // The exchange writes its messages lower case; the screens show sentences (docs/product.md, "Languages, numbers and theme").
  const shown = msg ? sentenceCase(msg, BCP47[await getLang(request)]) : await serverError();
  return { ok: false, kind: "fail", msg: shown, ...(data !== undefined && data !== null ? { data } : {}), ...(reason ? { reason } : {}) };
}

/** 999: forget the token and account, say why, and come back here after signing in again. */
export async function loginTimeout(request: Request): Promise<Response> {
  const t = await getT(request);
  const session = await getSession(request);
  for (const k of ["token", "account", "uid", "is_seller"] as const) session.unset(k);
  return redirectWithToast(
    request,
    `/login?page=${encodeURIComponent(returnPath(request))}`,
    { kind: "error", message: t("common:errors.loginTimeout") },
    { session },
  );
}

/**
 * For a loader's own data (balances, lists, prices): the result as it came, unless the exchange could not be asked
 * or did not answer — then the page is a 503 (the route's error boundary, with Retry-After), never a screen drawn
 * from nothing, where an unknown balance would read as 0 and a missing list as empty. A refusal (`fail`) and 996
 * (`empty`) come back for the screen to show. Secondary data a page can do without (the footer) does not use it.
 */
export function loaded<T>(result: ApiResult<T>): ApiResult<T> {
  if (!result.ok && result.kind === "network")
    throw data(result.msg, { status: 503, headers: { "Retry-After": String(UNAVAILABLE_RETRY_S), "Cache-Control": "no-store" } });
  return result;
}

/** For loaders: the data, or a fallback when the call failed (the page still renders). */
export function dataOr<T, F>(result: ApiResult<T>, fallback: F): T | F {
  return result.ok ? result.data : fallback;
}

export { commitSession, UNAVAILABLE_RETRY_S };
