import { normalizeSymbol } from "~/contract/core/channels";
import { useRevalidator } from "~/lib/use-revalidator";
import { useCallback, useEffect, useMemo, useRef, useState, type SetStateAction } from "react";
import type {
  Depth,
  KlineBar,
  KlinePeriod,
  Quotation,
  SpotBalances,
  SpotOrder,
  Trade,
  WsGlobalTx,
  WsKline,
  WsMarketDepth,
  WsTxMatched,
  WsTxSubmit,
} from "~/contract/entities";
import { useLiveChannel, useLiveQuotations, type LiveQuotation } from "~/lib/use-live";
import { applyBalances, applyDepth, applyKline, applyOrderEvent, applyTrade, type OrdersSide, type OrdersTab } from "./live-state";
import { klinePeriod, type TradePeriod } from "./chart-periods";
import { fetchChartBars } from "./chart-bars";

/**
 * State that starts from the loader and is then moved by live messages. When the loader's value changes
 * (a revalidation after an order, another pair), the fresher server value replaces what the feed built.
 */
function useSynced<T>(source: T): [T, (u: SetStateAction<T>) => void] {
  const [state, setState] = useState({ source, value: source });
  let value = state.value;
  if (state.source !== source) {
    value = source;
    setState({ source, value: source });
  }
  const set = useCallback((u: SetStateAction<T>) => {
    setState((s) => {
      const value = typeof u === "function" ? (u as (prev: T) => T)(s.value) : u;
      // Unchanged (a KLINE of another interval, a replayed trade): no re-render.
      return Object.is(value, s.value) ? s : { source: s.source, value };
    });
  }, []);
  return [value, set];
}

// The schemas load after hydration, so zod's contract module does not weigh on the first load.
const entities = () => import("~/contract/entities");
const depthSchema = () => entities().then((m) => m.WsMarketDepthSchema);
const txSchema = () => entities().then((m) => m.WsGlobalTxSchema);
const klineSchema = () => entities().then((m) => m.WsKlineSchema);
const submitSchema = () => entities().then((m) => m.WsTxSubmitSchema);
const matchedSchema = () => entities().then((m) => m.WsTxMatchedSchema);

export type TradeLiveInput = {
  pair: { id: number; symbol: string };
  period: TradePeriod;
  loggedIn: boolean;
  depth: Depth;
  trades: Trade[];
  quotation: Quotation | null;
  balances: SpotBalances | null;
  orders: SpotOrder[] | null;
  ordersView: { tab: OrdersTab; way: OrdersSide; page: number };
};

/** The chart's bars of one pair and interval: null until fetched; pushes that come first wait in `early`. */
type ChartBars = { key: string; bars: KlineBar[] | null; early: KlineBar[] };

/**
 * The chart's bars: fetched from the shared /resources/kline after hydration (they are not in the page's data,
 * issue 14), then moved by KLINE pushes. A push that arrives before the fetch is applied on top of it. Until the
 * bars arrive (or if they cannot be had) the chart keeps the server's SVG.
 */
function useChartBars(sym: string, pairId: number, period: KlinePeriod): KlineBar[] | null {
  const key = `${pairId}:${period}`;
  const [state, setState] = useState<ChartBars>({ key, bars: null, early: [] });
  useEffect(() => {
    const ac = new AbortController();
    let retry: ReturnType<typeof setTimeout> | undefined;
    const load = (attempt: number) =>
      fetchChartBars(pairId, period, ac.signal).then(
        (fetched) =>
          setState((s) => {
            let bars = fetched;
            if (s.key === key) for (const bar of s.early) bars = applyKline(bars, bar, period).bars;
            return { key, bars, early: [] };
          }),
        () => {
          // Unavailable for now (not left): the server's SVG stays, and the bars are asked for again a few times.
          if (!ac.signal.aborted && attempt < 3) retry = setTimeout(() => load(attempt + 1), 3000 * (attempt + 1));
        },
      );
    void load(0);
    return () => {
      ac.abort();
      clearTimeout(retry);
    };
  }, [key, pairId, period]);
  useLiveChannel<WsKline>(`KLINE.${sym}`, klineSchema, (msg) => {
    if (msg.currency_match_id !== pairId || msg.period !== period) return;
    // The chart measures "chart-tick" from here to its redraw (see candle-chart.client.tsx).
    performance.mark("kline-msg");
    setState((s) => {
      if (s.key !== key) return { key, bars: null, early: [msg] };
      if (!s.bars) return { ...s, early: [...s.early.slice(-49), msg] };
      const r = applyKline(s.bars, msg, period);
      return r.change === "none" ? s : { ...s, bars: r.bars };
    });
  });
  return state.key === key ? state.bars : null;
}

/**
 * Everything on /trade that moves: the book, trades, candles, header, my orders and balances, over the relay
 * (/events). The channels close when the screen unmounts (docs/product.md, "Live updates").
 */
export function useTradeLive(input: TradeLiveInput) {
  const sym = normalizeSymbol(input.pair.symbol);
  const pairId = input.pair.id;
  const [depth, setDepth] = useSynced(input.depth);
  const [trades, setTrades] = useSynced(input.trades);
  const [balances, setBalances] = useSynced(input.balances);
  const [orders, setOrders] = useSynced(input.orders);
  const quotes = useLiveQuotations();
  const bars = useChartBars(sym, pairId, klinePeriod(input.period));
  const view = { pairId, ...input.ordersView };

  useLiveChannel<WsMarketDepth>(`MARKET_DEPTH.${sym}`, depthSchema, (msg) => {
    if (msg.currency_match_id === pairId) setDepth((cur) => applyDepth(cur, msg));
  });
  useLiveChannel<WsGlobalTx>(`GLOBAL_TX.${sym}`, txSchema, (msg, meta) => {
    if (msg.currency_match_id === pairId) setTrades((cur) => applyTrade(cur, msg, meta.snapshot));
  });
  // My orders and balances have no snapshot to rebuild from: after a gap, ask the server again
  // (once, though both private channels report it).
  const revalidator = useRevalidator();
  const reloading = useRef(false);
  const reloadMine = useCallback(() => {
    if (reloading.current) return;
    reloading.current = true;
    queueMicrotask(() => {
      reloading.current = false;
      revalidator.revalidate();
    });
  }, [revalidator]);
  // TX_SUBMIT (accepted) and TX_MATCHED (filled) move my orders and balances the same way.
  const onMine = (type: "TX_SUBMIT" | "TX_MATCHED") => (msg: WsTxSubmit | WsTxMatched) => {
    setBalances((cur) => applyBalances(cur, msg, pairId));
    setOrders((cur) => (cur ? applyOrderEvent(cur, { type, currency_match_id: msg.currency_match_id, order: msg.order }, view) : cur));
  };
  useLiveChannel<WsTxSubmit>(input.loggedIn ? "TX_SUBMIT" : null, submitSchema, onMine("TX_SUBMIT"), reloadMine);
  useLiveChannel<WsTxMatched>(input.loggedIn ? "TX_MATCHED" : null, matchedSchema, onMine("TX_MATCHED"), reloadMine);

  const liveQuote: LiveQuotation | undefined = quotes[pairId];
  const base = input.quotation;
  const quotation = useMemo(() => (liveQuote && base ? { ...base, ...liveQuote } : base), [liveQuote, base]);
  return { depth, trades, bars, balances, orders, quotes, quotation };
}
