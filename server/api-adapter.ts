import type { Request as ExpressRequest, Response as ExpressResponse } from "express";
import type { Logger } from "../app/lib/log.server";
import { apiRateLimit } from "../app/lib/rate-limit.server";
import { APP_CALLER_HEADER } from "./app-caller";
import type { Exchange } from "./exchange/index";
import { API_BODY_LIMIT, limitedStream, settleBody, UPLOAD_BODY_LIMIT } from "./http-guards";
import { requestSite } from "./security";

/**
 * Turns an Express request into the WHATWG Request the exchange's handler takes. The body is the one given (the
 * size-limited stream of `req`), never `req` itself: nothing reads an unlimited body.
 */
export function toFetchRequest(req: ExpressRequest, body?: ReadableStream<Uint8Array> | Uint8Array<ArrayBuffer>): Request {
  const site = requestSite(req);
  const url = new URL(req.originalUrl, `${site.protocol}://${site.host || "localhost"}`);
  const headers = new Headers();
  for (const [key, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) headers.append(key, v);
    else headers.set(key, value);
  }
  const hasBody = body !== undefined && req.method !== "GET" && req.method !== "HEAD";
  return new Request(url, {
    method: req.method,
    headers,
    body: hasBody ? body : undefined,
    duplex: hasBody ? "half" : undefined,
  } as RequestInit);
}

export async function sendFetchResponse(res: ExpressResponse, response: Response): Promise<void> {
  res.status(response.status);
  response.headers.forEach((value, key) => res.setHeader(key, value));
  res.end(Buffer.from(await response.arrayBuffer()));
}

/**
 * Answers a request to the exchange's /api/ (or /addr/) from the exchange in this process. The exchange reads the body
 * through its limit (a chunked body is counted as it streams: 413 past 1 MB; the image upload is the one call allowed
 * more, the exchange holding it to 5 MB of image). A public caller gets the forms' rate limits by its address; a
 * caller limited at its forms already (the app's own calls) does not. A body left unread (refused early) is read and
 * thrown away, or its connection closes after the answer.
 */
export async function answerFromExchange(
  exchange: Pick<Exchange, "handle">,
  req: ExpressRequest,
  res: ExpressResponse,
  log: Logger,
  publicCaller: boolean,
): Promise<void> {
  try {
    const limit = req.path === "/api/common/image_upload" ? UPLOAD_BODY_LIMIT : API_BODY_LIMIT;
    const response = await exchange.handle(
      toFetchRequest(req, limitedStream(req, limit)),
      publicCaller
        ? {
            limit: (call, payload) => apiRateLimit(call, req.ip ?? "unknown", payload),
            client: { ip: req.ip ?? "", device: req.get("user-agent") ?? "" },
          }
        : undefined,
    );
    await settleBody(req, res);
    await sendFetchResponse(res, response);
  } catch (error) {
    log.error({ err: error }, "api adapter failed");
    if (!res.headersSent) res.status(500).json({ code: 0, msg: "server error", data: null });
  }
}

/**
 * The exchange's `/api/` base from EXCHANGE_API_URL, which may be given either way: as the `/api/` base itself
 * (`http://127.0.0.1:3001/api/`, as the README says) or as the host (`http://127.0.0.1:3001`).
 */
export function apiBase(baseUrl: string): URL {
  const base = new URL(baseUrl.endsWith("/") ? baseUrl : baseUrl + "/");
  return /\/api\/$/.test(base.pathname) ? base : new URL("api/", base);
}

/**
 * A transport that forwards the app's API calls to an exchange elsewhere, as plain HTTP. `callerKey` marks them as
 * an app process's (server/app-caller.ts), so the standalone exchange does not count their sign-ins a second time.
 */
export function remoteTransport(baseUrl: string, callerKey?: string) {
  const api = apiBase(baseUrl);
  return (request: Request): Promise<Response> => {
    const incoming = new URL(request.url);
    // /api/* calls go below the API base; the address service (/addr/*) is its own prefix on that host.
    const target = incoming.pathname.startsWith("/addr/")
      ? new URL(incoming.pathname + incoming.search, api)
      : new URL(incoming.pathname.replace(/^\/api\//, "") + incoming.search, api);
    const forwarded = new Request(target, request);
    if (callerKey) forwarded.headers.set(APP_CALLER_HEADER, callerKey);
    return fetch(forwarded);
  };
}
