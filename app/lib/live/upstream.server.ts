import type { EventEmitter } from "node:events";
import WebSocket from "ws";
import { backoffDelay } from "./backoff";
import type { Json } from "./types";
import type { Required_ } from "./options";

/** What an upstream socket needs of the hub: its settings, and where to report opens and retries. */
export interface UpstreamHost {
  readonly options: Required_;
  readonly events: EventEmitter;
}

/** One upstream WebSocket with ping, dead-socket detection, backoff reconnect, re-login and re-subscribe. */
export class Upstream {
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
    private readonly hub: UpstreamHost,
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
export class UserSocket {
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
