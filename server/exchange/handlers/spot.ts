import type { SpotOrder, SpotOrderPage } from "../../../app/contract/index";
import { fail, ok, type Answer, type Ctx, type Handlers } from "../context";
import { BUY, SELL, type Way } from "../engine/book";
import type { CommandResult } from "../engine/engine";
import { spotBalances, toSpotOrder } from "../engine/present";
import { spotOrderPage, type SpotOrderFilter } from "../models/spot";

const DEFAULT_LIMIT = 10;
const MAX_LIMIT = 100;

function answer(ctx: Ctx, r: CommandResult, okKey: string): Answer<SpotOrder> {
  if (!r.ok) return fail(ctx, r.error, r.vars);
  const pair = ctx.market.pairs.get(r.order.match_id)!;
  return ok(ctx, toSpotOrder(r.order, pair, ctx.t), okKey);
}

function engineOf(ctx: Ctx) {
  if (!ctx.engine) throw new Error("the matching engine is not running");
  return ctx.engine;
}

async function add(
  ctx: Ctx,
  way: Way,
  p: { currency_match_id: number; number: string; price?: string; type: "limit" | "market"; idempotency_key?: string },
) {
  const r = await engineOf(ctx).submit({
    kind: "add",
    userId: ctx.userId!,
    matchId: p.currency_match_id,
    way,
    type: p.type,
    price: p.type === "limit" ? p.price : undefined,
    number: p.number,
    idempotencyKey: p.idempotency_key,
  });
  return answer(ctx, r, "order_placed");
}

async function cancel(ctx: Ctx, way: Way, id: number) {
  return answer(ctx, await engineOf(ctx).submit({ kind: "cancel", userId: ctx.userId!, orderId: id, way }), "order_cancelled");
}

function page(ctx: Ctx, matchId: number, filter: SpotOrderFilter, pageNo = 1, limitIn = DEFAULT_LIMIT): Answer<SpotOrderPage> {
  const pair = ctx.market.pairs.get(matchId);
  if (!pair) return fail(ctx, "pair_not_found");
  const limit = Math.min(limitIn, MAX_LIMIT);
  const { total, rows } = spotOrderPage(ctx.db, ctx.userId!, matchId, filter, limit, (pageNo - 1) * limit);
  return ok(ctx, {
    total,
    per_page: limit,
    last_page: Math.max(1, Math.ceil(total / limit)),
    current_page: pageNo,
    data: rows.map((r) => toSpotOrder(r, pair, ctx.t)),
  });
}

export const spotHandlers: Pick<
  Handlers,
  "txInAdd" | "txOutAdd" | "txInCancel" | "txOutCancel" | "txInList" | "txOutList" | "txHistoryList" | "spotBalances"
> = {
  txInAdd: (p, ctx) => add(ctx, BUY, p),
  txOutAdd: (p, ctx) => add(ctx, SELL, p),
  txInCancel: (p, ctx) => cancel(ctx, BUY, p.id),
  txOutCancel: (p, ctx) => cancel(ctx, SELL, p.id),
  txInList: (p, ctx) => page(ctx, p.currency_match_id, { way: BUY, openOnly: p.status !== "all" }, p.page, p.limit),
  txOutList: (p, ctx) => page(ctx, p.currency_match_id, { way: SELL, openOnly: p.status !== "all" }, p.page, p.limit),
  // Finished orders of both sides (completed, cancelled, revoked), newest first.
  txHistoryList: (p, ctx) => page(ctx, p.currency_match_id, { finished: true }, p.page, p.limit),
  spotBalances(p, ctx) {
    const pair = ctx.market.pairs.get(p.currency_match_id);
    if (!pair) return fail(ctx, "pair_not_found");
    return ok(ctx, spotBalances(ctx.db, ctx.userId!, pair));
  },
};
