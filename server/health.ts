import type { Request, Response } from "express";
import { calls, CODE } from "../app/contract/index";

/**
 * /healthz says the process is alive (it answers at all); /readyz says whether it can serve: 503 while it stops,
 * or when the exchange (embedded or remote) or its database cannot answer. A monitor or load balancer watches
 * /readyz; a supervisor that restarts dead processes watches /healthz.
 */
export interface Readiness {
  ok: boolean;
  /** Why not: for the operator's monitor (the exchange's address is never in it). */
  problem?: string;
}

/** How long the remote exchange may take to answer the readiness probe. */
export const READY_TIMEOUT_MS = 2_000;

export function healthz(info: Record<string, unknown>) {
  return (_req: Request, res: Response) => {
    res.setHeader("Cache-Control", "no-store");
    res.json({ ok: true, ...info });
  };
}

export function readyz(check: () => Promise<Readiness>) {
  return async (_req: Request, res: Response) => {
    const r = await check().catch((err: Error): Readiness => ({ ok: false, problem: err.message }));
    res.setHeader("Cache-Control", "no-store");
    res.status(r.ok ? 200 : 503).json(r.ok ? { ok: true } : { ok: false, problem: r.problem });
  };
}

/**
 * Readiness through the contract, the way pages load their data: one public call (a setting, read from the
 * exchange's database on every call) must come back as an envelope with code 1 within READY_TIMEOUT_MS. Works for
 * the embedded exchange and for any exchange behind EXCHANGE_API_URL. Concurrent probes share one call.
 */
export function exchangeAnswers(exchangeFetch: (request: globalThis.Request) => Promise<globalThis.Response>) {
  let pending: Promise<Readiness> | null = null;
  const probe = async (): Promise<Readiness> => {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), READY_TIMEOUT_MS);
    try {
      const url = new URL(`http://exchange.internal/api/${calls.setting.path}`);
      url.searchParams.set("key", "popup_on");
      const response = await exchangeFetch(
        new globalThis.Request(url, { headers: { accept: "application/json" }, signal: controller.signal }),
      );
      const body = (await response.json()) as { code?: number };
      if (response.status !== 200 || body?.code !== CODE.OK) return { ok: false, problem: `the exchange answered ${response.status}` };
      return { ok: true };
    } catch {
      return {
        ok: false,
        problem: controller.signal.aborted ? `the exchange did not answer within ${READY_TIMEOUT_MS} ms` : "the exchange cannot be reached",
      };
    } finally {
      clearTimeout(timer);
    }
  };
  return (): Promise<Readiness> => {
    pending ??= probe().finally(() => (pending = null));
    return pending;
  };
}
