import type { IncomingMessage } from "node:http";
import { matchRoutes } from "@remix-run/react";
import type { ServerBuild } from "@remix-run/node";
import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from "express";

/** Largest body of a form route (every screen's POST): the biggest real form is well under 4 KB. */
export const FORM_BODY_LIMIT = 64 * 1024;
/** Largest body of the public /api/ mount (the embedded exchange's own limit is the same). */
export const API_BODY_LIMIT = 1024 * 1024;
/**
 * For the forms that carry images (collection QR code, identity documents: up to three images of 5 MB each) and the
 * /api/ upload call: the only routes allowed more than the forms.
 */
export const UPLOAD_BODY_LIMIT = 16 * 1024 * 1024;
/** The screens whose forms carry images; every other screen keeps FORM_BODY_LIMIT. */
export const UPLOAD_SCREENS: readonly string[] = [
  "/personal/collectionSettings",
  "/personal/authentication",
  // A fiat order's payment voucher, on the buyer's order page (and the merchant's view of it).
  "/legalIndex/orderdetail",
  "/myshop/shoporderdetail",
];

/** Form field names deeper than this (`a[0][0]…`, `a.b.c…`) are refused: conform's parser recurses on them. */
export const MAX_FIELD_NAME_DEPTH = 16;
export const MAX_FIELD_NAME_LENGTH = 256;

/**
 * The most of a refused body read (and thrown away) so that the refusal can be answered on a connection the client
 * or proxy may keep using. A reverse proxy sends the whole body before it reads the answer: answering 413 and
 * closing while it is still sending gives it a broken pipe, so it answers 502 and takes this process out of its
 * rotation. The tested nginx configuration (deploy/nginx/exchange.conf) lets at most 1 MB through on the form
 * routes, well under this; a body past it (a client sending straight to the app) is answered and the connection
 * closed.
 */
export const DISCARD_LIMIT = 4 * 1024 * 1024;
/** How long reading a refused body may take before the connection is closed instead. */
export const DISCARD_TIMEOUT_MS = 5_000;

/**
 * Reads what is left of a request's body and throws it away, up to `cap` bytes and `ms`: true when the body was read
 * to its end (the connection can carry the next request), false when it was not (the caller closes the connection).
 */
export function discardBody(req: IncomingMessage, cap = DISCARD_LIMIT, ms = DISCARD_TIMEOUT_MS): Promise<boolean> {
  if (req.complete) return Promise.resolve(true);
  if (req.destroyed || req.readableEnded || req.socket?.destroyed) return Promise.resolve(false);
  const declared = declaredLength(req);
  if (declared !== null && declared > cap) return Promise.resolve(false);
  return new Promise((resolve) => {
    let seen = 0;
    const done = (whole: boolean) => {
      clearTimeout(timer);
      req.off("data", onData);
      req.off("end", onEnd);
      req.off("error", onFail);
      req.off("close", onClose);
      if (!whole) req.pause();
      resolve(whole);
    };
    const onData = (chunk: Buffer) => {
      seen += chunk.length;
      if (seen > cap) done(false);
    };
    const onEnd = () => done(true);
    const onFail = () => done(false);
    const onClose = () => done(req.complete);
    const timer = setTimeout(() => done(false), ms);
    req.on("data", onData);
    req.on("end", onEnd);
    req.on("error", onFail);
    req.on("close", onClose);
    req.resume();
  });
}

/**
 * Before answering a request whose body was not read to its end (refused early, or past its limit): read the rest
 * within DISCARD_LIMIT, or mark the answer to close the connection, so that what is left of the body is never
 * parsed as the next request.
 */
export async function settleBody(req: IncomingMessage, res: { setHeader(name: string, value: string): unknown }): Promise<void> {
  if (req.complete) return;
  if (!(await discardBody(req))) res.setHeader("Connection", "close");
}

export class PayloadTooLargeError extends Error {
  override name = "PayloadTooLargeError";
  constructor(readonly limit: number) {
    super(`request body over ${limit} bytes`);
  }
}

export class BadBodyError extends Error {
  override name = "BadBodyError";
}

/** The body's declared length, or null (chunked, or none). */
function declaredLength(req: IncomingMessage): number | null {
  const header = req.headers["content-length"];
  if (header === undefined) return null;
  const n = Number(header);
  return Number.isFinite(n) && n >= 0 ? n : null;
}

export function declaredTooLarge(req: IncomingMessage, limit: number): boolean {
  const n = declaredLength(req);
  return n !== null && n > limit;
}

