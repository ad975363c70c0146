import DecimalBase from "decimal.js";
import fc from "fast-check";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADDRESS_CODE_TYPE, ADDRESS_SERVICE_PATHS, type AccountCode } from "../../../app/contract/index";
import { createExchange, type Exchange } from "../index";
import { DAY } from "../lib/time";
import { issueToken } from "../models/users";
import { approveDeposit, approveWithdrawal, rejectDeposit, rejectWithdrawal } from "./review";
import { moneyClient, seconds } from "../../../tests/helpers/money-client";
import { expectLockedIsHeld, heldFor } from "../../../tests/helpers/holds";
import { removeExchange } from "../../../tests/helpers/quiet-exchange";

const Decimal = DecimalBase.clone({ precision: 80 });
type D = InstanceType<typeof Decimal>;

let ex: Exchange;
let dir: string;
let clock = Date.UTC(2026, 2, 1, 9, 0, 0);
let c: ReturnType<typeof moneyClient>;
const USERS = ["demo@example.com", "alice@example.com"];
const PASSWORDS: Record<string, string> = { "demo@example.com": "Trade2026", "alice@example.com": "Alice2026" };
const PAY = "PayPass2026";
const TRON = "TJRabPrwbZy45sbavfcjinPJC18kjpRTv8";
const ETH_ADDR = "0x52908400098527886E0F7030069857D2E4169EE7";
const uids: number[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "exchange-conservation-"));
  ex = createExchange({ dataDir: dir, simulator: false, marketMaker: false, log: () => {}, now: () => clock, savingsScheduler: false });
  c = moneyClient(ex);
  for (const email of USERS) {
    const token = await c.login(email, PASSWORDS[email]);
    const uid = c.userId(email);
    uids.push(uid);
    clock += 61_000;
    expect((await c.setPayPassword(token, email, PAY)).code).toBe(1);
    for (const [coin, contract, address] of [
      ["USDT", "TRC20", TRON],
      ["ETH", "", ETH_ADDR],
    ]) {
      clock += 61_000;
      expect((await c.addr(ADDRESS_SERVICE_PATHS.sendVerificationcode, { user_id: uid, timestamp: seconds(clock) })).code).toBe(1);
      const code = c.lastCode(email, ADDRESS_CODE_TYPE);
      const r = await c.addr(ADDRESS_SERVICE_PATHS.bindDrawAddress, {
        user_id: uid,
        address,
        coin_name: coin,
        contract_address: contract,
        verificationcode: code,
        timestamp: seconds(clock),
      });
      expect(r.code).toBe(1);
    }
  }
}, 60_000);
afterAll(() => removeExchange(ex, dir));

/** Sum of balance + lock_balance of every account (users and system accounts) per currency. */
function totals(): Map<number, D> {
  const out = new Map<number, D>();
  for (const r of ex.db.prepare("SELECT currency_id, balance, lock_balance FROM accounts").all() as {
    currency_id: number;
    balance: string;
    lock_balance: string;
  }[]) {
    out.set(r.currency_id, (out.get(r.currency_id) ?? new Decimal(0)).plus(r.balance).plus(r.lock_balance));
  }
  return out;
}

function negatives(): number {
  let n = 0;
  for (const r of ex.db.prepare("SELECT balance, lock_balance FROM accounts").all() as { balance: string; lock_balance: string }[]) {
    if (new Decimal(r.balance).isNegative() || new Decimal(r.lock_balance).isNegative()) n++;
  }
  return n;
}

/** Each pending withdrawal's hold holds its amount, each active savings holding's its principal. */
function expectObjectsHeld(): void {
  for (const w of ex.db.prepare("SELECT id, amount FROM withdrawals WHERE status = 'pending'").all() as { id: number; amount: string }[])
    expect(heldFor(ex.db, "withdrawal", w.id)).toBe(new Decimal(w.amount).toFixed());
  for (const h of ex.db.prepare("SELECT id, principal FROM savings_holdings WHERE status = 'active'").all() as {
    id: number;
    principal: string;
  }[])
    expect(heldFor(ex.db, "savings", h.id)).toBe(new Decimal(h.principal).toFixed());
}

