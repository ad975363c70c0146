import { AsyncLocalStorage } from "node:async_hooks";
import { Redis } from "ioredis";
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import { rootLogger } from "./log.server";
import { metrics } from "./metrics.server";
import { remember } from "./remember.server";

/**
 * Sign-in, register, password reset and code sending are limited per client IP and per address named (every key
 * must pass), by rate-limiter-flexible (decision 003): in this process's memory, or in Redis when REDIS_URL is set
 * so that several app processes share one count. Should Redis become unreachable, each process falls back to its
 * own memory (one warning in the log) rather than refusing sign-ins, and shares again once Redis is back.
 */
export const LIMITS = {
  login: { points: 10, duration: 60 },
  register: { points: 10, duration: 60 },
  sendCode: { points: 5, duration: 60 },
  resetPassword: { points: 10, duration: 60 },
} as const;

export type LimiterName = keyof typeof LIMITS;
export type Refusal = { retryAfter: number };

/** One limit over several keys: an attempt passes only when every key has room, and a refused one is not counted. */
export class Limiter {
  constructor(private readonly store: RateLimiterAbstract) {}

  /** Counts one attempt under every key; null when allowed, else the seconds until a retry can pass. */
  async hit(keys: string[]): Promise<Refusal | null> {
    const results = await Promise.allSettled(keys.map((key) => this.store.consume(key)));
    let retryMs = 0;
    for (const r of results) {
      if (r.status === "fulfilled") continue;
      if (!(r.reason instanceof RateLimiterRes)) throw r.reason;
      retryMs = Math.max(retryMs, r.reason.msBeforeNext);
    }
    if (retryMs <= 0 && results.every((r) => r.status === "fulfilled")) return null;
    // consume() counted the attempt under every key, refused or not: give it back, so that a user who waits is let in.
    await Promise.allSettled(keys.map((key) => this.store.reward(key, 1)));
    return { retryAfter: Math.max(1, Math.ceil(retryMs / 1000)) };
  }
}

export interface LimiterOptions {
  /** redis:// or rediss:// URL; absent: memory of this process. */
  redisUrl?: string;
  limits?: Record<LimiterName, { points: number; duration: number }>;
  /** Where the one warning per Redis outage goes (default the process's log). */
  warn?: (line: string) => void;
  /** Key prefix in Redis (tests use their own). */
  prefix?: string;
}

export interface Limiters {
  limiters: Record<LimiterName, Limiter>;
  /** 'redis' while the shared store answers, 'memory' otherwise. */
  store(): "redis" | "memory";
  /** How many times the link to Redis has been tried again since it was made (0 without Redis). */
  reconnects(): number;
  close(): Promise<void>;
}

export function createLimiters(opts: LimiterOptions = {}): Limiters {
  const limits = opts.limits ?? LIMITS;
  const warn = opts.warn ?? ((line: string) => rootLogger().warn(line));
  const prefix = opts.prefix ?? "rl";
  const names = Object.keys(limits) as LimiterName[];
  const memory = (name: LimiterName) => new RateLimiterMemory({ ...limits[name], keyPrefix: `${prefix}:${name}` });

  if (!opts.redisUrl) {
    const limiters = Object.fromEntries(names.map((n) => [n, new Limiter(memory(n))])) as Record<LimiterName, Limiter>;
    return { limiters, store: () => "memory", reconnects: () => 0, close: async () => {} };
  }

  const where = redactUrl(opts.redisUrl);
  const redis = new Redis(opts.redisUrl, {
    // Fail at once while disconnected (the insurance limiter answers) instead of queueing sign-ins behind a dead link.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    commandTimeout: 1000,
    connectTimeout: 2000,
    retryStrategy: (times) => Math.min(times * 250, 2000),
  });
  let outage = false;
  let reconnects = 0;
  redis.on("reconnecting", () => reconnects++);
  const down = (why: string) => {
    if (outage) return;
    outage = true;
    warn(
      `[rate-limit] Redis at ${where} is unreachable (${why}): sign-in and code limits fall back to this process's memory until it is back`,
    );
  };
  redis.on("error", (err: Error) => down(err.message || err.name));
  redis.on("end", () => down("connection closed"));
  redis.on("close", () => {
    if (redis.status !== "ready") down("connection closed");
  });
  redis.on("ready", () => {
    if (outage) warn(`[rate-limit] Redis at ${where} is back: limits are shared again`);
    outage = false;
  });

  const limiters = Object.fromEntries(
    names.map((n) => [
      n,
      new Limiter(
        new RateLimiterRedis({
          storeClient: redis,
          ...limits[n],
          keyPrefix: `${prefix}:${n}`,
          rejectIfRedisNotReady: true,
          insuranceLimiter: memory(n),
        }),
      ),
    ]),
  ) as Record<LimiterName, Limiter>;
  return {
    limiters,
    store: () => (redis.status === "ready" ? "redis" : "memory"),
    reconnects: () => reconnects,
    close: async () => {
      redis.removeAllListeners("error");
      redis.on("error", () => {});
      redis.disconnect();
    },
  };
}

