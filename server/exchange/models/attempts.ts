import { CHECK_LOCK_MS, CHECK_MAX_FAILS, CHECK_WINDOW_MS, type CheckName } from "../../../app/contract/index";
import type { DB } from "../db/index";

// The SQL of the attempt limits (migration 010): wrong tries per check and subject, and the locks they caused. The
// rules around it (which subjects, the messages, the owner's notice) are in server/exchange/handlers/checks.ts.

/** Who a try is counted for: an account ('user:<id>'), an address a code went to, or the client's address. */
export type Subject = `user:${number}` | `address:${string}` | `ip:${string}`;

export interface Limits {
  maxFails: number;
  windowMs: number;
  lockMs: number;
}

export const CHECK_LIMITS: Limits = { maxFails: CHECK_MAX_FAILS, windowMs: CHECK_WINDOW_MS, lockMs: CHECK_LOCK_MS };

/** The latest end of a lock in force on any of `subjects` for `check`, or null. */
export function lockedUntil(db: DB, check: CheckName, subjects: readonly Subject[], now: number): number | null {
  let until: number | null = null;
  const get = db.prepare("SELECT locked_until AS u FROM check_locks WHERE check_name = ? AND subject = ? AND locked_until > ?");
  for (const s of subjects) {
    const row = get.get(check, s, now) as { u: number } | undefined;
    if (row && (until === null || row.u > until)) until = row.u;
  }
  return until;
}

/**
 * Counts a try under every subject before it is checked (a right answer takes it back with `forgetTry`): tries that
 * run at the same time all count, so a burst cannot get past the limit while the first ones are being checked.
 * Answers the rows to take back, or the end of the lock when a subject is locked or already has its tries used up
 * (then nothing is counted).
 */
export function countTry(
  db: DB,
  check: CheckName,
  subjects: readonly Subject[],
  now: number,
  limits: Limits = CHECK_LIMITS,
): { rows: number[] } | { lockedUntil: number } {
  return db.transaction(() => {
    const locked = lockedUntil(db, check, subjects, now);
    if (locked !== null) return { lockedUntil: locked };
    const since = now - limits.windowMs;
    for (const s of subjects) {
      db.prepare("DELETE FROM check_failures WHERE check_name = ? AND subject = ? AND created_at <= ?").run(check, s, since);
      const { n } = db.prepare("SELECT COUNT(*) AS n FROM check_failures WHERE check_name = ? AND subject = ?").get(check, s) as {
        n: number;
      };
      // Tries still being checked fill the window: the next one waits for them (a lock follows if they were wrong).
      if (n >= limits.maxFails) return { lockedUntil: now + limits.lockMs };
    }
    const insert = db.prepare("INSERT INTO check_failures (check_name, subject, created_at) VALUES (?, ?, ?)");
    return { rows: subjects.map((s) => Number(insert.run(check, s, now).lastInsertRowid)) };
  })();
}

/** A right answer: the try counted for it is taken back. */
export function forgetTry(db: DB, rows: readonly number[]): void {
  const del = db.prepare("DELETE FROM check_failures WHERE id = ?");
  db.transaction(() => {
    for (const id of rows) del.run(id);
  })();
}

/**
 * A wrong answer stays counted; each subject whose wrong tries reached the limit is locked (its count starts again
 * after the lock). Answers the subjects locked now, and until when.
 */
export function settleWrongTry(
  db: DB,
  check: CheckName,
  subjects: readonly Subject[],
  now: number,
  limits: Limits = CHECK_LIMITS,
): { locked: Subject[]; until: number } {
  return db.transaction(() => {
    const until = now + limits.lockMs;
    const locked: Subject[] = [];
    for (const s of subjects) {
      const { n } = db
        .prepare("SELECT COUNT(*) AS n FROM check_failures WHERE check_name = ? AND subject = ? AND created_at > ?")
        .get(check, s, now - limits.windowMs) as { n: number };
      if (n < limits.maxFails) continue;
      const fresh = db
        .prepare(
          `INSERT INTO check_locks (check_name, subject, locked_until) VALUES (?, ?, ?)
           ON CONFLICT (check_name, subject) DO UPDATE SET locked_until = excluded.locked_until WHERE check_locks.locked_until <= ?`,
        )
        .run(check, s, until, now).changes;
      db.prepare("DELETE FROM check_failures WHERE check_name = ? AND subject = ?").run(check, s);
      if (fresh > 0) locked.push(s);
    }
    return { locked, until };
  })();
}

/** Forgets a subject's wrong tries and lock of `check` (a trade password set anew with a code starts afresh). */
export function clearCheck(db: DB, check: CheckName, subject: Subject): void {
  db.prepare("DELETE FROM check_failures WHERE check_name = ? AND subject = ?").run(check, subject);
  db.prepare("DELETE FROM check_locks WHERE check_name = ? AND subject = ?").run(check, subject);
}
