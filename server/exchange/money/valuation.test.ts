import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createExchange, type Exchange } from "../index";
import { credit, move } from "../ledger/index";
import { DAY } from "../lib/time";
import { assetHistory } from "./valuation";
import { removeExchange } from "../../../tests/helpers/quiet-exchange";

let ex: Exchange;
let dir: string;
let clock = Date.UTC(2026, 4, 1, 12);
const USDT = 1;

function newUser(email: string): number {
  ex.db
    .prepare("INSERT INTO users (email, password_hash, invite_code, authorization_code, created_at) VALUES (?, '!', ?, ?, ?)")
    .run(email, email.slice(0, 8).toUpperCase(), `V${email.slice(0, 7)}`.toUpperCase(), clock);
  return (ex.db.prepare("SELECT id FROM users WHERE email = ?").get(email) as { id: number }).id;
}

const history = (userId: number) => assetHistory(ex.db, userId, clock).map((h) => [(h.day - Date.UTC(2026, 4, 1)) / DAY, h.usd]);

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "exchange-valuation-"));
  ex = createExchange({ dataDir: dir, simulator: false, marketMaker: false, dailyScheduler: false, log: () => {}, now: () => clock });
});
afterAll(() => removeExchange(ex, dir));

describe("daily asset snapshots", () => {
  it("value each holder once a day; someone who held something and now holds nothing reads 0 while it is on the chart", () => {
    const kept = newUser("kept@example.com");
    const leaver = newUser("leaver@example.com");
    const never = newUser("never@example.com");
    credit(ex.db, { userId: kept, currencyId: USDT, accountCode: "change_account", amount: "100", type: "seed" });
    credit(ex.db, { userId: leaver, currencyId: USDT, accountCode: "lever_account", amount: "50.5", type: "seed" });

    expect(ex.snapshots.run(clock)).toBeGreaterThan(0);
    expect(history(kept)).toEqual([[0, "100.00"]]);
    expect(history(leaver)).toEqual([[0, "50.50"]]);
    expect(history(never)).toEqual([]);

    // The leaver takes everything out: the next day is a 0, not a gap the chart would bridge with 50.50.
    move(ex.db, { userId: leaver, currencyId: USDT, accountCode: "lever_account" }, { system: "external", currencyId: USDT }, "50.5");
    clock += DAY;
    ex.snapshots.run(clock);
    expect(history(leaver)).toEqual([
      [0, "50.50"],
      [1, "0.00"],
    ]);
    expect(history(kept)).toEqual([
      [0, "100.00"],
      [1, "100.00"],
    ]);
    // Someone who never held anything is still not valued.
    expect(history(never)).toEqual([]);

    // The last day whose chart still shows the 50.50 gets its 0; the day after, the leaver is no longer valued.
    clock = Date.UTC(2026, 4, 30, 1);
    ex.snapshots.run(clock);
    expect(history(leaver).at(-1)).toEqual([29, "0.00"]);
    clock += DAY;
    ex.snapshots.run(clock);
    expect(history(leaver).at(-1)).toEqual([29, "0.00"]);
    expect(history(kept).at(-1)).toEqual([30, "100.00"]);
  });
});
