import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import { remember } from "./remember.server";

/**
 * The process's Prometheus metrics (prom-client, decision 017), one registry for the server entry and the Remix
 * build alike. Served in the text format on the internal metrics listener (METRICS_PORT, loopback by default),
 * never through the public site. Labels stay few and bounded: a route is its pattern, never a raw path.
 */
export interface Metrics {
  registry: Registry;
  httpDuration: Histogram<"route" | "method" | "status">;
  commitSeconds: Histogram;
  batchSize: Histogram;
  acks: Counter<"result">;
  liveClients: Gauge<"kind">;
  slowReadersCut: Counter<"kind">;
  rateLimitRefusals: Counter<"limit">;
  outboxBacklog: Gauge;
  ready: Gauge;
  /** Read at each scrape: open live connections by kind ("sse", "ws"), the outbox's backlog, readiness. */
  sources: {
    liveClients: Map<string, () => number>;
    outboxBacklog: (() => number) | null;
    ready: (() => boolean) | null;
  };
}

function create(): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const sources: Metrics["sources"] = { liveClients: new Map(), outboxBacklog: null, ready: null };
  const m: Metrics = {
    registry,
    sources,
    httpDuration: new Histogram({
      name: "http_request_duration_seconds",
      help: "Time to answer an HTTP request, by route pattern, method and status class (an event stream counts until it ends)",
      labelNames: ["route", "method", "status"],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
      registers: [registry],
    }),
    commitSeconds: new Histogram({
      name: "exchange_engine_commit_seconds",
      help: "Time from the spot engine taking a batch of commands to answering it, committed to disk",
      buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1],
      registers: [registry],
    }),
    batchSize: new Histogram({
      name: "exchange_engine_batch_size",
      help: "Commands committed together in one spot engine batch",
      buckets: [1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024],
      registers: [registry],
    }),
    acks: new Counter({
      name: "exchange_engine_acks_total",
      help: "Spot engine commands answered after their batch was committed, accepted or refused",
      labelNames: ["result"],
      registers: [registry],
    }),
    liveClients: new Gauge({
      name: "live_clients",
      help: "Open live connections: browsers' event streams (sse) and the exchange's /ws sockets (ws)",
      labelNames: ["kind"],
      registers: [registry],
      collect() {
        for (const [kind, read] of sources.liveClients) this.set({ kind }, read());
      },
    }),
    slowReadersCut: new Counter({
      name: "live_slow_readers_cut_total",
      help: "Live connections cut because their reader stopped reading (sse: a browser; ws: a /ws client)",
      labelNames: ["kind"],
      registers: [registry],
    }),
    rateLimitRefusals: new Counter({
      name: "rate_limit_refusals_total",
      help: "Attempts refused by a rate limit (sign-in, register, password reset, code sending), forms and /api/ alike",
      labelNames: ["limit"],
      registers: [registry],
    }),
    outboxBacklog: new Gauge({
      name: "exchange_outbox_backlog",
      help: "Codes written to the outbox in the last 15 minutes (with no mail or SMS gateway, each waits for the operator)",
      registers: [registry],
      collect() {
        if (sources.outboxBacklog) this.set(sources.outboxBacklog());
      },
    }),
    ready: new Gauge({
      name: "ready",
      help: "1 when this process would answer /readyz with 200",
      registers: [registry],
      collect() {
        if (sources.ready) this.set(sources.ready() ? 1 : 0);
      },
    }),
  };
  // Counters a dashboard divides by are there from the start, at 0.
  for (const kind of ["sse", "ws"]) m.slowReadersCut.inc({ kind }, 0);
  for (const result of ["accepted", "refused"]) m.acks.inc({ result }, 0);
  return m;
}

export function metrics(): Metrics {
  return remember("metrics", create);
}
