/**
 * Server-sent events, written so that nothing a payload carries can become an SSE field, and so that a
 * browser that stops reading cannot make the server buffer without bound.
 *
 * remix-utils' `eventStream` writes `event:` and `data:` lines as given (a newline in either injects
 * fields) and queues without limit; this module replaces it for /events (see app/routes/events.tsx).
 *
 * Every event is encoded ONCE into bytes (`encodeEvent`), and the same bytes are enqueued to every
 * stream that wants them: ids are global (`<bootId>-<seq>`), so the bytes are identical for every browser.
 */

/** Event names: channel names and a few fixed words. No CR, LF, colon or space can pass. */
const EVENT_NAME = /^[A-Za-z][A-Za-z0-9_.]{0,63}$/;
/** Event ids: `<bootId>-<seq>`. (An id with NUL, CR or LF would be ignored or inject; these cannot.) */
const EVENT_ID = /^[A-Za-z0-9_-]{1,64}$/;

export class SseFieldError extends Error {}

const encoder = new TextEncoder();

export type SseEvent = { event: string; id: string; data: unknown };

/**
 * `event: <name>\nid: <id>\ndata: <JSON>\n\n`. The data is always `JSON.stringify`'d: JSON escapes every
 * control character (a raw CR or LF can never appear in its output), so a payload is exactly one `data:`
 * line whatever it contains. Names and ids that do not match their pattern throw.
 */
export function encodeEventText({ event, id, data }: SseEvent): string {
  if (!EVENT_NAME.test(event)) throw new SseFieldError(`invalid SSE event name: ${JSON.stringify(event)}`);
  if (!EVENT_ID.test(id)) throw new SseFieldError(`invalid SSE id: ${JSON.stringify(id)}`);
  const json = JSON.stringify(data);
  if (json === undefined) throw new SseFieldError("SSE data must be JSON-serialisable");
  // Belt and braces: JSON.stringify never emits a raw CR/LF, but a future change to this line must not either.
  if (/[\r\n]/.test(json)) throw new SseFieldError("SSE data contains a line break");
  return `event: ${event}\nid: ${id}\ndata: ${json}\n\n`;
}

export function encodeEvent(e: SseEvent): Uint8Array {
  return encoder.encode(encodeEventText(e));
}

/** A comment line; browsers ignore it, proxies and our own write path see traffic. */
export const HEARTBEAT = encoder.encode(": hb\n\n");

export function retryField(ms: number): Uint8Array {
  return encoder.encode(`retry: ${Math.max(0, Math.floor(ms))}\n\n`);
}

/**
 * Where a stream can write straight to: the HTTP response itself (server/sse-sink.ts), with no ReadableStream
 * between the fan-out and the socket. Each browser then costs one socket write per update instead of an enqueue,
 * a read and a promise: at 10,000 browsers the relay's hand-off to the sockets took half the time (docs/architecture.md).
 */
export interface SseSink {
  write(chunk: Uint8Array): void;
  /** Ends the response normally. */
  end(): void;
  /** Drops the connection: the browser stopped reading (it reconnects and resumes from its Last-Event-ID). */
  destroy(): void;
  /** Bytes written and not yet taken by the socket. */
  buffered(): number;
  /** Whether what is written can still reach the browser. */
  open(): boolean;
}

export type SseStreamOptions = {
  /**
   * Write to this instead of a ReadableStream (`body` is then null): the same bound (counting what the sink holds),
   * cut-off and close reasons, and "gone" once the sink says its socket is. The server always gives one; the
   * ReadableStream is for a stream read in this process (the hub's tests, the in-process benchmark).
   */
  sink?: SseSink;
  /** Queued bytes beyond which the browser is cut off (default 256 KB). */
  maxBufferedBytes?: number;
  /** The `retry:` sent first (default 3000 ms). */
  retryMs?: number;
  /** Called once when the stream ends for any reason (abort, cancel, cut-off, close(), a sink that is gone). */
  onClose?: (reason: SseCloseReason) => void;
};

export type SseCloseReason = "abort" | "cancel" | "overflow" | "closed" | "gone";

export class SlowConsumerError extends Error {
  constructor(bytes: number) {
    super(`SSE client stopped reading (${bytes} bytes queued); cut off`);
    this.name = "SlowConsumerError";
  }
}

export interface SseStream {
  /** What the response sends; null when the stream writes to a sink. */
  readonly body: ReadableStream<Uint8Array> | null;
  /** Enqueues bytes; false when the stream has ended (or just got cut off for being too slow). */
  write(chunk: Uint8Array): boolean;
  /** Ends the stream normally (server shutdown). */
  close(): void;
  readonly closed: boolean;
  /** Bytes queued and not yet read. */
  readonly queuedBytes: number;
}

