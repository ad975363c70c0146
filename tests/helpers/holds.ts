// Test helpers for holds (imported by *.test.ts only): 'locked = Σ open holds' as the reconciliation queries it.
import { expect } from "vitest";
import type { DB } from "../../server/exchange/db/index";
import type { HoldKind } from "../../server/exchange/ledger/index";
import { findHold } from "../../server/exchange/ledger/holds";
import { lockedVsHolds } from "../../server/exchange/ledger/reconcile";

/** Every account's locked balance is exactly the sum of its open holds (per user, currency and account code). */
export function expectLockedIsHeld(db: DB): void {
  expect(lockedVsHolds(db)).toEqual([]);
}

/** What an object's hold still holds ('0' when it has none open). */
export function heldFor(db: DB, kind: HoldKind, ref: number): string {
  const h = findHold(db, kind, ref);
  return h && h.status === "pending" ? h.remaining : "0";
}
