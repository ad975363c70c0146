import type { LoaderFunctionArgs } from "@remix-run/node";
import { getLiveHub, getStreamLimiter, parseChannels, SSE_HEADERS, STREAM_LIMIT_RETRY_S, streamUser } from "~/lib/live.server";

/**
 * GET /events?channels=DAY_MARKET,MARKET_DEPTH.BTCUSDT,… — the live relay's server-sent events
 * (app/lib/live.server.ts). Channel names outside the allow-list are dropped; private channels
 * (TX_SUBMIT, TX_MATCHED, LEVER_TRADE, LEVER_CLOSED) need a signed-in session and are silently dropped without one.
 * An EventSource reconnecting sends Last-Event-ID and resumes where it was.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  // A HEAD asks what a GET would answer, without the stream: no slot, nothing attached to the hub.
  if (request.method === "HEAD") return new Response(null, { status: 200, headers: SSE_HEADERS });
  // At most 20 open streams per client address (docs/api.md, "The event stream"); the 21st waits.
  const release = getStreamLimiter().acquire(context?.clientIp ?? "unknown");
  if (!release) {
    return new Response("Too many open event streams", {
      status: 429,
      headers: { "Retry-After": String(STREAM_LIMIT_RETRY_S), "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
  // Freed when the stream ends (onClose below) or the client goes away, whichever the server sees first.
  request.signal.addEventListener("abort", release, { once: true });
  try {
    const url = new URL(request.url);
    const { publicChannels, privateChannels } = parseChannels(url.searchParams.get("channels"));
    // Private channels only for a session the exchange still takes.
    const user = privateChannels.length > 0 ? await streamUser({ request, context }) : null;
    const channels = user ? [...publicChannels, ...privateChannels] : publicChannels;
    return getLiveHub().attach(request.signal, channels, {
      user,
      lastEventId: request.headers.get("Last-Event-ID") ?? url.searchParams.get("lastEventId"),
      // server/index.ts hands over its response: the stream writes to the socket itself (sse.server.ts, SseSink), is
      // cut off when the socket holds too much, and ends at its next heartbeat once the socket is gone (slot freed).
      sink: context?.responseSink?.(),
      onClose: release,
    });
  } catch (error) {
    release();
    throw error;
  }
}
