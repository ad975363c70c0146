import { readFileSync } from "node:fs";
import { STATUS_CODES } from "node:http";
import { join, resolve } from "node:path";
import { constants as zlibConstants } from "node:zlib";
import { pathToFileURL } from "node:url";
import { createRequestHandler, writeReadableStreamToWritable, type ServerBuild } from "@remix-run/node";
import compression from "compression";
import { PageCache } from "./page-cache";
import express from "express";
import { UNAVAILABLE_RETRY_S } from "../app/lib/unavailable.server";
import { rootLogger } from "../app/lib/log.server";
import { metrics } from "../app/lib/metrics.server";
import { processLimiters, refusalScope } from "../app/lib/rate-limit.server";
import { isStopping, markStopping, runShutdownHooks } from "../app/lib/shutdown.server";
import { configOrExit, exchangeOptions, loadConfig } from "./config";
import { answerFromExchange, remoteTransport } from "./api-adapter";
import { appCallerKey } from "./app-caller";
import { startExchangeThread, type EmbeddedExchange } from "./exchange-thread";
import { exchangeAnswers, healthz, readyz, type Readiness } from "./health";
import { bytes, FORM_BODY_LIMIT, refuseForbiddenMethods, routePatterns, screenRequestGuard } from "./http-guards";
import { apiRouteOf, observeRequests, startObservedExchange, stopOnSignalsWithMetrics } from "./observe";
import { csrfGuard, requestSite, securityHeaders, type TrustProxy } from "./security";
import { ResponseSink } from "./sse-sink";
import { stoppableServer } from "./shutdown";
import { hasDotSegment } from "./exchange/lib/raw-path";
import { createWsGuard, wsUpgradeListener } from "./ws-guard";

const config = configOrExit(loadConfig);
// The Remix app reads its settings from the environment; hand it the resolved values.
process.env.SESSION_SECRET = config.SESSION_SECRET;
process.env.COOKIE_SECURE = config.COOKIE_SECURE;
process.env.DATA_DIR = config.DATA_DIR;
process.env.LOG_LEVEL = config.LOG_LEVEL;
if (config.EXCHANGE_API_URL) process.env.EXCHANGE_API_URL = config.EXCHANGE_API_URL;
// Rate limits: shared through Redis across app processes when set (decision 006), in this process's memory otherwise.
if (config.REDIS_URL) process.env.REDIS_URL = config.REDIS_URL;
const log = rootLogger();
const limits = processLimiters();
// The live relay's upstream socket: given, or derived from the remote API, or our own /ws on loopback.
process.env.EXCHANGE_WS_URL = config.EXCHANGE_WS_URL ?? wsUrlFor(config.EXCHANGE_API_URL, config.PORT);

function wsUrlFor(apiUrl: string | undefined, port: number): string {
  if (!apiUrl) return `ws://127.0.0.1:${port}/ws`;
  const u = new URL(apiUrl);
  u.protocol = u.protocol === "https:" ? "wss:" : "ws:";
  u.pathname = "/ws";
  u.search = "";
  return u.toString();
}

// The embedded exchange, on this thread or (EXCHANGE_THREAD=on) on its own worker thread (decision 029).
const exchange: EmbeddedExchange | null = config.EXCHANGE_API_URL
  ? null
  : config.EXCHANGE_THREAD === "on"
    ? await threadedExchange()
    : startObservedExchange(exchangeOptions(config), log, "the embedded exchange");

async function threadedExchange(): Promise<EmbeddedExchange> {
  try {
    const threaded = await startExchangeThread(exchangeOptions(config), log);
    // The app's own live relay connects to the exchange thread's loopback listener, not through this thread's port.
    if (!config.EXCHANGE_WS_URL) process.env.EXCHANGE_WS_URL = threaded.wsUrl;
    return threaded;
  } catch (error) {
    log.fatal({ err: error }, "the embedded exchange cannot start");
    process.stderr.write(`${(error as Error).message}\n`);
    process.exit(1);
  }
}
if (config.TEST_SETTINGS === "on") log.warn("TEST_SETTINGS=on: test-only settings in force; never run an exchange like this");

