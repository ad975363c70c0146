import type { DB } from "./db/index";
import { Hub } from "./hub";
import { DEFAULT_LANG } from "./lib/i18n";

/**
 * Pushes across processes. The operator CLI runs the same engines on the same database as the server, but its own
 * Hub has no connections: what it publishes would be lost, and the trader's open page would learn of the change
 * (an appeal decided, say) only on its next load. An `OutboxHub` writes each private push to `push_outbox`
 * instead; the server's `PushRelay` reads the rows within a second, sends them to the user's connections and
 * deletes them. Payloads are made once, in the default language (the pushes that go this way carry ids and states,
 * no words).
 */
export class OutboxHub extends Hub {
  constructor(
    private readonly db: DB,
    private readonly clock: () => number = Date.now,
  ) {
    super();
  }

  override publishToUser(userId: number, channel: string, make: (lang: string | undefined) => unknown): void {
    this.db
      .prepare("INSERT INTO push_outbox (user_id, channel, payload, created_at) VALUES (?, ?, ?, ?)")
      .run(userId, channel, JSON.stringify(make(DEFAULT_LANG)), this.clock());
  }
}

/** Rows older than this when the relay first sees them are dropped unsent: a page opened since then loaded the change. */
const STALE_MS = 60_000;

export class PushRelay {
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly db: DB,
    private readonly hub: Hub,
    private readonly o: { clock: () => number; intervalMs?: number; log?: (line: string) => void },
  ) {}

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => {
      try {
        this.drain();
      } catch (err) {
        this.o.log?.(`[push-outbox] relay failed: ${err instanceof Error ? err.message : String(err)}`);
      }
    }, this.o.intervalMs ?? 500);
    this.timer.unref?.();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** Sends what another process queued (oldest first) and deletes it; answers how many were sent. */
  drain(): number {
    const rows = this.db.prepare("SELECT id, user_id, channel, payload, created_at FROM push_outbox ORDER BY id LIMIT 500").all() as {
      id: number;
      user_id: number;
      channel: string;
      payload: string;
      created_at: number;
    }[];
    if (rows.length === 0) return 0;
    const fresh = this.o.clock() - STALE_MS;
    let sent = 0;
    for (const r of rows) {
      if (r.created_at < fresh) continue;
      let message: unknown;
      try {
        message = JSON.parse(r.payload);
      } catch {
        continue;
      }
      this.hub.publishToUser(r.user_id, r.channel, () => message);
      sent++;
    }
    this.db.prepare("DELETE FROM push_outbox WHERE id <= ?").run(rows[rows.length - 1]!.id);
    return sent;
  }
}
