import DecimalBase from "decimal.js";
import type { Statement } from "better-sqlite3";
import type { AccountCode } from "../../../app/contract/core/index";
import type { DB } from "../db/index";

/**
 * Balances are exact: quote amounts of the matching engine carry up to 16 decimals on top of up to 12 integer
 * digits, beyond decimal.js's default 20 significant digits. This private constructor never rounds them.
 */
const Decimal = DecimalBase.clone({ precision: 80, toExpNeg: -80, toExpPos: 80 });
type Decimal = DecimalBase;

/**
 * System accounts outside the users' `accounts` table. `external` is the world: money that enters (deposits,
 * seed and operator credits) comes from it and money that leaves (paid withdrawals) goes to it, so it is the
 * only account allowed below zero. The fee collector, the treasury and the market maker are system users with
 * ordinary accounts (they never go below zero either).
 */
export const SYSTEM_ACCOUNTS = ["external"] as const;
export type SystemAccount = (typeof SYSTEM_ACCOUNTS)[number];

export class LedgerError extends Error {
  constructor(
    /**
     * insufficient_balance, invalid_amount and unbalanced are refusals of a posting's amounts; no_hold (a locked
     * column moved without naming its hold) and hold_mismatch (a hold that is not open on that account, or is asked
     * for more than it still holds) are a caller's bug.
     */
    public readonly reason: "insufficient_balance" | "invalid_amount" | "unbalanced" | "no_hold" | "hold_mismatch",
    message?: string,
  ) {
    super(message ?? reason);
  }
}

/** Why a job's item was not paid, for its log line: the ledger's reason, else the error's message. */
export function whyNotPaid(err: unknown): string {
  return err instanceof LedgerError ? err.reason : err instanceof Error ? err.message : String(err);
}

export type Field = "balance" | "lock_balance";

/**
 * What a hold is for. Its `ref` is the id of the object in that domain's table (spot_orders, withdrawals, p2p_ads,
 * p2p_orders, lever_orders, micro_orders, savings_holdings); `opening` holds what an upgraded database had locked that
 * no object explained (migration 011), its ref the account's id.
 */
export const HOLD_KINDS = ["spot_order", "withdrawal", "p2p_ad", "p2p_order", "lever_order", "micro_order", "savings", "opening"] as const;
export type HoldKind = (typeof HOLD_KINDS)[number];
export type HoldStatus = "pending" | "posted" | "voided";

/**
 * A leg on a locked column names the holds it moves (two-phase transfers): a positive leg opens a hold (`open`), a
 * negative one takes part of open holds by id, either posting it on (the default: a fill, a fee, a payout, released
 * escrow) or voiding it (`void`: it goes back to its owner). The shares of a leg sum to the leg's amount.
 */
export type HoldShare = { open: HoldKind; ref: number; amount: string } | { hold: number; amount: string; void?: boolean };

interface LegText {
  /** What kind of movement: seed, admin_credit, … (default: the posting's). */
  type?: string;
  memo?: string;
  extra?: Record<string, unknown>;
  /** `extra` already serialized (hot paths serialize once per command). */
  extraJson?: string;
}

/** One side of a posting on a user's account: a signed decimal string (positive credits, negative debits). */
export interface UserLeg extends LegText {
  userId: number;
  currencyId: number;
  accountCode: AccountCode;
  /** Which column moves (default the available balance). */
  field?: Field;
  amount: string;
  /** Required on the locked column, refused elsewhere: the holds this leg opens or takes from. */
  holds?: HoldShare[];
}

/** One side of a posting on a system account. */
export interface SystemLeg extends LegText {
  system: SystemAccount;
  currencyId: number;
  amount: string;
}

export type Leg = UserLeg | SystemLeg;

/** Legs that sum to zero per currency; posted all or nothing. */
export interface Posting extends LegText {
  legs: Leg[];
  now?: number;
}

export interface LegResult {
  accountId: number;
  balance: string;
  lockBalance: string;
  /** The ids of the holds this leg opened, in share order. */
  opened?: number[];
}