/** The secret shared with a standalone exchange: the variable, or the file an exchange wrote into this DATA_DIR. */
function sharedSecret(): string | null {
  if (config.ADDRESS_SERVICE_SECRET) return config.ADDRESS_SERVICE_SECRET;
  try {
    return readFileSync(join(config.DATA_DIR, "address-secret"), "utf8").trim() || null;
  } catch {
    return null;
  }
}
const callerSecret = exchange ? null : sharedSecret();
if (!exchange && !callerSecret)
  log.warn(
    "ADDRESS_SERVICE_SECRET is not set: the exchange cannot tell this app's calls from a stranger's (it limits its sign-ins a second time) and the address book will not work; give every app process the exchange's secret",
  );
const exchangeFetch = exchange
  ? (request: Request) => exchange!.handle(request)
  : remoteTransport(config.EXCHANGE_API_URL!, callerSecret ? appCallerKey(callerSecret) : undefined);

const buildPath = resolve(config.BUILD_DIR, "index.js");
const build = (await import(pathToFileURL(buildPath).href)) as ServerBuild;

const app = express();
app.disable("x-powered-by");
app.set("trust proxy", config.TRUST_PROXY === "true" ? true : config.TRUST_PROXY === "false" ? false : config.TRUST_PROXY);

// Who asked, and whether they are still there, from the moment the request arrives. The static-file lookups below
// are asynchronous: a connection that closed meanwhile left the screen handler no client address and no 'close'
// event to see, so an /events stream opened for it never ended and kept its per-client slot for good.
app.use((req, res, next) => {
  const left = new AbortController();
  let finished = false;
  res.on("finish", () => (finished = true));
  res.on("close", () => !finished && left.abort());
  res.locals.left = left;
  res.locals.clientIp = req.ip ?? "unknown";
  next();
});

// A path with a dot segment ('/api/../addr/…', '/api/%2e%2e/addr/…', either slash) is refused before any routing:
// URL parsers resolve it, so it could reach what its prefix does not (the address service is never public).
app.use((req, res, next) => {
  if (!hasDotSegment(req.originalUrl)) return next();
  res.status(400).type("text/plain").send("Bad Request: dot segments in the path");
});

// One log line and one duration per request, by route pattern (server/observe.ts).
const screenRoute = routePatterns(build);
app.use(
  observeRequests((req) => {
    const p = req.path;
    if (p === "/healthz" || p === "/readyz" || p === "/events") return p;
    if (p.startsWith("/build/")) return "/build/*";
    if (p.startsWith("/api/")) return apiRouteOf(p);
    if (/\.[A-Za-z0-9]{2,5}$/.test(p) && !p.endsWith(".data")) return "static";
    return screenRoute(p);
  }),
);

// TRACE (and TRACK, CONNECT) anywhere: no route answers them, and a fetch Request cannot even be made of one.
app.use(refuseForbiddenMethods("GET, HEAD, POST"));

app.use(
  compression({
    // Brotli at quality 3 rather than the middleware's 4: a signed-in /trade comes out about 6 % larger and takes
    // about half the compressing time, the largest share of its CPU after React's render (docs/architecture.md).
    brotli: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 3 } },
    // Compression buffers; an event stream must reach the browser as it is written.
    filter: (req, res) => !String(res.getHeader("Content-Type") ?? "").includes("text/event-stream") && compression.filter(req, res),
  }),
);

// Alive, and ready: the exchange (embedded or remote) and its database answer, and the process is not stopping.
const exchangeReady = exchangeAnswers(exchangeFetch);
let lastReady = true;
async function readiness(): Promise<Readiness> {
  if (isStopping()) return { ok: false, problem: "stopping" };
  const own = exchange?.health();
  const r = own && !own.ok ? own : await exchangeReady();
  lastReady = r.ok;
  return r;
}
metrics().sources.ready = () => !isStopping() && lastReady && (exchange?.health().ok ?? true);
app.get("/healthz", healthz({ exchange: exchange ? "embedded" : "remote" }));
app.get("/readyz", readyz(readiness));

