import type { IncomingMessage, ServerResponse } from "node:http";

/**
 * The response an /events stream writes to directly (the SseSink of app/lib/live/sse.server.ts), handed to the
 * loader through its load context.
 *
 * The loader attaches the stream, and the stream writes its first bytes (the retry field, the catch-up), before the
 * server has set the status and headers from the Response the loader returns. Until `start()` those writes wait
 * here, counted in `buffered()` like bytes the socket has not taken; `start()` sends the head, then them, then
 * every later write goes straight to the socket.
 */
export class ResponseSink {
  private queue: Uint8Array[] | null = [];
  private queued = 0;
  private ended = false;
  /** Whether a loader took the response (the server then leaves it open for the stream instead of writing a body). */
  claimed = false;

  constructor(
    private readonly req: IncomingMessage,
    private readonly res: ServerResponse,
  ) {}

  /** For the load context: the loader that calls it writes the response itself. */
  claim = () => {
    this.claimed = true;
    return this;
  };

  write(chunk: Uint8Array): void {
    if (this.queue) {
      this.queue.push(chunk);
      this.queued += chunk.byteLength;
    } else this.res.write(chunk);
  }

  end(): void {
    if (this.queue) this.ended = true;
    else this.res.end();
  }

  destroy(): void {
    this.queue = null;
    this.queued = 0;
    this.res.destroy();
  }

  buffered(): number {
    return this.res.writableLength + this.queued;
  }

  open(): boolean {
    return !this.res.destroyed && !this.req.socket.destroyed;
  }

  /** The status and headers are set: sends them, what was written so far, and the end if it came already. */
  start(): void {
    const queue = this.queue;
    if (!queue) return;
    this.queue = null;
    this.queued = 0;
    this.res.flushHeaders();
    for (const chunk of queue) this.res.write(chunk);
    if (this.ended) this.res.end();
  }
}