/** A decimal string exactly as decimal.js would print it (no exponent, no redundant zeros). */
const CANONICAL = /^-?(0|[1-9]\d*)(\.\d*[1-9])?$/;
const LOG_WIDTH = 11;
const ROWS_PER_INSERT = 64;
const HOLD_WIDTH = 14;
const HOLDS_PER_INSERT = 32;
const ZERO = new Decimal(0);

interface Statements {
  insertAccount: Statement;
  findAccount: Statement;
  setBoth: Statement;
  insertLog: Statement;
  multiInsert: Statement;
  findSystem: Statement;
  setSystem: Statement;
  insertSystemLog: Statement;
}

interface HoldStatements {
  findHold: Statement;
  maxHold: Statement;
  insertHold: Statement;
  multiInsertHold: Statement;
  updateHold: Statement;
}

/** Prepared once per database: the matching engine posts many times per transaction. */
const statementCache = new WeakMap<DB, Statements>();

function statements(db: DB): Statements {
  let s = statementCache.get(db);
  if (!s) {
    const cols = "(account_id, user_id, currency_id, account_code, field, value, balance_after, type, memo, extra_data, created_at)";
    const one = "(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)";
    s = {
      insertAccount: db.prepare(
        "INSERT INTO accounts (user_id, currency_id, account_code) VALUES (?, ?, ?) ON CONFLICT (user_id, currency_id, account_code) DO NOTHING",
      ),
      findAccount: db.prepare("SELECT id, balance, lock_balance FROM accounts WHERE user_id = ? AND currency_id = ? AND account_code = ?"),
      setBoth: db.prepare("UPDATE accounts SET balance = ?, lock_balance = ? WHERE id = ?"),
      insertLog: db.prepare(`INSERT INTO account_log ${cols} VALUES ${one}`),
      multiInsert: db.prepare(`INSERT INTO account_log ${cols} VALUES ${Array.from({ length: ROWS_PER_INSERT }, () => one).join(", ")}`),
      findSystem: db.prepare("SELECT balance FROM system_accounts WHERE name = ? AND currency_id = ?"),
      setSystem: db.prepare(
        "INSERT INTO system_accounts (name, currency_id, balance) VALUES (?, ?, ?) ON CONFLICT (name, currency_id) DO UPDATE SET balance = excluded.balance",
      ),
      insertSystemLog: db.prepare(
        "INSERT INTO system_log (name, currency_id, value, balance_after, type, memo, extra_data, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
      ),
    };
    statementCache.set(db, s);
  }
  return s;
}

const holdStatementCache = new WeakMap<DB, HoldStatements>();

/** Prepared on first use: a posting that moves no locked column works on a database of any age. */
function holdStatements(db: DB): HoldStatements {
  let s = holdStatementCache.get(db);
  if (!s) {
    const cols =
      "(id, account_id, user_id, currency_id, account_code, kind, ref_id, amount, posted, voided, remaining, status, created_at, closed_at)";
    const one = "(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)";
    s = {
      findHold: db.prepare("SELECT * FROM holds WHERE id = ?"),
      maxHold: db.prepare("SELECT MAX(id) AS m FROM holds"),
      insertHold: db.prepare(`INSERT INTO holds ${cols} VALUES ${one}`),
      multiInsertHold: db.prepare(`INSERT INTO holds ${cols} VALUES ${Array.from({ length: HOLDS_PER_INSERT }, () => one).join(", ")}`),
      updateHold: db.prepare("UPDATE holds SET posted = ?, voided = ?, remaining = ?, status = ?, closed_at = ? WHERE id = ?"),
    };
    holdStatementCache.set(db, s);
  }
  return s;
}

interface CachedAccount {
  id: number;
  userId: number;
  accountCode: AccountCode;
  currencyId: number;
  balance: Decimal;
  lock: Decimal;
  dirty: boolean;
}

interface CachedHold {
  id: number;
  account: CachedAccount;
  kind: HoldKind;
  ref: number;
  amount: Decimal;
  posted: Decimal;
  voided: Decimal;
  remaining: Decimal;
  status: HoldStatus;
  createdAt: number;
  closedAt: number | null;
  /** Opened in this batch (inserted by `flush`), or changed in it (updated by `flush`). */
  isNew: boolean;
  dirty: boolean;
}