app.use("/build", express.static(resolve(config.PUBLIC_DIR, "build"), { immutable: true, maxAge: "1y", index: false }));
// Only a path that names a file (a dot in its last segment) is looked up on disk: a screen's path would cost every
// page request a stat of a file that is never there, and a wait for it.
const publicFiles = express.static(resolve(config.PUBLIC_DIR), { maxAge: "1h", index: false });
app.use((req, res, next) => (/\.[^/]+$/.test(req.path) && !req.path.endsWith(".data") ? publicFiles(req, res, next) : next()));

// Public callers of the embedded exchange get the forms' rate limits (the app's own in-process calls were limited at the form).
// A browser's cross-site POST is refused here too: another site's page could otherwise make its visitors send codes
// (texts cost money) or wrong reset codes from their own addresses, spread past the per-address limits. API clients
// that are not browsers send no Origin and pass.
if (exchange) app.all("/api/*", csrfGuard(), (req, res) => answerFromExchange(exchange, req, res, log, true));

app.use(securityHeaders);
app.use(csrfGuard());

const handleRemix = createRequestHandler(build, config.NODE_ENV);
// The public market screens as visitors see them, shared for a second (PAGE_CACHE=off renders every request).
const pageCache = new PageCache({
  paths: config.PAGE_CACHE === "off" ? [] : ["/", "/home", "/markets", "/trade"],
  replayCookies: ["tradeinfo", "popup_seen"],
});

// Screens: the method must be one the route answers (405 with Allow), a POST a form (415) within 64 KB (413) that
// parses (400); the guard reads the body through the limit, and Remix gets that body, never the socket.
app.all("*", screenRequestGuard(build, FORM_BODY_LIMIT), async (req, res, next) => {
  try {
    const site = requestSite(req);
    let url: URL;
    try {
      url = new URL(req.originalUrl, `${site.protocol}://${site.host}`);
    } catch {
      res.status(400).type("text/plain").send("Bad Request: invalid Host");
      return;
    }
    const headers = new Headers();
    for (const [key, value] of Object.entries(req.headers)) {
      if (value === undefined) continue;
      if (Array.isArray(value)) for (const v of value) headers.append(key, v);
      else headers.set(key, value);
    }
    // Abort loaders and actions (and end live streams) once the response can no longer be written (see above).
    const controller = res.locals.left as AbortController;
    if (req.socket.destroyed) controller.abort();
    const body = res.locals.body as Buffer | undefined;
    const withBody = body !== undefined && req.method !== "GET" && req.method !== "HEAD";
    const request = new Request(url, { method: req.method, headers, signal: controller.signal, body: withBody ? bytes(body) : undefined });
    const refusals: { retryAfter?: number } = {};
    const nonce = res.locals.nonce as string;
    // An /events stream writes to this response itself once its status and headers are set (server/sse-sink.ts). Only
    // a GET has a body to write: a HEAD's answer is its head alone, and ends at once.
    const sink = req.method === "GET" ? new ResponseSink(req, res) : null;
    const render = (renderNonce: string) =>
      refusalScope.run(refusals, () =>
        handleRemix(request, {
          nonce: renderNonce,
          exchangeFetch,
          clientIp: res.locals.clientIp as string,
          responseBuffered: () => res.writableLength,
          responseSink: sink?.claim,
          serverOnly: {},
        }),
      );
    // A visitor's public market screen: shared with the same request of the last second (server/page-cache.ts).
    const cacheKey = pageCache.keyOf(req.method, url, {
      cookie: req.headers.cookie,
      acceptLanguage: req.headers["accept-language"],
      accept: req.headers.accept,
    });
    if (cacheKey) {
      const page = await pageCache.get(cacheKey, async () => {
        const r = await render(nonce);
        const headers = [...r.headers.entries()];
        if (!pageCache.shareable(r.status, headers)) {
          await r.body?.cancel();
          return null;
        }
        return { status: r.status, statusText: r.statusText, headers, body: Buffer.from(await r.arrayBuffer()), nonce };
      });
      if (page) {
        res.statusMessage = page.statusText;
        res.status(page.status);
        for (const [key, value] of page.headers) if (key.toLowerCase() !== "content-length") res.append(key, value);
        res.vary("Accept-Encoding");
        // Already compressed (the compression middleware leaves an encoded body alone): see PageCache.gzipWithNonce.
        if (req.acceptsEncodings("gzip", "identity") === "gzip") {
          const body = PageCache.gzipWithNonce(page, nonce);
          res.setHeader("Content-Encoding", "gzip");
          res.setHeader("Content-Length", body.length);
          res.end(body);
        } else {
          res.end(PageCache.withNonce(page, nonce));
        }
        return;
      }
    }
    const response = await render(nonce);
    res.statusMessage = response.statusText;
    res.status(response.status);
    for (const [key, value] of response.headers.entries()) res.append(key, value);
    // A rate-limited form: the page rendered for it says how long to wait, and so does the header.
    if (response.status === 429 && refusals.retryAfter && !response.headers.has("Retry-After"))
      res.setHeader("Retry-After", String(refusals.retryAfter));
    // A page whose data could not be loaded (api.server's loaded()): Remix keeps a thrown response's headers off the
    // error page it renders, so the hint to come back is put here.
    if (response.status === 503 && !response.headers.has("Retry-After")) {
      res.setHeader("Retry-After", String(UNAVAILABLE_RETRY_S));
      res.setHeader("Cache-Control", "no-store");
    }
    if (sink?.claimed && !response.body) return sink.start();
    const type = response.headers.get("Content-Type") ?? "";
    // A page is written whole: no screen defers data, so React's many small pieces would only have cost a compressor
    // call and a socket write each; as one buffer the compression middleware compresses it in one go.
    if (response.body && /^text\/html/i.test(type)) res.end(Buffer.from(await response.arrayBuffer()));
    else if (response.body) await writeReadableStreamToWritable(response.body, res);
    else res.end();
  } catch (error) {
    next(error);
  }
});

