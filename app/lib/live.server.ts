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

import { createHash } from "node:crypto";
import { api, type ApiArgs } from "./api.server";
import { remember } from "./remember.server";
import { getSession } from "./session.server";
import { StreamLimiter } from "./live/stream-limit";

/**
 * The relay's key for a signed-in session's private channels: one socket to the exchange per session, not per user,
 * so a session that ends (signed out elsewhere, a changed password) is refused on its own socket and only its
 * streams end. The user id and a digest of the token: the key appears in logs, the token never does.
 */
export function sessionStreamKey(uid: unknown, token: string): string {
  return `${String(uid ?? "")}.${createHash("sha256").update(token).digest("hex").slice(0, 16)}`;
}

/** The process's count of open /events streams per client address. */
export function getStreamLimiter(): StreamLimiter {
  return remember("live-stream-limiter", () => new StreamLimiter());
}

/**
 * Whose private channels an /events request may follow: its session, if the exchange still takes the session's token
 * (one that has ended, signed out elsewhere or by a changed password, gets the public channels, as a visitor does),
 * keyed by `sessionStreamKey`; else null.
 */
export async function streamUser(args: ApiArgs): Promise<{ key: string; token: string } | null> {
  const session = await getSession(args.request);
  const token = session.get("token");
  if (!token) return null;
  // A 999 answer is thrown as the sign-in redirect; an event stream has no use for it.
  const live = await api(args, "userInfo", {}, { token }).catch(() => null);
  return live?.ok ? { key: sessionStreamKey(session.get("uid"), token), token } : null;
}
