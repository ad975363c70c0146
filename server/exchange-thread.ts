// EXCHANGE_THREAD=on: the embedded exchange on a worker thread of this process (decision 029). The main thread
// renders and relays; the exchange thread matches, commits, settles and simulates. What the app uses of the exchange
// keeps its shape (EmbeddedExchange): calls cross the thread as messages (method, URL, headers, the body as a
// transferred buffer, and the answer back alike), /ws sockets are piped to the thread's own loopback listener, and
// health() answers from the state the thread pushes.
import { connect } from "node:net";
import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import { Worker } from "node:worker_threads";
import type { Logger } from "../app/lib/log.server";
import { exchangeObserver } from "./observe";
import { serverErrorAnswer, type Exchange, type ExchangeHealth, type ExchangeOptions, type HandleOptions } from "./exchange/index";
import type { FromWorker, ThreadData, ThreadState, ToWorker } from "./exchange-thread-protocol";

/** What the app's server uses of its embedded exchange, on this thread or on its own. */
export type EmbeddedExchange = Pick<Exchange, "handle" | "handleUpgrade" | "health" | "stats" | "demoAccounts" | "close">;

/** How often the thread pushes its health and figures. */
export const STATE_EVERY_MS = 500;
/** A thread that has pushed nothing for this long is reported unhealthy (it is stuck, or gone). */
export const STALE_AFTER_MS = 5_000;

export interface ThreadedExchange extends EmbeddedExchange {
  /** The thread's loopback /ws listener (the app's own live relay may connect to it directly). */
  wsUrl: string;
}

const NULL_BODY = new Set([101, 204, 205, 304]);

/**
 * Starts the exchange on its own thread and resolves once it answers (its /ws listener open). A start that fails (a
 * database of the other mode, a schema newer than this code) rejects with the exchange's reason. Its metrics figures
 * (engine batches, slow /ws readers, open sockets, outbox backlog) are fed into this thread's metrics.
 */
