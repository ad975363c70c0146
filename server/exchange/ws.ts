import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import { WebSocketServer, WebSocket } from "ws";
import { indexedDepth, PRIVATE_CHANNELS, WS_CHANNELS, WS_SYMBOL_CHANNELS, WsClientMessageSchema } from "../../app/contract/index";
import type { Hub, Subscriber } from "./hub";
import type { Market } from "./market";
import type { SpotEngine, OrderRow } from "./engine/engine";
import { toSpotOrder } from "./engine/present";
import { DEFAULT_LANG, isLang, type Messenger } from "./lib/i18n";

/** A connection that sent nothing (not even a ping) for this long is dropped. */
export const SILENCE_LIMIT_MS = 30_000;
/** A browser-side relay that stops reading is cut off rather than buffering without bound. */
const MAX_BUFFERED_BYTES = 4 * 1024 * 1024;
/** Channels only a signed-in connection may follow: the contract's list, which the app's relay uses too. */
const PRIVATE = new Set<string>(PRIVATE_CHANNELS);

export interface SocketServerOptions {
  hub: Hub;
  market: Market;
  engine: SpotEngine;
  messenger: Messenger;
  /** The user a token belongs to, or null. */
  authenticate(token: string): number | null;
  log(line: string): void;
  /** Called when a connection is cut for not reading (its send buffer over the bound). */
  onSlowReaderCut?: () => void;
}

export interface SocketServer {
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void;
  /** Open connections. */
  readonly clients: number;
  /**
   * Ends every connection with 1012 (service restart: the client should reconnect, to this server once it is back
   * or to another), waits briefly for the closing handshakes, then drops what is left.
   */
  close(): Promise<void>;
}

/** How long close() waits for clients to answer the close frame. */
const CLOSE_WAIT_MS = 1_000;

