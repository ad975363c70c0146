import type { SpotFill, SpotOco, SpotOrder, SpotOrderPage, TimeInForce } from "../../../app/contract/index";
import { fail, ok, type Answer, type Ctx, type Handlers } from "../context";
import { BUY, SELL, type Way } from "../engine/book";
import type { CommandResult, OrderRow } from "../engine/engine";
import { spotBalances, toSpotFill, toSpotOrder } from "../engine/present";
import { pageAnswer, pageOf, pageWindow, type PageArgs } from "../money/paging";
import { myFillsPage, myOrdersPage, spotOrderPage, type FillRow, type OrdersFilter, type SpotOrderFilter } from "../models/spot";

const DEFAULT_LIMIT = 10;
const MAX_LIMIT = 100;
/** /orders' lists: 20 rows a page by default. */
const MY_ORDERS_LIMIT = 20;

function refusal(ctx: Ctx, r: Extract<CommandResult, { ok: false }>): Answer<never> {
  return fail(ctx, r.error, r.vars, r.field);
}

function answer(ctx: Ctx, r: CommandResult, okKey: string): Answer<SpotOrder> {
  if (!r.ok) return refusal(ctx, r);
  return ok(ctx, orderOf(ctx, r.order), okKey);
}

function orderOf(ctx: Ctx, row: OrderRow): SpotOrder {
  return toSpotOrder(row, ctx.market.pairs.get(row.match_id)!, ctx.t);
}

function engineOf(ctx: Ctx) {
  if (!ctx.engine) throw new Error("the matching engine is not running");
  return ctx.engine;
}

async function add(
  ctx: Ctx,
  way: Way,
  p: {
    currency_match_id: number;
    number: string;
    price?: string;
    type: "limit" | "market" | "stop_limit";
    trigger_price?: string;
    time_in_force: TimeInForce;
    idempotency_key?: string;
  },
) {
  const r = await engineOf(ctx).submit({
    kind: "add",
    userId: ctx.userId!,
    matchId: p.currency_match_id,
    way,
    type: p.type === "market" ? "market" : "limit",
    price: p.type === "market" ? undefined : p.price,
    number: p.number,
    ...(p.type === "stop_limit" ? { trigger: p.trigger_price ?? "" } : {}),
    ...(p.type === "limit" && p.time_in_force !== "gtc" ? { timeInForce: p.time_in_force } : {}),
    idempotencyKey: p.idempotency_key,
  });
  return answer(ctx, r, p.type === "stop_limit" ? "stop_placed" : "order_placed");
}

async function oco(
  ctx: Ctx,
  way: Way,
  p: { currency_match_id: number; number: string; price?: string; trigger_price?: string; stop_price?: string; idempotency_key?: string },
): Promise<Answer<SpotOco>> {
  const r = await engineOf(ctx).submit({
    kind: "oco",
    userId: ctx.userId!,
    matchId: p.currency_match_id,
    way,
    number: p.number,
    price: p.price ?? "",
    trigger: p.trigger_price ?? "",
    stopPrice: p.stop_price ?? "",
    idempotencyKey: p.idempotency_key,
  });
  if (!r.ok) return refusal(ctx, r);
  return ok(ctx, { oco_id: r.order.id, limit: orderOf(ctx, r.order), stop: orderOf(ctx, r.linked!) }, "oco_placed");
}

async function cancel(ctx: Ctx, way: Way, id: number) {
  return answer(ctx, await engineOf(ctx).submit({ kind: "cancel", userId: ctx.userId!, orderId: id, way }), "order_cancelled");
}

function page(ctx: Ctx, matchId: number, filter: SpotOrderFilter, p: PageArgs): Answer<SpotOrderPage> {
  const pair = ctx.market.pairs.get(matchId);
  if (!pair) return fail(ctx, "pair_not_found");
  const list = (limit: number, offset: number) => spotOrderPage(ctx.db, ctx.userId!, matchId, filter, limit, offset);
  return pageAnswer(ctx, pageWindow(p, DEFAULT_LIMIT, MAX_LIMIT), list, (r) => toSpotOrder(r, pair, ctx.t));
}

