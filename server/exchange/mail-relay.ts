import type { DB } from "./db/index";
import { maskAddress } from "./models/codes";

/** What the relay needs of a mail transport (nodemailer's SMTP transport; a fake in tests). */
export interface MailTransport {
  sendMail(message: { from: string; to: string; subject: string; text: string }): Promise<unknown>;
  close?(): void;
}

interface Row {
  id: number;
  address: string;
  subject: string;
  body: string;
}

/** Emails older than this when the relay first sees them are not sent (a code long expired, a relay set up late). */
const MAX_AGE_MS = 60 * 60_000;
/** How many one round hands over at most. */
const BATCH = 20;

/**
 * The outbox's emails handed to an SMTP relay (SMTP_URL), oldest first, each marked sent once the relay took it. A
 * relay that is down (a connection error, a 4xx) stops the round and is tried again on the next; an address the relay
 * refuses for good (a 5xx) is marked with its answer and not tried again. Text messages stay in the outbox.
 */
export class MailRelay {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<number> | null = null;

  constructor(
    private readonly db: DB,
    private readonly transport: MailTransport,
    private readonly opts: { from: string; pollMs: number; clock: () => number; log: (line: string) => void },
  ) {}

  start(): void {
    if (this.timer || this.opts.pollMs <= 0) return;
    this.timer = setInterval(() => void this.drain(), this.opts.pollMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
    this.transport.close?.();
  }

  /** One round; answers how many emails the relay took. Rounds never overlap. */
  drain(): Promise<number> {
    this.running ??= this.round().finally(() => (this.running = null));
    return this.running;
  }

  private async round(): Promise<number> {
    const now = this.opts.clock();
    this.db
      .prepare("UPDATE outbox SET sent_at = ?, send_error = 'too old' WHERE sent_at IS NULL AND channel = 'email' AND created_at < ?")
      .run(now, now - MAX_AGE_MS);
    const rows = this.db
      .prepare("SELECT id, address, subject, body FROM outbox WHERE sent_at IS NULL AND channel = 'email' ORDER BY id LIMIT ?")
      .all(BATCH) as Row[];
    let sent = 0;
    for (const r of rows) {
      try {
        await this.transport.sendMail({ from: this.opts.from, to: r.address, subject: r.subject || firstLine(r.body), text: r.body });
        this.db.prepare("UPDATE outbox SET sent_at = ? WHERE id = ?").run(this.opts.clock(), r.id);
        sent++;
      } catch (err) {
        const code = (err as { responseCode?: number }).responseCode ?? 0;
        const message = err instanceof Error ? err.message : String(err);
        if (code >= 500) {
          this.db.prepare("UPDATE outbox SET sent_at = ?, send_error = ? WHERE id = ?").run(this.opts.clock(), message.slice(0, 200), r.id);
          this.opts.log(`[mail] refused for ${maskAddress(r.address)}: ${message}`);
          continue;
        }
        this.opts.log(`[mail] relay unavailable, trying again later: ${message}`);
        break;
      }
    }
    return sent;
  }
}

function firstLine(body: string): string {
  return body.split("\n", 1)[0]!.slice(0, 120);
}
