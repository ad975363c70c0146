import { randomBytes } from "node:crypto";
import { EventEmitter } from "node:events";
import { remember } from "../remember.server";
import { Channel, Stream } from "./channel";
import type { Entry, Json } from "./types";
import { canonicalChannel, isPrivateChannel, normalizeSymbol, SYMBOL_CHANNELS } from "./channels";
import { DEFAULTS, type LiveHubOptions, type Required_ } from "./options";
import { createSseStream, encodeEvent, HEARTBEAT, retryField, sseResponse, type SseSink, type SseStream } from "./sse.server";
import { lineLogger, rootLogger } from "../log.server";
import { metrics } from "../metrics.server";
import { onShutdown } from "../shutdown.server";
import { Upstream, UserSocket } from "./upstream.server";

/**
 * The live relay (ARCHITECTURE "One process, three parts", item 2).
 *
 *   browsers ──SSE /events──▶ LiveHub ──ONE ws for public channels──────────▶ exchange /ws
 *                                      └─ONE ws per signed-in session (private)─▶
 *
 * - Subscriptions are reference-counted: the first browser on a channel subscribes upstream, the last one
 *   leaving unsubscribes (after `lingerMs`, so a page change that keeps the channel does not churn); a
 *   session's socket closes when that session's last browser leaves.
 * - Every socket pings every 5 s (spec 9); one silent for `deadAfterMs` is terminated. Reconnects back off
 *   exponentially with jitter, capped at 30 s (spec 9), then log in again and re-subscribe every channel;
 *   the exchange answers each subscription with a snapshot, which is relayed as a `snapshot` event so a
 *   browser replaces what it shows.
 * - Each message gets a global sequence number; the SSE id is `<bootId>-<seq>`, and a bounded ring per
 *   channel lets a reconnecting EventSource resume from its Last-Event-ID. Unknown/too old ids get a fresh
 *   snapshot built from the last state the relay saw.
 */

type Pending = { c: Channel; seq: number; bytes: Uint8Array };

export type AttachOptions = {
  /** Private channels need a user: a stable key (uid) and the session's token. */
  user?: { key: string; token: string } | null;
  lastEventId?: string | null;
  /** See SseStreamOptions.sink: the response to write to directly (then attach()'s Response has no body). */
  sink?: SseSink;
  /** Called once when the stream ends, however it ends (the per-client stream count is released here). */
  onClose?: () => void;
};

export class LiveHub {
  readonly options: Required_;
  readonly bootId = randomBytes(4).toString("hex");
  readonly events = new EventEmitter();
  private seq = 0;
  /** Messages published in this turn of the event loop, fanned out together by flush(). */
  private pending: Pending[] = [];
  private flushScheduled = false;
  private readonly channels = new Map<string, Channel>();
  private readonly users = new Map<string, UserSocket>();
  private readonly streams = new Set<Stream>();
  private readonly publicUp: Upstream;
  private heartbeat: NodeJS.Timeout;
  private closed = false;

  constructor(opts: LiveHubOptions) {
    this.options = { ...DEFAULTS, ...opts } as Required_;
    this.events.setMaxListeners(0);
    this.publicUp = new Upstream("public", this, (m) => this.fromUpstream(m, null));
    // The heartbeat also finds streams that outlived their browser: a write to a stream whose socket is gone (the
    // close was missed, or the write failed) ends it, which frees its place in the fan-out and its per-client slot.
    this.heartbeat = setInterval(() => {
      for (const s of [...this.streams]) s.sse.write(HEARTBEAT);
    }, this.options.heartbeatMs);
    this.heartbeat.unref?.();
  }

  /** Opens an SSE stream on `channels` (already canonical and allowed; private ones need `user`). */
  attach(signal: AbortSignal, channelNames: string[], opts: AttachOptions = {}): Response {
    return sseResponse(this.open(signal, channelNames, opts).sse);
  }

