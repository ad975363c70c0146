import type { DB } from "../db/index";
import { hashVerificationCode, newVerificationCode, safeEqualHex } from "../lib/crypto";
import { MINUTE } from "../lib/time";
import type { Channel } from "./users";

export const CODE_TTL_MS = 10 * MINUTE;
export const CODE_MAX_ATTEMPTS = 5;
export const CODE_RESEND_MS = 60_000;

/**
 * Seconds until `address` may receive another code for the same purpose (0 when it may now). Each purpose waits on
 * its own: a registration code just sent does not hold up the trade password's.
 */
export function resendWaitSeconds(db: DB, address: string, type: number, now: number): number {
  const row = db.prepare("SELECT MAX(created_at) AS t FROM verification_codes WHERE address = ? AND type = ?").get(address, type) as {
    t: number | null;
  };
  if (row.t == null) return 0;
  const wait = row.t + CODE_RESEND_MS - now;
  return wait > 0 ? Math.ceil(wait / 1000) : 0;
}

/** Creates a code for (address, type), superseding earlier unused ones, and returns the plain code. */
export function createCode(db: DB, address: string, channel: Channel, type: number, now: number): string {
  const code = newVerificationCode();
  db.prepare("UPDATE verification_codes SET used_at = ? WHERE address = ? AND type = ? AND used_at IS NULL").run(now, address, type);
  db.prepare("INSERT INTO verification_codes (address, channel, type, code_hash, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?)").run(
    address,
    channel,
    type,
    hashVerificationCode(address, type, code),
    now,
    now + CODE_TTL_MS,
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

export function consumeCode(db: DB, id: number, now: number): void {
  db.prepare("UPDATE verification_codes SET used_at = ? WHERE id = ? AND used_at IS NULL").run(now, id);
}

/** a***@x.com, 138****00 — for logs. */
export function maskAddress(address: string): string {
  const at = address.indexOf("@");
  if (at > 0) return `${address[0]}***${address.slice(at)}`;
  return address.length > 5 ? `${address.slice(0, 3)}****${address.slice(-2)}` : "***";
}
