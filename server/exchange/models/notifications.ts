import { NOTIFY_CATEGORIES, NOTIFY_EMAIL_DEFAULT, type NotifyCategory } from "../../../app/contract/index";
import type { DB } from "../db/index";
import { statement } from "../db/statements";

// The notification centre's SQL: notifications, email choices, price alerts, known devices, asset snapshots.

export interface NotificationRow {
  id: number;
  user_id: number;
  kind: string;
  params: string;
  read_at: number | null;
  created_at: number;
}

export function insertNotification(db: DB, userId: number, kind: string, params: Record<string, string>, now: number): number {
  return Number(
    db
      .prepare("INSERT INTO notifications (user_id, kind, params, created_at) VALUES (?, ?, ?, ?)")
      .run(userId, kind, JSON.stringify(params), now).lastInsertRowid,
  );
}

export function unreadCount(db: DB, userId: number): number {
  return (statement(db, "SELECT COUNT(*) AS n FROM notifications WHERE user_id = ? AND read_at IS NULL").get(userId) as { n: number }).n;
}

export function notificationsPage(db: DB, userId: number, opts: { unread: boolean; limit: number; offset: number }) {
  const where = opts.unread ? "user_id = ? AND read_at IS NULL" : "user_id = ?";
  const total = (db.prepare(`SELECT COUNT(*) AS n FROM notifications WHERE ${where}`).get(userId) as { n: number }).n;
  const rows = db
    .prepare(`SELECT * FROM notifications WHERE ${where} ORDER BY id DESC LIMIT ? OFFSET ?`)
    .all(userId, opts.limit, opts.offset) as NotificationRow[];
  return { total, rows };
}

/** Marks one of the user's notifications read (never another user's); true when it was unread. */
export function markRead(db: DB, userId: number, id: number, now: number): boolean {
  return (
    db.prepare("UPDATE notifications SET read_at = ? WHERE id = ? AND user_id = ? AND read_at IS NULL").run(now, id, userId).changes > 0
  );
}

export function markAllRead(db: DB, userId: number, now: number): number {
  return db.prepare("UPDATE notifications SET read_at = ? WHERE user_id = ? AND read_at IS NULL").run(now, userId).changes;
}

/** The oldest notification's time, or null (the retention job's next due time follows from it). */
export function oldestNotification(db: DB): number | null {
  return (db.prepare("SELECT MIN(created_at) AS t FROM notifications").get() as { t: number | null }).t;
}

/** Deletes notifications created before `before`, at most `max` at a time; how many. */
export function deleteNotificationsBefore(db: DB, before: number, max = 5000): number {
  return db
    .prepare("DELETE FROM notifications WHERE id IN (SELECT id FROM notifications WHERE created_at < ? ORDER BY created_at LIMIT ?)")
    .run(before, max).changes;
}

// ---------------------------------------------------------------- email choices

export function emailChoices(db: DB, userId: number): Record<NotifyCategory, boolean> {
  const out = { ...NOTIFY_EMAIL_DEFAULT };
  const rows = db.prepare("SELECT category, email FROM notification_settings WHERE user_id = ?").all(userId) as {
    category: string;
    email: number;
  }[];
  for (const r of rows)
    if ((NOTIFY_CATEGORIES as readonly string[]).includes(r.category)) out[r.category as NotifyCategory] = r.email === 1;
  return out;
}

export function setEmailChoices(db: DB, userId: number, choices: Record<NotifyCategory, boolean>): void {
  const put = db.prepare(
    "INSERT INTO notification_settings (user_id, category, email) VALUES (?, ?, ?) ON CONFLICT (user_id, category) DO UPDATE SET email = excluded.email",
  );
  db.transaction(() => {
    for (const c of NOTIFY_CATEGORIES) put.run(userId, c, choices[c] ? 1 : 0);
  })();
}

// ---------------------------------------------------------------- price alerts

export interface PriceAlertRow {
  id: number;
  user_id: number;
  match_id: number;
  direction: "above" | "below";
  price: string;
  email: number;
  status: "active" | "fired";
  created_at: number;
  fired_at: number | null;
  fired_price: string | null;
}

export function activeAlertCount(db: DB, userId: number): number {
  return (db.prepare("SELECT COUNT(*) AS n FROM price_alerts WHERE user_id = ? AND status = 'active'").get(userId) as { n: number }).n;
}

export function insertPriceAlert(
  db: DB,
  a: { userId: number; matchId: number; direction: "above" | "below"; price: string; email: boolean },
  now: number,
): PriceAlertRow {
  const id = Number(
    db
      .prepare("INSERT INTO price_alerts (user_id, match_id, direction, price, email, created_at) VALUES (?, ?, ?, ?, ?, ?)")
      .run(a.userId, a.matchId, a.direction, a.price, a.email ? 1 : 0, now).lastInsertRowid,
  );
  return findPriceAlert(db, id)!;
}

