import { fail, ok, type Ctx, type Handlers } from "../context";
import type { OrderRow } from "../engine/engine";
import { toSpotOrder } from "../engine/present";
import { logBefore, logWhereBefore } from "../models/accounts";
import { depositsBefore } from "../models/deposits";
import { myFillsBefore, myOrdersBefore } from "../models/spot";
import { transfersBefore } from "../models/transfers";
import { withdrawalsBefore } from "../models/withdrawals";
import { toDeposit, toWithdrawal } from "../money/review";
import { toLogEntry } from "./assets";
import { fillsOf } from "./spot";
import { transferOf } from "./transfer";

// Exports (docs/api.md, "Exports"): the rows of a CSV download, a page at a time by the id they stop before. Each
// page is read along an index from where the last one stopped, so an export of a million rows costs the same per
// page at its end as at its start, and the app holds one page at a time.

/** The answer: the page and the next page's `before_id` (the last row's id when the page is full, else none). */
function exportPage<R extends { id: number }, T>(ctx: Ctx, rows: R[], limit: number, present: (rows: R[]) => T[]) {
  return ok(ctx, { data: present(rows), next_before_id: rows.length === limit ? rows[rows.length - 1].id : null });
}

function unknownPair(ctx: Ctx, id: number | undefined) {
  return id !== undefined && !ctx.market.pairs.has(id) ? fail(ctx, "pair_not_found", undefined, "currency_match_id") : null;
}

export const exportHandlers: Pick<
  Handlers,
  "exportOrders" | "exportFills" | "exportAccountLog" | "exportDeposits" | "exportWithdrawals" | "exportTransfers" | "exportSavingsLog"
> = {
  exportOrders(p, ctx) {
    const present = (rs: OrderRow[]) => rs.map((r) => toSpotOrder(r, ctx.market.pairs.get(r.match_id)!, ctx.t));
    return (
      unknownPair(ctx, p.currency_match_id) ??
      exportPage(ctx, myOrdersBefore(ctx.db, ctx.userId!, p, p.before_id, p.limit), p.limit, present)
    );
  },
  exportFills(p, ctx) {
    return (
      unknownPair(ctx, p.currency_match_id) ??
      exportPage(ctx, myFillsBefore(ctx.db, ctx.userId!, p, p.before_id, p.limit), p.limit, (rs) => fillsOf(ctx, rs))
    );
  },
  exportAccountLog(p, ctx) {
    const rows = logBefore(ctx.db, ctx.userId!, p.account_code, p.currency_id, p.before_id, p.limit);
    return exportPage(ctx, rows, p.limit, (rs) => rs.map((r) => toLogEntry(ctx, r)));
  },
  exportDeposits(p, ctx) {
    const rows = depositsBefore(ctx.db, ctx.userId!, p.before_id, p.limit);
    return exportPage(ctx, rows, p.limit, (rs) => rs.map((r) => toDeposit(r, ctx.t)));
  },
  exportWithdrawals(p, ctx) {
    const rows = withdrawalsBefore(ctx.db, ctx.userId!, p.before_id, p.limit);
    return exportPage(ctx, rows, p.limit, (rs) => rs.map((r) => toWithdrawal(r, ctx.t)));
  },
  exportTransfers(p, ctx) {
    const rows = transfersBefore(ctx.db, ctx.userId!, p.currency_id, p.before_id, p.limit);
    return exportPage(ctx, rows, p.limit, (rs) => rs.map((r) => transferOf(ctx, r)));
  },
  exportSavingsLog(p, ctx) {
    const rows = logWhereBefore(
      ctx.db,
      "l.user_id = ? AND l.type IN ('savings_lock', 'savings_interest', 'savings_return')",
      [ctx.userId],
      p.before_id,
      p.limit,
    );
    return exportPage(ctx, rows, p.limit, (rs) => rs.map((r) => toLogEntry(ctx, r)));
  },
};
