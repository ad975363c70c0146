import type { ZodType, ZodTypeDef } from "zod";
import { backoffDelay } from "./backoff";
import { setLiveStatus as setStatus } from "../live-status";

/**
 * Client side of the live relay (/events, app/routes/events.tsx): the connection. The hooks (app/lib/use-live.ts) load
 * this module in their effects, after hydration, so it is in no screen's first-load JavaScript.
 *
 * ONE EventSource per page carries every channel the page's components listen to: components register
 * channels in a module-level registry, and the connection is (re)opened on the union of them once per
 * task. (Once per microtask was not enough: the hooks register from their effects after loading this module, each
 * in a microtask of its own, so a load of /trade opened 7 connections in a row, each a request to the server and
 * a subscription upstream, and kept the last.) When the last listener unmounts the EventSource closes, which ends the server's upstream
 * subscriptions (spec: "live subscriptions end on leaving the screen"). A client navigation between two
 * screens that both listen to DAY_MARKET keeps the same connection.
 *
 * remix-utils' `useEventSource` keeps only the latest `data` in React state, so a burst (DAY_MARKET sends
 * one message per pair) would lose all but the last; this wrapper hands every event to its listeners.
 *
 * Server events: `event: <channel>` (one message) and `event: snapshot` (`{channel, messages}`; replace
 * what you hold for that channel). Every payload is parsed with the contract's zod schema; invalid ones
 * are ignored. The schemas can be passed lazily (`() => import(...)`), so zod does not weigh on the
 * screen's first-load JavaScript: live updates start after hydration anyway.
 *
 * The feed never stops silently: when /events refuses (a 429, a 5xx: EventSource then gives up for good) or the
 * connection drops, the live status (../live-status.ts) says "paused" (the page shows it, app/components/live-notice.tsx), and a
 * refused connection is opened again with backoff, resuming after the last event seen (`lastEventId`).
 */

export type LiveMeta = { snapshot: boolean };
/** `gap`: a snapshot arrived, so events of the channel may have been missed (sent before its messages). */
export type RawListener = (data: unknown, meta: LiveMeta & { gap?: true }) => void;

const registry = new Map<string, Set<RawListener>>();
let source: EventSource | null = null;
let sourceKey = "";
let scheduled = false;
/** The last event id seen, so a connection opened again after a refusal resumes where the feed stopped. */
let lastEventId = "";
let retryTimer: ReturnType<typeof setTimeout> | undefined;
let attempt = 0;

/** Retry delays after a refusal: about 2 s, then doubling to at most 30 s (with jitter, so pages do not retry together). */
const RETRY_BASE_MS = 2_000;
const RETRY_MAX_MS = 30_000;

function schedule() {
  if (scheduled) return;
  scheduled = true;
  setTimeout(sync, 0);
}

function dispatch(channel: string, data: unknown, meta: LiveMeta & { gap?: true }) {
  const set = registry.get(channel);
  if (set) for (const l of set) l(data, meta);
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function sync() {
  scheduled = false;
  const channels = [...registry.keys()].filter((c) => (registry.get(c)?.size ?? 0) > 0).sort();
  const key = channels.join(",");
  if (key === sourceKey) return;
  open(channels, key);
}

function open(channels: string[], key: string) {
  source?.close();
  source = null;
  sourceKey = key;
  clearTimeout(retryTimer);
  if (channels.length === 0 || typeof EventSource === "undefined") {
    attempt = 0;
    setStatus("live");
    return;
  }
  const resume = lastEventId ? `&lastEventId=${encodeURIComponent(lastEventId)}` : "";
  const es = new EventSource(`/events?channels=${encodeURIComponent(key)}${attempt > 0 ? resume : ""}`);
  source = es;
  const seen = (e: Event) => {
    const id = (e as MessageEvent).lastEventId;
    if (id) lastEventId = id;
  };
  es.onopen = () => {
    attempt = 0;
    setStatus("live");
  };
  es.onerror = () => {
    if (source !== es) return;
    setStatus("paused");
    // CONNECTING: the browser reconnects by itself (after the relay's `retry:`). CLOSED: refused (429, 5xx), and
    // EventSource never tries again by itself, so the page does, backing off.
    if (es.readyState !== EventSource.CLOSED) return;
    const delay = backoffDelay(attempt++, RETRY_BASE_MS, RETRY_MAX_MS);
    retryTimer = setTimeout(() => {
      if (source === es) open(channels, key);
    }, delay);
  };
  for (const c of channels) {
    es.addEventListener(c, (e) => {
      seen(e);
      const data = parse((e as MessageEvent<string>).data);
      if (data !== undefined) dispatch(c, data, { snapshot: false });
    });
  }
  // A snapshot replaces a channel's state. A private channel has no state to send: the relay sends it
  // an empty snapshot only when events may have been missed (a resume it could not replay, an upstream
  // that came back), so listeners are told of the gap itself (e.g. to reload the orders from the server).
  es.addEventListener("snapshot", (e) => {
    seen(e);
    const snap = parse((e as MessageEvent<string>).data) as { channel?: unknown; messages?: unknown } | undefined;
    if (!snap || typeof snap.channel !== "string" || !Array.isArray(snap.messages)) return;
    dispatch(snap.channel, undefined, { snapshot: true, gap: true });
    for (const m of snap.messages) dispatch(snap.channel, m, { snapshot: true });
  });
}

export function addListener(channel: string, l: RawListener): () => void {
  let set = registry.get(channel);
  if (!set) registry.set(channel, (set = new Set()));
  set.add(l);
  schedule();
  return () => {
    set!.delete(l);
    if (set!.size === 0) registry.delete(channel);
    schedule();
  };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- zod's input type: any schema that parses to T
export type Schema<T> = Pick<ZodType<T, ZodTypeDef, any>, "safeParse">;
export type SchemaSource<T> = Schema<T> | (() => Promise<Schema<T>>);

/**
 * Listens to `channel` outside React (until the answer is called): every valid message to `onMessage`. The header's
 * badge loads this module after hydration and listens through it.
 */
export function listenChannel<T>(channel: string, schema: SchemaSource<T>, onMessage: (msg: T) => void): () => void {
  let parser: Schema<T> | null = typeof schema === "function" ? null : schema;
  let stopped = false;
  const remove = addListener(channel, (data, meta) => {
    if (meta.gap || !parser) return;
    const r = parser.safeParse(data);
    if (r.success) onMessage(r.data as T);
  });
  if (typeof schema === "function")
    schema().then(
      (loaded) => {
        if (!stopped) parser = loaded;
      },
      () => remove(),
    );
  return () => {
    stopped = true;
    remove();
  };
}