/** A row of `holds`. */
export interface HoldRow {
  id: number;
  account_id: number;
  user_id: number;
  currency_id: number;
  account_code: AccountCode;
  kind: HoldKind;
  ref_id: number;
  amount: string;
  posted: string;
  voided: string;
  remaining: string;
  status: HoldStatus;
  created_at: number;
  closed_at: number | null;
}

interface CachedSystem {
  name: SystemAccount;
  currencyId: number;
  balance: Decimal;
  dirty: boolean;
}

function parseAmount(v: string): Decimal {
  let amount: Decimal;
  try {
    amount = new Decimal(v);
  } catch {
    throw new LedgerError("invalid_amount");
  }
  if (!amount.isFinite() || amount.isZero()) throw new LedgerError("invalid_amount");
  return amount;
}

function isSystemLeg(l: Leg): l is SystemLeg {
  return (l as SystemLeg).system !== undefined;
}

/**
 * The one place balances change. Many postings inside ONE transaction (the matching engine's group commit,
 * or `post` for a single one): each posting is checked whole — legs sum to zero per currency, no user column
 * goes below zero, every leg on a locked column names the holds it opens or takes from — before anything of it
 * is applied; each account row and each hold is read once and written once per batch (`flush`, before the
 * commit), and every leg gets its log row. Only valid inside the caller's transaction: other connections cannot
 * write while it is open.
 */
export class Ledger {
  private readonly accounts = new Map<string, CachedAccount>();
  private readonly systems = new Map<string, CachedSystem>();
  private readonly holdCache = new Map<number, CachedHold>();
  private readonly st: Statements;
  /** Log rows of this batch, written by `flush` in multi-row INSERTs (same transaction). */
  private logs: unknown[] = [];
  private systemLogs: unknown[][] = [];
  /** The id the next opened hold gets (read from the table once per batch). */
  private nextHoldId = 0;

  constructor(private readonly db: DB) {
    this.st = statements(db);
  }

  private account(userId: number, currencyId: number, accountCode: AccountCode): CachedAccount {
    const key = `${userId}|${currencyId}|${accountCode}`;
    let a = this.accounts.get(key);
    if (!a) {
      type Row = { id: number; balance: string; lock_balance: string };
      let row = this.st.findAccount.get(userId, currencyId, accountCode) as Row | undefined;
      if (!row) {
        this.st.insertAccount.run(userId, currencyId, accountCode);
        row = this.st.findAccount.get(userId, currencyId, accountCode) as Row;
      }
      a = {
        id: row.id,
        userId,
        accountCode,
        currencyId,
        balance: new Decimal(row.balance),
        lock: new Decimal(row.lock_balance),
        dirty: false,
      };
      this.accounts.set(key, a);
    }
    return a;
  }

  private system(name: SystemAccount, currencyId: number): CachedSystem {
    const key = `${name}|${currencyId}`;
    let s = this.systems.get(key);
    if (!s) {
      const row = this.st.findSystem.get(name, currencyId) as { balance: string } | undefined;
      s = { name, currencyId, balance: new Decimal(row?.balance ?? "0"), dirty: false };
      this.systems.set(key, s);
    }
    return s;
  }

  private hold(id: number): CachedHold | undefined {
    let h = this.holdCache.get(id);
    if (!h) {
      const row = holdStatements(this.db).findHold.get(id) as HoldRow | undefined;
      if (!row) return undefined;
      h = {
        id,
        account: this.account(row.user_id, row.currency_id, row.account_code),
        kind: row.kind,
        ref: row.ref_id,
        amount: new Decimal(row.amount),
        posted: new Decimal(row.posted),
        voided: new Decimal(row.voided),
        remaining: new Decimal(row.remaining),
        status: row.status,
        createdAt: row.created_at,
        closedAt: row.closed_at,
        isNew: false,
        dirty: false,
      };
      this.holdCache.set(id, h);
    }
    return h;
  }

  /** An account's available balance as this batch sees it (its earlier postings included). */
  balanceOf(userId: number, currencyId: number, accountCode: AccountCode): string {
    return this.account(userId, currencyId, accountCode).balance.toFixed();
  }