export function findPriceAlert(db: DB, id: number): PriceAlertRow | undefined {
  return db.prepare("SELECT * FROM price_alerts WHERE id = ?").get(id) as PriceAlertRow | undefined;
}

/** The user's alerts, active first, then the fired ones (newest first), at most `limit`. */
export function alertsOf(db: DB, userId: number, limit = 50): PriceAlertRow[] {
  return db
    .prepare("SELECT * FROM price_alerts WHERE user_id = ? ORDER BY status = 'active' DESC, id DESC LIMIT ?")
    .all(userId, limit) as PriceAlertRow[];
}

export function activeAlerts(db: DB): PriceAlertRow[] {
  return db.prepare("SELECT * FROM price_alerts WHERE status = 'active'").all() as PriceAlertRow[];
}

/** Deletes one of the user's alerts (never another user's); true when there was one. */
export function deletePriceAlert(db: DB, userId: number, id: number): boolean {
  return db.prepare("DELETE FROM price_alerts WHERE id = ? AND user_id = ?").run(id, userId).changes > 0;
}

/** An active alert fires; false when it was not active any more (deleted, or fired already). */
export function firePriceAlert(db: DB, id: number, price: string, now: number): boolean {
  return (
    db
      .prepare("UPDATE price_alerts SET status = 'fired', fired_at = ?, fired_price = ? WHERE id = ? AND status = 'active'")
      .run(now, price, id).changes > 0
  );
}

// ---------------------------------------------------------------- devices

/** Remembers a sign-in's device; answers whether it is one the account had not used before (false for its first ever). */
export function seeDevice(db: DB, userId: number, key: string, now: number): { isNew: boolean } {
  const known = db.prepare("SELECT 1 FROM known_devices WHERE user_id = ? AND device_key = ?").get(userId, key);
  if (known) {
    db.prepare("UPDATE known_devices SET last_seen_at = ? WHERE user_id = ? AND device_key = ?").run(now, userId, key);
    return { isNew: false };
  }
  const any = db.prepare("SELECT 1 FROM known_devices WHERE user_id = ? LIMIT 1").get(userId);
  db.prepare("INSERT INTO known_devices (user_id, device_key, first_seen_at, last_seen_at) VALUES (?, ?, ?, ?)").run(userId, key, now, now);
  return { isNew: !!any };
}

// ---------------------------------------------------------------- asset snapshots and daily jobs

export function lastDailyRun(db: DB, name: string): number | null {
  return (db.prepare("SELECT last_day FROM daily_jobs WHERE name = ?").get(name) as { last_day: number } | undefined)?.last_day ?? null;
}

export function markDailyRun(db: DB, name: string, day: number): void {
  db.prepare("INSERT INTO daily_jobs (name, last_day) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET last_day = excluded.last_day").run(
    name,
    day,
  );
}

export function putAssetSnapshot(db: DB, userId: number, day: number, usd: string): void {
  db.prepare(
    "INSERT INTO asset_snapshots (user_id, day, usd) VALUES (?, ?, ?) ON CONFLICT (user_id, day) DO UPDATE SET usd = excluded.usd",
  ).run(userId, day, usd);
}

export function assetSnapshots(db: DB, userId: number, since: number): { day: number; usd: string }[] {
  return db.prepare("SELECT day, usd FROM asset_snapshots WHERE user_id = ? AND day >= ? ORDER BY day").all(userId, since) as {
    day: number;
    usd: string;
  }[];
}

/** Users with a snapshot worth more than 0 on or after `since` (they are told apart from those who never held anything). */
export function recentlyValuedUsers(db: DB, since: number): number[] {
  return (
    db.prepare("SELECT DISTINCT user_id FROM asset_snapshots WHERE day >= ? AND CAST(usd AS REAL) > 0").all(since) as { user_id: number }[]
  ).map((r) => r.user_id);
}

export function deleteSnapshotsBefore(db: DB, before: number): number {
  return db.prepare("DELETE FROM asset_snapshots WHERE day < ?").run(before).changes;
}

/** Every account row with something in it (the snapshot job values them per user). */
export function nonEmptyAccounts(db: DB): { user_id: number; currency_id: number; balance: string; lock_balance: string }[] {
  return db
    .prepare(
      "SELECT user_id, currency_id, balance, lock_balance FROM accounts WHERE CAST(balance AS REAL) <> 0 OR CAST(lock_balance AS REAL) <> 0 ORDER BY user_id",
    )
    .all() as { user_id: number; currency_id: number; balance: string; lock_balance: string }[];
}
