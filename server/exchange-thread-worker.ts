// The exchange thread (EXCHANGE_THREAD=on): the embedded exchange, started with the same options as on the main
// thread, answering the main thread's calls over the worker's port, and /ws upgrades on a loopback port of its own.
// Its log lines go to standard output like the main thread's; its metrics figures are sent with its state.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { parentPort, workerData } from "node:worker_threads";
import { lineLogger, rootLogger } from "../app/lib/log.server";
import { createExchange, serverErrorAnswer, type Exchange, type HandleOptions } from "./exchange/index";
import type { FromWorker, ThreadData, ThreadState, ToWorker } from "./exchange-thread-protocol";

const port = parentPort!;
const data = workerData as ThreadData;
// Its lines say which thread wrote them (the process id is the same).
const log = rootLogger().child({ thread: "exchange" });
const send = (message: FromWorker, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);

let batches: number[] = [];
let slowReaderCuts = 0;
let exchange: Exchange;
try {
  exchange = createExchange({
    ...data.options,
    log: lineLogger(() => log),
    logError: (line: string) => log.error(line),
    observe: {
      batch: ({ commands, refused, seconds }) => {
        // Bounded, should the main thread stop reading: the figures are for the metrics, never for correctness.
        if (batches.length < 300_000) batches.push(commands, refused, seconds);
      },
      slowReaderCut: () => slowReaderCuts++,
    },
  });
} catch (error) {
  send({ t: "failed", message: (error as Error).message });
  throw error;
}

function state(): ThreadState {
  const s: ThreadState = { health: exchange.health(), stats: exchange.stats(), batches, slowReaderCuts };
  batches = [];
  slowReaderCuts = 0;
  return s;
}

// /ws: the main thread pipes each upgraded socket here, its request line and headers as the client sent them.
const wsServer = createServer((_req, res) => res.writeHead(404).end());
wsServer.on("upgrade", (req, socket, head) => exchange.handleUpgrade(req, socket, head));
wsServer.listen(0, "127.0.0.1", () => {
  const wsPort = (wsServer.address() as AddressInfo).port;
  send({ t: "ready", wsPort, demoAccounts: exchange.demoAccounts, state: state() });
});
const stateTimer = setInterval(() => send({ t: "state", state: state() }), data.stateEveryMs);

/** The rate-limit answers the main thread owes, by call id. */
const limitWaiters = new Map<number, (answer: { retryAfter: number } | null) => void>();

async function answer(m: Extract<ToWorker, { t: "req" }>): Promise<void> {
  let body: BodyInit | undefined;
  if (m.bodyError) {
    const failure = Object.assign(new Error(m.bodyError.message), { name: m.bodyError.name });
    body = new ReadableStream({ start: (controller) => controller.error(failure) });
  } else if (m.body) body = new Uint8Array(m.body);
  const request = new Request(m.url, { method: m.method, headers: m.headers, body, duplex: "half" } as RequestInit);
  let opts: HandleOptions | undefined;
  if (m.opts) {
    opts = { client: m.opts.client, addressService: m.opts.addressService };
    if (m.opts.limit)
      opts.limit = (call, payload) =>
        new Promise((resolve) => {
          limitWaiters.set(m.id, resolve);
          const strings: Record<string, string> = {};
          for (const [k, v] of Object.entries(payload)) if (typeof v === "string") strings[k] = v;
          send({ t: "limit", id: m.id, call, payload: strings });
        });
  }
  const response = await exchange.handle(request, opts);
  const bytes = await response.arrayBuffer();
  send({ t: "res", id: m.id, status: response.status, statusText: response.statusText, headers: [...response.headers], body: bytes }, [
    bytes,
  ]);
}

port.on("message", (m: ToWorker) => {
  if (m.t === "req") {
    answer(m).catch(async (error: Error) => {
      log.error({ err: error }, "the exchange thread could not answer a call");
      const failed = serverErrorAnswer(new Request(m.url, { headers: m.headers }), 500);
      const bytes = await failed.arrayBuffer();
      send({ t: "res", id: m.id, status: 500, statusText: "", headers: [...failed.headers], body: bytes }, [bytes]);
    });
  } else if (m.t === "limit") {
    const resolve = limitWaiters.get(m.id);
    limitWaiters.delete(m.id);
    resolve?.(m.retryAfter === null ? null : { retryAfter: m.retryAfter });
  } else if (m.t === "close") {
    clearInterval(stateTimer);
    // Everything queued is committed and acknowledged, the sockets closed with their restart code, then the database.
    exchange
      .close()
      .then(() => new Promise<void>((resolve) => wsServer.close(() => resolve())))
      .then(() => {
        send({ t: "state", state: state() });
        send({ t: "closed" });
        port.close();
      });
  }
});
