import type { DB } from "../db/index";

export interface PayState {
  pay_password_hash: string | null;
  pay_password_fails: number;
  pay_password_locked_until: number | null;
}

export function payState(db: DB, userId: number): PayState {
  return db
    .prepare("SELECT pay_password_hash, pay_password_fails, pay_password_locked_until FROM users WHERE id = ?")
    .get(userId) as PayState;
}

export function clearPayPasswordFails(db: DB, userId: number): void {
  db.prepare("UPDATE users SET pay_password_fails = 0, pay_password_locked_until = NULL WHERE id = ?").run(userId);
}

/** Counts a wrong trade password; the `maxFails`-th in a row locks until `until` (and restarts the count). Answers the count. */
export function countPayPasswordFail(db: DB, userId: number, maxFails: number, until: number): number {
  return db.transaction(() => {
    db.prepare("UPDATE users SET pay_password_fails = pay_password_fails + 1 WHERE id = ?").run(userId);
    const r = db.prepare("SELECT pay_password_fails AS n FROM users WHERE id = ?").get(userId) as { n: number };
    if (r.n >= maxFails)
      db.prepare("UPDATE users SET pay_password_fails = 0, pay_password_locked_until = ? WHERE id = ?").run(until, userId);
    return r.n;
  })();
}

export function setPayPassword(db: DB, userId: number, hash: string): void {
  db.prepare("UPDATE users SET pay_password_hash = ?, pay_password_fails = 0, pay_password_locked_until = NULL WHERE id = ?").run(
    hash,
    userId,
  );
}
