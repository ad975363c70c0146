// The standalone exchange, for several app processes: /api, /addr and /ws of one exchange on EXCHANGE_PORT, bound to
// EXCHANGE_HOST (loopback unless told otherwise). Started by `npm run exchange` (serve) for a try, and in production
// as `node --import tsx server/exchange-server.ts` so that it receives the signals itself (deploy/).
import { hasDotSegment } from "./exchange/lib/raw-path";
import express from "express";
import { rootLogger } from "../app/lib/log.server";
import { metrics } from "../app/lib/metrics.server";
import { processLimiters } from "../app/lib/rate-limit.server";
import { isStopping, markStopping } from "../app/lib/shutdown.server";
import { answerFromExchange } from "./api-adapter";
import { isAppCall } from "./app-caller";
import { configOrExit, exchangeOptions, loadExchangeConfig } from "./config";
import { healthz, readyz } from "./health";
import { refuseForbiddenMethods } from "./http-guards";
import { apiRouteOf, observeRequests, startObservedExchange, stopOnSignalsWithMetrics } from "./observe";
import { stoppableServer } from "./shutdown";

const config = configOrExit(loadExchangeConfig);
process.env.LOG_LEVEL = config.LOG_LEVEL;
// The sign-in and code limits of its public /api/, shared through Redis with the app processes when REDIS_URL is set.
if (config.REDIS_URL) process.env.REDIS_URL = config.REDIS_URL;
const log = rootLogger();
const limits = processLimiters();

const exchange = startObservedExchange(exchangeOptions(config), log, "the exchange");

const app = express();
app.disable("x-powered-by");
app.set("trust proxy", config.TRUST_PROXY === "true" ? true : config.TRUST_PROXY === "false" ? false : config.TRUST_PROXY);
// Dot segments ('/api/../addr/…') are refused before routing, as on the app's port (lib/raw-path.ts).
app.use((req, res, next) => {
  if (!hasDotSegment(req.originalUrl)) return next();
  res.status(400).type("text/plain").send("Bad Request: dot segments in the path");
});
app.use(refuseForbiddenMethods("GET, HEAD, POST"));
app.use(
  observeRequests((req) => {
    const p = req.path;
    if (p === "/healthz" || p === "/readyz") return p;
    if (p.startsWith("/addr/")) return "/addr/*";
    if (p.startsWith("/api/")) return apiRouteOf(p);
    return "unmatched";
  }),
);

app.get("/healthz", healthz({ exchange: "standalone" }));
app.get(
  "/readyz",
  readyz(async () => (isStopping() ? { ok: false, problem: "stopping" } : exchange.health())),
);
metrics().sources.ready = () => !isStopping() && exchange.health().ok;

// The app processes' calls were limited at their forms (they prove who they are with the shared secret); every other
// caller gets the same sign-in and code limits as the app's public /api/ mount, by its address.
app.all(["/api/*", "/addr/*"], (req, res) =>
  answerFromExchange(exchange, req, res, log, !isAppCall(req.get("x-exchange-caller"), exchange.addressSecret)),
);
app.use((_req, res) => {
  res.status(404).type("text/plain").send("not found");
});

const { server, inFlight } = stoppableServer(app);
server.on("upgrade", (req, socket, head) => {
  if (isStopping() || hasDotSegment(req.url ?? "/")) socket.destroy();
  else exchange.handleUpgrade(req, socket, head);
});
server.listen(config.EXCHANGE_PORT, config.EXCHANGE_HOST, () => {
  log.info(
    {
      host: config.EXCHANGE_HOST,
      port: config.EXCHANGE_PORT,
      demo: config.DEMO,
      simulator: config.SIMULATOR,
      marketMaker: config.MARKET_MAKER,
    },
    `exchange listening on http://${config.EXCHANGE_HOST}:${config.EXCHANGE_PORT} (/api, /addr, /ws), data in ${config.DATA_DIR}`,
  );
  for (const a of exchange.demoAccounts) log.info(`demo account ${a.email} (${a.note})`);
});
stopOnSignalsWithMetrics({ server, inFlight, log, limits, markStopping }, config, {
  // The /ws sockets end with the exchange (close code 1012: the app processes' relays reconnect).
  endStreams: async () => {},
  closeResources: () => exchange.close(),
});
