import type { DB } from "../db/index";

/** The trade password's hash (null until set). Wrong tries are counted with the other checks (models/attempts.ts). */
export function payPasswordHash(db: DB, userId: number): string | null {
  const row = db.prepare("SELECT pay_password_hash AS h FROM users WHERE id = ?").get(userId) as { h: string | null } | undefined;
  return row?.h ?? null;
}

export function setPayPassword(db: DB, userId: number, hash: string): void {
  db.prepare("UPDATE users SET pay_password_hash = ? WHERE id = ?").run(hash, userId);
}
