import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import { createSession, redirect, type Session } from "@remix-run/node";
import { readCookie } from "./cookies";

/**
 * The session cookie holds the upstream token, so it is encrypted (AES-256-GCM), not merely
 * signed: a signed Remix cookie is readable base64. GCM's tag also authenticates it.
 */
export type SessionData = {
  token: string;
  account: string;
  uid: string;
  is_seller: boolean;
  remember: boolean;
  /** When the last code of each purpose went to the user's own address (app/lib/code-wait.server.ts). */
  ownCodeSentAt: Partial<Record<"tradePassword" | "bindAddress", number>>;
};
export type FlashData = { toast: { kind: "success" | "error" | "info"; message: string } };
export type AppSession = Session<SessionData, FlashData>;

const REMEMBER_MAX_AGE = 60 * 60 * 24 * 30;

// The key derived from the secret, kept while the secret stays the same: a page reads the cookie once per call it
// makes, and deriving the key each time was a measurable share of a signed-in render.
let derived: { secret: string; key: Buffer } | null = null;

function key(): Buffer {
  const secret = process.env.SESSION_SECRET;
  if (!secret || secret.length < 32) throw new Error("SESSION_SECRET is not set (server/index.ts sets it)");
  if (derived?.secret !== secret)
    derived = { secret, key: Buffer.from(hkdfSync("sha256", secret, "exchange-web", "session-cookie-v1", 32)) };
  return derived.key;
}

export function seal(data: unknown, k: Buffer = key()): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", k, iv);
  const body = Buffer.concat([cipher.update(JSON.stringify(data), "utf8"), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64url");
}

export function unseal(value: string, k: Buffer = key()): unknown {
  return parsed(open(value, k));
}

/** An opened value's data, or null when there was none or it is not JSON. */
function parsed(text: string | null): unknown {
  try {
    return text === null ? null : JSON.parse(text);
  } catch {
    return null;
  }
}

/** The sealed value's text, or null when it was not sealed with this key (or was altered). */
function open(value: string, k: Buffer): string | null {
  try {
    const raw = Buffer.from(value, "base64url");
    if (raw.length < 29) return null;
    const decipher = createDecipheriv("aes-256-gcm", k, raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString("utf8");
  } catch {
    return null;
  }
}

// A request's cookie opened once: its page asks for the session (or the token) once per call it makes. Each asker
// still gets its own parsed copy, so changing one session never shows in another.
const opened = new WeakMap<Request, { raw: string; text: string | null }>();

function sessionData(request: Request, raw: string): unknown {
  let hit = opened.get(request);
  if (hit?.raw !== raw) {
    hit = { raw, text: open(raw, key()) };
    opened.set(request, hit);
  }
  return parsed(hit.text);
}

/** Secure in production over https (or on localhost, which browsers treat as secure); forced by COOKIE_SECURE. */
export function isSecure(request: Request): boolean {
  const mode = process.env.COOKIE_SECURE ?? "auto";
  if (mode === "true") return true;
  if (mode === "false") return false;
  if (process.env.NODE_ENV !== "production") return false;
  const url = new URL(request.url);
  return url.protocol === "https:" || ["localhost", "127.0.0.1", "[::1]"].includes(url.hostname);
}

const cookieName = (secure: boolean) => (secure ? "__Host-sid" : "sid");

export async function getSession(request: Request): Promise<AppSession> {
  const raw = readCookie(request.headers.get("Cookie"), cookieName(isSecure(request)));
  const data = raw ? sessionData(request, raw) : null;
  return createSession<SessionData, FlashData>(data && typeof data === "object" ? (data as SessionData) : ({} as SessionData));
}

export async function commitSession(request: Request, session: AppSession): Promise<string> {
  const secure = isSecure(request);
  const parts = [`${cookieName(secure)}=${seal(session.data)}`, "Path=/", "HttpOnly", "SameSite=Lax"];
  if (secure) parts.push("Secure");
  // 'Remember' keeps the session for 30 days; otherwise it ends with the browser.
  if (session.get("remember")) parts.push(`Max-Age=${REMEMBER_MAX_AGE}`);
  return parts.join("; ");
}

export async function destroySession(request: Request): Promise<string> {
  const secure = isSecure(request);
  return `${cookieName(secure)}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0${secure ? "; Secure" : ""}`;
}

export async function getToken(request: Request): Promise<string | null> {
  return (await getSession(request)).get("token") ?? null;
}

export async function redirectWithToast(
  request: Request,
  to: string,
  toast: FlashData["toast"],
  init?: { session?: AppSession; headers?: HeadersInit },
) {
  const session = init?.session ?? (await getSession(request));
  session.flash("toast", toast);
  const headers = new Headers(init?.headers);
  headers.append("Set-Cookie", await commitSession(request, session));
  return redirect(to, { headers });
}

/**
 * Guards throw: without a token, to login with a message and the page to come back to (by default the one
 * asked for; an action names the screen it belongs to, since its own URL may carry `?index` or a resource path).
 */
export async function requireToken(
  request: Request,
  { messageKey = "common:errors.pleaseLogin", returnTo }: { messageKey?: string; returnTo?: string } = {},
): Promise<string> {
  const token = await getToken(request);
  if (token) return token;
  const url = new URL(request.url);
  const { getT } = await import("~/lib/i18next.server");
  const t = await getT(request);
  const page = returnTo ?? url.pathname + url.search;
  throw await redirectWithToast(request, `/login?page=${encodeURIComponent(page)}`, { kind: "error", message: t(messageKey) });
}
