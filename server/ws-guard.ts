import type { IncomingMessage } from "node:http";
import { isIP } from "node:net";
import type { Duplex } from "node:stream";
import { MAX_STREAMS_PER_CLIENT, STREAM_LIMIT_RETRY_S, StreamLimiter } from "../app/lib/live/stream-limit";
import { hasDotSegment } from "./exchange/lib/raw-path";
import { clientAddress, originOf, siteOf, type TrustProxy } from "./security";

/**
 * The public port's `/ws` (the embedded exchange's live socket), guarded before the upgrade:
 * - a browser's `Origin` must be the site's own (scheme and host, as `requestSite` sees them) or one of the
 *   operator's other front ends (WS_ALLOWED_ORIGINS); a page elsewhere cannot open a socket with its visitor's
 *   token. A request without `Origin` is not a browser's (the app's own relay, a native client) and passes.
 * - each client address holds at most MAX_STREAMS_PER_CLIENT open sockets, as `/events` does; the next one is refused
 *   with 429 and Retry-After. A loopback client is this machine (the app's live relay opens one socket per signed-in
 *   viewer from here), so it is not counted; clients behind a proxy are counted by the address the proxy forwards.
 */
export interface WsGuardOptions {
  /** Express's compiled `trust proxy` (`app.get("trust proxy fn")`). */
  trust: TrustProxy | undefined;
  /** Other origins allowed (`https://app.example.com`), beside the site's own. */
  allowedOrigins: readonly string[];
  /** Open sockets per client address (default MAX_STREAMS_PER_CLIENT). */
  maxPerClient?: number;
}

export type WsAdmission = { ok: true; release: () => void } | { ok: false; status: 400 | 403 | 404 | 429; reason: string };

function isLoopback(address: string): boolean {
  const a = address.replace(/^::ffff:/i, "");
  return a === "::1" || (isIP(a) === 4 && a.startsWith("127."));
}

export function createWsGuard(opts: WsGuardOptions) {
  const limiter = new StreamLimiter(opts.maxPerClient ?? MAX_STREAMS_PER_CLIENT);
  const allowed = new Set(opts.allowedOrigins.map((o) => originOf(o)).filter((o): o is string => o !== null));

  function originAllowed(req: IncomingMessage): boolean {
    const header = req.headers.origin;
    if (header === undefined) return true;
    const origin = originOf(header);
    if (origin === null) return false;
    const site = siteOf(req, opts.trust);
    return origin === originOf(`${site.protocol}://${site.host}`) || allowed.has(origin);
  }

  return {
    /** Whether this upgrade may become a socket; when it may, `release` is to be called once the socket closes. */
    admit(req: IncomingMessage): WsAdmission {
      if (hasDotSegment(req.url ?? "/")) return { ok: false, status: 400, reason: "dot segments in the path" };
      if (new URL(req.url ?? "/", "http://localhost").pathname !== "/ws") return { ok: false, status: 404, reason: "not found" };
      if (!originAllowed(req)) return { ok: false, status: 403, reason: "origin not allowed" };
      const client = clientAddress(req, opts.trust);
      if (isLoopback(client)) return { ok: true, release: () => {} };
      const release = limiter.acquire(client);
      if (!release) return { ok: false, status: 429, reason: "too many sockets from this address" };
      return { ok: true, release };
    },
    /** Open sockets counted for `client`. */
    count: (client: string) => limiter.count(client),
  };
}

/** Answers a refused upgrade with a plain HTTP response and closes the socket. */
export function refuseUpgrade(socket: Duplex, status: number, reason: string): void {
  const text = { 400: "Bad Request", 403: "Forbidden", 404: "Not Found", 429: "Too Many Requests" }[status] ?? "Bad Request";
  const retry = status === 429 ? `Retry-After: ${STREAM_LIMIT_RETRY_S}\r\n` : "";
  socket.end(
    `HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Type: text/plain\r\n${retry}Content-Length: ${Buffer.byteLength(reason)}\r\n\r\n${reason}`,
  );
}

/**
 * The `upgrade` listener of the public server: `/ws` through the guard to `handle` (the exchange's socket server),
 * the socket's place given back when it closes; anything else refused.
 */
export function wsUpgradeListener(
  guard: ReturnType<typeof createWsGuard>,
  handle: (req: IncomingMessage, socket: Duplex, head: Buffer) => void,
) {
  return (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const admitted = guard.admit(req);
    if (!admitted.ok) {
      refuseUpgrade(socket, admitted.status, admitted.reason);
      return;
    }
    socket.once("close", admitted.release);
    handle(req, socket, head);
  };
}
