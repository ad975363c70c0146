import type { SseSink } from "~/lib/live/sse.server";
import type { ServerOnlyData } from "~/lib/server-only";

export interface AppContext {
  /** Per-request CSP nonce, for Remix's inline scripts. */
  nonce: string;
  /** The exchange's request handler in this process, or an HTTP transport to a remote one. */
  exchangeFetch: (request: Request) => Promise<Response>;
  clientIp: string;
  /**
   * Bytes written to the socket but not yet sent. The server writes a streamed body without waiting for the socket,
   * so a CSV download asks this to wait for a browser that reads slowly (lib/csv.server.ts).
   */
  responseBuffered?: () => number;
  /**
   * The response itself, for a live stream to write to directly (no ReadableStream in between); calling it hands
   * the response to the caller, whose Response then carries the status and headers only.
   */
  responseSink?: () => SseSink;
  /** Data for this request's server render only, never serialized into the page (lib/server-only). */
  serverOnly?: ServerOnlyData;
}

declare module "@remix-run/node" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging: Remix's context takes ours
  interface AppLoadContext extends AppContext {}
  interface Future {
    v3_singleFetch: true;
  }
}