/** Fills as answered: each pair's symbol, the fee in its currency's decimals. */
export function fillsOf(ctx: Ctx, rows: FillRow[]): SpotFill[] {
  const out: SpotFill[] = [];
  for (const r of rows) {
    const pair = ctx.market.pairs.get(r.match_id);
    if (pair) out.push(toSpotFill(r, pair, ctx.t));
  }
  return out;
}

/** The filters as the models take them; an unknown pair is refused on its field. */
function filterOf(ctx: Ctx, p: OrdersFilter): OrdersFilter | Answer<never> {
  if (p.currency_match_id !== undefined && !ctx.market.pairs.has(p.currency_match_id))
    return fail(ctx, "pair_not_found", undefined, "currency_match_id");
  return p;
}

export const spotHandlers: Pick<
  Handlers,
  | "txInAdd"
  | "txOutAdd"
  | "txInCancel"
  | "txOutCancel"
  | "txInList"
  | "txOutList"
  | "txHistoryList"
  | "spotBalances"
  | "txInOco"
  | "txOutOco"
  | "txCancelAll"
  | "spotOrders"
  | "spotFills"
> = {
  txInAdd: (p, ctx) => add(ctx, BUY, p),
  txOutAdd: (p, ctx) => add(ctx, SELL, p),
  txInOco: (p, ctx) => oco(ctx, BUY, p),
  txOutOco: (p, ctx) => oco(ctx, SELL, p),
  txInCancel: (p, ctx) => cancel(ctx, BUY, p.id),
  txOutCancel: (p, ctx) => cancel(ctx, SELL, p.id),
  async txCancelAll(p, ctx) {
    if (p.currency_match_id !== undefined && !ctx.market.pairs.has(p.currency_match_id))
      return fail(ctx, "pair_not_found", undefined, "currency_match_id");
    const r = await engineOf(ctx).submit({ kind: "cancel_all", userId: ctx.userId!, matchId: p.currency_match_id });
    if (!r.ok) return fail(ctx, r.error);
    const n = r.cancelled.length;
    return ok(ctx, { cancelled: n, ids: r.cancelled.map((o) => o.id) }, "orders_cancelled", { count: n });
  },
  // A pair's working orders of one side (open and untriggered), or every order of that side.
  txInList: (p, ctx) => page(ctx, p.currency_match_id, { way: BUY, openOnly: p.status !== "all" }, p),
  txOutList: (p, ctx) => page(ctx, p.currency_match_id, { way: SELL, openOnly: p.status !== "all" }, p),
  // Finished orders of both sides (completed, cancelled, revoked), newest first.
  txHistoryList: (p, ctx) => page(ctx, p.currency_match_id, { finished: true }, p),
  spotOrders(p, ctx) {
    const f = filterOf(ctx, p);
    if ("code" in f) return f;
    const list = (limit: number, offset: number) => myOrdersPage(ctx.db, ctx.userId!, f, limit, offset);
    return pageAnswer(ctx, pageWindow(p, MY_ORDERS_LIMIT, MAX_LIMIT), list, (r) => orderOf(ctx, r));
  },
  spotFills(p, ctx) {
    const f = filterOf(ctx, p);
    if ("code" in f) return f;
    const { page, limit, offset } = pageWindow(p, MY_ORDERS_LIMIT, MAX_LIMIT);
    const { total, rows } = myFillsPage(ctx.db, ctx.userId!, f, limit, offset);
    return ok(ctx, pageOf(total, page, limit, fillsOf(ctx, rows)));
  },
  spotBalances(p, ctx) {
    const pair = ctx.market.pairs.get(p.currency_match_id);
    if (!pair) return fail(ctx, "pair_not_found");
    return ok(ctx, spotBalances(ctx.db, ctx.userId!, pair));
  },
};