/**
 * The request body as a web stream that errors with PayloadTooLargeError as soon as more than `limit` bytes have
 * arrived (declared or counted: a chunked body is counted as it streams), and then stops reading the socket, so a
 * 100 MB body costs at most `limit` bytes of memory. Every reader of a body (the Remix request, the /api/ mount)
 * reads this stream, never `req` itself.
 */
export function limitedStream(req: IncomingMessage, limit: number): ReadableStream<Uint8Array> {
  let seen = 0;
  let done = false;
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        const finish = (error?: Error) => {
          if (done) return;
          done = true;
          req.off("data", onData);
          req.off("end", onEnd);
          req.off("error", onError);
          req.off("close", onClose);
          if (error) {
            req.pause();
            controller.error(error);
          } else controller.close();
        };
        const onData = (chunk: Buffer) => {
          seen += chunk.length;
          if (seen > limit) return finish(new PayloadTooLargeError(limit));
          controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
          if ((controller.desiredSize ?? 0) <= 0) req.pause();
        };
        const onEnd = () => finish();
        const onError = (e: Error) => finish(new BadBodyError(e.message));
        const onClose = () => finish(req.complete ? undefined : new BadBodyError("body cut short"));
        if (declaredTooLarge(req, limit)) return finish(new PayloadTooLargeError(limit));
        req.on("data", onData);
        req.on("end", onEnd);
        req.on("error", onError);
        req.on("close", onClose);
        req.pause();
      },
      pull() {
        if (!done) req.resume();
      },
      cancel() {
        done = true;
        req.pause();
      },
    },
    { highWaterMark: 64 * 1024, size: (chunk) => chunk.byteLength },
  );
}

/** Reads a limited stream to the end (at most its limit in memory). */
export async function readAll(stream: ReadableStream<Uint8Array>): Promise<Buffer> {
  const chunks: Uint8Array[] = [];
  const reader = stream.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

export function bytes(body: Buffer): Uint8Array<ArrayBuffer> {
  return new Uint8Array(body.buffer as ArrayBuffer, body.byteOffset, body.byteLength);
}

const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];

export function mediaType(req: IncomingMessage): string {
  return String(req.headers["content-type"] ?? "")
    .split(";")[0]
    .trim()
    .toLowerCase();
}

function fieldNameDepth(name: string): number {
  let depth = 0;
  for (const ch of name) if (ch === "[" || ch === ".") depth++;
  return depth;
}

/** Why a form body cannot be an action's input, or null when it parses as the forms expect. */
export async function formBodyProblem(body: Buffer, contentType: string): Promise<string | null> {
  if (body.length === 0) return null;
  let form: FormData;
  try {
    form = await new Response(bytes(body), { headers: { "content-type": contentType } }).formData();
  } catch {
    return "the form body does not parse";
  }
  for (const name of form.keys()) {
    if (name.length > MAX_FIELD_NAME_LENGTH || fieldNameDepth(name) > MAX_FIELD_NAME_DEPTH) return "a form field name is too deep";
  }
  return null;
}

/** Methods no route answers: the fetch Request refuses them, and TRACE would echo credentials (cross-site tracing). */
const NEVER = new Set(["TRACE", "TRACK", "CONNECT"]);

export function refuseForbiddenMethods(allow: string) {
  return (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    if (!NEVER.has(req.method.toUpperCase())) return next();
    res.status(405).set("Allow", allow).set("Cache-Control", "no-store").type("text/plain").send("Method Not Allowed");
  };
}

type RouteNode = { id: string; path?: string; index?: boolean; caseSensitive?: boolean; children?: RouteNode[] };

function routeTree(routes: ServerBuild["routes"], parentId?: string): RouteNode[] {
  return Object.values(routes)
    .filter((r) => r && r.parentId === parentId)
    .map((r) => ({ id: r.id, path: r.path, index: r.index, caseSensitive: r.caseSensitive, children: routeTree(routes, r.id) }));
}

/** How many paths' matches a matcher keeps: the screens' own paths, with room for ids in them; a flood of others only empties it. */
const MATCHES_KEPT = 2_000;

/**
 * The routes a screen URL's path matches (a single-fetch URL's, `/x.data` or `/_root.data`, are its page's), or null.
 * A path's answer is kept: even with the route table ranked once (decision 032), matching walks its branches and
 * their patterns twice a request, a quarter of a cached page's CPU (0.44 against 0.33 ms a signed-out /trade from the
 * page cache, alternating runs). The map is emptied when it is full, which bounds it whatever paths are asked for.
 */
