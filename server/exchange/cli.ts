// Operator CLI of the embedded exchange: `tsx server/exchange/cli.ts <command>` (npm run exchange -- <command>).
// DATA_DIR selects the data folder (default ./data).
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import Database from "better-sqlite3";
import { openDatabase, schemaVersion, type DB } from "./db/index";
import { applyListing, ListingError, readListingFile } from "./db/listing";
import { checkDatabaseFor, DataModeError, isLiveDatabase } from "./db/mode";
import { isAccountCode, REVIEW_STATUS } from "../../app/contract/core/index";
import { credit as ledgerCredit, LedgerError } from "./ledger/index";
import { formatDateTime } from "./lib/time";
import { setTestPaySeconds } from "./models/p2p";
import { findUserByAccount, revokeAllTokens, type UserRow } from "./models/users";
import { OrderBook, BUY } from "./engine/book";
import { formatFixed, formatScaled, parseScaled } from "./engine/fixed";
import type { OrderRow } from "./engine/engine";
import { normalizeSymbol } from "../../app/contract/index";
import { ensureMoneySystem } from "./money/system";
import { approveDeposit, approveWithdrawal, listDeposits, listWithdrawals, rejectDeposit, rejectWithdrawal } from "./money/review";
import { runDueAccruals } from "./money/savings";
import {
  addAgent,
  liftWithdrawalHold,
  pendingIdentities,
  recordSecurityEvent,
  replyFeedback,
  reviewIdentity,
  withdrawalHold,
} from "./models/personal";
import { P2PEngine, P2PRefusal } from "./p2p/engine";
import { formatReconcile, reconcile } from "./ledger/reconcile";
import { expireOpenQuotes } from "./models/converts";
import { OutboxHub } from "./pushes";

const USAGE = `usage: tsx server/exchange/cli.ts <command>

  serve                                    run the exchange alone on EXCHANGE_HOST:EXCHANGE_PORT (default 127.0.0.1:3001):
                                           /api, /ws and the address service /addr/ (internal: for the app processes only;
                                           in production start it as node --import tsx server/exchange-server.ts)
  backup <file>                            a consistent copy of the database, taken while it runs (SQLite's backup API),
                                           checked with PRAGMA integrity_check; restore: README "Backup and restore"
  listing check [<file>]                   validate a real exchange's listing (default EXCHANGE_CONFIG) and say what the
                                           next start would change in this database (nothing is written)
  outbox [--to <address>] [--limit N] [--json]
                                           codes sent by email/SMS, newest first
  credit <email|mobile> <account code> <currency> <amount>
                                           credit a balance through the ledger
                                           (account code: change_account, legal_account, lever_account, micro_account, financial_account)
  revoke-tokens <email|mobile>             expire every session token of a user
  expire-quotes <email|mobile>             end a user's open convert quotes now (made at a wrong price): confirming
                                           one shows the new rate to confirm instead
  lift-hold <email|mobile>                 end a user's 24-hour withdrawal hold after a security change (once you
                                           know the change was the owner's; the user's security log shows it)
  users                                    list users
  orders <email|mobile> [--pair BTC/USDT] [--open] [--limit N]
                                           a user's spot orders, newest first
  book <symbol> [--levels N] [--orders]    the spot order book of a pair from the database (what the engine
                                           rebuilds at start): asks above, bids below, orders per level
  deposits [--status pending|approved|rejected] [--limit N] [--json]
                                           deposits declared for review, newest first
  approve-deposit <id>                     credit a pending deposit to the user's spot account
  reject-deposit <id>                      reject a pending deposit (nothing is credited)
  withdrawals [--status pending|approved|rejected] [--limit N] [--json]
                                           withdrawals, newest first
  approve-withdrawal <id>                  pay out a pending withdrawal (locked amount leaves, fee to the fee collector)
  reject-withdrawal <id>                   reject a pending withdrawal (the locked amount returns to the user)
  accrue                                   pay the savings interest (and return principals) due now
  identities                               identity submissions under review, with the stored image files
  approve-identity <id>                    approve an identity submission (raises the user's withdrawal limit)
  reject-identity <id> <reason…>           reject it with a reason the user sees beside the form
  add-agent <email|mobile> <authorization code>
                                           make a user an agent (only with the code the user gave you)
  feedback                                 open feedback, oldest first
  reply-feedback <id> <text…>              answer a feedback (the user sees it in the personal centre)
  make-merchant <email|mobile>             let a verified user open a fiat shop (/myshop): publish ads, take orders
  p2p-limits [--pay <minutes>] [--confirm <minutes>]
                                           fiat orders' time limits (default 15 to pay, 30 to confirm; whole minutes,
                                           1 to 1440); new orders take the limits in force when they are placed;
                                           test-only: --pay-seconds <n> --buyer <account> (TEST_SETTINGS=on, demo
                                           data): that buyer's next order only
  appeals                                  fiat P2P orders under appeal, oldest first, with both sides' reasons
  resolve-appeal <id> buyer|seller [note…] decide an appeal: release the coins to the buyer, or return them to the
                                           seller; the note is shown to both in the order's chat
  reconcile [--json]                       check the ledger from the database: every currency sums to 0 over all
                                           accounts (external included), balances equal their log rows, locked
                                           equals the open holds, nothing negative; exits 1 and names the rows if not

environment: the settings of the README's table, the same for both processes (DATA_DIR, DEMO, EXCHANGE_CONFIG,
             EXCHANGE_PORT, EXCHANGE_HOST, SIMULATOR=on|off|history, MARKET_MAKER=on|off, SPOT_MAKER_FEE, SPOT_TAKER_FEE,
             ADDRESS_SERVICE_SECRET, REDIS_URL, LOG_LEVEL, METRICS_PORT, ...); a bad value stops the start with a message`;