  /** What a hold still holds as this batch sees it ('0' once closed or unknown). */
  heldBy(id: number): string {
    const h = this.hold(id);
    return h && h.status === "pending" ? h.remaining.toFixed() : "0";
  }

  /**
   * One balanced posting; throws LedgerError (changing nothing) if its legs do not sum to zero per currency,
   * an amount is malformed or zero, a user's column would go below zero, or a leg on a locked column does not
   * name holds that account it exactly (a release without its hold). Its rows are written by `flush`.
   */
  post(p: Posting): LegResult[] {
    if (!this.db.inTransaction) throw new Error("Ledger.post outside a transaction");
    const amounts = p.legs.map((l) => parseAmount(l.amount));
    const sums = new Map<number, Decimal>();
    p.legs.forEach((l, i) => sums.set(l.currencyId, (sums.get(l.currencyId) ?? new Decimal(0)).plus(amounts[i])));
    for (const s of sums.values()) if (!s.isZero()) throw new LedgerError("unbalanced");
    // Check every leg against zero (legs on one account add up) and every hold share before anything is applied.
    const after = new Map<CachedAccount | CachedSystem, { balance: Decimal; lock: Decimal }>();
    const taken = new Map<CachedHold, Decimal>();
    const targets = p.legs.map((l, i) => {
      const t = isSystemLeg(l) ? this.system(l.system, l.currencyId) : this.account(l.userId, l.currencyId, l.accountCode);
      const cur = after.get(t) ?? { balance: t.balance, lock: "lock" in t ? t.lock : new Decimal(0) };
      const lock = !isSystemLeg(l) && l.field === "lock_balance";
      const shares = isSystemLeg(l) ? undefined : this.checkShares(l, amounts[i], t as CachedAccount, lock, taken, p.type);
      const next = (lock ? cur.lock : cur.balance).plus(amounts[i]);
      if (!isSystemLeg(l) && next.isNegative()) throw new LedgerError("insufficient_balance");
      after.set(t, lock ? { balance: cur.balance, lock: next } : { balance: next, lock: cur.lock });
      return { t, value: next, lock, shares };
    });
    const now = p.now ?? Date.now();
    const results: LegResult[] = [];
    p.legs.forEach((l, i) => {
      const { t, value, lock, shares } = targets[i];
      const amountStr = CANONICAL.test(l.amount) ? l.amount : amounts[i].toFixed();
      const type = l.type ?? p.type ?? "";
      const memo = l.memo ?? p.memo ?? "";
      const extra = l.extraJson ?? (l.extra ? JSON.stringify(l.extra) : (p.extraJson ?? (p.extra ? JSON.stringify(p.extra) : "{}")));
      t.dirty = true;
      if ("lock" in t) {
        if (lock) t.lock = value;
        else t.balance = value;
        this.logs.push(
          t.id,
          t.userId,
          t.currencyId,
          t.accountCode,
          lock ? "lock_balance" : "balance",
          amountStr,
          value.toFixed(),
          type,
          memo,
          extra,
          now,
        );
        const opened = lock ? this.applyShares((l as UserLeg).holds!, shares!, t, now) : undefined;
        results.push({
          accountId: t.id,
          balance: t.balance.toFixed(),
          lockBalance: t.lock.toFixed(),
          ...(opened?.length ? { opened } : {}),
        });
      } else {
        t.balance = value;
        this.systemLogs.push([t.name, t.currencyId, amountStr, value.toFixed(), type, memo, extra, now]);
      }
    });
    return results;
  }