  /** attach() without the Response wrapper (tests, benchmark). */
  open(
    signal: AbortSignal,
    channelNames: string[],
    opts?: AttachOptions & { sink?: undefined },
  ): { sse: SseStream & { body: ReadableStream<Uint8Array> } };
  open(signal: AbortSignal, channelNames: string[], opts?: AttachOptions): { sse: SseStream };
  open(signal: AbortSignal, channelNames: string[], opts: AttachOptions = {}): { sse: SseStream } {
    const o = this.options;
    // Deliver what is pending first: the newcomer's catch-up then starts exactly after it.
    this.flush();
    const names = channelNames.filter((c) => canonicalChannel(c) === c && (!isPrivateChannel(c) || opts.user));

    let stream: Stream | null = null;
    const sse = createSseStream(signal, {
      maxBufferedBytes: o.maxBufferedBytes,
      retryMs: o.retryMs,
      sink: opts.sink,
      onClose: (reason) => {
        if (reason === "overflow") metrics().slowReadersCut.inc({ kind: "sse" });
        if (stream) this.detach(stream);
        opts.onClose?.();
      },
    });
    if (this.closed || sse.closed) {
      sse.close();
      opts.onClose?.();
      return { sse };
    }
    const user = opts.user && names.some(isPrivateChannel) ? this.userSocket(opts.user.key, opts.user.token) : null;
    const chans = names.map((n) => this.channel(n, user));
    stream = new Stream(sse, chans, user, user ? opts.user!.token : null);
    this.streams.add(stream);
    for (const c of chans) {
      c.streams.add(stream);
      if (c.lingerTimer) clearTimeout(c.lingerTimer);
      c.lingerTimer = null;
    }
    if (user) {
      user.streams++;
      user.tokens.set(opts.user!.token, (user.tokens.get(opts.user!.token) ?? 0) + 1);
    }
    this.catchUp(stream, opts.lastEventId ?? null);
    if (sse.closed) return { sse }; // cut off during catch-up (already detached)
    for (const c of chans) this.upstreamFor(user, c).sub(c.name);
    return { sse };
  }

  /** Replays from Last-Event-ID when every channel's ring still covers it; otherwise fresh snapshots. */
  private catchUp(stream: Stream, lastEventId: string | null) {
    const m = lastEventId ? /^([0-9a-f]+)-(\d+)$/.exec(lastEventId) : null;
    const after = m && m[1] === this.bootId ? Number(m[2]) : null;
    const replay: Entry[] = [];
    const snapshots: Channel[] = [];
    for (const c of stream.channels) {
      if (after != null && after <= this.seq && after >= c.floor) {
        for (const e of c.ring) if (e.seq > after) replay.push(e);
      } else if (c.state.size > 0 || (lastEventId != null && isPrivateChannel(c.name))) {
        // Unknown, foreign or too old id, or a first visit to a channel the relay already holds: a snapshot.
        // A private channel has no state to rebuild: an empty snapshot after a gap says "you may have missed events".
        snapshots.push(c);
      }
    }
    // Replayed events first (their ids are older), then snapshots with new ids: ids stay increasing.
    replay.sort((a, b) => a.seq - b.seq);
    for (const e of replay) if (!stream.write(e.seq, e.bytes)) return;
    for (const c of snapshots) {
      const seq = ++this.seq;
      if (
        !stream.write(seq, encodeEvent({ event: "snapshot", id: this.id(seq), data: { channel: c.name, messages: c.snapshotMessages() } }))
      )
        return;
    }
  }

  private id(seq: number) {
    return `${this.bootId}-${seq}`;
  }

  private channel(name: string, user: UserSocket | null): Channel {
    const key = isPrivateChannel(name) ? `u:${user!.userKey}:${name}` : name;
    let c = this.channels.get(key);
    if (!c) this.channels.set(key, (c = new Channel(key, name, this.seq)));
    return c;
  }

  private upstreamFor(user: UserSocket | null, c: Channel): Upstream {
    return isPrivateChannel(c.name) ? user!.upstream : this.publicUp;
  }

  private userSocket(key: string, token: string): UserSocket {
    let u = this.users.get(key);
    if (!u) {
      const up = new Upstream(`user ${key}`, this, (m) => this.fromUpstream(m, u!), token);
      u = new UserSocket(key, up);
      this.users.set(key, u);
    } else if (u.upstream.token && u.refused.has(u.upstream.token) && !u.refused.has(token)) {
      // Every token so far was refused; this session brings a new one.
      u.upstream.login(token);
    }
    return u;
  }

  private detach(stream: Stream) {
    if (!this.streams.delete(stream)) return;
    for (const c of stream.channels) {
      c.streams.delete(stream);
      if (c.streams.size === 0) this.scheduleUnsub(c, stream.user);
    }
    const u = stream.user;
    if (u) {
      u.streams--;
      const t = stream.token!;
      const n = u.tokens.get(t) ?? 0;
      if (n > 1) u.tokens.set(t, n - 1);
      else {
        u.tokens.delete(t);
        // That session left: if the socket logs in with its token, switch to a session still open.
        const other = [...u.tokens.keys()].find((x) => !u.refused.has(x));
        if (u.upstream.token === t && other) u.upstream.login(other);
      }
      if (u.streams <= 0) {
        u.upstream.close();
        this.users.delete(u.userKey);
        for (const [k, c] of this.channels) if (k.startsWith(`u:${u.userKey}:`)) this.dropChannel(c);
      }
    }
  }

