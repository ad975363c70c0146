import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase } from "./db/index";
import { seedIfEmpty } from "./db/seed";

/**
 * What a user typed reaches the operator's terminal through the CLI: an address, a memo, an email. Terminal escape
 * sequences in it (clear the screen, rewrite a line, set the window title, bidi reordering) are shown escaped.
 */
const ESC = "\u001b";
const EVIL_ADDRESS = `T9yD${ESC}[2J${ESC}[1;1HAPPROVED${ESC}]0;pwned\u0007`;
const EVIL_MEMO = `12${ESC}[8m hidden\u009b31m\u202eevil`;

function cli(dataDir: string, ...args: string[]): string {
  return execFileSync("npx", ["tsx", "server/exchange/cli.ts", ...args], { env: { ...process.env, DATA_DIR: dataDir }, encoding: "utf8" });
}

describe("operator CLI output", () => {
  const dataDir = mkdtempSync(join(tmpdir(), "cli-esc-"));
  beforeAll(() => {
    const db = openDatabase(dataDir);
    seedIfEmpty(db);
    const now = Date.now();
    // Rows as an older version (or another writer) may have stored them, before the exchange refused such text.
    const user = db.prepare("SELECT id FROM users WHERE email = 'demo@example.com'").get() as { id: number };
    const usdt = db.prepare("SELECT id FROM currencies WHERE code = 'USDT'").get() as { id: number };
    const chain = db.prepare("SELECT id FROM currency_protocols WHERE currency_id = ? ORDER BY id LIMIT 1").get(usdt.id) as { id: number };
    db.prepare(
      "INSERT INTO withdrawals (user_id, currency_id, protocol_id, address, memo, amount, fee, received, rate, created_at) VALUES (?, ?, ?, ?, ?, '10', '1', '9', '0.1', ?)",
    ).run(user.id, usdt.id, chain.id, EVIL_ADDRESS, EVIL_MEMO, now);
    db.prepare(
      "INSERT INTO deposits (user_id, currency_id, protocol_id, amount, wallet_address, created_at) VALUES (?, ?, ?, '5', ?, ?)",
    ).run(user.id, usdt.id, chain.id, EVIL_ADDRESS, now);
    db.prepare("INSERT INTO outbox (address, channel, type, code, body, created_at) VALUES (?, 'email', 1, '123456', ?, ?)").run(
      `x${ESC}[2Jy@example.com`,
      `code ${ESC}]0;title\u0007`,
      now,
    );
    db.close();
  }, 30_000);
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  // eslint-disable-next-line no-control-regex -- control characters are what it looks for
  const RAW_CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

  it("withdrawals: the address and memo are shown with their control characters escaped", () => {
    const out = cli(dataDir, "withdrawals");
    expect(out).not.toMatch(RAW_CONTROL);
    expect(out).toContain("to T9yD\\x1b[2J\\x1b[1;1HAPPROVED\\x1b]0;pwned\\x07");
    expect(out).toContain("memo 12\\x1b[8m hidden\\x9b31m\\u202eevil");
  }, 30_000);

  it("deposits and the outbox: the same", () => {
    const deposits = cli(dataDir, "deposits");
    expect(deposits).not.toMatch(RAW_CONTROL);
    expect(deposits).toContain("from T9yD\\x1b[2J");
    const outbox = cli(dataDir, "outbox");
    expect(outbox).not.toMatch(RAW_CONTROL);
    expect(outbox).toContain("x\\x1b[2Jy@example.com");
  }, 30_000);

  it("--json output keeps the text exact and escapes every control character", () => {
    const out = cli(dataDir, "withdrawals", "--json");
    expect(out).not.toMatch(RAW_CONTROL);
    const rows = JSON.parse(out).rows as { address: string; memo: string }[];
    expect(rows.find((r) => r.address === EVIL_ADDRESS)?.memo).toBe(EVIL_MEMO);
  }, 30_000);
});
