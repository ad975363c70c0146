import { mkdtempSync } from "node:fs";
import { quietExchange, removeExchange } from "../../tests/helpers/quiet-exchange";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "./db/index";
import type { Subscriber } from "./hub";
import { type Exchange } from "./index";
import { credit } from "./ledger/index";
import { createUser } from "./models/users";
import { P2PEngine } from "./p2p/engine";
import { OutboxHub } from "./pushes";

/**
 * An appeal decided by the operator CLI (another process, its own engine on the same database) reaches the parties'
 * open pages: the CLI's pushes are queued in `user_pushes`, and the server's relay sends them on its /ws hub.
 */
let ex: Exchange;
let dir: string;
const now = Date.UTC(2026, 10, 25, 10, 0, 0);

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "pushes-"));
  ex = quietExchange(dir, { pushPollMs: 0, now: () => now });
});
afterAll(() => removeExchange(ex, dir));

const listen = (userId: number) => {
  const got: unknown[] = [];
  const s: Subscriber = { userId, channels: new Set(), send: (m) => got.push(m) };
  ex.hub.subscribe(s, "P2P_ORDER");
  return got;
};

describe("pushes from the operator CLI", () => {
  it("an appeal resolved in another process reaches both parties' connections through the relay", () => {
    const usdt = (ex.db.prepare("SELECT id FROM currencies WHERE code = 'USDT'").get() as { id: number }).id;
    const merchant = createUser(ex.db, { email: "po-merchant@example.com", passwordHash: "!", now });
    const buyer = createUser(ex.db, { email: "po-buyer@example.com", passwordHash: "!", now });
    credit(ex.db, { userId: merchant, currencyId: usdt, accountCode: "legal_account", amount: "1000", type: "seed" });
    const ad = ex.p2p.publishAd(
      merchant,
      {
        side: "sell",
        currencyId: usdt,
        fiat: "CNY",
        price: "7.00",
        total: "100",
        minQuantity: "1",
        maxQuantity: "100",
        payTypes: ["bank"],
      },
      now,
    );
    const o = ex.p2p.createOrder(buyer, ad.id, "10", now);
    ex.p2p.setVoucher(o.id, buyer, `${"e".repeat(32)}.png`, now);
    ex.p2p.markPaid(o.id, buyer, undefined, now);
    ex.p2p.appeal(o.id, buyer, "not released", now);
    ex.pushes.drain(); // what the running exchange decided so far
    const toBuyer = listen(buyer);
    const toMerchant = listen(merchant);

    // The CLI: its own connection to the database, its own engine, an outbox for a hub.
    const cliDb = openDatabase(dir);
    try {
      new P2PEngine(cliDb, new OutboxHub(cliDb, () => now), { clock: () => now, log: () => {}, timer: false }).resolveAppeal(
        o.id,
        "buyer",
        "payment seen",
        now,
      );
    } finally {
      cliDb.close();
    }
    expect(toBuyer).toEqual([]);
    // The two P2P_ORDER pushes, and the NOTIFY of each party's notification of the decision.
    expect(ex.pushes.drain()).toBe(4);
    expect(toBuyer).toEqual([{ type: "P2P_ORDER", id: o.id, status: 3 }]);
    expect(toMerchant).toEqual([{ type: "P2P_ORDER", id: o.id, status: 3 }]);
    // Sent once: the rows are gone.
    expect(ex.pushes.drain()).toBe(0);
    expect(toBuyer).toHaveLength(1);
  });

  it("a push queued by another process's hub is sent once, in the default language's payload", () => {
    const hub = new OutboxHub(ex.db, () => now);
    const user = createUser(ex.db, { email: "po-once@example.com", passwordHash: "!", now });
    const got = listen(user);
    hub.publishToUser(user, "P2P_ORDER", () => ({ type: "P2P_ORDER", id: 1, status: 3 }));
    expect(ex.pushes.drain()).toBe(1);
    expect(got).toEqual([{ type: "P2P_ORDER", id: 1, status: 3 }]);
    expect(ex.pushes.drain()).toBe(0);
    expect(got).toHaveLength(1);
  });
});
