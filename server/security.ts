import { randomBytes } from "node:crypto";
import type { IncomingMessage } from "node:http";
import type { NextFunction, Request, Response } from "express";

/** Methods that change state; every other method must be safe to replay from any site. */
const UNSAFE = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** The scheme and host a request was addressed to. */
export interface RequestSite {
  protocol: string;
  host: string;
}

function first(value: string | string[] | undefined): string | undefined {
  const v = Array.isArray(value) ? value[0] : value;
  const item = v?.split(",")[0]?.trim();
  return item ? item : undefined;
}

/**
 * The scheme and host this request was addressed to, as the browser saw them. X-Forwarded-Proto and
 * X-Forwarded-Host count only when the request came from a trusted proxy (Express `trust proxy`, TRUST_PROXY):
 * anyone else can send those headers too.
 */
export function requestSite(req: Request): RequestSite {
  return siteOf(req, req.app?.get("trust proxy fn") as TrustProxy | undefined);
}

/** Express's compiled `trust proxy` setting: whether the address at `hop` (0: the socket's peer) is a trusted proxy. */
export type TrustProxy = (addr: string, hop: number) => boolean;

/** `requestSite` of a request Express has not seen (a WebSocket upgrade), with the `trust proxy` function given. */
export function siteOf(req: IncomingMessage, trust: TrustProxy | undefined): RequestSite {
  const fromProxy = Boolean(trust?.(req.socket?.remoteAddress ?? "", 0));
  const encrypted = Boolean((req.socket as { encrypted?: boolean } | undefined)?.encrypted);
  const proto = (fromProxy && first(req.headers["x-forwarded-proto"])) || (encrypted ? "https" : "http");
  const host = (fromProxy && first(req.headers["x-forwarded-host"])) || req.headers.host || "";
  return { protocol: proto.toLowerCase().replace(/:$/, ""), host };
}

/**
 * The client's address as Express's `req.ip` finds it: the socket's peer, or, while that hop is a trusted proxy, the
 * address it forwarded (X-Forwarded-For, read from the right).
 */
export function clientAddress(req: IncomingMessage, trust: TrustProxy | undefined): string {
  const forwarded = String(req.headers["x-forwarded-for"] ?? "")
    .split(",")
    .map((a) => a.trim())
    .filter(Boolean)
    .reverse();
  const chain = [req.socket?.remoteAddress ?? "", ...forwarded];
  for (let hop = 0; hop < chain.length - 1; hop++) if (!trust?.(chain[hop]!, hop)) return chain[hop]!;
  return chain[chain.length - 1]!;
}

export function originOf(value: string): string | null {
  try {
    const origin = new URL(value).origin;
    return origin === "null" ? null : origin;
  } catch {
    return null;
  }
}

/**
 * Refuses a state-changing request that a browser says came from another origin: scheme and host of its Origin
 * (or, without one, its Referer) must be this request's own. Browsers send Sec-Fetch-Site and Origin on every
 * cross-origin POST, so a form on an attacker's page is refused before any action runs; tools that send neither pass.
 */
export function isCrossSite(
  method: string,
  headers: { origin?: string; referer?: string; "sec-fetch-site"?: string },
  site: RequestSite,
): boolean {
  if (!UNSAFE.has(method.toUpperCase())) return false;
  if (headers["sec-fetch-site"] === "cross-site") return true;
  const source = headers.origin ?? headers.referer;
  if (source === undefined || source === "") return false;
  const from = originOf(source);
  const self = originOf(`${site.protocol}://${site.host}`);
  return from === null || self === null || from !== self;
}

export function csrfGuard() {
  return function csrf(req: Request, res: Response, next: NextFunction) {
    if (isCrossSite(req.method, req.headers as Record<string, string>, requestSite(req))) {
      res.status(403).type("text/plain").send("Cross-site request refused");
      return;
    }
    next();
  };
}

export function contentSecurityPolicy(nonce: string): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** A fresh nonce per request lets Remix's inline hydration scripts run and nothing else. */
export function securityHeaders(req: Request, res: Response, next: NextFunction) {
  const nonce = randomBytes(16).toString("base64");
  res.locals.nonce = nonce;
  res.setHeader("Content-Security-Policy", contentSecurityPolicy(nonce));
  res.setHeader("X-Content-Type-Options", "nosniff");
  res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
  res.setHeader("X-Frame-Options", "DENY");
  res.setHeader("Cross-Origin-Opener-Policy", "same-origin");
  res.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=()");
  if (req.secure) res.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
  next();
}
