import type { Pair, QuoteGroup } from "~/contract/entities";
import type { LeverPage } from "~/contract/lever";
import { LEVER_PAGE_SIZE, type LeverTab } from "~/contract/core/lever";
import { api, type ApiArgs } from "~/lib/api.server";
import { normalizeSymbol } from "~/contract/core/channels";
import { pairView } from "~/lib/pair-view";
import { tabQuery } from "./tabs";

/** Pairs open for leverage (open_lever = 1), by quote-currency group (docs/product.md, "/lever"). */
export function leverGroups(groups: QuoteGroup[]): QuoteGroup[] {
  return groups
    .map((g) => ({
      ...g,
      matches: g.matches.filter((p) => p.open_lever === 1),
    }))
    .filter((g) => g.matches.length > 0);
}

export function leverQuoteTabs(groups: QuoteGroup[]): string[] {
  const out: string[] = [];
  for (const g of groups) if (!out.includes(g.code.toUpperCase())) out.push(g.code.toUpperCase());
  return out;
}

/** The pair a query names, else the first open for leverage. */
export function pickLeverPair(groups: QuoteGroup[], symbol: string | null): Pair | null {
  const all = groups.flatMap((g) => g.matches);
  if (symbol) {
    const want = normalizeSymbol(symbol);
    const found = all.find((p) => normalizeSymbol(p.symbol) === want);
    if (found) return found;
  }
  return all[0] ?? null;
}

/** The spot screen's view of a pair and its lever terms. */
export function leverPairView(p: Pair) {
  return { ...pairView(p), shareNum: p.lever_share_num, pointRate: p.lever_point_rate, feeRate: p.lever_fee_rate };
}
export type LeverPairView = ReturnType<typeof leverPairView>;

const EMPTY: LeverPage = { data: [], total: 0, per_page: LEVER_PAGE_SIZE };

/** One tab of the history panel. */
export async function loadTab(args: ApiArgs, tab: LeverTab, pairId: number, page: number): Promise<LeverPage> {
  const q = tabQuery(tab, pairId);
  if (q.call === "dealall") {
    const r = await api(args, "leverDealall", {
      currency_match_id: pairId,
      page,
    });
    return r.ok ? r.data.order : EMPTY;
  }
  const r = await api(args, "leverMyTrade", {
    status: q.status,
    page,
    ...(q.currency_match_id ? { currency_match_id: q.currency_match_id } : {}),
  });
  return r.ok ? r.data : EMPTY;
}

/** What a close confirmation asks about: one position (`close`, its id) or the pair's positions of a side (`batch`, 0 all, 1 long, 2 short). */
export type CloseAsk = { kind: "close"; id: number } | { kind: "batch"; type: 0 | 1 | 2 };

/** The confirmation step the address asks for (`?confirm=close&id=…`, `?confirm=batch&type=…`), or none. */
export function closeAskOf(q: URLSearchParams): CloseAsk | null {
  const confirm = q.get("confirm");
  if (confirm === "close") {
    const id = Number.parseInt(q.get("id") ?? "", 10);
    return Number.isInteger(id) && id > 0 && id < 2 ** 31 ? { kind: "close", id } : null;
  }
  if (confirm === "batch") {
    const type = q.get("type");
    return { kind: "batch", type: type === "1" ? 1 : type === "2" ? 2 : 0 };
  }
  return null;
}

/** The pair's open positions (every page; a batch closes them all), for the close confirmation to name. */
export async function openPositions(args: ApiArgs, pairId: number): Promise<LeverPage["data"]> {
  const out: LeverPage["data"] = [];
  for (let page = 1; page <= 20; page++) {
    const r = await api(args, "leverDealall", { currency_match_id: pairId, page });
    if (!r.ok) break;
    out.push(...r.data.order.data);
    if (out.length >= r.data.order.total || r.data.order.data.length === 0) break;
  }
  return out;
}
