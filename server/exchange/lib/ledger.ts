import DecimalBase from "decimal.js";
import type { Statement } from "better-sqlite3";
import type { DB } from "../db/index";

/**
 * Balances are exact: quote amounts of the matching engine carry up to 16 decimals on top of up to 12 integer
 * digits, beyond decimal.js's default 20 significant digits. This private constructor never rounds them.
 */
const Decimal = DecimalBase.clone({ precision: 80, toExpNeg: -80, toExpPos: 80 });
type Decimal = DecimalBase;

export const ACCOUNT_CODES = ["change_account", "legal_account", "lever_account", "micro_account", "financial_account"] as const;
export type AccountCode = (typeof ACCOUNT_CODES)[number];

export function isAccountCode(v: string): v is AccountCode {
  return (ACCOUNT_CODES as readonly string[]).includes(v);
}

export class LedgerError extends Error {
  constructor(
    public readonly reason: "insufficient_balance" | "invalid_amount",
    message?: string,
  ) {
    super(message ?? reason);
  }
}

export interface LedgerEntry {
  userId: number;
  currencyId: number;
  accountCode: AccountCode;
  /** Signed decimal string: positive credits, negative debits. */
  amount: string;
  /** Which column moves (default the available balance). */
  field?: "balance" | "lock_balance";
  /** What kind of movement: seed, admin_credit, … */
  type: string;
  memo?: string;
  extra?: Record<string, unknown>;
  /** `extra` already serialized (hot paths serialize once per command). */
  extraJson?: string;
  now?: number;
}

/** A decimal string exactly as decimal.js would print it (no exponent, no redundant zeros). */
const CANONICAL = /^-?(0|[1-9]\d*)(\.\d*[1-9])?$/;

export interface LedgerResult {
  accountId: number;
  balance: string;
  lockBalance: string;
  logId: number;
}

interface LedgerStatements {
  insertAccount: Statement;
  findAccount: Statement;
  setBalance: Statement;
  setLock: Statement;
  setBoth: Statement;
  insertLog: Statement;
}

/** Prepared once per database: the matching engine calls the ledger many times per transaction. */
const statementCache = new WeakMap<DB, LedgerStatements>();

