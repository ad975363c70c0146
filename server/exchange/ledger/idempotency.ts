import type { Answer } from "../context";
import type { DB } from "../db/index";

/**
 * One performance per (user, call, key). `firstAnswer` reads a stored answer (a repeat gets it back as it was);
 * `remember` stores a successful answer in the caller's transaction, so the money and the key commit together.
 * Refused calls do not consume the key (the same form may be fixed and posted again).
 */
export function firstAnswer<D>(db: DB, userId: number, call: string, key: string | undefined): Answer<D> | null {
  if (!key) return null;
  const row = db.prepare("SELECT answer FROM idempotency WHERE user_id = ? AND call = ? AND key = ?").get(userId, call, key) as
    { answer: string } | undefined;
  return row ? (JSON.parse(row.answer) as Answer<D>) : null;
}

export function remember(db: DB, userId: number, call: string, key: string | undefined, answer: Answer<unknown>, now: number): void {
  if (!key || answer.code !== 1) return;
  db.prepare("INSERT INTO idempotency (user_id, call, key, answer, created_at) VALUES (?, ?, ?, ?, ?)").run(
    userId,
    call,
    key,
    JSON.stringify(answer),
    now,
  );
}

/**
 * Runs `fn` in one transaction, once per (user, call, key): a repeat — even one racing in the same tick —
 * answers the first result. `fn` may throw to roll back; a code-0 answer it returns also rolls back nothing it
 * did not write (it should write only on success).
 */
export function once<D>(db: DB, userId: number, call: string, key: string | undefined, now: number, fn: () => Answer<D>): Answer<D> {
  return db.transaction((): Answer<D> => {
    const seen = firstAnswer<D>(db, userId, call, key);
    if (seen) return seen;
    const answer = fn();
    remember(db, userId, call, key, answer, now);
    return answer;
  })();
}
