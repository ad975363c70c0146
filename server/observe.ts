import { randomUUID } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { NextFunction, Request, Response } from "express";
import { callByPath } from "../app/contract/index";
import { lineLogger, requestContext, rootLogger, type Logger } from "../app/lib/log.server";
import { metrics } from "../app/lib/metrics.server";
import { createExchange, type Exchange, type ExchangeObserver, type ExchangeOptions } from "./exchange/index";
import { shutdownOnSignals, type InFlight, type ShutdownPlan } from "./shutdown";

/**
 * What every process writes about its requests, and what it counts (decision 017): one log line per request with
 * its id, and its duration in `http_request_duration_seconds` by route pattern.
 */

/** A request id from the proxy is kept when it is a plain token; anything else is replaced. */
const REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;
/** The route label of an /api/ path: the call's path, or '/api/*' for a path no call has (a bounded set either way). */
export function apiRouteOf(path: string): string {
  const found = callByPath(path.slice("/api/".length).replace(/\/+$/, ""));
  return found ? `/api/${found.call.path}` : "/api/*";
}

/** Requests too frequent or too dull for an info line (still counted). */
const QUIET = /^\/(healthz|readyz|favicon\.ico|build\/|fonts\/|images\/)/;

/**
 * Gives each request an id (the proxy's X-Request-Id, or a new one; sent back in X-Request-Id), runs it in a log
 * context carrying that id, and when it ends writes one line (method, path without its query, route, status,
 * milliseconds) and observes its duration. `routeOf` turns the path into a bounded label.
 */
export function observeRequests(routeOf: (req: Request) => string) {
  return (req: Request, res: Response, next: NextFunction) => {
    const given = req.get("x-request-id");
    const reqId = given && REQUEST_ID.test(given) ? given : randomUUID();
    res.setHeader("X-Request-Id", reqId);
    const log = rootLogger().child({ reqId });
    const started = process.hrtime.bigint();
    res.once("close", () => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const route = routeOf(req);
      const status = res.statusCode;
      metrics().httpDuration.observe({ route, method: req.method, status: `${Math.floor(status / 100)}xx` }, seconds);
      const line = {
        method: req.method,
        path: req.path,
        route,
        status,
        ms: Math.round(seconds * 1000),
        ...(res.writableFinished ? {} : { aborted: true }),
      };
      if (status >= 500) log.warn(line, "request");
      else if (QUIET.test(req.path)) log.debug(line, "request");
      else log.info(line, "request");
    });
    requestContext.run({ reqId, log }, next);
  };
}

/** Feeds the exchange's engine and sockets into the metrics; `wire` registers its gauges' sources. */
export function exchangeObserver(): ExchangeObserver & { wire(exchange: Exchange): void } {
  const m = metrics();
  return {
    batch({ commands, refused, seconds }) {
      m.commitSeconds.observe(seconds);
      m.batchSize.observe(commands);
      if (commands - refused) m.acks.inc({ result: "accepted" }, commands - refused);
      if (refused) m.acks.inc({ result: "refused" }, refused);
    },
    slowReaderCut() {
      m.slowReadersCut.inc({ kind: "ws" });
    },
    wire(exchange) {
      m.sources.liveClients.set("ws", () => exchange.stats().wsClients);
      m.sources.outboxBacklog = () => exchange.stats().outboxBacklog;
    },
  };
}

/**
 * The exchange both entry points start (the app's embedded one, the standalone one) with the configuration's options,
 * its lines in the log and its figures in the metrics. A start that fails (a database of the other mode, a schema
 * newer than this code, a listing that would harm existing data) ends the process with the reason on stderr.
 */
export function startObservedExchange(options: ExchangeOptions, log: Logger, what: string): Exchange {
  const observer = exchangeObserver();
  let exchange: Exchange;
  try {
    exchange = createExchange({
      ...options,
      log: lineLogger(() => log),
      logError: (line: string) => log.error(line),
      observe: observer,
    });
  } catch (error) {
    log.fatal({ err: error }, `${what} cannot start`);
    process.stderr.write(`${(error as Error).message}\n`);
    process.exit(1);
  }
  observer.wire(exchange);
  return exchange;
}

/**
 * The metrics in Prometheus's text format at GET /metrics on their own listener (METRICS_PORT on METRICS_HOST,
 * loopback by default): never on the public port, so nothing about the exchange is exposed through the proxy.
 */
export function startMetricsServer(host: string, port: number, log: Logger): Server {
  const server = createServer((req, res) => {
    if (req.method !== "GET" || (req.url ?? "").split("?")[0] !== "/metrics") {
      res.writeHead(404, { "content-type": "text/plain" }).end("not found\n");
      return;
    }
    const { registry } = metrics();
    registry.metrics().then(
      (text) => res.writeHead(200, { "content-type": registry.contentType, "cache-control": "no-store" }).end(text),
      (err: Error) => {
        log.error({ err }, "metrics could not be collected");
        res.writeHead(500).end();
      },
    );
  });
  server.listen(port, host, () => log.info({ host, port }, "metrics on http://%s:%d/metrics", host, port));
  return server;
}

/**
 * The last step of both processes' start: the metrics listener (METRICS_PORT on METRICS_HOST; none without a port),
 * and the shutdown sequence on SIGTERM and SIGINT, which closes the process's own resources (`own.closeResources`),
 * then its rate limiters, then the metrics listener.
 */
export function stopOnSignalsWithMetrics(
  at: { server: Server; inFlight: InFlight; log: Logger; limits: { close(): Promise<void> }; markStopping: () => void },
  config: { METRICS_HOST: string; METRICS_PORT?: number },
  own: Pick<ShutdownPlan, "endStreams" | "closeResources">,
): void {
  const metricsServer = config.METRICS_PORT ? startMetricsServer(config.METRICS_HOST, config.METRICS_PORT, at.log) : null;
  shutdownOnSignals({
    ...at,
    endStreams: own.endStreams,
    closeResources: async () => {
      await own.closeResources();
      await at.limits.close();
      metricsServer?.close();
    },
  });
}
