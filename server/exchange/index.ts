import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import type { ZodIssue } from "zod";
import { callByPath, CODE } from "../../app/contract/index";
import type { Answer, Ctx, Handlers } from "./context";
import { openDatabase, type DB } from "./db/index";
import { DataModeError, demoAccountsFor, prepareDatabase } from "./db/mode";
import type { Listing } from "./db/listing";
import { contentHandlers } from "./handlers/content";
import { marketHandlers } from "./handlers/market";
import { spotHandlers } from "./handlers/spot";
import { exportHandlers } from "./handlers/exports";
import { SpotEngine } from "./engine/engine";
import { MarketMaker } from "./engine/market-maker";
import { Publisher } from "./engine/publish";
import { userHandlers } from "./handlers/user";
import { moneyHandlers } from "./handlers/money";
import { personalHandlers } from "./handlers/personal";
import { leverHandlers } from "./handlers/lever";
import { LeverEngine } from "./lever/engine";
import { microHandlers } from "./handlers/micro";
import { MicroEngine } from "./micro/engine";
import { p2pHandlers } from "./handlers/p2p";
import { notificationHandlers } from "./handlers/notifications";
import { TradeWatch } from "./trade-watch";
import { MailRelay, type MailTransport } from "./mail-relay";
import nodemailer from "nodemailer";
import { AssetSnapshots, notificationRetention } from "./money/valuation";
import { renderNotification, setSiteUrl } from "./notifications";
import { unreadCount } from "./models/notifications";
import { P2PEngine } from "./p2p/engine";
import { seedP2PDemo } from "./p2p/demo";
import { uploadVisibleThroughP2P } from "./models/p2p";
import { findUpload, markSessionSeen, SESSION_SEEN_EVERY_MS, type Client } from "./models/personal";
import { IMAGE_MAX_BYTES } from "./lib/images";
import { handleAddressService, loadOrCreateAddressSecret } from "./address-service";
import { ensureMoneySystem, type MoneySystem } from "./money/system";
import { SavingsAccruals } from "./money/savings";
import { Scheduler } from "./lib/scheduler";
import { Hub } from "./hub";
import { PushRelay } from "./pushes";
import { DEFAULT_LANG, isLang, Messenger, type Translate } from "./lib/i18n";
import { Market, type TradeInput } from "./market";
import { userIdForToken, tokenFromHeader } from "./models/users";
import { Simulator } from "./simulator";
import { createSocketServer } from "./ws";

export interface ExchangeOptions {
  dataDir: string;
  /**
   * The demo (default): a new database is seeded with demo users and balances, and the market maker and simulator
   * run unless switched off. `false` is a real exchange: the operator's `listing`, no demo data, nothing simulated.
   */
  demo?: boolean;
  /** A real exchange's currencies, chains, pairs, products and content (db/listing.ts); required with `demo: false`. */
  listing?: Listing;
  simulator?: boolean;
  /** With the simulator: false writes the price history at first start and then stands still (default true). */
  simulatorLive?: boolean;
  seed?: number;
  tickMs?: number;
  log?: (line: string) => void;
  /** The market maker quotes every open pair through the engine (default on; with the simulator off it re-quotes on setPairPrice). */
  marketMaker?: boolean;
  /** Trading fees as decimal fractions (default '0.001' each). */
  fees?: { maker?: string; taker?: string };
  /**
   * The clock of requests and of the scheduler (default Date.now). Tests inject one to cross days; there is no other
   * way to move time.
   */
  now?: () => number;
  /** Charge lever overnight fees on the scheduler (default on). Off, only through `lever.runOvernight()`. */
  leverScheduler?: boolean;
  /** Settle second-contract orders on the scheduler (default on). Off, only through `micro.settleDue()`. */
  microScheduler?: boolean;
  /** Run fiat P2P's order limits on the scheduler (default on). Off, overdue orders move only through `p2p.runDue()`. */
  p2pScheduler?: boolean;
  /** Pay savings accruals on the scheduler (default on). Off, only through `savings.runNow()`. */
  savingsScheduler?: boolean;
  /** The address service's signing secret (default: ADDRESS_SERVICE_SECRET, else `<dataDir>/address-secret`). */
  addressSecret?: string;
  /** Where warnings and errors go (default: `log`). */
  logError?: (line: string) => void;
  /** Measurements for the operator's metrics (server/metrics.ts); all optional. */
  observe?: ExchangeObserver;
  /** The site's address for links in emails (SITE_URL), e.g. `https://exchange.example.com`. */
  siteUrl?: string;
  /** Hand the outbox's emails to this SMTP relay (SMTP_URL, MAIL_FROM); unset, they stay in the outbox. */
  mail?: { url: string; from: string; transport?: MailTransport; pollMs?: number };
  /** Take the daily asset snapshots and delete notifications past their 90 days on the scheduler (default on). */
  dailyScheduler?: boolean;
  /**
   * How often queued user pushes (an operator's review, decided in this process or in the CLI's) go out to /ws, in ms
   * (default 500; 0: only through `pushes.drain()`).
   */
  pushPollMs?: number;
  /**
   * Test-only: every second-contract order falls due this many seconds after it is placed, whatever its time
   * option (end-to-end tests settle an order without waiting 30 s). The server refuses it outside a test setup.
   */
  microDueSeconds?: number;
  /** Test-only settings read from the database are honoured (TEST_SETTINGS=on; see P2PEngineOptions.testSettings). */
  testSettings?: boolean;
}