const CURRENCIES = [1, 2, 3]; // USDT, BTC, ETH
const SCALE: Record<number, number> = { 1: 2, 2: 6, 3: 4 }; // amount decimals used by the generator
const CODES: AccountCode[] = ["change_account", "legal_account", "lever_account", "micro_account", "financial_account"];
const outcome = fc.constantFrom("approve", "reject", "pending");
const user = fc.integer({ min: 0, max: 1 });
const currency = fc.constantFrom(...CURRENCIES);
const units = fc.integer({ min: 1, max: 200_000 });

const command = fc.oneof(
  fc.record({
    kind: fc.constant("transfer" as const),
    user,
    currency,
    from: fc.constantFrom(...CODES),
    to: fc.constantFrom(...CODES),
    units,
  }),
  fc.record({ kind: fc.constant("withdraw" as const), user, currency: fc.constantFrom(1, 3), units, outcome }),
  fc.record({ kind: fc.constant("deposit" as const), user, currency, units, outcome }),
  fc.record({
    kind: fc.constant("savings" as const),
    user,
    product: fc.integer({ min: 0, max: 5 }),
    factor: fc.integer({ min: 1, max: 4 }),
  }),
  fc.record({ kind: fc.constant("accrue" as const), hours: fc.integer({ min: 1, max: 96 }) }),
  fc.record({ kind: fc.constant("convert" as const), user, from: currency, to: currency, units, late: fc.boolean() }),
  fc.record({ kind: fc.constant("review" as const), approve: fc.boolean() }),
);
type Command = typeof command extends fc.Arbitrary<infer T> ? T : never;

/** A sender's wallet of the shape the currency's first chain takes (a declaration's address must be one). */
const SENDER: Record<number, string> = {
  1: "0x52908400098527886E0F7030069857D2E4169EE7",
  2: "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq",
  3: "0x52908400098527886E0F7030069857D2E4169EE7",
};

function amountOf(cur: number, u: number): string {
  return new Decimal(u).div(new Decimal(10).pow(SCALE[cur])).toFixed();
}

