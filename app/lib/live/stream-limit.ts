/**
 * Open event streams per client address: each holds a socket, buffers and a place in the fan-out, so one client
 * may not hold more than `max` of them (a browser with a few tabs needs a handful). acquire() answers a release
 * function (safe to call more than once), or null when the client is at the limit.
 */
export const MAX_STREAMS_PER_CLIENT = 20;
/** What a refused client is told to wait (seconds) before trying again. */
export const STREAM_LIMIT_RETRY_S = 10;

export class StreamLimiter {
  private readonly open = new Map<string, number>();

  constructor(readonly max = MAX_STREAMS_PER_CLIENT) {}

  acquire(client: string): (() => void) | null {
    const n = this.open.get(client) ?? 0;
    if (n >= this.max) return null;
    this.open.set(client, n + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.open.get(client) ?? 1) - 1;
      if (left <= 0) this.open.delete(client);
      else this.open.set(client, left);
    };
  }

  count(client: string): number {
    return this.open.get(client) ?? 0;
  }

  /** Clients holding at least one stream (a bound on the map's size is the number of live streams). */
  get clients(): number {
    return this.open.size;
  }
}
