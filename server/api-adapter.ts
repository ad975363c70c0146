import { Readable } from "node:stream";
import type { Request as ExpressRequest, Response as ExpressResponse } from "express";

/** Turns an Express request into the WHATWG Request the exchange's handler takes. */
export function toFetchRequest(req: ExpressRequest): Request {
  const url = new URL(req.originalUrl, `${req.protocol}://${req.get("host") ?? "localhost"}`);
  const headers = new Headers();
  for (const [key, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) headers.append(key, v);
    else headers.set(key, value);
  }
  const hasBody = req.method !== "GET" && req.method !== "HEAD";
  return new Request(url, {
    method: req.method,
    headers,
    body: hasBody ? (Readable.toWeb(req) as ReadableStream) : undefined,
    duplex: hasBody ? "half" : undefined,
  } as RequestInit);
}

export async function sendFetchResponse(res: ExpressResponse, response: Response): Promise<void> {
  res.status(response.status);
  response.headers.forEach((value, key) => res.setHeader(key, value));
  res.end(Buffer.from(await response.arrayBuffer()));
}

/** A transport that forwards the app's API calls to an exchange elsewhere, as plain HTTP. */
export function remoteTransport(baseUrl: string) {
  const base = new URL(baseUrl.endsWith("/") ? baseUrl : baseUrl + "/");
  return (request: Request): Promise<Response> => {
    const incoming = new URL(request.url);
    // /api/* calls go below the API base; the address service (/addr/*) is its own prefix on that host.
    const target = incoming.pathname.startsWith("/addr/")
      ? new URL(incoming.pathname + incoming.search, base)
      : new URL(incoming.pathname.replace(/^\/api\//, "") + incoming.search, new URL("api/", base));
    return fetch(new Request(target, request));
  };
}
