import { mkdtempSync } from "node:fs";
import { quietExchange, removeExchange } from "../../tests/helpers/quiet-exchange";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "./db/index";
import type { Subscriber } from "./hub";
import { type Exchange } from "./index";
import { createUser } from "./models/users";
import { P2PEngine } from "./p2p/engine";
import { paidOrder, sellAd } from "./p2p/test-support";
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
    const { merchant, ad } = sellAd(ex, "po-merchant@example.com", { funds: "1000", total: "100", now });
    const { buyer, order: o } = paidOrder(ex, ad.id, "po-buyer@example.com", now);
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