  private scheduleUnsub(c: Channel, user: UserSocket | null) {
    if (this.closed || isPrivateChannel(c.name)) return; // private channels end with their user's socket
    const unsub = () => {
      c.lingerTimer = null;
      if (c.streams.size > 0) return;
      this.upstreamFor(user, c).unsub(c.name);
      this.dropChannel(c);
    };
    if (this.options.lingerMs <= 0) unsub();
    else c.lingerTimer = setTimeout(unsub, this.options.lingerMs);
  }

  private dropChannel(c: Channel) {
    if (c.lingerTimer) clearTimeout(c.lingerTimer);
    this.channels.delete(c.key);
  }

  /** Routes one upstream message to its channel: public ones by type (+ symbol), private ones by socket. */
  private fromUpstream(msg: Json, user: UserSocket | null) {
    const type = msg.type as string;
    if (type === "pong" || type === "error" || type === "unsub") return;
    if (type === "login") {
      if (msg.code === 1 || !user || !user.upstream.token) return;
      // Refused (code 999: the session expired, was signed out or revoked, at login or later): the streams of that
      // session end, so nothing more of the user's reaches them. Their browsers reconnect, and /events gives a session
      // that has ended the public channels only.
      const refused = user.upstream.token;
      user.refused.add(refused);
      for (const s of [...this.streams]) if (s.user === user && s.token === refused) s.sse.close();
      // That was its last stream (the socket is closed), or ending them already logged in with another session's token.
      if (this.users.get(user.userKey) !== user || user.upstream.token !== refused) return;
      // Another session's token, if any.
      const next = [...user.tokens.keys()].find((t) => !user.refused.has(t));
      if (next) user.upstream.login(next);
      else this.options.log?.(`[live] upstream refused the login of user ${user.userKey}`);
      return;
    }
    if (type === "sub") {
      if (msg.code === 1 && typeof msg.channel === "string") {
        const name = canonicalChannel(msg.channel);
        const c = name && this.channels.get(user && isPrivateChannel(name) ? `u:${user.userKey}:${name}` : name);
        // The exchange answers a symbol channel's subscription with one snapshot message. DAY_MARKET's
        // snapshot is one full message per pair, which replaces per pair as it arrives; private channels have none.
        if (c && c.name.includes(".")) c.expectSnapshot = true;
        // Private events sent while the user's socket was away are lost: tell the browsers so they reload.
        if (c && user && isPrivateChannel(c.name) && user.upstream.resubscribed.delete(c.name)) this.publishGap(c);
      }
      return;
    }
    let name: string | null = null;
    if (type === "DAY_MARKET" && !user) name = "DAY_MARKET";
    else if ((SYMBOL_CHANNELS as readonly string[]).includes(type) && !user && typeof msg.symbol === "string")
      name = `${type}.${normalizeSymbol(msg.symbol)}`;
    else if (user && isPrivateChannel(type)) name = type;
    if (!name) return;
    const c = this.channels.get(user ? `u:${user.userKey}:${name}` : name);
    if (!c) return;
    this.publish(c, msg);
  }

  private publish(c: Channel, msg: Json) {
    const snapshot = c.expectSnapshot;
    c.expectSnapshot = false;
    // State a later snapshot is built from.
    if (c.name === "DAY_MARKET") c.state.set(String(msg.currency_match_id), msg);
    else if (c.name.startsWith("GLOBAL_TX.")) {
      const prev = snapshot ? [] : (((c.state.get("") as Json | undefined)?.completes as unknown[]) ?? []);
      const completes = [...((Array.isArray(msg.completes) ? msg.completes : []) as unknown[]), ...prev].slice(0, 30);
      c.state.set("", { ...msg, completes });
    } else if (c.name.startsWith("KLINE.")) {
      // One bar per interval, so a snapshot carries the current bar of whichever interval a chart shows.
      c.state.set(String(msg.period ?? ""), msg);
    } else if (!isPrivateChannel(c.name)) c.state.set("", msg);

    const seq = ++this.seq;
    const bytes = encodeEvent(
      snapshot
        ? { event: "snapshot", id: this.id(seq), data: { channel: c.name, messages: [msg] } }
        : { event: c.name, id: this.id(seq), data: msg },
    );
    c.push({ seq, bytes }, this.options.ringSize);
    this.events.emit("published", c.name, seq, bytes, msg);
    this.enqueue(c, seq, bytes);
  }