const dataDir = process.env.DATA_DIR || "./data";

// C0 and C1 controls, DEL, and the bidi overrides that reorder what a terminal shows.
// eslint-disable-next-line no-control-regex -- control characters are what it strips
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

/**
 * User-supplied text (addresses, memos, accounts, message bodies) as an operator's terminal may show it: every
 * control character escaped (`\x1b`, `\u202e`), so no one can put an escape sequence on the operator's screen.
 */
function esc(value: unknown): string {
  return String(value ?? "").replace(CONTROL, (c) => {
    const n = c.codePointAt(0)!;
    return n <= 0xff ? `\\x${n.toString(16).padStart(2, "0")}` : `\\u${n.toString(16).padStart(4, "0")}`;
  });
}

/** JSON for scripts: JSON.stringify escapes C0 controls but leaves DEL, C1 and bidi controls raw. */
function jsonOut(value: unknown): string {
  return JSON.stringify(value, null, 2).replace(
    /[\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g,
    (c) => `\\u${c.codePointAt(0)!.toString(16).padStart(4, "0")}`,
  );
}

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

/** DEMO as the commands need it: only to know whether an empty DATA_DIR may be seeded with the demo. */
function demoSetting(): boolean {
  const v = process.env.DEMO || "on";
  if (v !== "on" && v !== "off") fail(`Invalid configuration:\n  DEMO: must be on or off (got ${JSON.stringify(v)})`);
  return v === "on";
}

function openDb(): DB {
  const db = openDatabase(dataDir);
  try {
    checkDatabaseFor(db, demoSetting());
  } catch (err) {
    db.close();
    if (err instanceof DataModeError) fail(err.message);
    throw err;
  }
  return db;
}

function findUser(db: DB, account: string): UserRow {
  const user = findUserByAccount(db, account.includes("@") ? "email" : "mobile", account);
  return user ?? fail(`no user ${account}`);
}

function option(args: string[], name: string): string | undefined {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
}

/**
 * A consistent copy of the live database with SQLite's online backup API: every page copied in one step, inside one
 * read transaction, so the copy is the database as of one instant even while the exchange commits (in WAL mode a
 * reader blocks no writer). The copy is then checked (PRAGMA integrity_check) and its users counted.
 */
async function backup(args: string[]): Promise<void> {
  const target = args[0];
  if (!target) fail(USAGE);
  const to = resolve(target);
  if (existsSync(to)) fail(`${to} already exists: give a new file name`);
  const from = join(dataDir, "exchange.db");
  if (!existsSync(from)) fail(`no database at ${from} (DATA_DIR)`);
  const started = Date.now();
  const source = new Database(from, { fileMustExist: true });
  source.pragma("busy_timeout = 5000");
  try {
    // The largest step there is: all pages at once (several steps would restart whenever the server writes between them).
    await source.backup(to, { progress: () => 0x7fffffff });
  } catch (err) {
    fail(`backup failed: ${(err as Error).message}`);
  } finally {
    source.close();
  }
  const copy = new Database(to, { readonly: true, fileMustExist: true });
  try {
    const check = copy.pragma("integrity_check") as { integrity_check: string }[];
    if (check.length !== 1 || check[0].integrity_check !== "ok")
      fail(`the copy at ${to} failed the integrity check: ${check.map((c) => c.integrity_check).join("; ")}`);
    const users = (copy.prepare("SELECT COUNT(*) AS n FROM users").get() as { n: number }).n;
    const pages = (copy.pragma("page_count") as { page_count: number }[])[0].page_count;
    console.log(
      `backup of ${from} written to ${to}: schema version ${schemaVersion(copy)}, ${users} users, ${pages} pages, integrity ok, in ${Date.now() - started} ms`,
    );
  } finally {
    copy.close();
  }
}

/** Validates a listing and reports what applying it would change, in a transaction that is rolled back. */
function listing(args: string[]): void {
  if (args[0] !== "check") fail(USAGE);
  const file = args[1] ?? process.env.EXCHANGE_CONFIG;
  if (!file) fail("listing check needs a file (or EXCHANGE_CONFIG)");
  let parsed;
  try {
    parsed = readListingFile(resolve(file));
  } catch (err) {
    if (err instanceof ListingError) fail(err.message);
    throw err;
  }
  console.log(
    `${file}: valid (${parsed.currencies.length} currencies, ${parsed.pairs.length} pairs, ${parsed.savings.length} savings products, ${parsed.news.length} articles)`,
  );
  if (!existsSync(join(dataDir, "exchange.db"))) {
    console.log(`no database in ${dataDir} yet: the first start with DEMO=off creates it from this listing`);
    return;
  }
  const db = openDatabase(dataDir);
  try {
    const changes = applyListing(db, parsed, { dryRun: true });
    console.log(changes.length ? `the next start changes:\n${changes.map((c) => `  ${c}`).join("\n")}` : "the database already matches it");
  } catch (err) {
    if (err instanceof ListingError) fail(`the next start would stop: ${err.message}`);
    throw err;
  } finally {
    db.close();
  }
}

function outbox(args: string[]): void {
  const db = openDb();
  const to = option(args, "--to");
  const limit = Number(option(args, "--limit") ?? 20);
  const rows = (
    to
      ? db.prepare("SELECT * FROM outbox WHERE address = ? ORDER BY id DESC LIMIT ?").all(to.includes("@") ? to.toLowerCase() : to, limit)
      : db.prepare("SELECT * FROM outbox ORDER BY id DESC LIMIT ?").all(limit)
  ) as { id: number; address: string; channel: string; type: number; code: string; body: string; created_at: number }[];
  if (args.includes("--json")) {
    console.log(jsonOut(rows.map((r) => ({ ...r, created_at: formatDateTime(r.created_at) }))));
  } else if (rows.length === 0) {
    console.log("outbox is empty");
  } else {
    for (const r of rows)
      console.log(
        `${formatDateTime(r.created_at)}  ${r.channel.padEnd(5)}  ${esc(r.address)}  type ${r.type}  code ${esc(r.code)}  ${esc(r.body)}`,
      );
  }
  db.close();
}

function liftHold(args: string[]): void {
  const [account] = args;
  if (!account) fail(USAGE);
  const db = openDb();
  const user = findUser(db, account);
  const now = Date.now();
  const until = withdrawalHold(db, user.id, now);
  if (until === null) console.log(`${esc(account)}: withdrawals are not held`);
  else {
    db.transaction(() => {
      liftWithdrawalHold(db, user.id);
      recordSecurityEvent(db, user.id, "hold_lifted", { ip: "", device: "operator" }, now);
    })();
    console.log(`${esc(account)}: the withdrawal hold (until ${formatDateTime(until)} UTC) is lifted`);
  }
  db.close();
}

function credit(args: string[]): void {
  const [account, accountCode, currencyCode, amount] = args;
  if (!account || !accountCode || !currencyCode || !amount) fail(USAGE);
  if (!isAccountCode(accountCode)) fail(`unknown account code ${accountCode}`);
  const db = openDb();
  const user = findUser(db, account);
  const currency = db.prepare("SELECT id, code FROM currencies WHERE code = ?").get(currencyCode.toUpperCase()) as
    { id: number; code: string } | undefined;
  if (!currency) fail(`unknown currency ${currencyCode}`);
  try {
    const r = ledgerCredit(db, {
      userId: user.id,
      currencyId: currency.id,
      accountCode,
      amount,
      type: "admin_credit",
      memo: "operator credit (CLI)",
    });
    console.log(`credited ${amount} ${currency.code} to ${account} ${accountCode}: balance ${r.balance}`);
  } catch (err) {
    fail(err instanceof LedgerError ? `cannot credit: ${err.reason}` : String(err));
  } finally {
    db.close();
  }
}

function revokeTokens(args: string[]): void {
  if (!args[0]) fail(USAGE);
  const db = openDb();
  const user = findUser(db, args[0]);
  const n = revokeAllTokens(db, user.id, Date.now());
  console.log(`revoked ${n} token(s) of ${args[0]}`);
  db.close();
}

function expireQuotes(args: string[]): void {
  if (!args[0]) fail(USAGE);
  const db = openDb();
  const user = findUser(db, args[0]);
  const n = expireOpenQuotes(db, user.id, Date.now());
  console.log(`ended ${n} open convert quote(s) of ${args[0]}`);
  db.close();
}

function users(): void {
  const db = openDb();
  const rows = db
    .prepare("SELECT id, email, mobile, invite_code, is_seller, review_status, created_at FROM users ORDER BY id")
    .all() as UserRow[];
  for (const u of rows) {
    console.log(
      `${String(u.id).padStart(4)}  ${esc(u.email ?? u.mobile ?? "").padEnd(28)}  invite ${esc(u.invite_code)}  seller ${u.is_seller}  review ${u.review_status}  since ${formatDateTime(u.created_at)}`,
    );
  }
  db.close();
}

interface CliPair {
  id: number;
  symbol: string;
  price_precision: number;
}

function pairs(db: DB): CliPair[] {
  return db
    .prepare(
      `SELECT m.id, b.code || '/' || q.code AS symbol, m.price_precision FROM currency_matches m
       JOIN currencies b ON b.id = m.base_currency_id JOIN currencies q ON q.id = m.quote_currency_id ORDER BY m.id`,
    )
    .all() as CliPair[];
}

function findPair(db: DB, symbol: string): CliPair {
  return pairs(db).find((p) => normalizeSymbol(p.symbol) === normalizeSymbol(symbol)) ?? fail(`unknown pair ${symbol}`);
}

const STATUS = ["open", "completed", "cancelled", "revoked"];

function orders(args: string[]): void {
  if (!args[0] || args[0].startsWith("--")) fail(USAGE);
  const db = openDb();
  const user = findUser(db, args[0]);
  const pairOpt = option(args, "--pair");
  const limit = Number(option(args, "--limit") ?? 50);
  const byId = new Map(pairs(db).map((p) => [p.id, p]));
  const where = ["user_id = ?"];
  const params: unknown[] = [user.id];
  if (pairOpt) {
    where.push("match_id = ?");
    params.push(findPair(db, pairOpt).id);
  }
  if (args.includes("--open")) where.push("status = 0");
  const rows = db
    .prepare(`SELECT * FROM spot_orders WHERE ${where.join(" AND ")} ORDER BY id DESC LIMIT ?`)
    .all(...params, limit) as OrderRow[];
  if (rows.length === 0) console.log("no orders");
  for (const r of rows) {
    const p = byId.get(r.match_id)!;
    console.log(
      `#${String(r.id).padEnd(7)} ${formatDateTime(r.created_at)}  ${p.symbol.padEnd(10)} ${(r.way === BUY ? "buy" : "sell").padEnd(4)} ${r.type.padEnd(6)} ` +
        `${r.number} @ ${r.price}  filled ${r.transacted_amount} (${r.transacted_volume})  fee ${r.fee}  locked ${r.locked}  ${STATUS[r.status] ?? r.status}`,
    );
  }
  db.close();
}

function book(args: string[]): void {
  if (!args[0]) fail(USAGE);
  const db = openDb();
  const pair = findPair(db, args[0]);
  const levels = Number(option(args, "--levels") ?? 20);
  const b = new OrderBook();
  const rows = db.prepare("SELECT * FROM spot_orders WHERE match_id = ? AND status = 0 ORDER BY id").all(pair.id) as OrderRow[];
  for (const r of rows)
    b.add(r.id, r.user_id, r.way === BUY ? BUY : 2, parseScaled(r.price), parseScaled(r.number) - parseScaled(r.transacted_amount));
  const v = b.view();
  const line = (l: (typeof v.bids)[number]) =>
    `${formatFixed(l.price, pair.price_precision).padStart(18)}  ${formatScaled(l.total).padStart(16)}  ${String(l.orders.length).padStart(4)} order(s)` +
    (args.includes("--orders") ? `  ${l.orders.map((o) => `#${o.id}(u${o.userId}) ${formatScaled(o.remaining)}`).join(", ")}` : "");
  console.log(`${pair.symbol}: ${rows.length} open orders, ${v.asks.length} ask levels, ${v.bids.length} bid levels`);
  console.log(`${"price".padStart(18)}  ${"amount".padStart(16)}`);
  for (const l of v.asks.slice(0, levels).reverse()) console.log(`ask ${line(l)}`);
  const bb = b.bestBid();
  const ba = b.bestAsk();
  console.log(`---- spread ${bb !== null && ba !== null ? formatFixed(ba - bb, pair.price_precision) : "n/a"} ----`);
  for (const l of v.bids.slice(0, levels)) console.log(`bid ${line(l)}`);
  db.close();
}

function userLabel(db: DB, id: number): string {
  const u = db.prepare("SELECT email, mobile FROM users WHERE id = ?").get(id) as
    { email: string | null; mobile: string | null } | undefined;
  return u?.email ?? u?.mobile ?? `#${id}`;
}

function reviewList(kind: "deposits" | "withdrawals", args: string[]): void {
  const db = openDb();
  const status = option(args, "--status");
  if (status && !["pending", "approved", "rejected"].includes(status)) fail(`unknown status ${status}`);
  const limit = Number(option(args, "--limit") ?? 50);
  if (args.includes("--json")) {
    // For scripts: the rows as stored (amounts as decimal strings), times readable, with the user's account.
    const { total, rows } = kind === "deposits" ? listDeposits(db, { status, limit }) : listWithdrawals(db, { status, limit });
    const out = (rows as Array<{ user_id: number; created_at: number }>).map((r) => ({
      ...r,
      user: userLabel(db, r.user_id),
      created_at: formatDateTime(r.created_at),
    }));
    console.log(jsonOut({ total, rows: out }));
    db.close();
    return;
  }
  if (kind === "deposits") {
    const { total, rows } = listDeposits(db, { status, limit });
    console.log(`${total} deposit(s)${status ? ` ${status}` : ""}`);
    for (const d of rows) {
      console.log(
        `#${String(d.id).padEnd(6)} ${formatDateTime(d.created_at)}  ${esc(userLabel(db, d.user_id)).padEnd(24)} ${d.amount} ${d.code}${d.chain ? ` (${esc(d.chain)})` : ""}  from ${esc(d.wallet_address)}  ${d.status}`,
      );
    }
  } else {
    const { total, rows } = listWithdrawals(db, { status, limit });
    console.log(`${total} withdrawal(s)${status ? ` ${status}` : ""}`);
    for (const w of rows) {
      console.log(
        `#${String(w.id).padEnd(6)} ${formatDateTime(w.created_at)}  ${esc(userLabel(db, w.user_id)).padEnd(24)} ${w.amount} ${w.code} (${esc(w.chain)}) to ${esc(w.address)}${w.memo ? ` memo ${esc(w.memo)}` : ""}  fee ${w.fee}  receives ${w.received}  ${w.status}`,
      );
    }
  }
  db.close();
}

function review(kind: "approve-deposit" | "reject-deposit" | "approve-withdrawal" | "reject-withdrawal", args: string[]): void {
  const id = Number(args[0]);
  if (!Number.isInteger(id) || id <= 0) fail(USAGE);
  const db = openDb();
  const system = ensureMoneySystem(db);
  const r =
    kind === "approve-deposit"
      ? approveDeposit(db, id)
      : kind === "reject-deposit"
        ? rejectDeposit(db, id)
        : kind === "approve-withdrawal"
          ? approveWithdrawal(db, system, id)
          : rejectWithdrawal(db, id);
  db.close();
  if (!r.ok) fail(r.reason === "not_found" ? `no ${kind.endsWith("deposit") ? "deposit" : "withdrawal"} #${id}` : `#${id} is not pending`);
  console.log(`${kind.endsWith("deposit") ? "deposit" : "withdrawal"} #${id}: ${r.row.status}`);
}

function accrue(): void {
  const db = openDb();
  const system = ensureMoneySystem(db);
  const r = runDueAccruals(db, system.treasuryId, Date.now(), (l) => console.log(l));
  console.log(`paid ${r.paid} interest day(s), returned ${r.expired} principal(s)${r.failed ? `, ${r.failed} failed` : ""}`);
  db.close();
}

function userIdOf(db: DB, account: string): number {
  const u = db.prepare("SELECT id FROM users WHERE email = ? COLLATE NOCASE OR mobile = ?").get(account, account) as
    { id: number } | undefined;
  if (!u) fail(`no user ${account}`);
  return u!.id;
}

function identities(): void {
  const db = openDb();
  const rows = pendingIdentities(db);
  console.log(`${rows.length} identity submission(s) under review`);
  const file = (url: string) => (url ? join(dataDir, "uploads", url.replace(/^\/uploads\//, "")) : "-");
  for (const r of rows) {
    console.log(
      `#${String(r.id).padEnd(6)} ${formatDateTime(r.created_at)}  ${esc(userLabel(db, r.user_id)).padEnd(24)} ${esc(r.name)}  ID ${esc(r.card_id)}`,
    );
    console.log(`        front ${file(r.front_pic)}  back ${file(r.reverse_pic)}  hand ${file(r.hand_pic)}`);
  }
  db.close();
}

function decideIdentity(approve: boolean, args: string[]): void {
  const id = Number(args[0]);
  const reason = args.slice(1).join(" ").trim();
  if (!Number.isInteger(id) || id <= 0 || (!approve && !reason)) fail(USAGE);
  const db = openDb();
  const done = reviewIdentity(db, id, approve, reason, Date.now());
  db.close();
  if (!done) fail(`identity submission #${id} is not under review`);
  console.log(`identity #${id}: ${approve ? "approved" : "rejected"}`);
}

function agent(args: string[]): void {
  const [account, code] = args;
  if (!account || !code) fail(USAGE);
  const db = openDb();
  const r = addAgent(db, userIdOf(db, account!), code!, Date.now());
  db.close();
  if (r === "code_mismatch") fail("the authorization code does not match this user's (ask the user for the code in their personal centre)");
  console.log(r === "added" ? `${account} is now an agent` : `${account} was already an agent`);
}

function feedbackList(): void {
  const db = openDb();
  const rows = db
    .prepare("SELECT id, user_id, type, title, content, created_at FROM feedback WHERE status = 0 ORDER BY id")
    .all() as Array<{
    id: number;
    user_id: number;
    type: string;
    title: string;
    content: string;
    created_at: number;
  }>;
  console.log(`${rows.length} open feedback`);
  for (const f of rows)
    console.log(
      `#${String(f.id).padEnd(6)} ${formatDateTime(f.created_at)}  ${esc(userLabel(db, f.user_id)).padEnd(24)} [${esc(f.type)}] ${esc(f.title)}: ${esc(f.content)}`,
    );
  db.close();
}

function replyToFeedback(args: string[]): void {
  const id = Number(args[0]);
  const text = args.slice(1).join(" ").trim();
  if (!Number.isInteger(id) || id <= 0 || !text) fail(USAGE);
  const db = openDb();
  const done = replyFeedback(db, id, text, Date.now());
  db.close();
  if (!done) fail(`no feedback #${id}`);
  console.log(`feedback #${id}: answered`);
}

function makeMerchant(args: string[]): void {
  const [account] = args;
  if (!account) fail(USAGE);
  const db = openDb();
  const id = userIdOf(db, account!);
  const u = db.prepare("SELECT is_seller, review_status FROM users WHERE id = ?").get(id) as { is_seller: number; review_status: number };
  if (u.review_status !== REVIEW_STATUS.APPROVED) {
    db.close();
    fail(`${account} has not passed identity verification; a merchant must be verified first`);
  }
  db.prepare("UPDATE users SET is_seller = 1 WHERE id = ?").run(id);
  db.close();
  console.log(u.is_seller ? `${account} was already a merchant` : `${account} is now a merchant`);
}

function p2pLimits(args: string[]): void {
  const db = openDb();
  const keys = { pay: "p2p_pay_minutes", confirm: "p2p_confirm_minutes" } as const;
  const paySeconds = option(args, "--pay-seconds");
  if (paySeconds !== undefined) {
    // Test-only: one buyer's new orders get a pay limit in seconds (an exchange started with TEST_SETTINGS=on honours it).
    const account = option(args, "--buyer");
    if (process.env.TEST_SETTINGS !== "on" || isLiveDatabase(db) || !account) {
      db.close();
      fail("--pay-seconds <n> --buyer <account> is a test-only setting: it needs TEST_SETTINGS=on and a demo database");
    }
    if (!/^\d{1,3}$/.test(paySeconds) || Number(paySeconds) < 1) {
      db.close();
      fail("--pay-seconds takes whole seconds from 1 to 999");
    }
    setTestPaySeconds(db, findUser(db, account).id, Number(paySeconds));
  }
  for (const [flag, key] of Object.entries(keys)) {
    const raw = option(args, `--${flag}`);
    if (raw === undefined) continue;
    const n = Number(raw);
    if (!/^\d{1,4}$/.test(raw) || n < 1 || n > 1440) {
      db.close();
      fail(`--${flag} takes whole minutes from 1 to 1440`);
    }
    db.prepare("INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value").run(key, String(n));
  }
  const read = (key: string) =>
    (db.prepare("SELECT value FROM settings WHERE key = ?").get(key) as { value: string } | undefined)?.value ?? "-";
  console.log(`pay within ${read(keys.pay)} min, confirm within ${read(keys.confirm)} min`);
  db.close();
}

function appeals(): void {
  const db = openDb();
  const rows = db
    .prepare(
      `SELECT o.id, o.buyer_id, o.seller_id, o.quantity, o.amount, o.fiat, o.appeal_by, o.appeal_reason, o.abnormal_reason, o.appeal_at, o.voucher, c.code
       FROM p2p_orders o JOIN currencies c ON c.id = o.currency_id WHERE o.status = 6 ORDER BY o.appeal_at`,
    )
    .all() as Array<{
    id: number;
    buyer_id: number;
    seller_id: number;
    quantity: string;
    amount: string;
    fiat: string;
    appeal_by: number;
    appeal_reason: string;
    abnormal_reason: string | null;
    appeal_at: number;
    voucher: string | null;
    code: string;
  }>;
  console.log(`${rows.length} fiat order(s) under appeal`);
  for (const r of rows) {
    console.log(
      `#${String(r.id).padEnd(6)} ${formatDateTime(r.appeal_at)}  ${esc(r.quantity)} ${esc(r.code)} for ${esc(r.amount)} ${esc(r.fiat)}`,
    );
    console.log(
      `        buyer ${esc(userLabel(db, r.buyer_id))}  seller ${esc(userLabel(db, r.seller_id))}  voucher ${r.voucher ? join(dataDir, "uploads", r.voucher) : "-"}`,
    );
    console.log(
      `        appeal by the ${r.appeal_by === r.buyer_id ? "buyer" : "seller"}: ${esc(r.appeal_reason)}${r.abnormal_reason ? `  (marked abnormal: ${esc(r.abnormal_reason)})` : ""}`,
    );
  }
  db.close();
}

function resolveAppeal(args: string[]): void {
  const id = Number(args[0]);
  const to = args[1];
  if (!Number.isInteger(id) || id <= 0 || (to !== "buyer" && to !== "seller")) fail(USAGE);
  const db = openDb();
  // A P2PEngine of its own, whose pushes (P2P_ORDER to both parties) the running server relays to their open pages.
  const p2p = new P2PEngine(db, new OutboxHub(db), { clock: Date.now, log: (l) => console.log(l), timer: false });
  try {
    const o = p2p.resolveAppeal(id, to as "buyer" | "seller", args.slice(2).join(" ").trim().slice(0, 300), Date.now());
    console.log(`fiat order #${o.id}: ${to === "buyer" ? "released to the buyer" : "returned to the seller"}`);
  } catch (err) {
    if (err instanceof P2PRefusal)
      fail(err.key === "p2p_order_not_found" ? `no fiat order #${id}` : `fiat order #${id} is not under appeal`);
    throw err;
  } finally {
    db.close();
  }
}

function reconcileCommand(args: string[]): void {
  const db = openDb();
  const report = reconcile(db);
  db.close();
  if (args.includes("--json")) console.log(jsonOut(report));
  else for (const line of formatReconcile(report, esc)) console.log(line);
  if (!report.ok) process.exit(1);
}

const [command = "serve", ...rest] = process.argv.slice(2);
switch (command) {
  case "serve":
    // The exchange's HTTP process (server/exchange-server.ts): the same settings, logs, limits and shutdown as the app's.
    await import("../exchange-server");
    break;
  case "backup":
    await backup(rest);
    break;
  case "listing":
    listing(rest);
    break;
  case "outbox":
    outbox(rest);
    break;
  case "credit":
    credit(rest);
    break;
  case "revoke-tokens":
    revokeTokens(rest);
    break;
  case "expire-quotes":
    expireQuotes(rest);
    break;
  case "users":
    users();
    break;
  case "lift-hold":
    liftHold(rest);
    break;
  case "orders":
    orders(rest);
    break;
  case "book":
    book(rest);
    break;
  case "deposits":
    reviewList("deposits", rest);
    break;
  case "withdrawals":
    reviewList("withdrawals", rest);
    break;
  case "approve-deposit":
  case "reject-deposit":
  case "approve-withdrawal":
  case "reject-withdrawal":
    review(command, rest);
    break;
  case "accrue":
    accrue();
    break;
  case "identities":
    identities();
    break;
  case "approve-identity":
  case "reject-identity":
    decideIdentity(command === "approve-identity", rest);
    break;
  case "add-agent":
    agent(rest);
    break;
  case "feedback":
    feedbackList();
    break;
  case "reply-feedback":
    replyToFeedback(rest);
    break;
  case "make-merchant":
    makeMerchant(rest);
    break;
  case "p2p-limits":
    p2pLimits(rest);
    break;
  case "appeals":
    appeals();
    break;
  case "resolve-appeal":
    resolveAppeal(rest);
    break;
  case "reconcile":
    reconcileCommand(rest);
    break;
  case "help":
  case "--help":
  case "-h":
    console.log(USAGE);
    break;
  default:
    fail(`unknown command ${command}\n\n${USAGE}`);
}