app.use((error: Error, _req: express.Request, res: express.Response, next: express.NextFunction) => {
  // A client's mistake that reached here (a malformed URL, a body error) is a 4xx, never a 500.
  const status = Number((error as { status?: number; statusCode?: number })?.status ?? (error as { statusCode?: number })?.statusCode);
  if (status >= 400 && status < 500) {
    if (!res.headersSent)
      res
        .status(status)
        .type("text/plain")
        .send(STATUS_CODES[status] ?? "Bad Request");
    else res.destroy();
    return;
  }
  next(error);
});

const { server, inFlight } = stoppableServer(app);
// /ws (embedded exchange only): the site's own origin (or WS_ALLOWED_ORIGINS), 20 open sockets per client address.
const wsGuard = createWsGuard({ trust: app.get("trust proxy fn") as TrustProxy, allowedOrigins: config.WS_ALLOWED_ORIGINS });
const upgrade = wsUpgradeListener(wsGuard, (req, socket, head) => exchange!.handleUpgrade(req, socket, head));
server.on("upgrade", (req, socket, head) => {
  if (exchange && !isStopping()) upgrade(req, socket, head);
  else socket.destroy();
});

server.listen(config.PORT, config.HOST, () => {
  log.info(
    {
      port: config.PORT,
      host: config.HOST,
      exchange: exchange ? "embedded" : "remote",
      demo: exchange ? config.DEMO : undefined,
      exchangeThread: exchange ? config.EXCHANGE_THREAD : undefined,
      simulator: exchange ? config.SIMULATOR : undefined,
      marketMaker: exchange ? config.MARKET_MAKER : undefined,
    },
    `exchange site listening on http://localhost:${config.PORT} (${exchange ? "embedded exchange, data in " + config.DATA_DIR : "exchange at " + new URL(config.EXCHANGE_API_URL!).origin})`,
  );
  // The demo's accounts, for whoever started it by hand (their passwords are in the README, never in the log).
  for (const a of exchange?.demoAccounts ?? []) log.info(`demo account ${a.email} (${a.note})`);
});
stopOnSignalsWithMetrics({ server, inFlight, log, limits, markStopping }, config, {
  // The relay's event streams (with a retry hint) and its sockets to the exchange.
  endStreams: () => runShutdownHooks((name, err) => log.warn({ err, hook: name }, "a shutdown step failed")),
  closeResources: async () => exchange?.close(),
});
