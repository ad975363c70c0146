import type { SseStream } from "./sse.server";
import type { Channel } from "./channel";
import type { UserSocket } from "./upstream.server";

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

