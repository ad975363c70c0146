import { createServer, STATUS_CODES } from "node:http";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { createRequestHandler, writeReadableStreamToWritable, type ServerBuild } from "@remix-run/node";
import compression from "compression";
import { PageCache } from "./page-cache";
import express from "express";
import { apiRateLimit, processLimiters, refusalScope } from "../app/lib/rate-limit.server";
import { ConfigError, loadConfig } from "./config";
import { remoteTransport, sendFetchResponse, toFetchRequest } from "./api-adapter";
import { createExchange, type Exchange } from "./exchange/index";
import {
  API_BODY_LIMIT,
  bytes,
  FORM_BODY_LIMIT,
  limitedStream,
  refuseForbiddenMethods,
  screenRequestGuard,
  UPLOAD_BODY_LIMIT,
} from "./http-guards";
import { csrfGuard, requestSite, securityHeaders } from "./security";

let config;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
// The Remix app reads its settings from the environment; hand it the resolved values.
process.env.SESSION_SECRET = config.SESSION_SECRET;
process.env.COOKIE_SECURE = config.COOKIE_SECURE;
process.env.DATA_DIR = config.DATA_DIR;
if (config.EXCHANGE_API_URL) process.env.EXCHANGE_API_URL = config.EXCHANGE_API_URL;
// Rate limits: shared through Redis across app processes when set (decision 006), in this process's memory otherwise.
if (config.REDIS_URL) process.env.REDIS_URL = config.REDIS_URL;
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

const exchange: Exchange | null = config.EXCHANGE_API_URL
  ? null
  : createExchange({
      dataDir: config.DATA_DIR,
      simulator: config.SIMULATOR === "on",
      seed: config.SIM_SEED,
      log: (l: string) => console.log(l),
    });

const exchangeFetch = exchange ? (request: Request) => exchange.handle(request) : remoteTransport(config.EXCHANGE_API_URL!);

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

// TRACE (and TRACK, CONNECT) anywhere: no route answers them, and a fetch Request cannot even be made of one.
app.use(refuseForbiddenMethods("GET, HEAD, POST"));

app.use(
  compression({
    // Compression buffers; an event stream must reach the browser as it is written.
    filter: (req, res) => !String(res.getHeader("Content-Type") ?? "").includes("text/event-stream") && compression.filter(req, res),
  }),
);

app.get("/healthz", (_req, res) => {
  res.setHeader("Cache-Control", "no-store");
  res.json({ ok: true, exchange: exchange ? "embedded" : "remote" });
});

app.use("/build", express.static(resolve(config.PUBLIC_DIR, "build"), { immutable: true, maxAge: "1y", index: false }));
app.use(express.static(resolve(config.PUBLIC_DIR), { maxAge: "1h", index: false }));

if (exchange) {
  app.all("/api/*", async (req, res) => {
    try {
      // The exchange reads the body through the limit (a chunked body is counted as it streams: 413 past 1 MB),
      // and public callers get the forms' rate limits (the app's own in-process calls were limited at the form).
      // The image upload is the one call allowed more than 1 MB (the exchange holds it to 5 MB of image).
      const limit = req.path === "/api/common/image_upload" ? UPLOAD_BODY_LIMIT : API_BODY_LIMIT;
      const response = await exchange.handle(toFetchRequest(req, limitedStream(req, limit)), {
        limit: (call, payload) => apiRateLimit(call, req.ip ?? "unknown", payload),
        client: { ip: req.ip ?? "", device: req.get("user-agent") ?? "" },
      });
      // A body left unread (refused early) must not be parsed as the next request on this connection.
      if (!req.complete) res.setHeader("Connection", "close");
      await sendFetchResponse(res, response);
    } catch (error) {
      console.error("api adapter failed", error);
      if (!res.headersSent) res.status(500).json({ code: 0, msg: "server error", data: null });
    }
  });
}

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
    const render = (renderNonce: string) =>
      refusalScope.run(refusals, () =>
        handleRemix(request, {
          nonce: renderNonce,
          exchangeFetch,
          clientIp: res.locals.clientIp as string,
          responseBuffered: () => res.writableLength,
          responseOpen: () => !res.destroyed && !req.socket.destroyed,
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
    if (/text\/event-stream/i.test(response.headers.get("Content-Type") ?? "")) res.flushHeaders();
    if (response.body) await writeReadableStreamToWritable(response.body, res);
    else res.end();
  } catch (error) {
    next(error);
  }
});

// A live stream cut off because its browser stopped reading is expected, not a server fault.
app.use((error: Error, _req: express.Request, res: express.Response, next: express.NextFunction) => {
  if (error?.name === "SlowConsumerError") {
    if (!res.headersSent) res.status(503).end();
    else res.destroy();
    return;
  }
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

const server = createServer(app);
// Idle keep-alive connections outlive the reverse proxy's (nginx keeps upstream ones 60 s): a proxy or client reusing
// one just as Node's default 5 s closed it would get a reset instead of an answer.
server.keepAliveTimeout = 65_000;
server.headersTimeout = 66_000;
server.on("upgrade", (req, socket, head) => {
  const path = new URL(req.url ?? "/", "http://x").pathname;
  if (exchange && path === "/ws") exchange.handleUpgrade(req, socket, head);
  else socket.destroy();
});

server.listen(config.PORT, config.HOST, () => {
  console.log(
    `Exchange site listening on http://localhost:${config!.PORT} (${exchange ? "embedded exchange, data in " + config!.DATA_DIR : "exchange at " + config!.EXCHANGE_API_URL})`,
  );
  if (exchange) {
    console.log("Demo accounts:");
    for (const a of exchange.demoAccounts) console.log(`  ${a.email}  password ${a.password}  (${a.note})`);
  }
});

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`${signal}: closing`);
  const force = setTimeout(() => process.exit(1), 10_000);
  force.unref();
  server.close();
  process.emit("exchange:shutdown" as never);
  server.closeIdleConnections();
  await exchange?.close();
  await limits.close();
  setTimeout(() => server.closeAllConnections(), 2_000).unref();
  server.on("close", () => process.exit(0));
  if (!server.listening) process.exit(0);
}
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));