function routeMatcher(build: ServerBuild) {
  const tree = routeTree(build.routes);
  const kept = new Map<string, { route: RouteNode }[] | null>();
  return (pathname: string) => {
    let path = pathname;
    if (path === "/_root.data") path = "/";
    else if (path.endsWith(".data")) path = path.slice(0, -".data".length) || "/";
    let matches = kept.get(path);
    if (matches === undefined) {
      matches = matchRoutes(tree as never, path) as { route: RouteNode }[] | null;
      if (kept.size >= MATCHES_KEPT) kept.clear();
      kept.set(path, matches);
    }
    return matches;
  };
}

/**
 * The methods a screen URL answers: GET and HEAD, and POST when the route an action would go to has one (Remix's
 * rule: an index route only with `?index`). Single-fetch URLs (`/x.data`, `/_root.data`) are their page's.
 */
export function allowedMethods(build: ServerBuild) {
  const match = routeMatcher(build);
  return (pathname: string, search: string): string[] => {
    const matches = match(pathname);
    if (!matches?.length) return ["GET", "HEAD"];
    let target = matches[matches.length - 1];
    const wantsIndex = new URLSearchParams(search).getAll("index").some((v) => v === "");
    if (target.route.index && !wantsIndex && matches.length > 1) target = matches[matches.length - 2];
    const hasAction = Boolean(build.routes[target.route.id]?.module?.action);
    return hasAction ? ["GET", "HEAD", "POST"] : ["GET", "HEAD"];
  };
}

/**
 * The route pattern a screen URL renders (`/assets/:account`, `/*` for the catch-all), a bounded label for the
 * request metrics; a single-fetch URL (`/x.data`) is its page's.
 */
export function routePatterns(build: ServerBuild) {
  const match = routeMatcher(build);
  return (pathname: string): string => {
    const matches = match(pathname);
    if (!matches?.length) return "unmatched";
    const parts = matches.map((m) => m.route.path ?? "").filter(Boolean);
    return "/" + parts.join("/").replace(/\/+/g, "/");
  };
}

/**
 * Screen routes: 405 with Allow for any method the route does not answer (PUT, DELETE, PATCH; POST without an
 * action), 204 with Allow for OPTIONS; a POST must be a form (415 otherwise), within FORM_BODY_LIMIT (413), and
 * parse (400). The body is read here, through the limit, and handed on as `res.locals.body`.
 */
export function screenRequestGuard(build: ServerBuild, formLimit = FORM_BODY_LIMIT, uploadScreens: readonly string[] = UPLOAD_SCREENS) {
  const allowed = allowedMethods(build);
  return async (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    const method = req.method.toUpperCase();
    if (method === "GET" || method === "HEAD") return next();
    const url = new URL(req.originalUrl, "http://x");
    const allow = allowed(url.pathname, url.search);
    const limit = uploadScreens.includes(url.pathname.replace(/\/+$/, "")) ? UPLOAD_BODY_LIMIT : formLimit;
    const refuse = async (status: number, text: string) => {
      // A body left unread is read and thrown away first (a proxy gets the answer, not a broken pipe), or the
      // connection closes after the answer: it must not be parsed as the next request.
      await settleBody(req, res);
      res.status(status).set("Cache-Control", "no-store").type("text/plain").send(text);
    };
    if (method === "OPTIONS") {
      res
        .status(204)
        .set("Allow", [...allow, "OPTIONS"].join(", "))
        .end();
      return;
    }
    if (!allow.includes(method)) {
      res.set("Allow", allow.join(", "));
      return refuse(405, "Method Not Allowed");
    }
    const type = mediaType(req);
    if (!FORM_TYPES.includes(type))
      return refuse(415, "Unsupported Media Type: send the form as application/x-www-form-urlencoded or multipart/form-data");
    let body: Buffer;
    try {
      body = await readAll(limitedStream(req, limit));
    } catch (error) {
      if (error instanceof PayloadTooLargeError) return refuse(413, `Payload Too Large: at most ${limit} bytes`);
      return refuse(400, "Bad Request: the body could not be read");
    }
    const problem = await formBodyProblem(body, String(req.headers["content-type"]));
    if (problem) return refuse(400, `Bad Request: ${problem}`);
    res.locals.body = body;
    next();
  };
}
