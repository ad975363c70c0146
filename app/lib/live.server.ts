import { randomBytes } from "node:crypto";
import { EventEmitter } from "node:events";
import WebSocket from "ws";
import { remember } from "./remember.server";
import { createSseStream, encodeEvent, HEARTBEAT, sseResponse, type SseStream } from "./sse.server";

/**
 * The live relay (ARCHITECTURE "One process, three parts", item 2).
 *
 *   browsers ──SSE /events──▶ LiveHub ──ONE ws for public channels──────────▶ exchange /ws
 *                                      └─ONE ws per signed-in user (private)─▶
 *
 * - Subscriptions are reference-counted: the first browser on a channel subscribes upstream, the last one
 *   leaving unsubscribes (after `lingerMs`, so a page change that keeps the channel does not churn); a
 *   user's socket closes when that user's last browser leaves.
 * - Every socket pings every 5 s (spec 9); one silent for `deadAfterMs` is terminated. Reconnects back off
 *   exponentially with jitter, capped at 30 s (spec 9), then log in again and re-subscribe every channel;
 *   the exchange answers each subscription with a snapshot, which is relayed as a `snapshot` event so a
 *   browser replaces what it shows.
 * - Each message gets a global sequence number; the SSE id is `<bootId>-<seq>`, and a bounded ring per
 *   channel lets a reconnecting EventSource resume from its Last-Event-ID. Unknown/too old ids get a fresh
 *   snapshot built from the last state the relay saw.
 */

// ---------------------------------------------------------------- channels
export const PUBLIC_CHANNELS = ["DAY_MARKET"] as const;
export const SYMBOL_CHANNELS = ["MARKET_DEPTH", "GLOBAL_TX", "KLINE"] as const;
export const PRIVATE_CHANNELS = ["TX_SUBMIT", "TX_MATCHED"] as const;
export const MAX_CHANNELS_PER_STREAM = 24;

const SYMBOL_CHANNEL = /^(MARKET_DEPTH|GLOBAL_TX|KLINE)\.([A-Za-z0-9]{1,16})(?:\/([A-Za-z0-9]{1,16}))?$/;

export function normalizeSymbol(symbol: string): string {
  return symbol.toUpperCase().replace(/[^A-Z0-9]/g, "");
}

/**
 * The canonical name of an allowed channel (`MARKET_DEPTH.btc/usdt` → `MARKET_DEPTH.BTCUSDT`), or null.
 * Strict allow-list: anything else (other characters, CR/LF, unknown prefixes) is refused.
 */
export function canonicalChannel(raw: string): string | null {
  if ((PUBLIC_CHANNELS as readonly string[]).includes(raw) || (PRIVATE_CHANNELS as readonly string[]).includes(raw)) return raw;
  const m = SYMBOL_CHANNEL.exec(raw);
  if (!m) return null;
  return `${m[1]}.${normalizeSymbol(m[2] + (m[3] ?? ""))}`;
}

export function isPrivateChannel(channel: string): boolean {
  return (PRIVATE_CHANNELS as readonly string[]).includes(channel);
}

/** Splits `?channels=a,b,c` into allowed, de-duplicated public and private channel names. */
export function parseChannels(param: string | null): { publicChannels: string[]; privateChannels: string[] } {
  const publicChannels: string[] = [];
  const privateChannels: string[] = [];
  for (const part of (param ?? "").split(",")) {
    const c = canonicalChannel(part.trim());
    if (!c || publicChannels.includes(c) || privateChannels.includes(c)) continue;
    if (publicChannels.length + privateChannels.length >= MAX_CHANNELS_PER_STREAM) break;
    (isPrivateChannel(c) ? privateChannels : publicChannels).push(c);
  }
  return { publicChannels, privateChannels };
}

// ---------------------------------------------------------------- options
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

type Required_ = Required<Omit<LiveHubOptions, "url" | "log">> & Pick<LiveHubOptions, "url" | "log">;