export interface ExchangeObserver {
  /** A spot engine batch was committed and answered: its commands, how many were refused, its seconds. */
  batch?(b: { commands: number; refused: number; seconds: number }): void;
  /** A /ws connection was cut for not reading. */
  slowReaderCut?(): void;
}

export interface ExchangeHealth {
  ok: boolean;
  /** Why not, for the operator (never shown to visitors). */
  problem?: string;
}

export interface Exchange {
  /** Serves /api/*; a 404 envelope for unknown paths. Never throws. */
  handle(request: Request, opts?: HandleOptions): Promise<Response>;
  /** WebSocket at /ws. */
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void;
  demoAccounts: { email: string; password: string; note: string }[];
  /** Stops the simulator, closes sockets, closes the database. */
  close(): Promise<void>;
  /** Market data; tests drive prices through it when the simulator is off. */
  market: Market;
  /** The pub/sub behind /ws (benchmarks listen on it like a connection would). */
  hub: Hub;
  db: DB;
  engine: SpotEngine;
  /** Leveraged positions: marking, stops, liquidation, overnight fees. */
  lever: LeverEngine;
  /** Second-contract settlement at each order's due time. */
  micro: MicroEngine;
  /** Fiat P2P: ad and order escrow, payment and confirmation timers, appeals. */
  p2p: P2PEngine;
  marketMaker: MarketMaker | null;
  /** The system accounts' user ids (market maker, fee collector, treasury). */
  system: MoneySystem;
  /** Savings accruals on the stored schedule (`runNow()` pays what is due at the exchange's clock). */
  savings: SavingsAccruals;
  /** The one scheduler of every due job (second-contract settlement, fiat order limits, overnight fees, savings). */
  scheduler: Scheduler;
  /** The address service's signing secret (tests sign with it; the app reads the same file or variable). */
  addressSecret: string;
  /** Resolves when the market maker's first ladders are committed. */
  ready: Promise<void>;
  /** Whether the exchange can answer now: open, and its database answers a query. */
  health(): ExchangeHealth;
  /** Figures for the metrics: open /ws connections, and codes in the outbox from the last 15 minutes. */
  stats(): { wsClients: number; outboxBacklog: number };
  /** Relays the pushes the operator's reviews queue (ACCOUNT_REVIEW) and new notifications (NOTIFY) to the owner's /ws connections. */
  pushes: PushRelay;
  /** Fill notifications and price alerts, after each committed engine batch. */
  alerts: TradeWatch;
  /** The daily value of every account (the /assets chart); `run(now)` takes the day's if it is not taken. */
  snapshots: AssetSnapshots;
  /** The SMTP relay of the outbox's emails, when configured. */
  mail: MailRelay | null;
}

