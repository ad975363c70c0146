// The messages between the app's main thread and the exchange thread (server/exchange-thread.ts and
// server/exchange-thread-worker.ts). Everything here is structured-cloneable; bodies travel as transferred ArrayBuffers.
import type { ExchangeHealth, ExchangeOptions } from "./exchange/index";
import type { Client } from "./exchange/models/personal";

/** What the worker is started with. */
export interface ThreadData {
  /** The worker module's URL (the .mjs entry registers TypeScript's loader, then imports it). */
  entry: string;
  /** The exchange's options as the settings give them (the functions, log and observer, are made in the worker). */
  options: ExchangeOptions;
  /** How often the worker pushes its state, in ms. */
  stateEveryMs: number;
}

/** A call's options across the thread: `limit` is asked of the main thread, which keeps the rate limits. */
export interface WireHandleOptions {
  limit: boolean;
  client?: Client;
  addressService?: boolean;
}

export type ToWorker =
  | {
      t: "req";
      id: number;
      method: string;
      url: string;
      headers: [string, string][];
      body: ArrayBuffer | null;
      /** The body could not be read on the main thread (over its limit, cut short): the worker's read fails alike. */
      bodyError?: { name: string; message: string };
      /** null: the app's own call (no options), as `handle(request)` without a second argument. */
      opts: WireHandleOptions | null;
    }
  | { t: "limit"; id: number; retryAfter: number | null }
  | { t: "close" };

export interface ThreadState {
  health: ExchangeHealth;
  stats: { wsClients: number; outboxBacklog: number };
  /** Engine batches since the last push, flat: commands, refused, seconds, … (the metrics are kept on the main thread). */
  batches: number[];
  slowReaderCuts: number;
}

export type FromWorker =
  | { t: "ready"; wsPort: number; demoAccounts: { email: string; password: string; note: string }[]; state: ThreadState }
  | { t: "failed"; message: string }
  | { t: "state"; state: ThreadState }
  | { t: "res"; id: number; status: number; statusText: string; headers: [string, string][]; body: ArrayBuffer }
  | { t: "limit"; id: number; call: string; payload: Record<string, string> }
  | { t: "closed" };
