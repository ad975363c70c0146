import type { AccountCode } from "../../../app/contract/core/index";
import type { DB } from "../db/index";
import { LedgerError, type HoldKind, type HoldRow, type LegResult, type UserLeg } from "./index";

// Holds (docs/decisions/020-holds.md): what is locked is a pending transfer with an id, opened by a posting onto a
// locked column and later posted on or voided by that id. These are the legs the domains build, and the lookups
// of a hold by the object it belongs to.

/** The account a hold sits on. */
export interface HoldOwner {
  userId: number;
  currencyId: number;
  accountCode: AccountCode;
}

/** An open hold as a release needs it: its id and its account. */
export type HoldRef = Pick<HoldRow, "id" | "user_id" | "currency_id" | "account_code">;

function negate(amount: string): string {
  return amount.startsWith("-") ? amount.slice(1) : `-${amount}`;
}

/** The leg that opens a hold of `amount` (positive) on the owner's locked column; the posting's other legs pay for it. */
export function lockLeg(owner: HoldOwner, kind: HoldKind, ref: number, amount: string, text: Pick<UserLeg, "type"> = {}): UserLeg {
  return { ...owner, ...text, field: "lock_balance", amount, holds: [{ open: kind, ref, amount }] };
}

/**
 * The leg that takes `amount` (positive) out of an open hold: `post` sends it on (the posting's other legs say
 * where), `void` gives it back to its owner.
 */
export function releaseLeg(hold: HoldRef, amount: string, how: "post" | "void", text: Pick<UserLeg, "type"> = {}): UserLeg {
  const value = negate(amount);
  return {
    userId: hold.user_id,
    currencyId: hold.currency_id,
    accountCode: hold.account_code,
    ...text,
    field: "lock_balance",
    amount: value,
    holds: [{ hold: hold.id, amount: value, ...(how === "void" ? { void: true } : {}) }],
  };
}

/** Available → a new hold on the same account (or from another account of the same user and currency). */
export function holdLegs(owner: HoldOwner, kind: HoldKind, ref: number, amount: string, from: HoldOwner = owner): UserLeg[] {
  return [{ ...from, amount: negate(amount) }, lockLeg(owner, kind, ref, amount)];
}

/** Part or all of a hold back to its owner's available balance (or to another account of theirs, e.g. spot). */
export function voidLegs(hold: HoldRef, amount: string, to: AccountCode = hold.account_code): UserLeg[] {
  return [releaseLeg(hold, amount, "void"), { userId: hold.user_id, currencyId: hold.currency_id, accountCode: to, amount }];
}

/** The id of the hold a posting opened (its first lock leg's first new hold). */
export function openedHold(results: LegResult[]): number {
  for (const r of results) if (r.opened?.length) return r.opened[0];
  throw new LedgerError("no_hold", "the posting opened no hold");
}

export function findHold(db: DB, kind: HoldKind, ref: number): HoldRow | undefined {
  return db.prepare("SELECT * FROM holds WHERE kind = ? AND ref_id = ?").get(kind, ref) as HoldRow | undefined;
}

/** The open hold of an object; a release without one is refused (it would move a lock nothing holds). */
export function openHoldOf(db: DB, kind: HoldKind, ref: number): HoldRow {
  const h = findHold(db, kind, ref);
  if (!h || h.status !== "pending") throw new LedgerError("no_hold", `no open hold for ${kind} #${ref}`);
  return h;
}