function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    u.username = "";
    u.password = "";
    return u.toString();
  } catch {
    return "(REDIS_URL)";
  }
}

/** One set of limiters per process (the server entry and the Remix build share it), configured from REDIS_URL. */
export function processLimiters(): Limiters {
  return remember("rate-limiters:v2", () => createLimiters({ redisUrl: process.env.REDIS_URL || undefined }));
}

/**
 * The refusals of the request being handled. Remix keeps an action's headers off the page it renders, so the
 * server entry runs each request in a scope and puts `Retry-After` on a 429 from what was refused here.
 */
export const refusalScope: AsyncLocalStorage<{ retryAfter?: number }> = remember("rate-limit-refusals", () => new AsyncLocalStorage());

/**
 * The key an address is counted under: one for each account, however it is written. An email is trimmed and
 * lower-cased. A phone number loses its spaces, dashes, dots and brackets and its international prefix ('+' or '00'),
 * and is counted by its last 9 digits: the exchange takes '+86 138 0013 8000', '0086-13800138000' and '13800138000'
 * (the country picked) as one account, and all of them end in the same 9 digits. A national number shorter than
 * that gets two keys at most (with and without its country code), never one per spelling; two numbers of different
 * countries that end alike share a count, which only throttles sooner.
 */
export function addressKey(address: string): string {
  const v = address.trim().toLowerCase();
  if (v.includes("@")) return v;
  const digits = v.replace(/[\s().-]/g, "").replace(/^(\+|00)/, "");
  return /^[0-9]+$/.test(digits) ? `tel:${digits.slice(-9)}` : v;
}

/** Every limited action counts the caller's IP and the address it names (its key: `addressKey`). */
export async function rateLimit(name: LimiterName, ip: string, address?: string | null): Promise<Refusal | null> {
  const keys = [`ip:${ip}`];
  if (address && address.trim()) keys.push(`address:${addressKey(address)}`);
  const refused = await processLimiters().limiters[name].hit(keys);
  if (refused) metrics().rateLimitRefusals.inc({ limit: name });
  const scope = refusalScope.getStore();
  if (refused && scope) scope.retryAfter = Math.max(scope.retryAfter ?? 0, refused.retryAfter);
  return refused;
}

/** The exchange calls of the public /api/ mount that the forms limit, and the payload field naming the address. */
export const API_LIMITS: Record<string, { limiter: LimiterName; field: string }> = {
  login: { limiter: "login", field: "account" },
  register: { limiter: "register", field: "account" },
  forgetPassword: { limiter: "resetPassword", field: "account" },
  sendEmail: { limiter: "sendCode", field: "to" },
  sendSms: { limiter: "sendCode", field: "to" },
  sendBindCode: { limiter: "sendCode", field: "user_string" },
};

/** The limit of one public /api/ call (null for calls the forms do not limit). */
export function apiRateLimit(call: string, ip: string, payload: Record<string, unknown>): Promise<Refusal | null> | null {
  const rule = API_LIMITS[call];
  if (!rule) return null;
  const value = payload[rule.field];
  return rateLimit(rule.limiter, ip, typeof value === "string" ? value : null);
}
