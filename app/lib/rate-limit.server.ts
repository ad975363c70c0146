import { remember } from "./remember.server";

/**
 * Sliding-window limiter held in memory: the app is one process (ARCHITECTURE.md), so no
 * shared store is needed. Keys are e.g. "ip:1.2.3.4" and "account:a@b.c"; every key must pass.
 */
export class RateLimiter {
  private hits = new Map<string, number[]>();
  constructor(readonly limit: number, readonly windowMs: number, private now: () => number = Date.now) {}

  /** Records one attempt under every key; returns null when allowed, else seconds until retry. */
  hit(keys: string[]): null | { retryAfter: number } {
    const t = this.now();
    let retryAfter = 0;
    for (const key of keys) {
      const list = (this.hits.get(key) ?? []).filter((x) => x > t - this.windowMs);
      if (list.length >= this.limit) retryAfter = Math.max(retryAfter, Math.ceil((list[0] + this.windowMs - t) / 1000));
      this.hits.set(key, list);
    }
    if (retryAfter > 0) return { retryAfter };
    for (const key of keys) this.hits.get(key)!.push(t);
    if (this.hits.size > 50_000) this.sweep(t);
    return null;
  }

  private sweep(t: number) {
    for (const [k, v] of this.hits) if (!v.length || v[v.length - 1] <= t - this.windowMs) this.hits.delete(k);
  }
}

export const limiters = remember("rate-limiters", () => ({
  login: new RateLimiter(10, 60_000),
  register: new RateLimiter(10, 60_000),
  sendCode: new RateLimiter(5, 60_000),
  resetPassword: new RateLimiter(10, 60_000),
}));

export type LimiterName = keyof typeof limiters;

/** Every limited action counts the caller's IP and the address it names. */
export function rateLimit(name: LimiterName, ip: string, address?: string | null) {
  const keys = [`ip:${ip}`];
  if (address) keys.push(`address:${address.trim().toLowerCase()}`);
  return limiters[name].hit(keys);
}