function statements(db: DB): LedgerStatements {
  let s = statementCache.get(db);
  if (!s) {
    s = {
      insertAccount: db.prepare(
        "INSERT INTO accounts (user_id, currency_id, account_code) VALUES (?, ?, ?) ON CONFLICT (user_id, currency_id, account_code) DO NOTHING",
      ),
      findAccount: db.prepare("SELECT id, balance, lock_balance FROM accounts WHERE user_id = ? AND currency_id = ? AND account_code = ?"),
      setBalance: db.prepare("UPDATE accounts SET balance = ? WHERE id = ?"),
      setLock: db.prepare("UPDATE accounts SET lock_balance = ? WHERE id = ?"),
      setBoth: db.prepare("UPDATE accounts SET balance = ?, lock_balance = ? WHERE id = ?"),
      insertLog: db.prepare(
        `INSERT INTO account_log (account_id, user_id, currency_id, account_code, field, value, balance_after, type, memo, extra_data, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ),
    };
    statementCache.set(db, s);
  }
  return s;
}

/**
 * The one place balances change. The account row and its account_log row are written in one
 * transaction (inside a caller's transaction they join it); neither column may go below zero.
 * The check comes before any write, so a refused change writes nothing.
 */
export function ledgerApply(db: DB, e: LedgerEntry): LedgerResult {
  let amount: Decimal;
  try {
    amount = new Decimal(e.amount);
  } catch {
    throw new LedgerError("invalid_amount");
  }
  if (!amount.isFinite() || amount.isZero()) throw new LedgerError("invalid_amount");
  const field = e.field ?? "balance";
  const now = e.now ?? Date.now();
  const st = statements(db);
  const run = (): LedgerResult => {
    type Row = { id: number; balance: string; lock_balance: string };
    let acc = st.findAccount.get(e.userId, e.currencyId, e.accountCode) as Row | undefined;
    if (!acc) {
      st.insertAccount.run(e.userId, e.currencyId, e.accountCode);
      acc = st.findAccount.get(e.userId, e.currencyId, e.accountCode) as Row;
    }
    const before = new Decimal(field === "balance" ? acc.balance : acc.lock_balance);
    const after = before.plus(amount);
    if (after.isNegative()) throw new LedgerError("insufficient_balance");
    const afterStr = after.toFixed();
    (field === "balance" ? st.setBalance : st.setLock).run(afterStr, acc.id);
    const log = st.insertLog.run(
      acc.id, e.userId, e.currencyId, e.accountCode, field, amount.toFixed(), afterStr, e.type, e.memo ?? "", e.extra ? JSON.stringify(e.extra) : "{}", now,
    );
    return {
      accountId: acc.id,
      balance: field === "balance" ? afterStr : acc.balance,
      lockBalance: field === "lock_balance" ? afterStr : acc.lock_balance,
      logId: Number(log.lastInsertRowid),
    };
  };
  return db.inTransaction ? run() : db.transaction(run)();
}

/** Credits a positive amount (seed balances, operator credit). */
export function ledgerCredit(db: DB, e: LedgerEntry): LedgerResult {
  let amount: Decimal;
  try {
    amount = new Decimal(e.amount);
  } catch {
    throw new LedgerError("invalid_amount");
  }
  if (!amount.isFinite() || amount.lte(0)) throw new LedgerError("invalid_amount");
  return ledgerApply(db, e);
}

interface CachedAccount {
  id: number;
  balance: Decimal;
  lock: Decimal;
  dirty: boolean;
}

/**
 * The ledger for many changes inside ONE transaction (the matching engine's group commit): the same rules as
 * `ledgerApply` — every change checked against zero first, every change with its account_log row written at
 * once — but each account row is read once and written once per batch (`flush`, before the commit).
 * Only valid inside the caller's transaction: other connections cannot write while it is open.
 */
export class LedgerBatch {
  private readonly accounts = new Map<string, CachedAccount>();
  private readonly st: LedgerStatements;
  /** Log rows of this batch, written by `flush` in multi-row INSERTs (same transaction). */
  private logs: unknown[] = [];
  private readonly multiInsert: Statement;
  private static readonly ROWS_PER_INSERT = 64;

  constructor(private readonly db: DB) {
    this.st = statements(db);
    const one = "(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)";
    this.multiInsert = db.prepare(
      `INSERT INTO account_log (account_id, user_id, currency_id, account_code, field, value, balance_after, type, memo, extra_data, created_at)
       VALUES ${Array.from({ length: LedgerBatch.ROWS_PER_INSERT }, () => one).join(", ")}`,
    );
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
      a = { id: row.id, balance: new Decimal(row.balance), lock: new Decimal(row.lock_balance), dirty: false };
      this.accounts.set(key, a);
    }
    return a;
  }

  /** One change; throws LedgerError (changing nothing) if a column would go below zero. Its log row is written by `flush`. */
  apply(e: LedgerEntry): void {
    if (!this.db.inTransaction) throw new Error("LedgerBatch.apply outside a transaction");
    let amount: Decimal;
    try {
      amount = new Decimal(e.amount);
    } catch {
      throw new LedgerError("invalid_amount");
    }
    if (!amount.isFinite() || amount.isZero()) throw new LedgerError("invalid_amount");
    const field = e.field ?? "balance";
    const a = this.account(e.userId, e.currencyId, e.accountCode);
    const after = (field === "balance" ? a.balance : a.lock).plus(amount);
    if (after.isNegative()) throw new LedgerError("insufficient_balance");
    if (field === "balance") a.balance = after;
    else a.lock = after;
    a.dirty = true;
    this.logs.push(
      a.id,
      e.userId,
      e.currencyId,
      e.accountCode,
      field,
      CANONICAL.test(e.amount) ? e.amount : amount.toFixed(),
      after.toFixed(),
      e.type,
      e.memo ?? "",
      e.extraJson ?? (e.extra ? JSON.stringify(e.extra) : "{}"),
      e.now ?? Date.now(),
    );
  }

  /** Writes every changed account row and every log row (call before the commit, inside the transaction). */
  flush(): void {
    const width = 11;
    const chunk = LedgerBatch.ROWS_PER_INSERT * width;
    let i = 0;
    for (; i + chunk <= this.logs.length; i += chunk) this.multiInsert.run(this.logs.slice(i, i + chunk));
    for (; i < this.logs.length; i += width) this.st.insertLog.run(this.logs.slice(i, i + width));
    this.logs = [];
    for (const a of this.accounts.values()) {
      if (!a.dirty) continue;
      this.st.setBoth.run(a.balance.toFixed(), a.lock.toFixed(), a.id);
      a.dirty = false;
    }
  }

  /** Forgets the cache and unwritten rows (after a rollback, or at the end of the transaction). */
  clear(): void {
    this.accounts.clear();
    this.logs = [];
  }
}
