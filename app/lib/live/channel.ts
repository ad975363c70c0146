import type { SseStream } from "./sse.server";
import type { Entry, Json } from "./types";
import type { UserSocket } from "./upstream.server";

/** One relayed channel: its browsers, its replay ring and the state a fresh snapshot is built from. */
export class Channel {
  readonly streams = new Set<Stream>();
  readonly ring: Entry[] = [];
  /** Ids at or after this seq can be resumed from (everything after it is in the ring). */
  floor: number;
  /** DAY_MARKET: last message per pair; KLINE: last bar per interval; others: one entry. */
  state = new Map<string, Json>();
  lingerTimer: NodeJS.Timeout | null = null;
  /** The next message on this channel is the answer to a (re)subscription: relay it as a snapshot. */
  expectSnapshot = false;

  constructor(
    readonly key: string,
    /** The name browsers see (the key without the `u:<id>:` prefix of private channels). */
    readonly name: string,
    seq: number,
  ) {
    this.floor = seq;
  }

  push(entry: Entry, ringSize: number) {
    this.ring.push(entry);
    if (this.ring.length > ringSize) this.floor = this.ring.shift()!.seq;
  }

  /** The messages a browser that knows nothing needs. */
  snapshotMessages(): Json[] {
    return [...this.state.values()];
  }
}

/** One browser's SSE stream. */
export class Stream {
  lastSeq = 0;
  constructor(
    readonly sse: SseStream,
    readonly channels: Channel[],
    readonly user: UserSocket | null,
    readonly token: string | null,
  ) {}
  write(seq: number, bytes: Uint8Array): boolean {
    if (seq <= this.lastSeq) return true; // replayed already
    this.lastSeq = seq;
    return this.sse.write(bytes);
  }
}