describe("conservation of funds", () => {
  it("any sequence of transfers, withdrawals, deposits, savings, accruals and converts conserves every currency exactly", async () => {
    const products = ex.db.prepare("SELECT id, limit_number FROM lock_products ORDER BY sort").all() as {
      id: number;
      limit_number: string;
    }[];
    let runs = 0;
    let accepted = 0;

    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 5, maxLength: 30 }), async (cmds: Command[]) => {
        runs++;
        const start = totals();
        const expected = new Map<number, D>([...start].map(([k, v]) => [k, v]));
        const add = (cur: number, v: string, sign: 1 | -1) =>
          expected.set(cur, (expected.get(cur) ?? new Decimal(0)).plus(new Decimal(v).times(sign)));
        const tokenOf = (i: number) => issueToken(ex.db, uids[i], clock);
        for (const cmd of cmds) {
          clock += 1_000;
          switch (cmd.kind) {
            case "transfer": {
              const r = await c.call(
                "transfer",
                { currency_id: cmd.currency, balance: amountOf(cmd.currency, cmd.units), from: cmd.from, to: cmd.to },
                { token: tokenOf(cmd.user) },
              );
              if (r.code === 1) accepted++;
              break;
            }
            case "withdraw": {
              const r = await c.call(
                "draw",
                {
                  currency_id: cmd.currency,
                  address: cmd.currency === 1 ? TRON : ETH_ADDR,
                  currency_protocol_id: cmd.currency === 1 ? 2 : 3,
                  number: amountOf(cmd.currency, cmd.units),
                  pay_password: PAY,
                },
                { token: tokenOf(cmd.user) },
              );
              if (r.code !== 1) break;
              accepted++;
              const id = (r.data as { id: number }).id;
              if (cmd.outcome === "approve") {
                const a = approveWithdrawal(ex.db, ex.system, id, clock);
                if (a.ok) add(cmd.currency, a.row.received, -1);
              } else if (cmd.outcome === "reject") rejectWithdrawal(ex.db, id, clock);
              break;
            }
            case "deposit": {
              const r = await c.call(
                "createPayOrder",
                { currency_id: cmd.currency, chargeNum: amountOf(cmd.currency, cmd.units), walletAddress: SENDER[cmd.currency]! },
                { token: tokenOf(cmd.user) },
              );
              if (r.code !== 1) break;
              accepted++;
              const id = (r.data as { id: number }).id;
              if (cmd.outcome === "approve") {
                const a = approveDeposit(ex.db, id, clock);
                if (a.ok) add(cmd.currency, a.row.amount, 1);
              } else if (cmd.outcome === "reject") rejectDeposit(ex.db, id, clock);
              break;
            }
            case "review": {
              // Works the oldest pending withdrawal or deposit of any earlier command.
              const w = ex.db.prepare("SELECT id FROM withdrawals WHERE status = 'pending' ORDER BY id LIMIT 1").get() as
                { id: number } | undefined;
              if (w) {
                if (cmd.approve) {
                  const a = approveWithdrawal(ex.db, ex.system, w.id, clock);
                  if (a.ok) add(a.row.currency_id, a.row.received, -1);
                } else rejectWithdrawal(ex.db, w.id, clock);
              }
              const d = ex.db.prepare("SELECT id FROM deposits WHERE status = 'pending' ORDER BY id LIMIT 1").get() as
                { id: number } | undefined;
              if (d) {
                if (cmd.approve) {
                  const a = approveDeposit(ex.db, d.id, clock);
                  if (a.ok) add(a.row.currency_id, a.row.amount, 1);
                } else rejectDeposit(ex.db, d.id, clock);
              }
              break;
            }
            case "savings": {
              const p = products[cmd.product];
              const r = await c.call(
                "submitLock",
                { id: p.id, number: new Decimal(p.limit_number).times(cmd.factor).toFixed() },
                { token: tokenOf(cmd.user) },
              );
              if (r.code === 1) accepted++;
              break;
            }
            case "accrue":
              clock += cmd.hours * 3_600_000;
              ex.savings.runNow();
              break;
            case "convert": {
              const q = await c.call(
                "convertQuote",
                { from_currency_id: cmd.from, to_currency_id: cmd.to, amount: amountOf(cmd.from, cmd.units) },
                { token: tokenOf(cmd.user) },
              );
              if (q.code !== 1) break;
              if (cmd.late) clock += 11_000;
              const r = await c.call(
                "convertExecute",
                { quote_id: (q.data as { quote_id: string }).quote_id },
                { token: tokenOf(cmd.user) },
              );
              if (r.code === 1) accepted++;
              break;
            }
          }
          if (negatives() !== 0) return false;
          expectLockedIsHeld(ex.db);
          expectObjectsHeld();
        }
        const end = totals();
        for (const [cur, v] of expected) {
          if (!(end.get(cur) ?? new Decimal(0)).eq(v))
            throw new Error(`currency ${cur}: expected ${v.toFixed()}, found ${end.get(cur)?.toFixed()}`);
        }
        return true;
      }),
      { numRuns: 60, seed: 20261121 },
    );
    expect(runs).toBe(60);
    // The generator must actually move money (not only produce refusals).
    expect(accepted).toBeGreaterThan(200);
    clock += 400 * DAY;
    ex.savings.runNow();
    expect(negatives()).toBe(0);
    expectLockedIsHeld(ex.db);
  }, 180_000);
});
