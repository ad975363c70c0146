import type { DB } from "../db/index";
import { statement } from "../db/statements";
import { hashToken } from "../lib/crypto";
import { HOUR } from "../lib/time";
import { queueUserPush } from "../pushes";
import { noticeFeedbackAnswered, noticeIdentityReviewed, noticeSecurityChange, type SecurityChange } from "../notices";

/**
 * Withdrawals wait this long after a change of login password (changed or reset through forgot-password), trade
 * password (set or changed), authenticator or bound email/phone.
 */
export const SECURITY_HOLD_MS = 24 * HOUR;

export type SecurityEvent =
  | "login"
  | "password_changed"
  | "password_reset"
  | "pay_password_changed"
  | "google_bound"
  | "google_switched"
  | "email_bound"
  | "mobile_bound"
  | "withdraw_requested"
  | "session_revoked"
  | "check_locked"
  | "hold_lifted";

export interface Client {
  ip: string;
  device: string;
}

/** The security events that are changes the owner is told of (a lock has its own notice, a sign-in its own). */
const TOLD: Partial<Record<SecurityEvent, SecurityChange>> = {
  password_changed: "password_changed",
  password_reset: "password_changed",
  pay_password_changed: "pay_password_changed",
  google_bound: "authenticator_changed",
  google_switched: "authenticator_changed",
  email_bound: "contact_bound",
  mobile_bound: "contact_bound",
};

export function recordSecurityEvent(db: DB, userId: number, event: SecurityEvent, client: Client, now: number): void {
  const change = TOLD[event];
  if (change) noticeSecurityChange({ db, now }, userId, change, client.ip);
  db.prepare("INSERT INTO security_events (user_id, event, ip, device, created_at) VALUES (?, ?, ?, ?, ?)").run(
    userId,
    event,
    client.ip.slice(0, 64),
    client.device.slice(0, 200),
    now,
  );
}

/** A page of one user's rows of `table`, newest first, and how many rows they have there in all. */
function newestOfUser<R>(db: DB, table: "security_events" | "feedback", columns: string, userId: number, page: number, perPage: number) {
  const total = (db.prepare(`SELECT COUNT(*) AS n FROM ${table} WHERE user_id = ?`).get(userId) as { n: number }).n;
  const rows = db
    .prepare(`SELECT ${columns} FROM ${table} WHERE user_id = ? ORDER BY id DESC LIMIT ? OFFSET ?`)
    .all(userId, perPage, (page - 1) * perPage) as R[];
  return { rows, total };
}

export function securityEventsPage(db: DB, userId: number, page: number, perPage: number) {
  type Row = { id: number; event: SecurityEvent; ip: string; device: string; created_at: number };
  return newestOfUser<Row>(db, "security_events", "id, event, ip, device, created_at", userId, page, perPage);
}

/** Holds withdrawals until `now + SECURITY_HOLD_MS` (never shortens a longer hold). */
export function holdWithdrawals(db: DB, userId: number, now: number): number {
  const until = now + SECURITY_HOLD_MS;
  db.prepare("UPDATE users SET withdraw_hold_until = MAX(COALESCE(withdraw_hold_until, 0), ?) WHERE id = ?").run(until, userId);
  return until;
}

/** The operator ends a hold (the owner confirmed the change was theirs). */
export function liftWithdrawalHold(db: DB, userId: number): void {
  db.prepare("UPDATE users SET withdraw_hold_until = NULL WHERE id = ?").run(userId);
}

/** The moment withdrawals open again, or null when they are not held. */
export function withdrawalHold(db: DB, userId: number, now: number): number | null {
  const row = statement(db, "SELECT withdraw_hold_until AS until FROM users WHERE id = ?").get(userId) as
    { until: number | null } | undefined;
  return row?.until && row.until > now ? row.until : null;
}

// ---------------------------------------------------------------- sessions

export function stampSession(db: DB, token: string, client: Client, now: number): void {
  db.prepare("UPDATE tokens SET ip = ?, device = ?, last_seen_at = ? WHERE token_hash = ?").run(
    client.ip.slice(0, 64),
    client.device.slice(0, 200),
    now,
    hashToken(token),
  );
}

/** A session's 'last seen' moves at most this often (a write per request would be waste). */
export const SESSION_SEEN_EVERY_MS = 60_000;

/** The session was used at `now`: its last_seen_at moves there (never back). */
export function markSessionSeen(db: DB, token: string, now: number): void {
  db.prepare("UPDATE tokens SET last_seen_at = ? WHERE token_hash = ? AND COALESCE(last_seen_at, 0) < ?").run(now, hashToken(token), now);
}

