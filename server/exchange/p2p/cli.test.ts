import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../db/index";
import { quietExchange } from "../../../tests/helpers/quiet-exchange";

/** The operator's side of fiat P2P: who may become a merchant, the appeals queue and its decisions. */
function cli(dataDir: string, ...args: string[]) {
  return spawnSync("npx", ["tsx", "server/exchange/cli.ts", ...args], { env: { ...process.env, DATA_DIR: dataDir }, encoding: "utf8" });
}

describe("operator CLI: fiat P2P", () => {
  const dataDir = mkdtempSync(join(tmpdir(), "cli-p2p-"));
  let orderId = 0;
  beforeAll(async () => {
    const ex = quietExchange(dataDir);
    const now = Date.now();
    const id = (email: string) => (ex.db.prepare("SELECT id FROM users WHERE email = ?").get(email) as { id: number }).id;
    const ad = ex.db.prepare("SELECT id FROM p2p_ads WHERE side = 'sell' AND fiat = 'CNY'").get() as { id: number };
    const o = ex.p2p.createOrder(id("demo@example.com"), ad.id, "25", now);
    ex.p2p.setVoucher(o.id, id("demo@example.com"), `${"a".repeat(32)}.png`, now);
    ex.p2p.markPaid(o.id, id("demo@example.com"), undefined, now);
    ex.p2p.appeal(o.id, id("demo@example.com"), "paid \u001b[2J but not released", now);
    orderId = o.id;
    await ex.close();
  }, 30_000);
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it("lists appeals with both sides and the reason escaped, and releases to the buyer once", () => {
    const list = execFileSync("npx", ["tsx", "server/exchange/cli.ts", "appeals"], {
      env: { ...process.env, DATA_DIR: dataDir },
      encoding: "utf8",
    });
    expect(list).toContain("1 fiat order(s) under appeal");
    expect(list).toContain("25 USDT for 180.00 CNY");
    expect(list).toContain("appeal by the buyer: paid \\x1b[2J but not released");
    const done = cli(dataDir, "resolve-appeal", String(orderId), "buyer", "payment", "seen");
    expect(done.stdout).toContain(`fiat order #${orderId}: released to the buyer`);
    const again = cli(dataDir, "resolve-appeal", String(orderId), "seller");
    expect(again.status).not.toBe(0);
    expect(again.stderr).toContain("is not under appeal");
    const db = openDatabase(dataDir);
    expect(db.prepare("SELECT status, complete_by, resolution_note FROM p2p_orders WHERE id = ?").get(orderId)).toEqual({
      status: 3,
      complete_by: "operator",
      resolution_note: "payment seen",
    });
    db.close();
  }, 60_000);

  it("sets the fiat orders' time limits in whole minutes, and new orders take them", () => {
    expect(cli(dataDir, "p2p-limits").stdout).toContain("pay within 15 min, confirm within 30 min");
    expect(cli(dataDir, "p2p-limits", "--pay", "0").stderr).toContain("--pay takes whole minutes from 1 to 1440");
    // The limit in seconds is for test setups only.
    expect(cli(dataDir, "p2p-limits", "--pay-seconds", "5", "--buyer", "demo@example.com").stderr).toContain("is a test-only setting");
    expect(cli(dataDir, "p2p-limits", "--pay", "20", "--confirm", "45").stdout).toContain("pay within 20 min, confirm within 45 min");
    const db = openDatabase(dataDir);
    expect(db.prepare("SELECT value FROM settings WHERE key = 'p2p_pay_minutes'").get()).toEqual({ value: "20" });
    db.close();
  }, 60_000);

  it("makes only verified users merchants", () => {
    const refused = cli(dataDir, "make-merchant", "alice@example.com");
    expect(refused.status).not.toBe(0);
    expect(refused.stderr).toContain("has not passed identity verification");
    expect(cli(dataDir, "make-merchant", "demo@example.com").stdout).toContain("demo@example.com is now a merchant");
  }, 60_000);
});
