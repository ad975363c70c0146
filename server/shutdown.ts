import { createServer, type IncomingMessage, type RequestListener, type Server, type ServerResponse } from "node:http";
import type { Logger } from "../app/lib/log.server";

/** How long requests in flight may take to finish once the process is told to stop. */
export const DRAIN_MS = 10_000;
/** The process exits by then whatever happens (systemd's TimeoutStopSec in deploy/ leaves room above it). */
export const HARD_STOP_MS = 14_000;

/**
 * The requests a server is answering. Once `stopping`, every answer not yet started says `Connection: close`, so a
 * client or proxy does not send another request on a connection that is about to go away.
 */
export class InFlight {
  private readonly open = new Set<ServerResponse>();
  private waiters: Array<() => void> = [];
  private stopping = false;

  constructor(server: Server) {
    server.on("request", (_req: IncomingMessage, res: ServerResponse) => {
      this.open.add(res);
      if (this.stopping) res.shouldKeepAlive = false;
      res.once("close", () => {
        this.open.delete(res);
        if (this.open.size === 0) for (const w of this.waiters.splice(0)) w();
      });
    });
  }

  get count(): number {
    return this.open.size;
  }

  /** From now on, answers close their connection (the ones already sent keep theirs until the drain ends). */
  stop(): void {
    this.stopping = true;
    for (const res of this.open) if (!res.headersSent) res.shouldKeepAlive = false;
  }

  /** Resolves true when no request is left, false when `ms` passed first. */
  drained(ms: number): Promise<boolean> {
    if (this.open.size === 0) return Promise.resolve(true);
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve(false), Math.max(0, ms));
      this.waiters.push(() => {
        clearTimeout(timer);
        resolve(true);
      });
    });
  }
}

export interface ShutdownPlan {
  server: Server;
  inFlight: InFlight;
  log: Logger;
  /** Readiness turns 503 and the app's modules learn the process is stopping. */
  markStopping: () => void;
  /** Ends the live streams with a retry hint (event streams: `retry:`; /ws: close code 1012), so clients reconnect. */
  endStreams: () => Promise<void>;
  /** Closes what requests use, once none is left: the exchange (queued commands committed first), its database, the limiters. */
  closeResources: () => Promise<void>;
  drainMs?: number;
}

/**
 * The one shutdown sequence of both processes (the app and the standalone exchange):
 * 1. stop accepting connections, close the idle ones, and mark every later answer `Connection: close`;
 * 2. end the live streams with a retry hint (they would otherwise hold the drain to its bound);
 * 3. let the requests in flight finish, for at most DRAIN_MS (a slow POST still gets its whole answer);
 * 4. close the connections left, then the exchange and the database.
 * Returns the exit code: 0, or 1 when requests had to be cut at the bound.
 */
export async function shutdown(plan: ShutdownPlan, signal: string): Promise<number> {
  const { server, inFlight, log } = plan;
  const started = Date.now();
  const drainMs = plan.drainMs ?? DRAIN_MS;
  log.info({ signal, inFlight: inFlight.count }, "stopping: no new connections, finishing the requests in flight");
  plan.markStopping();
  inFlight.stop();
  server.close();
  server.closeIdleConnections();
  try {
    await plan.endStreams();
  } catch (err) {
    log.warn({ err }, "ending the live streams failed");
  }
  const drained = await inFlight.drained(drainMs - (Date.now() - started));
  if (!drained) log.warn({ cut: inFlight.count, afterMs: Date.now() - started }, "requests still running at the drain's bound were cut");
  server.closeAllConnections();
  try {
    await plan.closeResources();
  } catch (err) {
    log.error({ err }, "closing the exchange and the database failed");
    return 1;
  }
  log.info({ ms: Date.now() - started }, "stopped");
  return drained ? 0 : 1;
}

/**
 * SIGTERM (systemd, a deploy) and SIGINT (Ctrl-C) run `stop` once; the process exits with its code, or with 1 at
 * HARD_STOP_MS whatever is still pending. The process must receive the signal itself: start it as `node …`, not
 * behind npm or npx (deploy/ has the units).
 */
export function stopOnSignals(stop: (signal: string) => Promise<number>, log: Logger): void {
  let stopping = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    setTimeout(() => {
      log.error({ ms: HARD_STOP_MS }, "shutdown did not finish in time; exiting");
      process.exit(1);
    }, HARD_STOP_MS).unref();
    stop(signal).then(
      (code) => process.exit(code),
      (err) => {
        log.error({ err }, "shutdown failed");
        process.exit(1);
      },
    );
  };
  process.on("SIGTERM", onSignal);
  process.on("SIGINT", onSignal);
}

/**
 * The HTTP server of either process, ready for the shutdown sequence: its requests in flight counted, and its idle
 * keep-alive connections outliving the reverse proxy's (nginx keeps upstream ones 60 s): a proxy or client reusing one
 * just as Node's default 5 s closed it would get a reset instead of an answer.
 */
export function stoppableServer(app: RequestListener): { server: Server; inFlight: InFlight } {
  const server = createServer(app);
  const inFlight = new InFlight(server);
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  return { server, inFlight };
}

/** SIGTERM and SIGINT run the shutdown sequence with this plan once (see stopOnSignals). */
export function shutdownOnSignals(plan: ShutdownPlan): void {
  stopOnSignals((signal) => shutdown(plan, signal), plan.log);
}