const DEFAULTS = {
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

/** Exponential backoff with "equal jitter": half fixed, half random, capped. attempt 0 → ~base. */
export function backoffDelay(attempt: number, base: number, max: number, random: () => number = Math.random): number {
  const ceiling = Math.min(max, base * 2 ** Math.min(attempt, 30));
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}

// ---------------------------------------------------------------- channel state
type Entry = { seq: number; bytes: Uint8Array };
type Json = Record<string, unknown>;

/** One relayed channel: its browsers, its replay ring and the state a fresh snapshot is built from. */
class Channel {
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
class Stream {
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

type Pending = { c: Channel; seq: number; bytes: Uint8Array };

// ---------------------------------------------------------------- upstream sockets
/** One upstream WebSocket with ping, dead-socket detection, backoff reconnect, re-login and re-subscribe. */
class Upstream {
  ws: WebSocket | null = null;
  /** Upstream channel names (`MARKET_DEPTH.BTCUSDT`, `TX_MATCHED`) to keep subscribed. */
  readonly channels = new Set<string>();
  attempt = 0;
  connects = 0;
  /** Channels subscribed again after a reconnect or re-login, whose answer means "events may have been missed". */
  readonly resubscribed = new Set<string>();
  private closed = false;
  private lastSeen = 0;
  private pingTimer: NodeJS.Timeout | null = null;
  private retryTimer: NodeJS.Timeout | null = null;
  private stableTimer: NodeJS.Timeout | null = null;

  constructor(
    readonly label: string,
    private readonly hub: LiveHub,
    private readonly onMessage: (msg: Json) => void,
    public token: string | null = null,
  ) {}

  get open(): boolean {
    return this.ws?.readyState === WebSocket.OPEN;
  }

  start() {
    if (!this.ws && !this.retryTimer && !this.closed) this.connect();
  }

  private send(msg: unknown) {
    if (this.ws?.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify(msg));
  }

  sub(channel: string) {
    if (this.channels.has(channel)) return;
    this.channels.add(channel);
    this.start();
    this.send({ type: "sub", channel });
  }

  unsub(channel: string) {
    if (!this.channels.delete(channel)) return;
    this.send({ type: "unsub", channel });
  }

  /** Logs in with another token and subscribes again (a refused login drops the private channels upstream). */
  login(token: string) {
    this.token = token;
    this.send({ type: "login", token });
    for (const c of this.channels) {
      this.resubscribed.add(c);
      this.send({ type: "sub", channel: c });
    }
  }

  private connect() {
    const o = this.hub.options;
    const url = typeof o.url === "function" ? o.url() : o.url;
    const ws = new WebSocket(url, { handshakeTimeout: 10_000, perMessageDeflate: false });
    this.ws = ws;
    this.lastSeen = Date.now();
    ws.on("open", () => {
      this.connects++;
      this.lastSeen = Date.now();
      // Log in again and re-subscribe: each subscription answers with a fresh snapshot.
      if (this.token) this.send({ type: "login", token: this.token });
      this.resubscribed.clear();
      for (const c of this.channels) {
        if (this.connects > 1) this.resubscribed.add(c);
        this.send({ type: "sub", channel: c });
      }
      this.pingTimer = setInterval(() => this.ping(), o.pingMs);
      this.stableTimer = setTimeout(() => (this.attempt = 0), o.stableAfterMs);
      this.hub.events.emit("upstream:open", { label: this.label, connects: this.connects });
    });
    ws.on("message", (raw) => {
      this.lastSeen = Date.now();
      let msg: unknown;
      try {
        msg = JSON.parse(raw.toString());
      } catch {
        return;
      }
      if (!msg || typeof msg !== "object" || Array.isArray(msg) || typeof (msg as Json).type !== "string") return;
      this.onMessage(msg as Json);
    });
    ws.on("pong", () => (this.lastSeen = Date.now()));
    ws.on("error", (err) => {
      o.log?.(`[live] ${this.label} upstream error: ${err.message}`);
    });
    ws.on("close", () => this.dropped(ws));
  }

  private ping() {
    const o = this.hub.options;
    if (Date.now() - this.lastSeen > o.deadAfterMs) {
      o.log?.(`[live] ${this.label} upstream silent for ${o.deadAfterMs} ms; reconnecting`);
      this.ws?.terminate();
      return;
    }
    this.send({ type: "ping" });
  }

  private clearTimers() {
    if (this.pingTimer) clearInterval(this.pingTimer);
    if (this.stableTimer) clearTimeout(this.stableTimer);
    this.pingTimer = this.stableTimer = null;
  }

  private dropped(ws: WebSocket) {
    if (this.ws !== ws) return;
    this.ws = null;
    this.clearTimers();
    if (this.closed) return;
    const o = this.hub.options;
    const delay = backoffDelay(this.attempt, o.backoffBaseMs, o.backoffMaxMs, o.random);
    this.attempt++;
    this.hub.events.emit("upstream:retry", { label: this.label, attempt: this.attempt, delay });
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      if (!this.closed) this.connect();
    }, delay);
  }

  /** Kills the socket as a network failure would (tests). */
  kill() {
    this.ws?.terminate();
  }

  close() {
    this.closed = true;
    this.clearTimers();
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    const ws = this.ws;
    this.ws = null;
    if (ws) {
      ws.removeAllListeners("message");
      ws.on("error", () => {});
      if (ws.readyState === WebSocket.CONNECTING) ws.terminate();
      else ws.close();
    }
  }
}

/** A signed-in user's private socket, shared by all of that user's browsers. */
class UserSocket {
  /** Tokens of the attached browsers (a user may be signed in twice) with their counts. */
  readonly tokens = new Map<string, number>();
  /** Tokens the exchange refused (expired or revoked). */
  readonly refused = new Set<string>();
  streams = 0;
  constructor(
    readonly userKey: string,
    readonly upstream: Upstream,
  ) {}
}

// ---------------------------------------------------------------- the hub
export type AttachOptions = {
  /** Private channels need a user: a stable key (uid) and the session's token. */
  user?: { key: string; token: string } | null;
  lastEventId?: string | null;
  /** See SseStreamOptions.sinkBuffered. */
  sinkBuffered?: () => number;
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
    this.heartbeat = setInterval(() => {
      for (const s of this.streams) s.sse.write(HEARTBEAT);
    }, this.options.heartbeatMs);
    this.heartbeat.unref?.();
  }

  /** Opens an SSE stream on `channels` (already canonical and allowed; private ones need `user`). */
  attach(signal: AbortSignal, channelNames: string[], opts: AttachOptions = {}): Response {
    return sseResponse(this.open(signal, channelNames, opts).sse);
  }

  /** attach() without the Response wrapper (tests, benchmark). */
  open(signal: AbortSignal, channelNames: string[], opts: AttachOptions = {}): { sse: SseStream } {
    const o = this.options;
    // Deliver what is pending first: the newcomer's catch-up then starts exactly after it.
    this.flush();
    const names = channelNames.filter((c) => canonicalChannel(c) === c && (!isPrivateChannel(c) || opts.user));

    let stream: Stream | null = null;
    const sse = createSseStream(signal, {
      maxBufferedBytes: o.maxBufferedBytes,
      retryMs: o.retryMs,
      sinkBuffered: opts.sinkBuffered,
      onClose: () => stream && this.detach(stream),
    });
    if (this.closed || sse.closed) {
      sse.close();
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
      if (!stream.write(seq, encodeEvent({ event: "snapshot", id: this.id(seq), data: { channel: c.name, messages: c.snapshotMessages() } }))) return;
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
      // Refused (code 999: the token expired or was revoked): try another session's token, if any.
      user.refused.add(user.upstream.token);
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
    else if ((SYMBOL_CHANNELS as readonly string[]).includes(type) && !user && typeof msg.symbol === "string") name = `${type}.${normalizeSymbol(msg.symbol)}`;
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
      snapshot ? { event: "snapshot", id: this.id(seq), data: { channel: c.name, messages: [msg] } } : { event: c.name, id: this.id(seq), data: msg },
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

  /** Ends every stream and closes every upstream socket. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.heartbeat);
    for (const s of [...this.streams]) s.sse.close();
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
      log: (line) => console.log(line),
    });
    process.once("exchange:shutdown" as never, () => void hub.close());
    return hub;
  });
}
