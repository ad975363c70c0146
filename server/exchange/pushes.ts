import type { DB } from "./db/index";
import { Hub } from "./hub";
import { DEFAULT_LANG, isLang, type Lang, type Messenger } from "./lib/i18n";

/**
 * Pushes to one user's open pages that do not depend on which process decided them. An operator reviews deposits,
 * withdrawals and identities with the CLI, a process of its own with no socket to the browsers; so the decision
 * writes a row in `user_pushes` in its own transaction (`queueUserPush`), and the running exchange relays rows it has
 * not seen to the user's /ws connections (`PushRelay`), in the user's language. A push nobody was listening for is
 * simply dropped after a while: the page shows the truth on its next load. The CLI's engines (an appeal decided,
 * say) publish through an `OutboxHub`, which queues their private pushes the same way.
 */

/** ACCOUNT_REVIEW: the operator decided on a deposit, a withdrawal or an identity of mine. */
export type AccountReviewPush = {
  type: "ACCOUNT_REVIEW";
  kind: "deposit" | "withdrawal" | "identity";
  id: number;
  result: "approved" | "rejected";
};

/**
 * NOTIFY: something was added to my notifications (`id`, `kind`; the relay adds `text`, said in the connection's
 * language), or I read some (neither); the relay adds `unread`, my unread count as it sends the push.
 */
export type NotifyPush = { type: "NOTIFY"; id?: number; kind?: string };

export type UserPush = AccountReviewPush | NotifyPush;

type Message = { key: string; vars?: Record<string, string | number> };
/** A push as queued: its fields, and the message to say it in (translated per connection's language), if any. */
type Stored = { push: Record<string, unknown>; msg?: Message };

export const ACCOUNT_REVIEW = "ACCOUNT_REVIEW";
/** Rows are kept this long (a relay that was down for less still delivers them), then dropped. */
const KEEP_MS = 10 * 60_000;

/** Queues a push for `userId` on the push's own channel; call it inside the transaction of the decision it tells of. */
export function queueUserPush(db: DB, userId: number, push: UserPush, msg: Message, now: number): void {
  insertPush(db, userId, push.type, { push, msg }, now);
}

function insertPush(db: DB, userId: number, channel: string, stored: Stored, now: number): void {
  db.prepare("INSERT INTO user_pushes (user_id, channel, payload, created_at) VALUES (?, ?, ?, ?)").run(
    userId,
    channel,
    JSON.stringify(stored),
    now,
  );
}

/**
 * The hub of an engine run by another process (the operator CLI): it has no connections, so each private push is
 * queued for the running exchange's relay. Payloads are made once, in the default language (the pushes that go this
 * way carry ids and states, no words).
 */
export class OutboxHub extends Hub {
  constructor(
    private readonly db: DB,
    private readonly clock: () => number = Date.now,
  ) {
    super();
  }

  override publishToUser(userId: number, channel: string, make: (lang: string | undefined) => unknown): void {
    insertPush(this.db, userId, channel, { push: make(DEFAULT_LANG) as Record<string, unknown> }, this.clock());
  }
}

/** Relays queued pushes to the hub: every `pollMs` (a cheap indexed read) and on `drain()`. */
export class PushRelay {
  private last: number;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly db: DB,
    private readonly hub: Hub,
    private readonly messenger: Messenger,
    private readonly opts: {
      pollMs: number;
      clock: () => number;
      log: (line: string) => void;
      /** NOTIFY pushes: the user's unread count, and a notification said in a language. */
      notifications?: {
        unread: (userId: number) => number;
        text: (lang: Lang, kind: string, params: Record<string, string>) => string;
      };
    },
  ) {
    // Only what is decided from now on: an old push has nobody waiting for it.
    this.last = (db.prepare("SELECT COALESCE(MAX(id), 0) AS id FROM user_pushes").get() as { id: number }).id;
  }

  start(): void {
    if (this.timer || this.opts.pollMs <= 0) return;
    this.timer = setInterval(() => {
      try {
        this.drain();
      } catch (err) {
        this.opts.log(`[pushes] relay failed: ${err instanceof Error ? err.message : String(err)}`);
      }
    }, this.opts.pollMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** Sends every push queued since the last call; how many. */
  drain(): number {
    const rows = this.db
      .prepare("SELECT id, user_id, channel, payload FROM user_pushes WHERE id > ? ORDER BY id LIMIT 500")
      .all(this.last) as Array<{ id: number; user_id: number; channel: string; payload: string }>;
    // The unread count as of this drain, once per user (only for users who listen).
    const unread = new Map<number, number>();
    const unreadOf = (userId: number) => {
      let n = unread.get(userId);
      if (n === undefined) unread.set(userId, (n = this.opts.notifications?.unread(userId) ?? 0));
      return n;
    };
    for (const r of rows) {
      this.last = r.id;
      let stored: Stored;
      try {
        stored = JSON.parse(r.payload) as Stored;
      } catch {
        continue;
      }
      if (stored.push.type === "NOTIFY") {
        if (!this.hub.userSubscribed(r.user_id, r.channel)) continue;
        const push = stored.push as NotifyPush;
        const params: Record<string, string> = {};
        for (const [k, v] of Object.entries(stored.msg?.vars ?? {})) params[k] = String(v);
        const unread = unreadOf(r.user_id);
        this.hub.publishToUser(r.user_id, r.channel, (lang) => ({
          ...push,
          unread,
          ...(push.kind && this.opts.notifications
            ? { text: this.opts.notifications.text(isLang(lang) ? lang : DEFAULT_LANG, push.kind, params) }
            : {}),
        }));
        continue;
      }
      const msg = stored.msg;
      this.hub.publishToUser(r.user_id, r.channel, (lang) =>
        msg ? { ...stored.push, msg: this.messenger.translator(isLang(lang) ? lang : DEFAULT_LANG)(msg.key, msg.vars) } : stored.push,
      );
    }
    if (rows.length) this.db.prepare("DELETE FROM user_pushes WHERE created_at < ?").run(this.opts.clock() - KEEP_MS);
    return rows.length;
  }
}
