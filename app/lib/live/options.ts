/** The relay's settings and their defaults (ping every 5 s, reconnect backoff capped at 30 s: docs/product.md, "Live updates"). */
export type LiveHubOptions = {
  /** Upstream socket URL (ws://…/ws). A function is read at each (re)connect. */
  url: string | (() => string);
  pingMs?: number;
  /** A socket that sent nothing (not even a pong) for this long is dead. */
  deadAfterMs?: number;
  backoffBaseMs?: number;
  backoffMaxMs?: number;
  /** A connection that stays up this long resets the backoff. */
  stableAfterMs?: number;
  /** Messages kept per channel for Last-Event-ID resume. */
  ringSize?: number;
  maxBufferedBytes?: number;
  heartbeatMs?: number;
  retryMs?: number;
  /** Delay before unsubscribing upstream once the last browser left a channel. */
  lingerMs?: number;
  /**
   * Messages arriving within this window go out as one chunk per browser (0: the same event-loop turn).
   * A tick's burst often arrives in two or three socket reads; merging them halves the writes per browser.
   */
  coalesceMs?: number;
  random?: () => number;
  log?: (line: string) => void;
};

export type Required_ = Required<Omit<LiveHubOptions, "url" | "log">> & Pick<LiveHubOptions, "url" | "log">;

export const DEFAULTS = {
  pingMs: 5_000,
  deadAfterMs: 15_000,
  backoffBaseMs: 500,
  backoffMaxMs: 30_000,
  stableAfterMs: 10_000,
  ringSize: 256,
  maxBufferedBytes: 256 * 1024,
  heartbeatMs: 15_000,
  retryMs: 3_000,
  lingerMs: 3_000,
  coalesceMs: 5,
  random: Math.random,
};
