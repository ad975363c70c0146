import { ORDER_WAY } from "~/contract/core/trading";
import type { Deal, QuoteGroup, SpotBalances, SpotOrderPage } from "~/contract/entities";
import type { CancelAllAsk } from "~/components/cancel-all-confirm";
import { api, loaded, type ApiArgs } from "~/lib/api.server";
import { readCookie } from "~/lib/cookies";
import { quoteTabs } from "~/lib/markets";
import { pairPage, quoteTabOf } from "~/lib/pair-page.server";
import { pairView } from "~/lib/pair-view";
import { renderChartOnServer } from "./chart-bars.server";
import { normalizePeriod } from "./chart-periods";
import { mergeOrderPages, ORDERS_PAGE_SIZE, ORDERS_TABS, type OrdersSide, type OrdersTab } from "./live-state";
import { ORDER_TYPES, PRICE_DECIMALS, sanitizePriceInput, type OrderType, type Side } from "./order-input";
import { parseTradeInfo, pickPair, serializeTradeInfo, TRADEINFO_COOKIE, tradeInfoOf } from "./pair-choice";

function emptyPage(): SpotOrderPage {
  return { total: 0, per_page: ORDERS_PAGE_SIZE, last_page: 1, current_page: 1, data: [] };
}

/** One page of the user's orders on the pair: working or all orders of one side or of both, or the fills. */
async function loadOrders(args: ApiArgs, pairId: number, tab: OrdersTab, way: OrdersSide, page: number) {
  const payload = { currency_match_id: pairId, page, limit: ORDERS_PAGE_SIZE };
  if (tab === "history") {
    const r = await api(args, "txHistoryList", payload).then(loaded);
    return r.ok ? r.data : emptyPage();
  }
  const status = tab === "current" ? "open" : "all";
  if (way !== null) {
    const r = await api(args, way === ORDER_WAY.BUY ? "txInList" : "txOutList", { ...payload, status });
    return r.ok ? r.data : emptyPage();
  }
  // Both sides (the default): the first `page` pages of each side, merged newest first, then this page of them.
  const limit = Math.min(page * ORDERS_PAGE_SIZE, 100);
  const [buys, sells] = await Promise.all([
    api(args, "txInList", { ...payload, page: 1, limit, status }).then(loaded),
    api(args, "txOutList", { ...payload, page: 1, limit, status }).then(loaded),
  ]);
  return mergeOrderPages(buys.ok ? buys.data : emptyPage(), sells.ok ? sells.data : emptyPage(), page);
}

/**
 * What the /trade screen shows (docs/product.md, "/trade"): the pairs of a quote tab, the chosen pair's book, trades,
 * quotation and chart, and, signed in, the balances, one page of orders and the 'cancel all?' count the address asks
 * for. A pair named in another spelling redirects to its canonical address. `setCookie` saves the pair chosen (the
 * tradeinfo cookie) when it changed, so the next visit to /trade opens on it.
 */
export async function tradePage(args: ApiArgs) {
  const saved = parseTradeInfo(readCookie(args.request.headers.get("Cookie"), TRADEINFO_COOKIE));
  const choice = {
    offered: (groups: QuoteGroup[]) => groups,
    pick: (groups: QuoteGroup[], q: URLSearchParams) => pickPair(groups, { symbol: q.get("symbol"), tradeinfo: saved }),
  };
  const { q, token, offered: groups, pair, page, common } = await pairPage(args, "trade", choice);
  const quotes = quoteTabs(groups);
  const tab = quoteTabOf(quotes, q.get("tab"), pair);
  const pairs = groups
    .filter((g) => g.code.toUpperCase() === tab)
    .flatMap((g) => g.matches.filter((p) => p.open_change === 1))
    .map(pairView);

  const period = normalizePeriod(q.get("period"));
  const ordersTab: OrdersTab = (ORDERS_TABS as string[]).includes(q.get("orders") ?? "") ? (q.get("orders") as OrdersTab) : "current";
  const way: OrdersSide = q.get("way") === "sell" ? ORDER_WAY.SELL : q.get("way") === "buy" ? ORDER_WAY.BUY : null;
  const otype: OrderType = (ORDER_TYPES as readonly string[]).includes(q.get("otype") ?? "") ? (q.get("otype") as OrderType) : "limit";
  const side: Side = q.get("side") === "sell" ? "sell" : "buy";

  let deal: Deal | null = null;
  let balances: SpotBalances | null = null;
  let orders: SpotOrderPage | null = null;
  // 'Cancel all' asks first (`?confirm=cancel-all&scope=pair|all`): how many working orders it would cancel.
  let cancelAll: CancelAllAsk | null = null;
  if (pair && token && q.get("confirm") === "cancel-all") {
    const scope = q.get("scope") === "all" ? "all" : "pair";
    const n = await api(args, "spotOrders", { status: "open", currency_match_id: scope === "pair" ? pair.id : undefined, limit: 1 });
    cancelAll = {
      scope,
      pair: scope === "pair" ? { id: pair.id, symbol: pair.symbol } : null,
      count: n.ok ? n.data.total : 0,
      key: crypto.randomUUID(),
    };
  }
  if (pair) {
    const [dealResult, , balancesResult, ordersResult] = await Promise.all([
      api(args, "deal", { currency_match_id: pair.id }).then(loaded),
      renderChartOnServer(args, pair.id, period),
      token ? api(args, "spotBalances", { currency_match_id: pair.id }).then(loaded) : null,
      token ? loadOrders(args, pair.id, ordersTab, way, page) : null,
    ]);
    deal = dealResult.ok ? dealResult.data : null;
    balances = balancesResult?.ok ? balancesResult.data : null;
    orders = ordersResult;
  }
  const decimals = pair?.price_precision ?? PRICE_DECIMALS;
  const setCookie = pair && (saved?.mathid !== pair.id || saved.symbol !== pair.symbol) ? serializeTradeInfo(tradeInfoOf(pair)) : null;

  const view = {
    ...common,
    loggedIn: Boolean(token),
    quotes,
    tab,
    pairs,
    pair: pair ? pairView(pair) : null,
    period,
    otype,
    side,
    depth: deal?.depth ?? { in: [], out: [] },
    trades: deal?.tx_completes ?? [],
    quotation: deal?.quotation ?? pair?.currency_quotation ?? null,
    balances,
    orders: orders ? { tab: ordersTab, way, page, ...orders } : null,
    cancelAll,
    ordersView: { tab: ordersTab, way, page },
    // One-time keys: a double click or a resubmitted POST places one order (ARCHITECTURE: idempotency).
    keys: { buy: crypto.randomUUID(), sell: crypto.randomUUID() },
    prefillPrice: sanitizePriceInput(q.get("price") ?? "", decimals),
  };
  return { view, setCookie };
}
