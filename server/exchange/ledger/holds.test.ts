import { copyFileSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { migrate, openDatabase, type DB } from "../db/index";
import { seedIfEmpty } from "../db/seed";
import { ensureMoneySystem } from "../money/system";
import { findHold, holdLegs, lockLeg, openedHold, releaseLeg, voidLegs } from "./holds";
import { credit, LedgerError, post, type Leg } from "./index";
import { lockedVsHolds, reconcile } from "./reconcile";

function setup(): { db: DB; alice: number; bob: number } {
  const db = openDatabase(":memory:");
  seedIfEmpty(db);
  const id = (email: string) => (db.prepare("SELECT id FROM users WHERE email = ?").get(email) as { id: number }).id;
  return { db, alice: id("alice@example.com"), bob: id("bob@example.com") };
}

function refusal(fn: () => unknown): string {
  try {
    fn();
  } catch (err) {
    if (err instanceof LedgerError) return err.reason;
    throw err;
  }
  return "accepted";
}

const account = (db: DB, userId: number, code = "change_account", currencyId = 1) =>
  db
    .prepare("SELECT balance, lock_balance FROM accounts WHERE user_id = ? AND currency_id = ? AND account_code = ?")
    .get(userId, currencyId, code) as {
    balance: string;
    lock_balance: string;
  };

describe("holds", () => {
  it("a hold opens with the posting that locks its amount, and the locked balance is the sum of the open holds", () => {
    const { db, alice } = setup();
    const owner = { userId: alice, currencyId: 1, accountCode: "change_account" as const };
    const a = openedHold(post(db, { type: "test", legs: holdLegs(owner, "withdrawal", 901, "12.5") }));
    const b = openedHold(post(db, { type: "test", legs: holdLegs(owner, "spot_order", 902, "0.0000000000000001") }));
    expect(a).not.toBe(b);
    expect(findHold(db, "withdrawal", 901)).toMatchObject({
      id: a,
      amount: "12.5",
      remaining: "12.5",
      posted: "0",
      voided: "0",
      status: "pending",
    });
    expect(account(db, alice).lock_balance).toBe("12.5000000000000001");
    expect(lockedVsHolds(db)).toEqual([]);
  });

  it("is posted in parts and voided for the rest by its id, then closes; a closed hold cannot be taken from again", () => {
    const { db, alice, bob } = setup();
    const owner = { userId: alice, currencyId: 1, accountCode: "change_account" as const };
    const id = openedHold(post(db, { type: "test", legs: holdLegs(owner, "spot_order", 7, "100") }));
    const hold = findHold(db, "spot_order", 7)!;
    const toBob = (amount: string): Leg[] => [
      releaseLeg(hold, amount, "post"),
      { userId: bob, currencyId: 1, accountCode: "change_account", amount },
    ];
    post(db, { type: "fill", legs: toBob("30") });
    post(db, { type: "fill", legs: toBob("20.25") });
    expect(findHold(db, "spot_order", 7)).toMatchObject({ id, posted: "50.25", voided: "0", remaining: "49.75", status: "pending" });
    post(db, { type: "cancel", legs: voidLegs(hold, "49.75") });
    expect(findHold(db, "spot_order", 7)).toMatchObject({ posted: "50.25", voided: "49.75", remaining: "0", status: "posted" });
    expect(findHold(db, "spot_order", 7)!.closed_at).not.toBeNull();
    expect(refusal(() => post(db, { type: "again", legs: voidLegs(hold, "1") }))).toBe("hold_mismatch");
    // Voided whole: the status says nothing was posted.
    openedHold(post(db, { type: "test", legs: holdLegs(owner, "withdrawal", 8, "5") }));
    post(db, { type: "reject", legs: voidLegs(findHold(db, "withdrawal", 8)!, "5") });
    expect(findHold(db, "withdrawal", 8)).toMatchObject({ status: "voided", voided: "5", remaining: "0" });
    expect(lockedVsHolds(db)).toEqual([]);
  });

  it("refuses a release without its hold, with another account's hold, or for more than the hold holds, writing nothing", () => {
    const { db, alice, bob } = setup();
    const owner = { userId: alice, currencyId: 1, accountCode: "change_account" as const };
    post(db, { type: "test", legs: holdLegs(owner, "withdrawal", 1, "10") });
    const hold = findHold(db, "withdrawal", 1)!;
    const logs = () => (db.prepare("SELECT COUNT(*) AS n FROM account_log").get() as { n: number }).n;
    const before = { logs: logs(), alice: account(db, alice), hold: findHold(db, "withdrawal", 1) };
    // The old way: a lock moved back to available with nothing linking it to what locked it.
    expect(
      refusal(() =>
        post(db, {
          type: "unlock",
          legs: [
            { ...owner, field: "lock_balance", amount: "-10" },
            { ...owner, amount: "10" },
          ],
        }),
      ),
    ).toBe("no_hold");
    // A lock without a hold either.
    expect(
      refusal(() =>
        post(db, {
          type: "lock",
          legs: [
            { ...owner, amount: "-1" },
            { ...owner, field: "lock_balance", amount: "1" },
          ],
        }),
      ),
    ).toBe("no_hold");
    // Alice's hold named on Bob's account.
    credit(db, { userId: bob, currencyId: 1, accountCode: "change_account", amount: "10", type: "test" });
    post(db, { type: "test", legs: holdLegs({ ...owner, userId: bob }, "withdrawal", 2, "10") });
    const leg = releaseLeg(hold, "10", "void");
    expect(
      refusal(() =>
        post(db, {
          type: "x",
          legs: [
            { ...leg, userId: bob },
            { ...owner, userId: bob, amount: "10" },
          ],
        }),
      ),
    ).toBe("hold_mismatch");
    expect(refusal(() => post(db, { type: "x", legs: voidLegs(hold, "10.01") }))).toBe("hold_mismatch");
    // Shares that do not add up to their leg.
    expect(
      refusal(() =>
        post(db, {
          type: "x",
          legs: [
            { ...owner, field: "lock_balance", amount: "-4", holds: [{ hold: hold.id, amount: "-3" }] },
            { ...owner, amount: "4" },
          ],
        }),
      ),
    ).toBe("hold_mismatch");
    // Hold shares on an available balance.
    expect(
      refusal(() =>
        post(db, {
          type: "x",
          legs: [
            { ...owner, amount: "-1", holds: [{ hold: hold.id, amount: "-1" }] },
            { ...owner, userId: bob, amount: "1" },
          ],
        }),
      ),
    ).toBe("hold_mismatch");
    expect(logs()).toBe(before.logs + 3); // only Bob's credit and hold above
    expect(account(db, alice)).toEqual(before.alice);
    expect(findHold(db, "withdrawal", 1)).toEqual(before.hold);
  });

  it("a hold may sit on another account of the owner than the one that paid for it (savings: spot → financial)", () => {
    const { db, alice } = setup();
    const owner = { userId: alice, currencyId: 1 };
    post(db, {
      type: "savings_lock",
      legs: holdLegs({ ...owner, accountCode: "financial_account" }, "savings", 3, "100", { ...owner, accountCode: "change_account" }),
    });
    expect(account(db, alice, "financial_account").lock_balance).toBe("100");
    post(db, { type: "savings_return", legs: voidLegs(findHold(db, "savings", 3)!, "100", "change_account") });
    expect(account(db, alice, "financial_account").lock_balance).toBe("0");
    expect(findHold(db, "savings", 3)!.status).toBe("voided");
  });

  it("refuses a new hold of a kind that does not exist, and a second hold of the same object", () => {
    const { db, alice } = setup();
    const owner = { userId: alice, currencyId: 1, accountCode: "change_account" as const };
    expect(refusal(() => post(db, { type: "x", legs: [{ ...owner, amount: "-1" }, lockLeg(owner, "nonsense" as never, 1, "1")] }))).toBe(
      "hold_mismatch",
    );
    post(db, { type: "x", legs: holdLegs(owner, "micro_order", 5, "1") });
    expect(() => post(db, { type: "x", legs: holdLegs(owner, "micro_order", 5, "1") })).toThrow(/UNIQUE/);
    expect(account(db, alice).lock_balance).toBe("1");
  });
});

describe("migration 011", () => {
  it("back-fills a hold for everything an existing database has locked, so the upgraded database reconciles", () => {
    // A database at migration 009, with locks made the old way (balance → lock_balance, nothing linking them).
    const all = fileURLToPath(new URL("../db/migrations/", import.meta.url));
    const dir = mkdtempSync(join(tmpdir(), "migrations-"));
    for (const f of readdirSync(all)) if (/^\d+_.+\.sql$/.test(f) && parseInt(f, 10) === 11) copyFileSync(join(all, f), join(dir, f));
    const db = openDatabase(":memory:");
    // As if at migration 010: the later migrations' tables stay (they touch nothing 011 reads), and 011 alone runs
    // again, on the old-style locks below.
    db.exec("DROP TABLE holds; DELETE FROM schema_migrations WHERE version >= 11;");
    try {
      seedIfEmpty(db);
      ensureMoneySystem(db);
      const q = (sql: string, ...args: unknown[]) => db.prepare(sql).run(...args);
      const id = (email: string) => (db.prepare("SELECT id FROM users WHERE email = ?").get(email) as { id: number }).id;
      const alice = id("alice@example.com");
      const bob = id("bob@example.com");
      // As the old code locked: available → locked on the same row, a log row each, nothing linking them.
      const lock = (userId: number, currencyId: number, code: string, amount: string) => {
        credit(db, { userId, currencyId, accountCode: code as "change_account", amount, type: "test" });
        const acc = db
          .prepare("SELECT id FROM accounts WHERE user_id = ? AND currency_id = ? AND account_code = ?")
          .get(userId, currencyId, code) as {
          id: number;
        };
        q(
          "UPDATE accounts SET balance = dec_sub(balance, ?), lock_balance = dec_add(lock_balance, ?) WHERE id = ?",
          amount,
          amount,
          acc.id,
        );
        for (const [field, value] of [
          ["balance", `-${amount}`],
          ["lock_balance", amount],
        ])
          q(
            `INSERT INTO account_log (account_id, user_id, currency_id, account_code, field, value, balance_after, type, created_at)
             SELECT id, user_id, currency_id, account_code, ?, ?, ${field}, 'old_lock', 0 FROM accounts WHERE id = ?`,
            field,
            value,
            acc.id,
          );
      };
      // A spot buy (quote) and sell (base), a withdrawal under review, a lever pending order and position, a running
      // second-contract order, an active savings holding, a sell ad with an order in progress, a sale to a buy ad.
      q(
        "INSERT INTO spot_orders (id, user_id, match_id, way, type, price, number, locked, status, created_at, updated_at) VALUES (1, ?, 3, 1, 'limit', '150', '2', '300', 0, 0, 0)",
        alice,
      );
      q(
        "INSERT INTO spot_orders (id, user_id, match_id, way, type, price, number, locked, status, created_at, updated_at) VALUES (2, ?, 3, 2, 'limit', '160', '1.5', '1.5', 0, 0, 0)",
        alice,
      );
      lock(alice, 1, "change_account", "300");
      lock(alice, 5, "change_account", "1.5");
      q(
        "INSERT INTO withdrawals (id, user_id, currency_id, protocol_id, address, amount, fee, received, rate, created_at) VALUES (1, ?, 1, 1, 'T', '25', '1', '24', '0', 0)",
        alice,
      );
      lock(alice, 1, "change_account", "25");
      q(
        `INSERT INTO lever_orders (id, user_id, currency_match_id, currency_id, type, status, share, multiple, number, price, origin_price, update_price,
           caution_money, origin_caution_money, trade_fee, created_at) VALUES (1, ?, 1, 1, 1, 0, 1, 10, '0.01', '60000', '59000', '60000', '60', '60', '0.6', 0)`,
        alice,
      );
      q(
        `INSERT INTO lever_orders (id, user_id, currency_match_id, currency_id, type, status, share, multiple, number, price, origin_price, update_price,
           caution_money, origin_caution_money, trade_fee, created_at) VALUES (2, ?, 1, 1, 2, 1, 1, 10, '0.01', '60000', '60000', '60000', '59.5', '60', '0.6', 0)`,
        alice,
      );
      lock(alice, 1, "lever_account", "120.1");
      q(
        `INSERT INTO micro_orders (id, user_id, match_id, currency_id, type, status, seconds, number, profit_ratio, fee, open_price, created_at, due_at)
         VALUES (1, ?, 1, 1, 1, 1, 30, '100', '0.2', '0.1', '60000', 0, 1)`,
        alice,
      );
      lock(alice, 1, "micro_account", "100");
      q(
        `INSERT INTO savings_holdings (id, user_id, product_id, currency_id, principal, annual_rate, daily_interest, limit_days, created_at, value_date, end_at, next_accrual_at)
         VALUES (1, ?, 1, 1, '500', '0.045', '0.06', 7, 0, 1, 2, 1)`,
        alice,
      );
      lock(alice, 1, "financial_account", "500");
      q(
        `INSERT INTO p2p_ads (id, user_id, side, currency_id, fiat, price, total, remaining, min_quantity, max_quantity, pay_types, status, created_at, updated_at)
         VALUES (1, ?, 'sell', 1, 'CNY', '7.2', '100', '70', '1', '100', 'bank', 1, 0, 0), (2, ?, 'buy', 1, 'CNY', '7', '100', '90', '1', '100', 'bank', 1, 0, 0)`,
        bob,
        bob,
      );
      q(
        `INSERT INTO p2p_orders (id, ad_id, merchant_id, buyer_id, seller_id, currency_id, fiat, price, quantity, amount, status, created_at)
         VALUES (1, 1, ?, ?, ?, 1, 'CNY', '7.2', '30', '216', 2, 0), (2, 2, ?, ?, ?, 1, 'CNY', '7', '10', '70', 1, 0)`,
        bob,
        alice,
        bob,
        bob,
        bob,
        alice,
      );
      lock(bob, 1, "legal_account", "100");
      lock(alice, 1, "legal_account", "10");
      // And 0.5 locked that no object explains.
      lock(bob, 2, "change_account", "0.5");

      expect(migrate(db, dir)).toEqual(["011_holds.sql"]);
      const holds = db.prepare("SELECT kind, ref_id, account_code, currency_id, remaining FROM holds ORDER BY kind, ref_id").all();
      expect(holds).toEqual([
        { kind: "lever_order", ref_id: 1, account_code: "lever_account", currency_id: 1, remaining: "60.6" },
        { kind: "lever_order", ref_id: 2, account_code: "lever_account", currency_id: 1, remaining: "59.5" },
        { kind: "micro_order", ref_id: 1, account_code: "micro_account", currency_id: 1, remaining: "100" },
        { kind: "opening", ref_id: expect.any(Number), account_code: "change_account", currency_id: 2, remaining: "0.5" },
        { kind: "p2p_ad", ref_id: 1, account_code: "legal_account", currency_id: 1, remaining: "100" },
        { kind: "p2p_order", ref_id: 2, account_code: "legal_account", currency_id: 1, remaining: "10" },
        { kind: "savings", ref_id: 1, account_code: "financial_account", currency_id: 1, remaining: "500" },
        { kind: "spot_order", ref_id: 1, account_code: "change_account", currency_id: 1, remaining: "300" },
        { kind: "spot_order", ref_id: 2, account_code: "change_account", currency_id: 5, remaining: "1.5" },
        { kind: "withdrawal", ref_id: 1, account_code: "change_account", currency_id: 1, remaining: "25" },
      ]);
      const report = reconcile(db);
      expect(report.mismatches).toEqual([]);
      expect(report.openingHolds).toBe(1);
    } finally {
      db.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
