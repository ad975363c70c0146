import type { LeverPage, LeverPosition } from "~/contract/lever";
import type { LeverTab } from "~/contract/core/lever";
import { showsOpen, showsPending } from "./tabs";

export type LeverTradePush = {
  type: "LEVER_TRADE";
  currency_match_id: number;
  trades_all: LeverPosition[];
  hazard_rate: string | null;
  profits_all: string;
};
export type LeverClosedPush = {
  type: "LEVER_CLOSED";
  currency_match_id: number;
  ids: number[];
  reason: string;
};
type List = LeverPage & { tab: LeverTab; page?: number };

/** LEVER_TRADE: rows of open positions are replaced by id (current price, profit, liquidation price); others stay. */
export function applyLeverTrade<L extends List>(list: L, msg: LeverTradePush): L {
  if (!showsOpen(list.tab)) return list;
  const byId = new Map(msg.trades_all.map((p) => [p.id, p]));
  let changed = false;
  const data = list.data.map((row) => {
    const next = byId.get(row.id);
    if (!next) return row;
    changed = true;
    return next;
  });
  // A pending order that opened shows up in the current tab at the top (page 1 only).
  if (list.tab === "current" && (list.page ?? 1) === 1) {
    for (const p of msg.trades_all) {
      if (!list.data.some((r) => r.id === p.id) && p.currency_match_id === msg.currency_match_id) {
        data.unshift(p);
        changed = true;
      }
    }
  }
  return changed ? { ...list, data } : list;
}

/** LEVER_CLOSED: the rows leave the open and pending tabs by id. */
export function applyLeverClosed<L extends List>(list: L, msg: LeverClosedPush): L {
  if (!showsOpen(list.tab) && !showsPending(list.tab)) return list;
  const gone = new Set(msg.ids);
  const data = list.data.filter((r) => !gone.has(r.id));
  return data.length === list.data.length
    ? list
    : {
        ...list,
        data,
        total: Math.max(0, list.total - (list.data.length - data.length)),
      };
}
