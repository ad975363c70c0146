import type { Deal, QuoteGroup } from "~/contract/entities";
import type { LeverDeal } from "~/contract/lever";
import { api, loaded, type ApiArgs } from "~/lib/api.server";
import { pairPage, quoteTabOf } from "~/lib/pair-page.server";
import { closeSummary } from "./close-rules";
import { closeAskOf, leverGroups, leverPairView, leverQuoteTabs, loadTab, openPositions, pickLeverPair } from "./lever.server";
import { leverTabOf } from "./tabs";

/**
 * What the /lever screen shows (docs/product.md, "/lever"): the pairs open for leverage, the chosen pair's book,
 * trades and quotation, the user's lever account and risk, one tab of positions, and the close confirmation the
 * address asks for. The chart is the caller's (`chart`, started with the other calls); a pair named in another
 * spelling redirects to its canonical address.
 */
export async function leverPage<P extends string>(args: ApiArgs, opts: { period: P; chart: (pairId: number) => Promise<unknown> }) {
  const choice = { offered: leverGroups, pick: (groups: QuoteGroup[], q: URLSearchParams) => pickLeverPair(groups, q.get("symbol")) };
  const { q, offered: groups, pair, page, common } = await pairPage(args, "lever", choice);
  const quotes = leverQuoteTabs(groups);
  const tab = quoteTabOf(quotes, q.get("tab"), pair);
  const pairs = groups.filter((g) => g.code.toUpperCase() === tab).flatMap((g) => g.matches.map(leverPairView));
  const ordersTab = leverTabOf(q.get("orders"));
  const otype: "limit" | "market" = q.get("otype") === "limit" ? "limit" : "market";
  const side: "buy" | "sell" = q.get("side") === "sell" ? "sell" : "buy";

  let deal: Deal | null = null;
  let order: LeverDeal | null = null;
  let risk: { hazard: string | null; profit: string; margin: string } = { hazard: null, profit: "0", margin: "0" };
  let list = null;
  // A close asked for (`?confirm=close&id=…`, `?confirm=batch&type=…`): the server names what it will close.
  const ask = closeAskOf(q);
  let confirm = null;
  if (pair) {
    const [dealR, , orderR, allR, listR] = await Promise.all([
      api(args, "deal", { currency_match_id: pair.id }).then(loaded),
      opts.chart(pair.id),
      api(args, "leverDeal", { currency_match_id: pair.id }).then(loaded),
      api(args, "leverDealall", { currency_match_id: pair.id, page: 1 }).then(loaded),
      loadTab(args, ordersTab, pair.id, page),
    ]);
    deal = dealR.ok ? dealR.data : null;
    order = orderR.ok ? orderR.data : null;
    if (allR.ok) risk = { hazard: allR.data.hazard_rate, profit: allR.data.profits_all, margin: allR.data.caution_money_all };
    list = listR;
    if (ask) confirm = { ask, summary: closeSummary(await openPositions(args, pair.id), ask), key: crypto.randomUUID() };
  }
  return {
    ...common,
    quotes,
    tab,
    pairs,
    pair: pair ? leverPairView(pair) : null,
    period: opts.period,
    otype,
    side,
    depth: deal?.depth ?? { in: [], out: [] },
    trades: deal?.tx_completes ?? [],
    quotation: deal?.quotation ?? pair?.currency_quotation ?? null,
    order,
    risk,
    list: list ? { tab: ordersTab, page, ...list } : null,
    confirm,
    key: crypto.randomUUID(),
  };
}