/**
 * A byte stream with a byte-counting queue strategy (highWaterMark = the buffer bound). `desiredSize`
 * then is `bound - queued bytes`; when a write takes it below zero the stream is errored, which drops the
 * queue at once (memory is freed) and makes the HTTP layer close the connection. EventSource reconnects
 * by itself and resumes from its Last-Event-ID.
 */
export function createSseStream(
  signal: AbortSignal,
  opts?: SseStreamOptions & { sink?: undefined },
): SseStream & { body: ReadableStream<Uint8Array> };
export function createSseStream(signal: AbortSignal, opts?: SseStreamOptions): SseStream;
export function createSseStream(signal: AbortSignal, opts: SseStreamOptions = {}): SseStream {
  if (opts.sink) return createSinkStream(signal, opts.sink, opts);
  const max = opts.maxBufferedBytes ?? 256 * 1024;
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const end = oneEnding(signal, opts, () => {
    try {
      controller.close();
    } catch {
      /* already closed or errored */
    }
  });
  const finish = end.finish;

  const body = new ReadableStream<Uint8Array>(
    {
      start(c) {
        controller = c;
      },
      cancel() {
        finish("cancel");
      },
    },
    { highWaterMark: max, size: (chunk) => chunk.byteLength },
  );

  const stream: SseStream = {
    body,
    get closed() {
      return end.closed;
    },
    get queuedBytes() {
      return end.closed ? 0 : max - (controller.desiredSize ?? max);
    },
    write(chunk) {
      if (end.closed) return false;
      controller.enqueue(chunk);
      const queued = max - (controller.desiredSize ?? 0);
      if (queued > max) {
        // error(), not close(): close() would keep the queue until it is read, which it never will be.
        controller.error(new SlowConsumerError(queued));
        finish("overflow");
        return false;
      }
      return true;
    },
    close() {
      if (end.closed) return;
      try {
        controller.close();
      } catch {
        /* errored */
      }
      finish("closed");
    },
  };

  return end.begin(stream);
}

/** createSseStream with a sink: every write goes to the sink at once; the bound counts what the sink holds. */
function createSinkStream(signal: AbortSignal, sink: SseSink, opts: SseStreamOptions): SseStream {
  const max = opts.maxBufferedBytes ?? 256 * 1024;
  const end = oneEnding(signal, opts, () => {});
  const finish = end.finish;
  const stream: SseStream = {
    body: null,
    get closed() {
      return end.closed;
    },
    get queuedBytes() {
      return end.closed ? 0 : sink.buffered();
    },
    write(chunk) {
      if (end.closed) return false;
      if (!sink.open()) {
        // The socket went away without the abort reaching us (see the heartbeat in hub.server.ts).
        finish("gone");
        return false;
      }
      sink.write(chunk);
      const queued = sink.buffered();
      if (queued > max) {
        sink.destroy();
        finish("overflow");
        return false;
      }
      return true;
    },
    close() {
      if (end.closed) return;
      sink.end();
      finish("closed");
    },
  };
  return end.begin(stream);
}

/**
 * A stream's one ending, whatever comes first (abort, cancel, cut-off, close, a sink that is gone): `onClose` is told
 * once and the abort listener goes. `begin` sends the retry field and listens for the abort (`onAbort` first).
 */
function oneEnding(signal: AbortSignal, opts: SseStreamOptions, onAbort: () => void) {
  const abort = () => {
    if (end.closed) return;
    onAbort();
    end.finish("abort");
  };
  const end = {
    closed: false,
    finish(reason: SseCloseReason) {
      if (end.closed) return;
      end.closed = true;
      signal.removeEventListener("abort", abort);
      opts.onClose?.(reason);
    },
    begin(stream: SseStream): SseStream {
      signal.addEventListener("abort", abort);
      if (opts.retryMs !== 0) stream.write(retryField(opts.retryMs ?? 3000));
      if (signal.aborted) abort();
      return stream;
    },
  };
  return end;
}

export const SSE_HEADERS = {
  "Content-Type": "text/event-stream; charset=utf-8",
  "Cache-Control": "no-store",
  "X-Accel-Buffering": "no",
} as const;

export function sseResponse(stream: SseStream, headers?: HeadersInit): Response {
  const h = new Headers(headers);
  for (const [k, v] of Object.entries(SSE_HEADERS)) h.set(k, v);
  return new Response(stream.body, { status: 200, headers: h });
}
