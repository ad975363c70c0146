import type { DB } from "../db/index";

// The operator's reconciliation (`npm run exchange -- reconcile`): the ledger's invariants, checked from the database
// alone with exact decimal SQL (db/decimal-sql.ts), so a bug, a hand edit or a torn restore is found and named.

/**
 * Accounts whose locked column is not the sum of their open holds: 'locked = Σ open holds', per account (so per user,
 * currency and account code). Empty in a sound ledger.
 */
export const LOCKED_VS_HOLDS_SQL = `
  SELECT a.id AS account_id, a.user_id, a.currency_id, a.account_code, a.lock_balance AS locked, COALESCE(h.held, '0') AS held
  FROM accounts a
  LEFT JOIN (SELECT account_id, dec_sum(remaining) AS held FROM holds WHERE status = 'pending' GROUP BY account_id) h ON h.account_id = a.id
  WHERE dec_cmp(a.lock_balance, COALESCE(h.held, '0')) <> 0
  ORDER BY a.id`;

export interface LockedVsHolds {
  account_id: number;
  user_id: number;
  currency_id: number;
  account_code: string;
  locked: string;
  held: string;
}

/** The accounts whose locked balance differs from their open holds (none in a sound ledger). */
export function lockedVsHolds(db: DB): LockedVsHolds[] {
  return db.prepare(LOCKED_VS_HOLDS_SQL).all() as LockedVsHolds[];
}

/** The account a mismatch is about, named for the operator: its id, its user (e-mail, mobile or #id), currency and code. */
export interface AccountNamed {
  account_id: number;
  user: string;
  currency: string;
  account_code: string;
}

export type Mismatch =
  | { check: "currency_total"; currency: string; total: string }
  | ({ check: "account_log"; column: string; stored: string; logged: string } & AccountNamed)
  | { check: "system_log"; account: string; currency: string; stored: string; logged: string }
  | ({ check: "locked_vs_holds"; locked: string; held: string } & AccountNamed)
  | ({ check: "negative"; column: string; value: string } & AccountNamed)
  | { check: "hold"; hold_id: number; kind: string; ref_id: number; problem: string };

export interface ReconcileReport {
  ok: boolean;
  accounts: number;
  openHolds: number;
  /** Holds of kind 'opening': locked amounts no object explained when the database was upgraded (migration 011). */
  openingHolds: number;
  /** Per currency: the sum over every account, users', system users' and `external` (zero in a sound ledger). */
  totals: { currency: string; total: string }[];
  mismatches: Mismatch[];
}

const ACCOUNT_LABEL = `COALESCE(u.email, u.mobile, '#' || a.user_id)`;

/** Only the naming columns of a row (a mismatch reports them, not the row's other columns). */
function named(r: AccountNamed): AccountNamed {
  return { account_id: r.account_id, user: r.user, currency: r.currency, account_code: r.account_code };
}

/**
 * Every check, from the database: each currency sums to exactly 0 over all accounts (system ones and `external`
 * included); each account's available and locked columns equal the sums of its log rows (and each system account's
 * balance its system_log's); locked equals the open holds; nothing is negative but `external`; each hold adds up
 * (amount = posted + voided + remaining, open exactly while something remains).
 */