export function createSocketServer(opts: SocketServerOptions): SocketServer {
  const { hub, market, engine, messenger } = opts;
  const wss = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 });
  const lastSeen = new Map<WebSocket, number>();
  /** The session each signed-in connection logged in with, checked again whenever sessions end. */
  const logins = new Map<WebSocket, { sub: Subscriber; token: string }>();

  /** A connection no longer signed in: no user, none of its private channels. */
  function dropLogin(ws: WebSocket, sub: Subscriber): void {
    logins.delete(ws);
    sub.userId = null;
    for (const c of [...sub.channels]) if (PRIVATE.has(c)) hub.unsubscribe(sub, c);
  }

  /** Drops a connection's login and tells it so (code 999, as a refused login). */
  function signOut(ws: WebSocket, sub: Subscriber): void {
    dropLogin(ws, sub);
    sub.send({ type: "login", code: 999 });
  }

  /**
   * Signs out every connection (of `userId`, or of anyone) whose session has ended: revoked, signed out, expired. A
   * revocation in this process asks at once (`Hub.sessionsEnded`); the sweeper asks every few seconds for the rest
   * (the operator's CLI, expiry).
   */
  function recheckLogins(userId?: number): void {
    for (const [ws, login] of logins) {
      if (userId !== undefined && login.sub.userId !== userId) continue;
      if (opts.authenticate(login.token) !== login.sub.userId) signOut(ws, login.sub);
    }
  }
  const stopListening = hub.onSessionsEnded((userId) => recheckLogins(userId));

  /** Canonical channel name ('MARKET_DEPTH.btcusdt' → 'MARKET_DEPTH.BTC/USDT'), or null if unknown. */
  function canonical(channel: string): string | null {
    if ((WS_CHANNELS as readonly string[]).includes(channel)) return channel;
    const dot = channel.indexOf(".");
    if (dot < 0) return null;
    const prefix = channel.slice(0, dot).toUpperCase();
    if (!(WS_SYMBOL_CHANNELS as readonly string[]).includes(prefix)) return null;
    const pair = market.pairBySymbol(channel.slice(dot + 1));
    return pair ? `${prefix}.${pair.symbol}` : null;
  }

  function snapshot(s: Subscriber, channel: string): void {
    if (channel === "TX_SUBMIT" || channel === "TX_MATCHED") {
      // My open orders on every pair, newest first: a relay that reconnects reconciles with them.
      const t = messenger.translator(isLang(s.lang) ? s.lang : DEFAULT_LANG);
      const rows = engine
        .openOrdersOf(s.userId!)
        .sort((a: OrderRow, b: OrderRow) => b.id - a.id)
        .slice(0, 100);
      const orders = rows.map((r) => toSpotOrder(r, market.pairs.get(r.match_id)!, t));
      s.send({ type: "SPOT_ORDERS", channel, orders });
      return;
    }
    if (channel === "DAY_MARKET") {
      for (const p of market.pairs.values()) {
        const { currency_match_id: _id, ...quotation } = market.quotation(p.id);
        s.send({ type: "DAY_MARKET", currency_match_id: p.id, symbol: p.symbol, quotation });
      }
      return;
    }
    const [prefix, symbol] = [channel.slice(0, channel.indexOf(".")), channel.slice(channel.indexOf(".") + 1)];
    const p = market.pairBySymbol(symbol);
    if (!p) return;
    if (prefix === "MARKET_DEPTH")
      s.send({ type: "MARKET_DEPTH", currency_match_id: p.id, symbol: p.symbol, depth: indexedDepth(market.depth(p.id)) });
    if (prefix === "GLOBAL_TX")
      s.send({ type: "GLOBAL_TX", currency_match_id: p.id, symbol: p.symbol, completes: market.recentTrades(p.id, 30) });
    if (prefix === "KLINE") {
      // The bar in progress of every period.
      for (const bar of market.currentBars(p.id)) s.send({ type: "KLINE", currency_match_id: p.id, symbol: p.symbol, ...bar });
    }
  }

  wss.on("connection", (ws: WebSocket) => {
    lastSeen.set(ws, Date.now());
    const sub: Subscriber = {
      userId: null,
      channels: new Set(),
      send(message) {
        if (ws.readyState !== WebSocket.OPEN) return;
        if (ws.bufferedAmount > MAX_BUFFERED_BYTES) {
          ws.terminate();
          opts.onSlowReaderCut?.();
          return;
        }
        ws.send(JSON.stringify(message));
      },
    };
    ws.on("pong", () => lastSeen.set(ws, Date.now()));
    ws.on("message", (raw) => {
      lastSeen.set(ws, Date.now());
      let json: unknown;
      try {
        json = JSON.parse(raw.toString());
      } catch {
        sub.send({ type: "error", msg: "invalid JSON" });
        return;
      }
      const parsed = WsClientMessageSchema.safeParse(json);
      if (!parsed.success) {
        sub.send({ type: "error", msg: "unknown message" });
        return;
      }
      const m = parsed.data;
      switch (m.type) {
        case "ping":
          sub.send({ type: "pong" });
          return;
        case "login": {
          const userId = opts.authenticate(m.token);
          sub.lang = isLang(m.lang) ? m.lang : undefined;
          if (userId != null) {
            sub.userId = userId;
            logins.set(ws, { sub, token: m.token });
          }
          // A failed login also drops the private channels of a previous login.
          else dropLogin(ws, sub);
          sub.send({ type: "login", code: userId == null ? 999 : 1 });
          return;
        }
        case "sub": {
          const channel = canonical(m.channel);
          if (!channel) return sub.send({ type: "sub", channel: m.channel, code: 0, msg: "unknown channel" });
          if (PRIVATE.has(channel) && sub.userId == null) return sub.send({ type: "sub", channel, code: 999, msg: "login first" });
          hub.subscribe(sub, channel);
          sub.send({ type: "sub", channel, code: 1 });
          snapshot(sub, channel);
          return;
        }
        case "unsub": {
          const channel = canonical(m.channel) ?? m.channel;
          hub.unsubscribe(sub, channel);
          sub.send({ type: "unsub", channel, code: 1 });
          return;
        }
      }
    });
    ws.on("close", () => {
      hub.remove(sub);
      lastSeen.delete(ws);
      logins.delete(ws);
    });
    ws.on("error", () => ws.terminate());
  });

  const sweeper = setInterval(() => {
    const now = Date.now();
    for (const [ws, t] of lastSeen) if (now - t > SILENCE_LIMIT_MS) ws.terminate();
    recheckLogins();
  }, 5_000);
  sweeper.unref?.();

  return {
    handleUpgrade(req, socket, head) {
      const path = new URL(req.url ?? "/", "http://localhost").pathname;
      if (path !== "/ws" && path !== "/ws/") {
        socket.destroy();
        return;
      }
      wss.handleUpgrade(req, socket, head, (ws) => wss.emit("connection", ws, req));
    },
    get clients() {
      return wss.clients.size;
    },
    async close() {
      clearInterval(sweeper);
      stopListening();
      const open = [...wss.clients];
      const closed = Promise.all(
        open.map((ws) => new Promise<void>((r) => (ws.readyState === WebSocket.CLOSED ? r() : ws.once("close", () => r())))),
      );
      for (const ws of open) ws.close(1012, "restarting: reconnect shortly");
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([closed, new Promise<void>((r) => (timer = setTimeout(r, CLOSE_WAIT_MS)))]);
      clearTimeout(timer);
      for (const ws of wss.clients) ws.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}