export function liveSessions(db: DB, userId: number, currentToken: string, now: number) {
  const current = hashToken(currentToken);
  return (
    db
      .prepare(
        "SELECT id, token_hash, ip, device, created_at, COALESCE(last_seen_at, created_at) AS last_seen_at FROM tokens WHERE user_id = ? AND expires_at > ? ORDER BY id DESC",
      )
      .all(userId, now) as Array<{ id: number; token_hash: string; ip: string; device: string; created_at: number; last_seen_at: number }>
  ).map(({ token_hash, ...s }) => ({ ...s, current: token_hash === current }));
}

/** Ends one of the user's sessions (never another user's); true when one was live. */
export function revokeSession(db: DB, userId: number, sessionId: number, now: number): boolean {
  return (
    db.prepare("UPDATE tokens SET expires_at = ? WHERE id = ? AND user_id = ? AND expires_at > ?").run(now, sessionId, userId, now)
      .changes > 0
  );
}

/** Ends every session of the user but the one making the request; how many ended. */
export function revokeOtherSessions(db: DB, userId: number, currentToken: string, now: number): number {
  return db
    .prepare("UPDATE tokens SET expires_at = ? WHERE user_id = ? AND expires_at > ? AND token_hash <> ?")
    .run(now, userId, now, hashToken(currentToken)).changes;
}

// ---------------------------------------------------------------- authenticator

export interface GoogleState {
  google_secret: string | null;
  google_pending_secret: string | null;
  google_on: number;
  google_last_step: number | null;
}

export function googleState(db: DB, userId: number): GoogleState {
  return statement(db, "SELECT google_secret, google_pending_secret, google_on, google_last_step FROM users WHERE id = ?").get(
    userId,
  ) as GoogleState;
}

export function offerGoogleSecret(db: DB, userId: number, secret: string): void {
  db.prepare("UPDATE users SET google_pending_secret = ? WHERE id = ?").run(secret, userId);
}

/** The pending secret becomes the bound one and the authenticator is switched on. */
export function bindGoogleSecret(db: DB, userId: number, step: number): void {
  db.prepare(
    "UPDATE users SET google_secret = google_pending_secret, google_pending_secret = NULL, google_on = 1, google_last_step = ? WHERE id = ?",
  ).run(step, userId);
}

export function switchGoogle(db: DB, userId: number, on: boolean, step: number): void {
  db.prepare("UPDATE users SET google_on = ?, google_last_step = ? WHERE id = ?").run(on ? 1 : 0, step, userId);
}

export function rememberGoogleStep(db: DB, userId: number, step: number): void {
  db.prepare("UPDATE users SET google_last_step = ? WHERE id = ?").run(step, userId);
}

// ---------------------------------------------------------------- feedback

export function addFeedback(db: DB, userId: number, f: { type: string; title: string; content: string }, now: number): number {
  return Number(
    db
      .prepare("INSERT INTO feedback (user_id, type, title, content, created_at) VALUES (?, ?, ?, ?, ?)")
      .run(userId, f.type, f.title, f.content, now).lastInsertRowid,
  );
}

export function feedbackPage(db: DB, userId: number, page: number, perPage: number) {
  type Row = { id: number; type: string; title: string; content: string; status: number; reply: string; created_at: number };
  return newestOfUser<Row>(db, "feedback", "id, type, title, content, status, reply, created_at", userId, page, perPage);
}

/** The operator's answer: the feedback shows it with the status 'answered', and its author is told. */
export function replyFeedback(db: DB, id: number, reply: string, now: number): boolean {
  return db.transaction(() => {
    const row = db.prepare("SELECT user_id, title FROM feedback WHERE id = ?").get(id) as { user_id: number; title: string } | undefined;
    if (!row) return false;
    db.prepare("UPDATE feedback SET reply = ?, status = 1, replied_at = ? WHERE id = ?").run(reply, now, id);
    noticeFeedbackAnswered({ db, now }, row.user_id, id, row.title);
    return true;
  })();
}

// ---------------------------------------------------------------- collection (pay) methods

export function payMethodTypes(db: DB) {
  return db.prepare("SELECT id, code FROM pay_method_types ORDER BY sort").all() as Array<{
    id: number;
    code: "alipay" | "wxpay" | "bank";
  }>;
}

export function payMethodType(db: DB, id: number) {
  return db.prepare("SELECT id, code FROM pay_method_types WHERE id = ?").get(id) as
    { id: number; code: "alipay" | "wxpay" | "bank" } | undefined;
}

export function savedPayMethod(db: DB, userId: number, typeId: number) {
  return db.prepare("SELECT type_id, raw_data, updated_at FROM pay_methods WHERE user_id = ? AND type_id = ?").get(userId, typeId) as
    { type_id: number; raw_data: string; updated_at: number } | undefined;
}