const MAX_BODY_BYTES = 1024 * 1024;
/** The upload call takes an image of up to 5 MB (IMAGE_MAX_BYTES) and its multipart framing. */
const UPLOAD_MAX_BODY_BYTES = IMAGE_MAX_BYTES + 64 * 1024;
const UPLOAD_CALLS: ReadonlySet<string> = new Set(["imageUpload"]);
/** Payloads are flat (every field a string or a number); a deeper JSON body is refused before it is parsed. */
const MAX_JSON_DEPTH = 8;

export interface HandleOptions {
  /**
   * For public requests (the HTTP /api/ mount): called with the call's name and payload before the payload is
   * checked; a refusal answers 429 with Retry-After. The app's in-process calls pass none (the form limited them).
   */
  limit?: (call: string, payload: Record<string, unknown>) => Promise<{ retryAfter: number } | null> | null;
  /** For public requests: the client's address (trusted-proxy aware) and browser. */
  client?: Client;
  /**
   * Whether `/addr/` (the address service) is served. The app's in-process calls (no options) and the standalone
   * exchange's internal port reach it; the public /api/ mount of the app's port never passes this, so it answers 404.
   */
  addressService?: boolean;
}

const handlers: Handlers = {
  ...contentHandlers,
  ...userHandlers,
  ...marketHandlers,
  ...spotHandlers,
  ...moneyHandlers,
  ...personalHandlers,
  ...leverHandlers,
  ...microHandlers,
  ...p2pHandlers,
  ...exportHandlers,
  ...notificationHandlers,
};

/**
 * The client of an in-process call: the app forwards its visitor's address and browser (it is the only caller
 * that reaches `handle` without options). A public request's client comes from the HTTP server, which trusts
 * forwarded headers only from the configured proxy.
 */
function forwardedClient(request: Request): Client {
  const ip = (request.headers.get("x-forwarded-for") ?? "").split(",")[0]!.trim();
  return { ip: ip.slice(0, 64), device: (request.headers.get("user-agent") ?? "").slice(0, 200) };
}

function json(body: Answer, status = 200, extra?: Record<string, string>): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json; charset=utf-8", "cache-control": "no-store", ...extra },
  });
}

let sharedMessenger: Messenger | null = null;

/**
 * The exchange's "server error" answer in the caller's language (its `lang` header): what it says while closed, and
 * what the app's side of the exchange thread (server/exchange-thread.ts) says when the thread is gone or failed a call.
 */
export function serverErrorAnswer(request: Request, status: 500 | 503, messenger?: Messenger): Response {
  const lang = request.headers.get("lang");
  const t = (messenger ?? (sharedMessenger ??= new Messenger())).translator(isLang(lang) ? lang : DEFAULT_LANG);
  return json({ code: CODE.FAIL, msg: t("server_error") }, status);
}

/** Query and body values arrive as strings; JSON numbers and booleans become strings too, so one schema fits all. */
function flatten(entries: Iterable<[string, unknown]>, into: Record<string, unknown>): void {
  for (const [k, v] of entries) {
    if (k in into && typeof into[k] === "string") continue; // first value wins for repeated query keys
    if (v === null) continue; // JSON null means absent
    into[k] = typeof v === "number" || typeof v === "boolean" ? String(v) : v;
  }
}

class BadRequest extends Error {
  constructor(
    message: string,
    readonly status: 400 | 413 = 400,
  ) {
    super(message);
  }
}

/** A body that cannot be read (cut short, over a transport's limit) is the client's problem: 400, or 413 when too large. */
function unreadable(err: unknown): BadRequest {
  return err instanceof Error && err.name === "PayloadTooLargeError"
    ? new BadRequest("body too large", 413)
    : new BadRequest("unreadable body");
}

/** How deep `[` and `{` nest in a JSON text (strings skipped), without parsing it. */
function jsonDepth(text: string, max: number): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92)
        i++; // backslash: skip the escaped character
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 123 || c === 91) {
      depth++;
      if (depth > deepest) deepest = depth;
      if (deepest > max) return deepest;
    } else if (c === 125 || c === 93) depth--;
  }
  return deepest;
}

