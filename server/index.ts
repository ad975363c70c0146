import { createServer } from "node:http";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { createRequestHandler } from "@remix-run/express";
import type { ServerBuild } from "@remix-run/node";
import compression from "compression";
import express from "express";
import { ConfigError, loadConfig } from "./config";
import { remoteTransport, sendFetchResponse, toFetchRequest } from "./api-adapter";
import { createExchange, type Exchange } from "./exchange/index";
import { csrfGuard, securityHeaders } from "./security";

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
  : createExchange({ dataDir: config.DATA_DIR, simulator: config.SIMULATOR === "on", seed: config.SIM_SEED, log: (l: string) => console.log(l) });

const exchangeFetch = exchange ? (request: Request) => exchange.handle(request) : remoteTransport(config.EXCHANGE_API_URL!);

const buildPath = resolve(config.BUILD_DIR, "index.js");
const build = (await import(pathToFileURL(buildPath).href)) as ServerBuild;

const app = express();
app.disable("x-powered-by");
app.set("trust proxy", config.TRUST_PROXY === "true" ? true : config.TRUST_PROXY === "false" ? false : config.TRUST_PROXY);

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
      await sendFetchResponse(res, await exchange.handle(toFetchRequest(req)));
    } catch (error) {
      console.error("api adapter failed", error);
      if (!res.headersSent) res.status(500).json({ code: 0, msg: "server error", data: null });
    }
  });
}

app.use(securityHeaders);
app.use(csrfGuard(Boolean(app.get("trust proxy"))));

app.all(
  "*",
  createRequestHandler({
    build,
    mode: config.NODE_ENV,
    getLoadContext: (req, res) => ({
      nonce: res.locals.nonce as string,
      exchangeFetch,
      clientIp: req.ip ?? "unknown",
      responseBuffered: () => res.writableLength,
    }),
  }),
);

// A live stream cut off because its browser stopped reading is expected, not a server fault.
app.use((error: Error, _req: express.Request, res: express.Response, next: express.NextFunction) => {
  if (error?.name === "SlowConsumerError") {
    if (!res.headersSent) res.status(503).end();
    else res.destroy();
    return;
  }
  next(error);
});

const server = createServer(app);
server.on("upgrade", (req, socket, head) => {
  const path = new URL(req.url ?? "/", "http://x").pathname;
  if (exchange && path === "/ws") exchange.handleUpgrade(req, socket, head);
  else socket.destroy();
});

server.listen(config.PORT, config.HOST, () => {
  console.log(`Exchange site listening on http://localhost:${config!.PORT} (${exchange ? "embedded exchange, data in " + config!.DATA_DIR : "exchange at " + config!.EXCHANGE_API_URL})`);
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
  setTimeout(() => server.closeAllConnections(), 2_000).unref();
  server.on("close", () => process.exit(0));
  if (!server.listening) process.exit(0);
}
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));
