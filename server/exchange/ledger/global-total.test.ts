import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADDRESS_CODE_TYPE, ADDRESS_SERVICE_PATHS } from "../../../app/contract/index";
import { moneyClient, seconds } from "../../../tests/helpers/money-client";
import { BUY, SELL } from "../engine/book";
import { createExchange, type Exchange } from "../index";
import { DAY } from "../lib/time";
import { approveDeposit, approveWithdrawal } from "../money/review";
import { globalTotals } from "./index";
import { removeExchange } from "../../../tests/helpers/quiet-exchange";

let ex: Exchange;
let dir: string;
let clock = Date.UTC(2026, 2, 1, 9, 0, 0);
const TRON = "TJRabPrwbZy45sbavfcjinPJC18kjpRTv8";
const PAY = "PayPass2026";

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "exchange-global-total-"));
  ex = createExchange({ dataDir: dir, simulator: false, marketMaker: false, log: () => {}, now: () => clock, savingsScheduler: false });
});
afterAll(() => removeExchange(ex, dir));

function expectZero(): void {
  const totals = globalTotals(ex.db);
  expect(totals.size).toBeGreaterThan(0);
  for (const [currency, total] of totals) expect({ currency, total }).toEqual({ currency, total: "0" });
}

describe("system accounts", () => {
  it("make the global total of every currency zero after deposit, trade with fee, withdrawal, convert and savings", async () => {
    expectZero(); // seed balances came from the external account
    const c = moneyClient(ex);
    const demo = await c.login("demo@example.com", "Trade2026");
    const alice = await c.login("alice@example.com", "Alice2026");
    const demoId = c.userId("demo@example.com");
    const aliceId = c.userId("alice@example.com");

    // Deposit.
    const d = await c.call(
      "createPayOrder",
      { currency_id: 1, chargeNum: "250.5", walletAddress: "0x52908400098527886E0F7030069857D2E4169EE7" },
      { token: demo },
    );
    expect(d.code).toBe(1);
    expect(approveDeposit(ex.db, (d.data as { id: number }).id, clock).ok).toBe(true);

    // A trade between two users, both paying the 0.1 % fee.
    const pair = [...ex.market.pairs.values()].find((p) => p.openChange === 1 && p.baseCode === "ETH" && p.quoteCode === "USDT")!;
    const price = "2000";
    const sell = await ex.engine.submit({ kind: "add", userId: demoId, matchId: pair.id, way: SELL, type: "limit", price, number: "0.5" });
    const buy = await ex.engine.submit({ kind: "add", userId: aliceId, matchId: pair.id, way: BUY, type: "limit", price, number: "0.5" });
    expect(sell.ok && buy.ok).toBe(true);
    const fees = ex.db.prepare("SELECT COUNT(*) AS n FROM accounts WHERE user_id = ? AND balance <> '0'").get(ex.system.feeCollectorId) as {
      n: number;
    };
    expect(fees.n).toBeGreaterThan(0);

    // Withdrawal, approved (paid out to the external account, fee to the fee collector).
    clock += 61_000;
    expect((await c.setPayPassword(demo, "demo@example.com", PAY)).code).toBe(1);
    clock += 61_000;
    expect((await c.addr(ADDRESS_SERVICE_PATHS.sendVerificationcode, { user_id: demoId, timestamp: seconds(clock) })).code).toBe(1);
    const code = c.lastCode("demo@example.com", ADDRESS_CODE_TYPE);
    const bound = await c.addr(ADDRESS_SERVICE_PATHS.bindDrawAddress, {
      user_id: demoId,
      address: TRON,
      coin_name: "USDT",
      contract_address: "TRC20",
      verificationcode: code,
      timestamp: seconds(clock),
    });
    expect(bound.code).toBe(1);
    clock += 24 * 3600_000; // the first trade password held withdrawals for a day
    const w = await c.call(
      "draw",
      { currency_id: 1, address: TRON, currency_protocol_id: 2, number: "100", pay_password: PAY },
      { token: demo },
    );
    expect(w.code).toBe(1);
    expect(approveWithdrawal(ex.db, ex.system, (w.data as { id: number }).id, clock).ok).toBe(true);

    // Convert against the treasury.
    const q = await c.call("convertQuote", { from_currency_id: 1, to_currency_id: 3, amount: "50" }, { token: alice });
    expect(q.code).toBe(1);
    expect((await c.call("convertExecute", { quote_id: (q.data as { quote_id: string }).quote_id }, { token: alice })).code).toBe(1);

    // Savings: bought, accrued from the treasury, returned.
    const product = ex.db.prepare("SELECT id, limit_number FROM lock_products WHERE currency_id = 1 ORDER BY sort LIMIT 1").get() as {
      id: number;
      limit_number: string;
    };
    expect((await c.call("submitLock", { id: product.id, number: product.limit_number }, { token: alice })).code).toBe(1);
    clock += 400 * DAY;
    ex.savings.runNow();
    expect((ex.db.prepare("SELECT COUNT(*) AS n FROM savings_accruals").get() as { n: number }).n).toBeGreaterThan(0);

    expectZero();
    // Money that left and entered shows on the external account.
    const external = ex.db.prepare("SELECT balance FROM system_accounts WHERE name = 'external' AND currency_id = 1").get() as {
      balance: string;
    };
    expect(external.balance.startsWith("-")).toBe(true);
  }, 60_000);
});
