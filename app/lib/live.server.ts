/**
 * The live relay's public entry (ARCHITECTURE "One process, three parts", item 2); its parts are in app/lib/live/:
 * channels (names and the allow-list), options, backoff, channel (replay ring and snapshot state), stream (one
 * browser), upstream.server (the sockets to the exchange), sse.server (event-stream framing), hub.server (the fan-out).
 */
export { backoffDelay } from "./live/backoff";
export { canonicalChannel, isPrivateChannel, MAX_CHANNELS_PER_STREAM, parseChannels } from "./live/channels";
export { getLiveHub, LiveHub, type AttachOptions } from "./live/hub.server";
export type { LiveHubOptions } from "./live/options";
export { MAX_STREAMS_PER_CLIENT, STREAM_LIMIT_RETRY_S, StreamLimiter } from "./live/stream-limit";
export { SSE_HEADERS } from "./live/sse.server";

import { remember } from "./remember.server";
import { StreamLimiter } from "./live/stream-limit";

/** The process's count of open /events streams per client address. */
export function getStreamLimiter(): StreamLimiter {
  return remember("live-stream-limiter", () => new StreamLimiter());
}
