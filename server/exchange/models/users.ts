import type { DB } from "../db/index";
import { statement } from "../db/statements";
import { hashToken, newToken, randomCode } from "../lib/crypto";
import { DAY } from "../lib/time";

export const TOKEN_TTL_MS = 30 * DAY;

export interface UserRow {
  id: number;
  email: string | null;
  mobile: string | null;
  area_id: number | null;
  password_hash: string;
  pay_password_hash: string | null;
  invite_code: string;
  inviter_id: number | null;
  authorization_code: string;
  is_seller: number;
  review_status: number;
  created_at: number;
}

export type Channel = "email" | "sms";

/** Emails compare case-insensitively; mobiles are digits. */
export function normalizeAddress(channel: Channel, address: string): string {
  return channel === "email" ? address.trim().toLowerCase() : address.trim();
}

export function findUserByAccount(db: DB, kind: "email" | "mobile", account: string): UserRow | undefined {
  const a = normalizeAddress(kind === "email" ? "email" : "sms", account);
  return statement(db, kind === "email" ? "SELECT * FROM users WHERE email = ?" : "SELECT * FROM users WHERE mobile = ?").get(a) as
    UserRow | undefined;
}

export function findUserById(db: DB, id: number): UserRow | undefined {
  return statement(db, "SELECT * FROM users WHERE id = ?").get(id) as UserRow | undefined;
}

export function findUserByInviteCode(db: DB, code: string): UserRow | undefined {
  return db.prepare("SELECT * FROM users WHERE invite_code = ?").get(code.trim().toUpperCase()) as UserRow | undefined;
}

function uniqueCode(db: DB, column: "invite_code"): string {
  for (;;) {
    const c = randomCode(8);
    if (!db.prepare(`SELECT 1 FROM users WHERE ${column} = ?`).get(c)) return c;
  }
}

export function createUser(
  db: DB,
  u: {
    email?: string | null;
    mobile?: string | null;
    areaId?: number | null;
    passwordHash: string;
    inviterId?: number | null;
    now: number;
  },
): number {
  const r = db
    .prepare(
      `INSERT INTO users (email, mobile, area_id, password_hash, invite_code, inviter_id, authorization_code, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    .run(
      u.email ? normalizeAddress("email", u.email) : null,
      u.mobile ?? null,
      u.areaId ?? null,
      u.passwordHash,
      uniqueCode(db, "invite_code"),
      u.inviterId ?? null,
      randomCode(8),
      u.now,
    );
  return Number(r.lastInsertRowid);
}

/** Issues a session token (the raw value goes to the client once; only its hash is stored). */
export function issueToken(db: DB, userId: number, now: number): string {
  const token = newToken();
  db.prepare("INSERT INTO tokens (user_id, token_hash, created_at, expires_at) VALUES (?, ?, ?, ?)").run(
    userId,
    hashToken(token),
    now,
    now + TOKEN_TTL_MS,
  );
  return token;
}

/** The user a live token belongs to, or null (absent, unknown, expired or revoked). */
export function userIdForToken(db: DB, token: string, now: number): number | null {
  if (!token) return null;
  const row = statement(db, "SELECT user_id FROM tokens WHERE token_hash = ? AND expires_at > ?").get(hashToken(token), now) as
    { user_id: number } | undefined;
  return row?.user_id ?? null;
}

export function revokeToken(db: DB, token: string, now: number): void {
  db.prepare("UPDATE tokens SET expires_at = ? WHERE token_hash = ? AND expires_at > ?").run(now, hashToken(token), now);
}

export function revokeAllTokens(db: DB, userId: number, now: number): number {
  return db.prepare("UPDATE tokens SET expires_at = ? WHERE user_id = ? AND expires_at > ?").run(now, userId, now).changes;
}

/** `Authorization: <token>` or `Authorization: Bearer <token>`. */
export function tokenFromHeader(value: string | null): string | null {
  if (!value) return null;
  const v = value.trim().replace(/^Bearer\s+/i, "");
  return v.length > 0 && v.length <= 256 ? v : null;
}