async function readPayload(request: Request, url: URL, upload = false): Promise<Record<string, unknown>> {
  const payload: Record<string, unknown> = {};
  flatten(url.searchParams.entries(), payload);
  if (request.method !== "POST") return payload;
  const length = Number(request.headers.get("content-length") ?? "0");
  if (length > (upload ? UPLOAD_MAX_BODY_BYTES : MAX_BODY_BYTES)) throw new BadRequest("body too large", 413);
  const type = (request.headers.get("content-type") ?? "").toLowerCase();
  if (type.includes("multipart/form-data")) {
    let form: FormData;
    try {
      form = await request.formData();
    } catch (err) {
      throw unreadable(err);
    }
    const body: Record<string, unknown> = {};
    form.forEach((v, k) => {
      // File parts are kept only for the upload calls; elsewhere a file is not a value.
      if ((typeof v === "string" || upload) && !(k in body)) body[k] = v;
    });
    Object.assign(payload, body);
    return payload;
  }
  let text: string;
  try {
    text = await request.text();
  } catch (err) {
    throw unreadable(err);
  }
  if (Buffer.byteLength(text) > MAX_BODY_BYTES) throw new BadRequest("body too large", 413);
  if (text.trim() === "") return payload;
  const body: Record<string, unknown> = {};
  if (type.includes("application/x-www-form-urlencoded")) {
    flatten(new URLSearchParams(text).entries(), body);
  } else {
    let parsed: unknown;
    if (jsonDepth(text, MAX_JSON_DEPTH) > MAX_JSON_DEPTH) throw new BadRequest("nested too deep");
    try {
      parsed = JSON.parse(text);
    } catch {
      throw new BadRequest("invalid JSON");
    }
    if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) throw new BadRequest("body must be an object");
    flatten(Object.entries(parsed), body);
  }
  Object.assign(payload, body);
  return payload;
}

/** A payload refusal: the localized message and its reason (message key and the field it concerns). */
function payloadRefusal(issue: ZodIssue, raw: Record<string, unknown>, t: Translate, messenger: Messenger): Answer<never> {
  const field = issue.path.join(".") || "payload";
  const reason = (key: string) => ({ code: CODE.FAIL, msg: t(key, { field }), reason: { key, field } });
  if (messenger.has(issue.message)) return reason(issue.message);
  // Coerced fields report a missing value as NaN; look at what was actually sent.
  const sent = issue.path.length === 1 ? raw[String(issue.path[0])] : undefined;
  if (sent === undefined || sent === "" || (issue.code === "invalid_type" && issue.received === "undefined"))
    return reason("field_required");
  return reason("field_invalid");
}

