// What the exchange benchmarks share (not a test): a quiet exchange in a fresh folder, two funded traders, percentiles.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createExchange, type Exchange } from "../../server/exchange/index";
import { credit } from "../../server/exchange/ledger/index";
import { createUser } from "../../server/exchange/models/users";

/** The `p`th percentile of `xs` (0 when empty). */
export const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? 0;
};

/** An exchange on a fresh database in a new temporary folder, with no simulator, market maker, push poll or daily jobs. */
export function exchangeIn(prefix: string): { ex: Exchange; dir: string } {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const ex = createExchange({ dataDir: dir, simulator: false, marketMaker: false, log: () => {}, pushPollMs: 0, dailyScheduler: false });
  return { ex, dir };
}

/** A user made for a benchmark (no password anyone can sign in with). */
export const benchUser = (ex: Exchange, email: string, now: number) => createUser(ex.db, { email, passwordHash: "x", now });

/** The two accounts whose trades each round makes: a seller with 100,000 ETH and a buyer with 1,000,000,000 USDT. */
export function twoTraders(ex: Exchange, now: number): { seller: number; buyer: number } {
  const seller = benchUser(ex, "bench-seller@example.com", now);
  const buyer = benchUser(ex, "bench-buyer@example.com", now);
  credit(ex.db, { userId: seller, currencyId: 3, accountCode: "change_account", amount: "100000", type: "admin_credit", now });
  credit(ex.db, { userId: buyer, currencyId: 1, accountCode: "change_account", amount: "1000000000", type: "admin_credit", now });
  return { seller, buyer };
}
