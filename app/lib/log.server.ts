import { AsyncLocalStorage } from "node:async_hooks";
import { pino, stdTimeFunctions, type DestinationStream, type Logger } from "pino";
import { remember } from "./remember.server";

/**
 * The process's log: JSON lines by pino (decision 017), one object per event with `level`, `time`, `msg` and, inside
 * a request, its `reqId`. LOG_LEVEL sets the threshold (info by default). Two rules hold for every line, whoever
 * writes it:
 * - no secret: a field whose name says password, token, secret, code, cookie, authorization, sign(ature) or
 *   session is written as "[redacted]", whatever it holds;
 * - nothing long: a string (a field or the message) is cut at MAX_VALUE_CHARS, with how much was cut, so no
 *   visitor can write a 20,000-character value into the log.
 */
export const MAX_VALUE_CHARS = 1_000;
const MAX_DEPTH = 6;
const MAX_KEYS = 50;
const SECRET_KEY = /pass(word)?|secret|token|authori[sz]ation|cookie|^code$|_code$|otp|sign(ature)?$|session|api[-_]?key/i;

export function cut(value: string, max = MAX_VALUE_CHARS): string {
  return value.length <= max ? value : `${value.slice(0, max)}… [${value.length - max} more characters cut]`;
}

/** A copy safe to write: secrets redacted, long strings cut, depth and width bounded, errors as plain objects. */
export function scrub(value: unknown, depth = 0): unknown {
  if (typeof value === "string") return cut(value);
  if (value === null || typeof value !== "object") return value;
  if (depth >= MAX_DEPTH) return "[too deep]";
  if (value instanceof Error) {
    return { type: value.name, message: cut(value.message), stack: value.stack ? cut(value.stack, 4 * MAX_VALUE_CHARS) : undefined };
  }
  if (Array.isArray(value)) return value.slice(0, MAX_KEYS).map((v) => scrub(v, depth + 1));
  const out: Record<string, unknown> = {};
  let n = 0;
  for (const [k, v] of Object.entries(value)) {
    if (n++ >= MAX_KEYS) {
      out["…"] = "[more fields cut]";
      break;
    }
    out[cut(k, 100)] = SECRET_KEY.test(k) && v !== undefined && v !== null && typeof v !== "number" ? "[redacted]" : scrub(v, depth + 1);
  }
  return out;
}

type ErrorListener = (message: string) => void;
/** Told of every line at level error or above (the unit tests' fail-on-error setup listens here). */
const errorListeners: Set<ErrorListener> = remember("log-error-listeners", () => new Set<ErrorListener>());

export function onLoggedError(listener: ErrorListener): () => void {
  errorListeners.add(listener);
  return () => errorListeners.delete(listener);
}

export interface LoggerOptions {
  level?: string;
  /** Where the lines go (default: standard output). */
  destination?: DestinationStream;
}

export function createLogger(opts: LoggerOptions = {}): Logger {
  return pino(
    {
      level: opts.level ?? "info",
      base: { pid: process.pid },
      timestamp: stdTimeFunctions.isoTime,
      messageKey: "msg",
      // Errors are already plain objects (scrub): pino's own error serializer would take them for errors again.
      serializers: { err: (v: unknown) => v },
      formatters: { level: (label) => ({ level: label }) },
      hooks: {
        // Every call passes through here, in every child logger: the message and each argument are made safe.
        logMethod(args, method, level) {
          const safe = args.map((a) => scrub(a)) as typeof args;
          if (level >= 50 && errorListeners.size) {
            const text = safe.filter((a) => typeof a === "string").join(" ") || JSON.stringify(safe[0]);
            for (const l of errorListeners) l(text);
          }
          return method.apply(this, safe);
        },
      },
    },
    opts.destination,
  );
}

/** The process's logger (LOG_LEVEL, standard output), one for the server entry and the Remix build alike. */
export function rootLogger(): Logger {
  return remember("logger", () => createLogger({ level: process.env.LOG_LEVEL || "info" }));
}

/** The request being served, for the lines written while serving it. */
export const requestContext: AsyncLocalStorage<{ reqId: string; log: Logger }> = remember(
  "log-request-context",
  () => new AsyncLocalStorage<{ reqId: string; log: Logger }>(),
);

/** The logger to write with here: the request's (with its reqId) inside a request, else the process's. */
export function log(): Logger {
  return requestContext.getStore()?.log ?? rootLogger();
}

/**
 * For the modules that log plain lines (the exchange, the live relay): a line that says something failed is a
 * warning, the rest information. The exchange's request errors have their own error-level channel.
 */
export function lineLogger(logger: () => Logger): (line: string) => void {
  return (line) =>
    /\b(error|errors|failed|failure|rolled back|refused|unreachable)\b/i.test(line) ? logger().warn(line) : logger().info(line);
}

export type { Logger };