  /** An empty snapshot on a private channel: "you may have missed events" (the browser reloads its data). */
  private publishGap(c: Channel) {
    const seq = ++this.seq;
    const bytes = encodeEvent({ event: "snapshot", id: this.id(seq), data: { channel: c.name, messages: [] } });
    c.push({ seq, bytes }, this.options.ringSize);
    this.enqueue(c, seq, bytes);
  }

  private enqueue(c: Channel, seq: number, bytes: Uint8Array) {
    this.pending.push({ c, seq, bytes });
    if (!this.flushScheduled) {
      this.flushScheduled = true;
      if (this.options.coalesceMs > 0) setTimeout(() => this.flush(), this.options.coalesceMs);
      else setImmediate(() => this.flush());
    }
  }

  /**
   * Fans out the messages of this event-loop turn (the exchange sends a tick's DAY_MARKET as one burst):
   * one concatenated chunk per channel, shared by every browser on that channel, instead of one enqueue
   * and one read per message per browser. A browser on several of the touched channels gets its own
   * merge, in sequence order, so its ids keep increasing.
   */
  private flush() {
    this.flushScheduled = false;
    if (this.pending.length === 0) return;
    const pending = this.pending;
    this.pending = [];
    const byChannel = new Map<Channel, Pending[]>();
    for (const p of pending) {
      const list = byChannel.get(p.c);
      if (list) list.push(p);
      else byChannel.set(p.c, [p]);
    }
    const concat = (list: Pending[]) => (list.length === 1 ? list[0].bytes : Buffer.concat(list.map((p) => p.bytes)));
    for (const [c, list] of byChannel) {
      const chunk = concat(list);
      const last = list[list.length - 1].seq;
      this.events.emit("flushed", chunk, list[0].seq, last);
      for (const s of c.streams) {
        let touched = 0;
        let first: Channel | null = null;
        for (const x of s.channels) {
          if (byChannel.has(x)) {
            touched++;
            first ??= x;
          }
        }
        if (touched === 1) {
          if (list[0].seq > s.lastSeq) s.write(last, chunk);
        } else if (first === c) {
          const mine = pending.filter((p) => p.seq > s.lastSeq && s.channels.includes(p.c));
          if (mine.length > 0) s.write(mine[mine.length - 1].seq, concat(mine));
        }
      }
    }
  }

  // ---------------------------------------------------------------- introspection & shutdown
  /** Upstream subscriptions (public socket, and per user). */
  upstreamChannels(userKey?: string): string[] {
    const up = userKey == null ? this.publicUp : this.users.get(userKey)?.upstream;
    return up ? [...up.channels] : [];
  }

  stats() {
    return {
      streams: this.streams.size,
      channels: this.channels.size,
      userSockets: this.users.size,
      publicConnects: this.publicUp.connects,
      publicOpen: this.publicUp.open,
      seq: this.seq,
    };
  }

  /** Terminates the public upstream socket as a network failure would (tests). */
  killUpstream(userKey?: string) {
    (userKey == null ? this.publicUp : this.users.get(userKey)?.upstream)?.kill();
  }

  /**
   * Ends every stream and closes every upstream socket (the server's graceful shutdown). Each browser is told first
   * to come back in one to three seconds (spread, so they do not all return at once): EventSource reconnects with
   * its Last-Event-ID, through the proxy to a process that is up.
   */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.heartbeat);
    for (const s of [...this.streams]) {
      s.sse.write(retryField(1_000 + Math.floor(this.options.random() * 2_000)));
      s.sse.close();
    }
    for (const c of this.channels.values()) if (c.lingerTimer) clearTimeout(c.lingerTimer);
    this.publicUp.close();
    for (const u of this.users.values()) u.upstream.close();
    this.users.clear();
    this.channels.clear();
  }
}

/** The process's relay, created on first use; ends with the server's graceful shutdown. */
export function getLiveHub(): LiveHub {
  return remember("live-hub", () => {
    const hub = new LiveHub({
      url: () => process.env.EXCHANGE_WS_URL ?? `ws://127.0.0.1:${process.env.PORT ?? 3000}/ws`,
      log: lineLogger(rootLogger),
    });
    onShutdown("live streams", () => hub.close());
    metrics().sources.liveClients.set("sse", () => hub.stats().streams);
    return hub;
  });
}
