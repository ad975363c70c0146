/**
 * Which notice the home popup may show (docs/product.md, "/ and /home": at most once an hour). Only a *current* notice:
 * one published within the last CURRENT_NOTICE_DAYS days (and not dated in the future). An older notice — a
 * maintenance announced for 3 November, read on 22 November — stays in the notice strip and the notice list but no
 * longer pops up; with no current notice the popup says welcome instead.
 */
export const CURRENT_NOTICE_DAYS = 7;
const DAY_MS = 86_400_000;

/** A news `created_at` ('YYYY-MM-DD HH:mm:ss', UTC) as unix ms; null if it is not one. */
export function newsTime(createdAt: string): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/.exec(createdAt.trim());
  if (!m) return null;
  const ms = Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5], +(m[6] ?? 0));
  return Number.isFinite(ms) ? ms : null;
}

/** Whether a notice published at `createdAt` is current at `nowMs`: at most `days` old, not in the future. */
export function isCurrentNotice(createdAt: string, nowMs: number, days = CURRENT_NOTICE_DAYS): boolean {
  const t = newsTime(createdAt);
  return t !== null && t <= nowMs && nowMs - t <= days * DAY_MS;
}

/** The newest current notice, or null. */
export function currentNotice<T extends { created_at: string; id: number }>(
  notices: readonly T[],
  nowMs: number,
  days = CURRENT_NOTICE_DAYS,
): T | null {
  let best: T | null = null;
  for (const n of notices) {
    if (!isCurrentNotice(n.created_at, nowMs, days)) continue;
    if (!best || n.created_at > best.created_at || (n.created_at === best.created_at && n.id > best.id)) best = n;
  }
  return best;
}

/** The browser has seen the popup within the hour (a plain cookie, so the server knows before rendering). */
export const POPUP_COOKIE = "popup_seen";
/** At most once an hour per browser. */
export const POPUP_SECONDS = 3600;

/** Set-Cookie that keeps the popup shut for the hour (after it showed, and right after signing in). */
export function popupSeenCookie(): string {
  return `${POPUP_COOKIE}=1; Max-Age=${POPUP_SECONDS}; Path=/; SameSite=Lax`;
}

/**
 * What pops up: a current notice, else a welcome (which invites to create an account, so only for visitors);
 * nothing when the cookie says it showed within the hour.
 */
export function popupKind(opts: { on: boolean; seen: boolean; signedIn: boolean; notice: boolean }): "notice" | "welcome" | null {
  if (!opts.on || opts.seen) return null;
  if (opts.notice) return "notice";
  return opts.signedIn ? null : "welcome";
}