export function savePayMethod(db: DB, userId: number, typeId: number, rawData: Record<string, string>, now: number): void {
  db.prepare(
    "INSERT INTO pay_methods (user_id, type_id, raw_data, updated_at) VALUES (?, ?, ?, ?) ON CONFLICT (user_id, type_id) DO UPDATE SET raw_data = excluded.raw_data, updated_at = excluded.updated_at",
  ).run(userId, typeId, JSON.stringify(rawData), now);
}

// ---------------------------------------------------------------- uploads

export function addUpload(
  db: DB,
  u: { userId: number; name: string; mime: string; bytes: number; width: number; height: number },
  now: number,
): void {
  db.prepare("INSERT INTO uploads (user_id, name, mime, bytes, width, height, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)").run(
    u.userId,
    u.name,
    u.mime,
    u.bytes,
    u.width,
    u.height,
    now,
  );
}

export function findUpload(db: DB, name: string) {
  return db.prepare("SELECT user_id, name, mime, bytes FROM uploads WHERE name = ?").get(name) as
    { user_id: number; name: string; mime: string; bytes: number } | undefined;
}

// ---------------------------------------------------------------- identity

export interface IdentityRow {
  id: number;
  user_id: number;
  name: string;
  card_id: string;
  front_pic: string;
  reverse_pic: string;
  hand_pic: string;
  status: 1 | 2 | 3;
  reason: string;
  created_at: number;
  reviewed_at: number | null;
}

export function latestIdentity(db: DB, userId: number): IdentityRow | undefined {
  return statement(db, "SELECT * FROM identity_submissions WHERE user_id = ? ORDER BY id DESC LIMIT 1").get(userId) as
    IdentityRow | undefined;
}

/**
 * The identity's state, from the submissions and their review: the one answer the personal centre, the withdrawal
 * limit and the user's info give. 0 none, 1 under review, 2 verified, 3 rejected (the form again, with the reason).
 */
export function identityStatus(db: DB, userId: number): 0 | 1 | 2 | 3 {
  const latest = latestIdentity(db, userId);
  return !latest ? 0 : latest.status;
}

export function submitIdentity(
  db: DB,
  userId: number,
  s: { name: string; card_id: string; front_pic: string; reverse_pic: string; hand_pic: string },
  now: number,
): number {
  const id = Number(
    db
      .prepare(
        "INSERT INTO identity_submissions (user_id, name, card_id, front_pic, reverse_pic, hand_pic, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
      )
      .run(userId, s.name, s.card_id, s.front_pic, s.reverse_pic, s.hand_pic, now).lastInsertRowid,
  );
  db.prepare("UPDATE users SET review_status = 1 WHERE id = ?").run(userId);
  return id;
}

export function pendingIdentities(db: DB): IdentityRow[] {
  return db.prepare("SELECT * FROM identity_submissions WHERE status = 1 ORDER BY id").all() as IdentityRow[];
}

/**
 * The operator's decision on a submission under review; false when it is not under review. The owner is told
 * (`tell`: the demo's seed verifies its accounts without telling them).
 */
export function reviewIdentity(db: DB, id: number, approve: boolean, reason: string, now: number, tell = true): boolean {
  return db.transaction(() => {
    const row = db.prepare("SELECT user_id, status FROM identity_submissions WHERE id = ?").get(id) as
      { user_id: number; status: number } | undefined;
    if (!row || row.status !== 1) return false;
    db.prepare("UPDATE identity_submissions SET status = ?, reason = ?, reviewed_at = ? WHERE id = ?").run(
      approve ? 2 : 3,
      approve ? "" : reason,
      now,
      id,
    );
    db.prepare("UPDATE users SET review_status = ? WHERE id = ?").run(approve ? 2 : 0, row.user_id);
    queueUserPush(
      db,
      row.user_id,
      { type: "ACCOUNT_REVIEW", kind: "identity", id, result: approve ? "approved" : "rejected" },
      { key: approve ? "review_push_identity_approved" : "review_push_identity_rejected", vars: { reason } },
      now,
    );
    if (tell) noticeIdentityReviewed({ db, now }, row.user_id, approve, reason);
    return true;
  })();
}

// ---------------------------------------------------------------- agents

/** Adds a user as an agent, only with that user's authorization code (docs/product.md, "Account"). */
export function addAgent(
  db: DB,
  userId: number,
  authorizationCode: string,
  now: number,
): "added" | "already" | "code_mismatch" | "no_user" {
  const user = db.prepare("SELECT authorization_code FROM users WHERE id = ?").get(userId) as { authorization_code: string } | undefined;
  if (!user) return "no_user";
  if (user.authorization_code !== authorizationCode.trim()) return "code_mismatch";
  return db.prepare("INSERT OR IGNORE INTO agents (user_id, added_at) VALUES (?, ?)").run(userId, now).changes > 0 ? "added" : "already";
}
