// The exchange thread's first module (server/exchange-thread.ts starts it): a worker's entry file is loaded before any
// --import of the parent applies, so TypeScript's loader is registered here, then the worker proper is imported.
import { workerData } from "node:worker_threads";
import { register } from "tsx/esm/api";

register();
await import(workerData.entry);