export function createExchange(opts: ExchangeOptions): Exchange {
  const log = opts.log ?? ((line: string) => console.log(line));
  const logError = opts.logError ?? log;
  const demo = opts.demo !== false;
  if (!demo && (opts.simulator === true || opts.marketMaker === true))
    throw new DataModeError("a real exchange (DEMO=off) runs neither the market simulator nor the market maker");
  const db = openDatabase(opts.dataDir, { log });
  const clock = opts.now ?? (() => Date.now());
  let prepared: ReturnType<typeof prepareDatabase>;
  try {
    prepared = prepareDatabase(db, { demo, listing: opts.listing, now: clock() });
  } catch (err) {
    db.close();
    throw err;
  }
  const seeded = demo && prepared.created;
  if (seeded) log(`[exchange] seeded a new demo database in ${opts.dataDir}`);
  if (!demo) {
    log(`[exchange] real exchange (DEMO=off): ${prepared.created ? "new database" : "database"} in ${opts.dataDir}`);
    for (const c of prepared.changes) log(`[listing] ${c}`);
  }
  const system = ensureMoneySystem(db, clock());
  const addressSecret = opts.addressSecret ?? loadOrCreateAddressSecret(opts.dataDir);
  const savings = new SavingsAccruals(db, system.treasuryId, clock, log);
  const scheduler = new Scheduler({ clock, log });
  const wake = (at: number | null) => scheduler.wake(at);
  const hub = new Hub();
  const market = new Market(db, hub);
  const messenger = new Messenger();
  const engine = new SpotEngine(db, market, {
    feeUserId: system.feeCollectorId,
    feeExempt: [system.marketMakerId],
    marketMakerIds: [system.marketMakerId],
    makerFee: opts.fees?.maker,
    takerFee: opts.fees?.taker,
    log,
  });
  const publisher = new Publisher(db, hub, market, engine, messenger);
  const lever = new LeverEngine(db, market, hub, messenger, {
    feeUserId: system.feeCollectorId,
    counterpartyId: system.treasuryId,
    clock,
    log,
  });
  lever.start();
  const micro = new MicroEngine(db, market, hub, messenger, {
    houseId: system.treasuryId,
    clock,
    log,
    timer: opts.microScheduler !== false,
    wake,
    testDueSeconds: opts.microDueSeconds,
  });
  const p2p = new P2PEngine(db, hub, { clock, log, timer: opts.p2pScheduler !== false, wake, testSettings: opts.testSettings });
  setSiteUrl(opts.siteUrl);
  const pushes = new PushRelay(db, hub, messenger, {
    pollMs: opts.pushPollMs ?? 500,
    clock,
    log,
    notifications: {
      unread: (userId) => unreadCount(db, userId),
      text: (lang, kind, params) => renderNotification(messenger.translator(lang), lang, kind, params),
    },
  });
  pushes.start();
  const mail = opts.mail
    ? new MailRelay(db, opts.mail.transport ?? nodemailer.createTransport(opts.mail.url), {
        from: opts.mail.from,
        pollMs: opts.mail.pollMs ?? 1000,
        clock,
        log: logError,
      })
    : null;
  mail?.start();
  if (seeded) seedP2PDemo(db, p2p, clock());
  // Every due job on the one scheduler; each one's due times are stored in its own table (decision 021).
  if (opts.microScheduler !== false)
    scheduler.add({ name: "micro settlement", next: () => micro.nextDue(), run: (now) => micro.settleDue(now) });
  if (opts.p2pScheduler !== false) scheduler.add({ name: "p2p order limits", next: () => p2p.nextDue(), run: (now) => p2p.runDue(now) });
  if (opts.leverScheduler !== false)
    scheduler.add({ name: "lever overnight fee", next: () => lever.nextOvernight(), run: (now) => lever.runOvernight(now) });
  if (opts.savingsScheduler !== false) {
    scheduler.add({
      name: "savings accrual",
      next: () => savings.nextDue(),
      run: (now) => {
        const r = savings.runNow(now);
        return r.paid + r.expired;
      },
    });
  }
  const snapshots = new AssetSnapshots(db, market);
  if (opts.dailyScheduler !== false) {
    scheduler.add({ name: "asset snapshots", next: () => snapshots.nextDue(clock()), run: (now) => snapshots.run(now) });
    scheduler.add({
      name: "notification retention",
      next: () => notificationRetention.next(db),
      run: (now) => notificationRetention.run(db, now),
    });
  }
  scheduler.start();
  engine.onBatch = opts.observe?.batch ?? null;
  // Fills and price alerts are worked out after each batch commits, never in its way (decision 024).
  const alerts = new TradeWatch(db, market, {
    clock,
    log,
    systemIds: [system.marketMakerId, system.feeCollectorId, system.treasuryId],
  });
  engine.afterCommit = (events) => alerts.onCommitted(events);
  const marketMaker =
    !demo || opts.marketMaker === false
      ? null
      : new MarketMaker(db, engine, market, { userId: system.marketMakerId, seed: opts.seed, log });
  const simulator =
    !demo || opts.simulator === false
      ? null
      : new Simulator(db, market, {
          seed: opts.seed,
          tickMs: opts.tickMs,
          live: opts.simulatorLive,
          log,
          onTick: (now) => marketMaker?.tick(now),
        });
  simulator?.start();
  const ready = marketMaker ? marketMaker.quoteAll() : Promise.resolve();
  const sockets = createSocketServer({
    hub,
    market,
    engine,
    messenger,
    authenticate: (token) => userIdForToken(db, token, Date.now()),
    log,
    onSlowReaderCut: opts.observe?.slowReaderCut,
  });
  const outboxRecent = db.prepare("SELECT COUNT(*) AS n FROM outbox WHERE created_at > ?");
  const ping = db.prepare("SELECT 1 AS one");
  let closed = false;
  const uploadsDir = join(opts.dataDir, "uploads");

  /** A session's 'last seen' follows its use (/personal/sessions shows it), written at most once a minute per token. */
  const seenAt = new Map<string, number>();
  function touchSession(token: string, now: number): void {
    const last = seenAt.get(token);
    if (last !== undefined && now - last < SESSION_SEEN_EVERY_MS) return;
    if (seenAt.size >= 100_000) seenAt.clear();
    seenAt.set(token, now);
    markSessionSeen(db, token, now);
  }

  /**
   * GET /api/uploads/<name>: an uploaded image, to its owner only (anyone else, signed in or not, gets 404, so
   * names cannot be probed). Sent as an attachment-safe image: its stored type, nosniff, no caching.
   */
  function serveUpload(request: Request, name: string): Response {
    const notFound = () => new Response("not found", { status: 404, headers: { "content-type": "text/plain; charset=utf-8" } });
    if (request.method !== "GET" || !/^[0-9a-f]{32}\.(jpg|png|webp)$/.test(name)) return notFound();
    const token = tokenFromHeader(request.headers.get("authorization"));
    const userId = token ? userIdForToken(db, token, clock()) : null;
    const found = findUpload(db, name);
    if (userId == null || !found || (found.user_id !== userId && !uploadVisibleThroughP2P(db, found.name, userId))) return notFound();
    let bytes: Buffer;
    try {
      bytes = readFileSync(join(uploadsDir, found.name));
    } catch {
      return notFound();
    }
    return new Response(new Uint8Array(bytes), {
      headers: {
        "content-type": found.mime,
        "content-length": String(bytes.length),
        "content-disposition": `inline; filename="${found.name}"`,
        "x-content-type-options": "nosniff",
        "content-security-policy": "default-src 'none'; sandbox",
        "cache-control": "private, no-store",
      },
    });
  }

  async function handle(request: Request, opts?: HandleOptions): Promise<Response> {
    const langHeader = request.headers.get("lang");
    const lang = isLang(langHeader) ? langHeader : DEFAULT_LANG;
    const t = messenger.translator(lang);
    let url: URL;
    try {
      url = new URL(request.url);
    } catch {
      return json({ code: CODE.FAIL, msg: t("not_found") }, 404);
    }
    try {
      if (closed) return serverErrorAnswer(request, 503, messenger);
      if (url.pathname.startsWith("/addr/")) {
        if (opts && !opts.addressService) return json({ code: CODE.FAIL, msg: t("not_found") }, 404);
        if (request.method !== "POST" && request.method !== "GET") return json({ code: CODE.FAIL, msg: t("method_not_allowed") }, 405);
        let raw: Record<string, unknown>;
        try {
          raw = await readPayload(request, url);
        } catch (err) {
          if (err instanceof BadRequest)
            return json({ code: CODE.FAIL, msg: t(err.status === 413 ? "body_too_large" : "bad_request") }, err.status);
          throw err;
        }
        const answer = handleAddressService(url.pathname.replace(/\/+$/, ""), request.method, raw, {
          db,
          secret: addressSecret,
          t,
          lang,
          now: clock(),
          log,
          client: opts?.client ?? forwardedClient(request),
        });
        return answer ? json(answer) : json({ code: CODE.FAIL, msg: t("not_found") }, 404);
      }
      const path = url.pathname.replace(/^\/api\//, "").replace(/\/+$/, "");
      if (path.startsWith("uploads/")) return serveUpload(request, path.slice("uploads/".length));
      const found = url.pathname.startsWith("/api/") ? callByPath(path) : undefined;
      if (!found) return json({ code: CODE.FAIL, msg: t("not_found") }, 404);
      const { name, call } = found;
      // Reads are also accepted as POST (the first design left their method open); writes only as POST.
      if (request.method !== "POST" && (call.method === "POST" || request.method !== "GET")) {
        return json({ code: CODE.FAIL, msg: t("method_not_allowed") }, 405);
      }
      const now = clock();
      let userId: number | null = null;
      let token: string | null = null;
      if (call.auth) {
        token = tokenFromHeader(request.headers.get("authorization"));
        userId = token ? userIdForToken(db, token, now) : null;
        if (userId == null) return json({ code: CODE.LOGIN_TIMEOUT, msg: t("login_timeout") });
        touchSession(token!, now);
      }
      let raw: Record<string, unknown>;
      try {
        raw = await readPayload(request, url, UPLOAD_CALLS.has(name));
      } catch (err) {
        if (err instanceof BadRequest)
          return json({ code: CODE.FAIL, msg: t(err.status === 413 ? "body_too_large" : "bad_request") }, err.status);
        throw err;
      }
      const refused = opts?.limit ? await opts.limit(name, raw) : null;
      if (refused) {
        const seconds = String(refused.retryAfter);
        return json({ code: CODE.FAIL, msg: t("too_many_requests", { seconds, count: refused.retryAfter }) }, 429, {
          "retry-after": seconds,
        });
      }
      const parsed = call.payload.safeParse(raw);
      // A payload that does not fit the call is the client's mistake: 400, the message on its field.
      if (!parsed.success) return json(payloadRefusal(parsed.error.issues[0], raw, t, messenger), 400);
      const client = opts ? (opts.client ?? { ip: "", device: "" }) : forwardedClient(request);
      const ctx: Ctx = { db, market, hub, engine, lever, micro, p2p, alerts, lang, t, userId, token, now, log, system, client, uploadsDir };
      const handler = handlers[name] as (p: unknown, c: Ctx) => Answer | Promise<Answer>;
      return json(await handler(parsed.data, ctx));
    } catch (err) {
      logError(`[exchange] error on ${request.method} ${url.pathname}: ${err instanceof Error ? err.stack : String(err)}`);
      return json({ code: CODE.FAIL, msg: t("server_error") }, 500);
    }
  }

  return {
    handle,
    handleUpgrade: (req, socket, head) => sockets.handleUpgrade(req, socket, head),
    demoAccounts: demoAccountsFor(demo),
    market,
    hub,
    db,
    engine,
    lever,
    micro,
    p2p,
    marketMaker,
    system,
    savings,
    scheduler,
    addressSecret,
    ready,
    health() {
      if (closed) return { ok: false, problem: "the exchange is closed" };
      try {
        ping.get();
        return { ok: true };
      } catch (err) {
        return { ok: false, problem: `the database does not answer: ${(err as Error).message}` };
      }
    },
    stats() {
      let outboxBacklog = 0;
      if (!closed) outboxBacklog = (outboxRecent.get(Date.now() - 15 * 60_000) as { n: number }).n;
      return { wsClients: sockets.clients, outboxBacklog };
    },
    pushes,
    alerts,
    snapshots,
    mail,
    async close() {
      if (closed) return;
      closed = true;
      pushes.stop();
      await mail?.stop();
      simulator?.stop();
      marketMaker?.stop();
      scheduler.stop();
      lever.stop();
      // Everything queued is committed (and acknowledged) before the database closes.
      await engine.close();
      publisher.close();
      await sockets.close();
      db.close();
    },
  };
}

/** Records one trade on a pair (tests with the simulator off). */
export function recordTrade(exchange: Exchange, matchId: number, trade: Omit<TradeInput, "time"> & { time?: number }) {
  return exchange.market.recordTrades(matchId, [{ ...trade, time: trade.time ?? Date.now() }])[0];
}

/** Moves a pair's reference price; resolves when the market maker's ladder has followed (tests with the simulator off). */
export async function setPairPrice(exchange: Exchange, matchId: number, price: string): Promise<void> {
  exchange.market.setReferencePrice(matchId, price);
  await exchange.marketMaker?.quote(matchId);
  await exchange.engine.idle();
}