  /**
   * A leg's hold shares: required on a locked column (and summing to its amount), refused elsewhere. Answers their
   * amounts parsed (a single share of the leg's own amount reuses the leg's).
   */
  private checkShares(
    l: UserLeg,
    amount: Decimal,
    account: CachedAccount,
    lock: boolean,
    taken: Map<CachedHold, Decimal>,
    postingType = "",
  ): Decimal[] | undefined {
    if (!lock) {
      if (l.holds?.length) throw new LedgerError("hold_mismatch", "hold shares on an available balance");
      return undefined;
    }
    if (!l.holds?.length) throw new LedgerError("no_hold", `a locked balance moved without its hold (${l.type ?? postingType})`);
    const single = l.holds.length === 1 && l.holds[0].amount === l.amount;
    const values = single ? [amount] : l.holds.map((s) => parseAmount(s.amount));
    let sum = single ? amount : ZERO;
    l.holds.forEach((s, i) => {
      const v = values[i];
      if (!single) sum = sum.plus(v);
      if ("open" in s) {
        if (v.isNegative() || !(HOLD_KINDS as readonly string[]).includes(s.open)) throw new LedgerError("hold_mismatch", "bad new hold");
        return;
      }
      const h = this.hold(s.hold);
      if (!h || h.status !== "pending" || h.account !== account) throw new LedgerError("hold_mismatch", `hold #${s.hold} is not open here`);
      if (!v.isNegative()) throw new LedgerError("hold_mismatch", `hold #${s.hold} can only be taken from`);
      const left = (taken.get(h) ?? h.remaining).plus(v);
      if (left.isNegative()) throw new LedgerError("hold_mismatch", `hold #${s.hold} holds less than asked`);
      taken.set(h, left);
    });
    if (!sum.eq(amount)) throw new LedgerError("hold_mismatch", "hold shares do not sum to the leg");
    return values;
  }

  /** Applies a checked leg's shares: new holds open, taken ones shrink and close at zero. Answers the new ids. */
  private applyShares(shares: HoldShare[], values: Decimal[], account: CachedAccount, now: number): number[] {
    const opened: number[] = [];
    for (let i = 0; i < shares.length; i++) {
      const s = shares[i];
      if ("open" in s) {
        if (this.nextHoldId === 0) this.nextHoldId = ((holdStatements(this.db).maxHold.get() as { m: number | null }).m ?? 0) + 1;
        const id = this.nextHoldId++;
        const amount = values[i];
        this.holdCache.set(id, {
          id,
          account,
          kind: s.open,
          ref: s.ref,
          amount,
          posted: ZERO,
          voided: ZERO,
          remaining: amount,
          status: "pending",
          createdAt: now,
          closedAt: null,
          isNew: true,
          dirty: true,
        });
        opened.push(id);
        continue;
      }
      const h = this.holdCache.get(s.hold)!;
      const v = values[i].neg();
      if (s.void) h.voided = h.voided.plus(v);
      else h.posted = h.posted.plus(v);
      h.remaining = h.remaining.minus(v);
      if (h.remaining.isZero()) {
        // Closed: posted if anything went on (a partial post returns the rest, as in two-phase transfers), else voided.
        h.status = h.posted.isZero() ? "voided" : "posted";
        h.closedAt = now;
      }
      h.dirty = true;
    }
    return opened;
  }

  /** Writes every changed account row, hold and log row (call before the commit, inside the transaction). */
  flush(): void {
    const chunk = ROWS_PER_INSERT * LOG_WIDTH;
    let i = 0;
    for (; i + chunk <= this.logs.length; i += chunk) this.st.multiInsert.run(this.logs.slice(i, i + chunk));
    for (; i < this.logs.length; i += LOG_WIDTH) this.st.insertLog.run(this.logs.slice(i, i + LOG_WIDTH));
    this.logs = [];
    for (const r of this.systemLogs) this.st.insertSystemLog.run(r);
    this.systemLogs = [];
    for (const a of this.accounts.values()) {
      if (!a.dirty) continue;
      this.st.setBoth.run(a.balance.toFixed(), a.lock.toFixed(), a.id);
      a.dirty = false;
    }
    for (const s of this.systems.values()) {
      if (!s.dirty) continue;
      this.st.setSystem.run(s.name, s.currencyId, s.balance.toFixed());
      s.dirty = false;
    }
    const fresh: unknown[] = [];
    for (const h of this.holdCache.values()) {
      if (!h.dirty) continue;
      const posted = h.posted.toFixed();
      const voided = h.voided.toFixed();
      const remaining = h.remaining.toFixed();
      if (h.isNew) {
        const a = h.account;
        const row = [h.id, a.id, a.userId, a.currencyId, a.accountCode, h.kind, h.ref, h.amount.toFixed(), posted, voided, remaining];
        fresh.push(...row, h.status, h.createdAt, h.closedAt);
      } else holdStatements(this.db).updateHold.run(posted, voided, remaining, h.status, h.closedAt, h.id);
      h.isNew = false;
      h.dirty = false;
    }
    if (fresh.length) {
      const st = holdStatements(this.db);
      const chunk = HOLDS_PER_INSERT * HOLD_WIDTH;
      let j = 0;
      for (; j + chunk <= fresh.length; j += chunk) st.multiInsertHold.run(fresh.slice(j, j + chunk));
      for (; j < fresh.length; j += HOLD_WIDTH) st.insertHold.run(fresh.slice(j, j + HOLD_WIDTH));
    }
    this.nextHoldId = 0;
  }

