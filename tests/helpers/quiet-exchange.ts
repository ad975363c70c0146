// Test helper (imported by *.test.ts only).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createExchange, type Exchange, type ExchangeOptions } from "../../server/exchange/index";

/**
 * An exchange for a unit test, on `dataDir`: the demo's data, but nothing moves by itself — no simulator, no market
 * maker, no scheduler (the test calls what falls due, on its own clock through `now`) — and nothing logged.
 * `options` adds to or overrides that.
 */
export function quietExchange(dataDir: string, options: Partial<ExchangeOptions> = {}): Exchange {
  return createExchange({
    dataDir,
    simulator: false,
    marketMaker: false,
    leverScheduler: false,
    microScheduler: false,
    savingsScheduler: false,
    p2pScheduler: false,
    log: () => {},
    ...options,
  });
}

/**
 * A test's (or a property run's) exchange on a fresh data folder named from `prefix`, on its clock (`now` answers it):
 * `open()` opens it, and opens it again on the same data after a restart; `removeExchange(ex, dir)` ends the run.
 */
export function reopenableExchange(prefix: string, now: () => number): { dir: string; open: () => Exchange } {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  return { dir, open: () => quietExchange(dir, { now }) };
}

/** Closes a test's exchange and deletes its data folder (the end of every test file that opened one with mkdtemp). */
export async function removeExchange(ex: Exchange, dataDir: string): Promise<void> {
  await ex.close();
  rmSync(dataDir, { recursive: true, force: true });
}