export function reconcile(db: DB): ReconcileReport {
  const mismatches: Mismatch[] = [];
  const totals = db
    .prepare(
      `SELECT c.code AS currency,
         dec_add((SELECT dec_sum(dec_add(a.balance, a.lock_balance)) FROM accounts a WHERE a.currency_id = c.id),
                 (SELECT dec_sum(s.balance) FROM system_accounts s WHERE s.currency_id = c.id)) AS total
       FROM currencies c ORDER BY c.id`,
    )
    .all() as { currency: string; total: string }[];
  for (const t of totals) if (!/^-?0(\.0*)?$/.test(t.total)) mismatches.push({ check: "currency_total", ...t });

  const logged = db
    .prepare(
      `WITH logged AS (
         SELECT account_id,
           dec_sum(CASE WHEN field = 'balance' THEN value END) AS balance,
           dec_sum(CASE WHEN field = 'lock_balance' THEN value END) AS lock_balance
         FROM account_log GROUP BY account_id)
       SELECT * FROM (
         SELECT a.id AS account_id, ${ACCOUNT_LABEL} AS user, c.code AS currency, a.account_code,
           a.balance, a.lock_balance, COALESCE(l.balance, '0') AS logged_balance, COALESCE(l.lock_balance, '0') AS logged_lock,
           dec_cmp(a.balance, COALESCE(l.balance, '0')) <> 0 AS balance_off,
           dec_cmp(a.lock_balance, COALESCE(l.lock_balance, '0')) <> 0 AS lock_off
         FROM accounts a JOIN currencies c ON c.id = a.currency_id LEFT JOIN users u ON u.id = a.user_id
         LEFT JOIN logged l ON l.account_id = a.id)
       WHERE balance_off OR lock_off ORDER BY account_id`,
    )
    .all() as (AccountNamed & {
    balance: string;
    lock_balance: string;
    logged_balance: string;
    logged_lock: string;
    balance_off: number;
    lock_off: number;
  })[];
  for (const r of logged) {
    const base = { check: "account_log" as const, ...named(r) };
    if (r.balance_off) mismatches.push({ ...base, column: "balance", stored: r.balance, logged: r.logged_balance });
    if (r.lock_off) mismatches.push({ ...base, column: "lock_balance", stored: r.lock_balance, logged: r.logged_lock });
  }

  const systems = db
    .prepare(
      `SELECT s.name AS account, c.code AS currency, s.balance AS stored,
         (SELECT dec_sum(l.value) FROM system_log l WHERE l.name = s.name AND l.currency_id = s.currency_id) AS logged
       FROM system_accounts s JOIN currencies c ON c.id = s.currency_id
       WHERE dec_cmp(s.balance, (SELECT dec_sum(l.value) FROM system_log l WHERE l.name = s.name AND l.currency_id = s.currency_id)) <> 0`,
    )
    .all() as { account: string; currency: string; stored: string; logged: string }[];
  for (const r of systems) mismatches.push({ check: "system_log", ...r });

  const held = db
    .prepare(
      `SELECT x.account_id, ${ACCOUNT_LABEL} AS user, c.code AS currency, x.account_code, x.locked, x.held
       FROM (${LOCKED_VS_HOLDS_SQL}) x JOIN accounts a ON a.id = x.account_id JOIN currencies c ON c.id = x.currency_id
       LEFT JOIN users u ON u.id = x.user_id`,
    )
    .all() as (AccountNamed & { locked: string; held: string })[];
  for (const r of held) mismatches.push({ check: "locked_vs_holds", ...r });

  const negatives = db
    .prepare(
      `SELECT a.id AS account_id, ${ACCOUNT_LABEL} AS user, c.code AS currency, a.account_code, a.balance, a.lock_balance,
         dec_cmp(a.balance, '0') < 0 AS balance_neg, dec_cmp(a.lock_balance, '0') < 0 AS lock_neg
       FROM accounts a JOIN currencies c ON c.id = a.currency_id LEFT JOIN users u ON u.id = a.user_id
       WHERE dec_cmp(a.balance, '0') < 0 OR dec_cmp(a.lock_balance, '0') < 0 ORDER BY a.id`,
    )
    .all() as (AccountNamed & { balance: string; lock_balance: string; balance_neg: number; lock_neg: number })[];
  for (const r of negatives) {
    const base = { check: "negative" as const, ...named(r) };
    if (r.balance_neg) mismatches.push({ ...base, column: "balance", value: r.balance });
    if (r.lock_neg) mismatches.push({ ...base, column: "lock_balance", value: r.lock_balance });
  }

  const badHolds = db
    .prepare(
      `SELECT h.id AS hold_id, h.kind, h.ref_id,
         CASE
           WHEN dec_cmp(h.amount, dec_add(dec_add(h.posted, h.voided), h.remaining)) <> 0 THEN 'amount is not posted + voided + remaining'
           WHEN dec_cmp(h.remaining, '0') < 0 OR dec_cmp(h.posted, '0') < 0 OR dec_cmp(h.voided, '0') < 0 THEN 'negative part'
           WHEN h.status = 'pending' AND dec_cmp(h.remaining, '0') = 0 THEN 'open with nothing held'
           WHEN h.status <> 'pending' AND dec_cmp(h.remaining, '0') <> 0 THEN 'closed while still holding'
           WHEN a.id IS NULL OR a.user_id <> h.user_id OR a.currency_id <> h.currency_id OR a.account_code <> h.account_code
             THEN 'not on its account'
         END AS problem
       FROM holds h LEFT JOIN accounts a ON a.id = h.account_id`,
    )
    .all() as { hold_id: number; kind: string; ref_id: number; problem: string | null }[];
  for (const r of badHolds)
    if (r.problem) mismatches.push({ check: "hold", hold_id: r.hold_id, kind: r.kind, ref_id: r.ref_id, problem: r.problem });

  const count = (sql: string) => (db.prepare(sql).get() as { n: number }).n;
  return {
    ok: mismatches.length === 0,
    accounts: count("SELECT COUNT(*) AS n FROM accounts"),
    openHolds: count("SELECT COUNT(*) AS n FROM holds WHERE status = 'pending'"),
    openingHolds: count("SELECT COUNT(*) AS n FROM holds WHERE status = 'pending' AND kind = 'opening'"),
    totals,
    mismatches,
  };
}

/** The report as the operator reads it: a summary, then one line per mismatch naming its row. */
export function formatReconcile(r: ReconcileReport, esc: (v: unknown) => string = String): string[] {
  const lines = [
    `${r.accounts} accounts, ${r.openHolds} open holds${r.openingHolds ? ` (${r.openingHolds} opening holds from the upgrade)` : ""}`,
    `totals over every account (users, system users, external): ${r.totals.map((t) => `${t.currency} ${t.total}`).join(", ") || "none"}`,
  ];
  for (const m of r.mismatches) {
    switch (m.check) {
      case "currency_total":
        lines.push(`MISMATCH currency ${m.currency}: all accounts sum to ${m.total}, not 0`);
        break;
      case "account_log":
        lines.push(
          `MISMATCH account #${m.account_id} (${esc(m.user)} ${m.account_code} ${m.currency}) ${m.column}: stored ${m.stored}, its log rows sum to ${m.logged}`,
        );
        break;
      case "system_log":
        lines.push(`MISMATCH system account ${m.account} ${m.currency}: stored ${m.stored}, its log rows sum to ${m.logged}`);
        break;
      case "locked_vs_holds":
        lines.push(
          `MISMATCH account #${m.account_id} (${esc(m.user)} ${m.account_code} ${m.currency}): locked ${m.locked}, open holds ${m.held}`,
        );
        break;
      case "negative":
        lines.push(
          `MISMATCH account #${m.account_id} (${esc(m.user)} ${m.account_code} ${m.currency}) ${m.column} is negative: ${m.value}`,
        );
        break;
      case "hold":
        lines.push(`MISMATCH hold #${m.hold_id} (${m.kind} #${m.ref_id}): ${m.problem}`);
        break;
    }
  }
  lines.push(r.ok ? "reconciled: every check passed" : `NOT RECONCILED: ${r.mismatches.length} mismatch(es)`);
  return lines;
}