  /** Forgets the cache and unwritten rows (after a rollback, or at the end of the transaction). */
  clear(): void {
    this.accounts.clear();
    this.systems.clear();
    this.holdCache.clear();
    this.logs = [];
    this.systemLogs = [];
    this.nextHoldId = 0;
  }
}

/**
 * One posting, written at once: a batch of one. Inside a caller's transaction it joins it; otherwise it is
 * its own. Answers the user legs' accounts after the posting, in leg order.
 */
export function post(db: DB, p: Posting): LegResult[] {
  const run = (): LegResult[] => {
    const batch = new Ledger(db);
    const results = batch.post(p);
    batch.flush();
    return results;
  };
  return db.inTransaction ? run() : db.transaction(run)();
}

/** Money entering from outside (deposit, seed, operator credit): the external account pays a positive amount. */
export function credit(db: DB, leg: UserLeg & { now?: number }): LegResult {
  const amount = parseAmount(leg.amount);
  if (amount.isNegative()) throw new LedgerError("invalid_amount");
  const { now, ...to } = leg;
  return post(db, {
    now,
    legs: [
      {
        system: "external",
        currencyId: leg.currencyId,
        amount: amount.neg().toFixed(),
        type: leg.type,
        memo: leg.memo,
        extra: leg.extra,
        extraJson: leg.extraJson,
      },
      to,
    ],
  })[0];
}

/** Moves an amount from one column/account to another of the same currency (a two-leg posting). */
export function move(
  db: DB,
  from: Omit<UserLeg, "amount"> | Omit<SystemLeg, "amount">,
  to: Omit<UserLeg, "amount"> | Omit<SystemLeg, "amount">,
  amount: string,
  p: Omit<Posting, "legs"> = {},
): LegResult[] {
  return post(db, { ...p, legs: [{ ...from, amount: `-${amount}` } as Leg, { ...to, amount } as Leg] });
}

/** Sum of every account, users' and system ones, per currency: zero in a ledger built only from postings. */
export function globalTotals(db: DB): Map<number, string> {
  const out = new Map<number, Decimal>();
  const add = (c: number, v: string) => out.set(c, (out.get(c) ?? new Decimal(0)).plus(v));
  for (const r of db.prepare("SELECT currency_id, balance, lock_balance FROM accounts").all() as {
    currency_id: number;
    balance: string;
    lock_balance: string;
  }[]) {
    add(r.currency_id, r.balance);
    add(r.currency_id, r.lock_balance);
  }
  for (const r of db.prepare("SELECT currency_id, balance FROM system_accounts").all() as { currency_id: number; balance: string }[])
    add(r.currency_id, r.balance);
  return new Map([...out].map(([k, v]) => [k, v.toFixed()]));
}

/**
 * A database whose balances predate the system accounts (migration 006) gets the external account's opening
 * balance once: minus everything the users hold, so the global total is zero from then on. Idempotent.
 */
export function openSystemAccounts(db: DB, now = Date.now()): void {
  db.transaction(() => {
    if (db.prepare("SELECT 1 FROM system_log LIMIT 1").get()) return;
    const st = statements(db);
    for (const [currencyId, total] of globalTotals(db)) {
      if (new Decimal(total).isZero()) continue;
      const opening = new Decimal(total).neg().toFixed();
      st.setSystem.run("external", currencyId, opening);
      st.insertSystemLog.run("external", currencyId, opening, opening, "opening", "balances before balanced postings", "{}", now);
    }
  })();
}
