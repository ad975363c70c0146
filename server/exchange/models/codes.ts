import { CODE_SEND_LIMITS } from "../../../app/contract/index";
import type { DB } from "../db/index";
import { hashVerificationCode, newVerificationCode, safeEqualHex } from "../lib/crypto";
import { MINUTE } from "../lib/time";
import type { Channel } from "./users";

export const CODE_TTL_MS = 10 * MINUTE;
export const CODE_MAX_ATTEMPTS = 5;
export const CODE_RESEND_MS = 60_000;

/** Who a code is sent for: the account it belongs to (when there is one) and the client that asked. */
export interface CodeRequester {
  userId?: number | null;
  clientIp?: string | null;
}

/**
 * Seconds until another code may be sent (0 when it may now): one per target and purpose every `resendMs` (each
 * purpose waits on its own: a registration code just sent does not hold up the trade password's), and at most
 * CODE_SEND_LIMITS' counts per target, per account and per client address in its window, whatever the purpose (the
 * longest wait wins).
 */
export function sendWaitSeconds(db: DB, address: string, type: number, who: CodeRequester, now: number, resendMs = CODE_RESEND_MS): number {
  const { perTarget, perAccount, perClient, windowMs } = CODE_SEND_LIMITS;
  const since = now - windowMs;
  let until = 0;
  const last = db.prepare("SELECT MAX(created_at) AS t FROM verification_codes WHERE address = ? AND type = ?").get(address, type) as {
    t: number | null;
  };
  if (last.t != null) until = last.t + resendMs;
  const nth = (column: "address" | "user_id" | "client_ip", value: string | number, max: number) => {
    // The max-th newest code in the window: once it leaves the window, one more may go.
    const row = db
      .prepare(
        `SELECT created_at AS t FROM verification_codes WHERE ${column} = ? AND created_at > ? ORDER BY created_at DESC LIMIT 1 OFFSET ?`,
      )
      .get(value, since, max - 1) as { t: number } | undefined;
    if (row) until = Math.max(until, row.t + windowMs);
  };
  nth("address", address, perTarget);
  if (who.userId != null) nth("user_id", who.userId, perAccount);
  if (who.clientIp) nth("client_ip", who.clientIp, perClient);
  const wait = until - now;
  return wait > 0 ? Math.ceil(wait / 1000) : 0;
}

/** Creates a code for (address, type), superseding earlier unused ones, and returns the plain code. */
export function createCode(db: DB, address: string, channel: Channel, type: number, now: number, who: CodeRequester = {}): string {
  const code = newVerificationCode();
  db.prepare("UPDATE verification_codes SET used_at = ? WHERE address = ? AND type = ? AND used_at IS NULL").run(now, address, type);
  db.prepare(
    "INSERT INTO verification_codes (address, channel, type, code_hash, created_at, expires_at, user_id, client_ip) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
  ).run(
    address,
    channel,
    type,
    hashVerificationCode(address, type, code),
    now,
    now + CODE_TTL_MS,
    who.userId ?? null,
    who.clientIp || null,
  );
  return code;
}

/**
 * Checks a code without spending it (the caller spends it with consumeCode once everything else
 * passed). A wrong guess counts; after CODE_MAX_ATTEMPTS wrong guesses the code is dead.
 */
export function checkCode(db: DB, address: string, type: number, code: string, now: number): number | null {
  const row = db
    .prepare(
      "SELECT id, code_hash, attempts, expires_at FROM verification_codes WHERE address = ? AND type = ? AND used_at IS NULL ORDER BY id DESC LIMIT 1",
    )
    .get(address, type) as { id: number; code_hash: string; attempts: number; expires_at: number } | undefined;
  if (!row || row.expires_at <= now || row.attempts >= CODE_MAX_ATTEMPTS) return null;
  if (safeEqualHex(hashVerificationCode(address, type, code.trim()), row.code_hash)) return row.id;
  const attempts = row.attempts + 1;
  db.prepare("UPDATE verification_codes SET attempts = ?, used_at = CASE WHEN ? >= ? THEN ? ELSE used_at END WHERE id = ?").run(
    attempts,
    attempts,
    CODE_MAX_ATTEMPTS,
    now,
    row.id,
  );
  return null;
}

export function consumeCode(db: DB, id: number, now: number): boolean {
  return db.prepare("UPDATE verification_codes SET used_at = ? WHERE id = ? AND used_at IS NULL").run(now, id).changes === 1;
}

/** a***@x.com, 138****00 — for logs. */
export function maskAddress(address: string): string {
  const at = address.indexOf("@");
  if (at > 0) return `${address[0]}***${address.slice(at)}`;
  return address.length > 5 ? `${address.slice(0, 3)}****${address.slice(-2)}` : "***";
}
