import { randomBytes } from "node:crypto";
import type { NextFunction, Request, Response } from "express";

/** Methods that change state; every other method must be safe to replay from any site. */
const UNSAFE = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * Refuses a state-changing request that a browser says came from another site.
 * Browsers send Sec-Fetch-Site and Origin on every cross-origin POST, so a form on an
 * attacker's page is refused before any action runs; tools that send neither pass.
 */
export function isCrossSite(method: string, headers: { origin?: string; host?: string; "sec-fetch-site"?: string; "x-forwarded-host"?: string }, trustForwardedHost: boolean): boolean {
  if (!UNSAFE.has(method.toUpperCase())) return false;
  const site = headers["sec-fetch-site"];
  if (site === "cross-site") return true;
  const origin = headers.origin;
  if (origin === undefined) return false;
  if (origin === "null") return true;
  let originHost: string;
  try {
    originHost = new URL(origin).host;
  } catch {
    return true;
  }
  const host = (trustForwardedHost && headers["x-forwarded-host"]) || headers.host;
  return originHost !== host;
}

export function csrfGuard(trustForwardedHost: boolean) {
  return function csrf(req: Request, res: Response, next: NextFunction) {
    if (isCrossSite(req.method, req.headers as Record<string, string>, trustForwardedHost)) {
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