export function startExchangeThread(options: ExchangeOptions, log: Logger): Promise<ThreadedExchange> {
  const data: ThreadData = {
    entry: new URL("./exchange-thread-worker.ts", import.meta.url).href,
    options,
    stateEveryMs: STATE_EVERY_MS,
  };
  const worker = new Worker(new URL("./exchange-thread-entry.mjs", import.meta.url), { workerData: data, execArgv: [] });
  const observer = exchangeObserver();
  const post = (message: ToWorker, transfer: ArrayBuffer[] = []) => worker.postMessage(message, transfer);

  let last: ThreadState = {
    health: { ok: false, problem: "the exchange thread is starting" },
    stats: { wsClients: 0, outboxBacklog: 0 },
    batches: [],
    slowReaderCuts: 0,
  };
  let lastAt = Date.now();
  let gone: string | null = null;
  let closing: Promise<void> | null = null;
  let closed: () => void = () => {};
  let nextId = 1;
  const pending = new Map<number, { resolve: (r: Response) => void; request: Request; opts?: HandleOptions }>();

  function take(s: ThreadState) {
    last = s;
    lastAt = Date.now();
    for (let i = 0; i + 2 < s.batches.length; i += 3)
      observer.batch!({ commands: s.batches[i]!, refused: s.batches[i + 1]!, seconds: s.batches[i + 2]! });
    for (let i = 0; i < s.slowReaderCuts; i++) observer.slowReaderCut!();
  }

  async function handle(request: Request, opts?: HandleOptions): Promise<Response> {
    if (gone || closing) return serverErrorAnswer(request, 503);
    let body: ArrayBuffer | null = null;
    let bodyError: { name: string; message: string } | undefined;
    if (request.body) {
      try {
        body = await request.arrayBuffer();
      } catch (error) {
        bodyError = { name: (error as Error).name, message: (error as Error).message };
      }
    }
    request.signal?.throwIfAborted();
    const id = nextId++;
    return new Promise<Response>((resolve, reject) => {
      // An aborted call is answered with its abort here; its entry stays until the thread's answer comes (always), so
      // a rate-limit question it asks meanwhile is still answered by its own limit.
      const onAbort = () => reject(request.signal.reason);
      pending.set(id, {
        request,
        resolve: (r) => {
          request.signal?.removeEventListener("abort", onAbort);
          resolve(r);
        },
        opts,
      });
      request.signal?.addEventListener("abort", onAbort, { once: true });
      post(
        {
          t: "req",
          id,
          method: request.method,
          url: request.url,
          headers: [...request.headers],
          body,
          bodyError,
          opts: opts ? { limit: !!opts.limit, client: opts.client, addressService: opts.addressService } : null,
        },
        body ? [body] : [],
      );
    });
  }

  return new Promise<ThreadedExchange>((resolveStart, rejectStart) => {
    let wsPort = 0;
    let started = false;
    worker.on("message", (m: FromWorker) => {
      switch (m.t) {
        case "res": {
          const p = pending.get(m.id);
          pending.delete(m.id);
          p?.resolve(
            new Response(NULL_BODY.has(m.status) ? null : m.body, { status: m.status, statusText: m.statusText, headers: m.headers }),
          );
          break;
        }
        case "limit": {
          const limit = pending.get(m.id)?.opts?.limit;
          Promise.resolve(limit ? limit(m.call, m.payload) : null).then(
            (r) => post({ t: "limit", id: m.id, retryAfter: r ? r.retryAfter : null }),
            (error: Error) => {
              log.warn({ err: error }, "a rate limit could not be checked for the exchange thread");
              post({ t: "limit", id: m.id, retryAfter: null });
            },
          );
          break;
        }
        case "state":
          take(m.state);
          break;
        case "ready":
          wsPort = m.wsPort;
          take(m.state);
          started = true;
          resolveStart(threaded(m.wsPort, m.demoAccounts));
          break;
        case "failed":
          gone = m.message;
          rejectStart(new Error(m.message));
          break;
        case "closed":
          closed();
          break;
      }
    });
    worker.on("error", (error) => {
      gone ??= error.message;
      if (started) log.fatal({ err: error }, "the exchange thread failed");
      rejectStart(error);
    });
    worker.on("exit", (code) => {
      gone ??= `the exchange thread exited (code ${code})`;
      for (const p of pending.values()) p.resolve(serverErrorAnswer(p.request, 503));
      pending.clear();
      closed();
      rejectStart(new Error(gone));
      // A crash of the exchange ends the process, as it would have on the main thread; a supervisor restarts it.
      if (started && !closing) {
        log.fatal({ code }, "the exchange thread stopped unexpectedly");
        process.exit(1);
      }
    });

    const threaded = (port: number, demoAccounts: ThreadedExchange["demoAccounts"]): ThreadedExchange => ({
      wsUrl: `ws://127.0.0.1:${port}/ws`,
      demoAccounts,
      handle,
      handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer) {
        if (gone || closing) return void socket.destroy();
        const upstream = connect(wsPort, "127.0.0.1");
        upstream.setNoDelay(true);
        const lines = [`${req.method} ${req.url} HTTP/${req.httpVersion}`];
        for (let i = 0; i + 1 < req.rawHeaders.length; i += 2) lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
        upstream.write(lines.join("\r\n") + "\r\n\r\n");
        if (head.length) upstream.write(head);
        socket.pipe(upstream).pipe(socket);
        upstream.on("error", () => socket.destroy());
        socket.on("error", () => upstream.destroy());
        upstream.on("close", () => socket.destroy());
        socket.on("close", () => upstream.destroy());
      },
      health(): ExchangeHealth {
        if (gone) return { ok: false, problem: gone };
        if (closing) return { ok: false, problem: "the exchange is closed" };
        const silent = Date.now() - lastAt;
        if (silent > STALE_AFTER_MS)
          return { ok: false, problem: `the exchange thread has not answered for ${Math.round(silent / 1000)} s` };
        return last.health;
      },
      stats: () => last.stats,
      close() {
        closing ??= gone
          ? Promise.resolve()
          : new Promise<void>((resolve) => {
              closed = resolve;
              post({ t: "close" });
            }).then(() => worker.terminate().then(() => undefined));
        return closing;
      },
    });
  }).then((exchange) => {
    observer.wire(exchange as unknown as Exchange);
    return exchange;
  });
}
