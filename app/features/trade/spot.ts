import Decimal from "decimal.js";
import type { Depth, DepthEntry, KlineBar, KlinePeriod, Pair, QuoteGroup, SpotBalances, SpotOrder, Trade } from "~/contract/entities";
import { normalizeSymbol } from "~/contract/core/channels";
import type { OrderWay } from "~/contract/core/trading";
import { dec } from "~/lib/money";

/**
 * The spot trade screen's rules (SPEC §2, §4, §5, §9), as pure functions over decimal strings:
 * price input, quantity and total rounding, the slider, the best book price, pair selection,
 * and the reducers that apply live messages to the screen's state. decimal.js only: no float
 * ever touches a price, a quantity or a balance here.
 */

/** SPEC §9: the default price decimals; a pair's own `price_precision` wins (docs/api.md). */
export const PRICE_DECIMALS = 4;
/** SPEC §9: quantities floored to 6 decimals. */
export const QTY_DECIMALS = 6;
/** SPEC §9: totals rounded up to 6 decimals. */
export const TOTAL_DECIMALS = 6;
export const SLIDER_STEP = 25;
export const RECENT_TRADES_MAX = 30;
export const ORDERS_PAGE_SIZE = 10;
/** The chart draws at most this many bars (the ones in view). */
export const CHART_BARS_MAX = 300;
export const CHART_HEIGHT = 516;

export type Side = "buy" | "sell";
export type OrderType = "limit" | "market";

// ---------------------------------------------------------------- input and rounding

/**
 * What a price field keeps of what was typed: digits and one dot, at most `decimals` decimals.
 * 'e', '+', '-' and anything else are dropped (SPEC §5: typing e or minus is blocked).
 */
export function sanitizePriceInput(raw: string, decimals = PRICE_DECIMALS): string {
  let int = "";
  let frac = "";
  let dot = false;
  for (const ch of raw) {
    if (ch >= "0" && ch <= "9") {
      if (!dot) int += ch;
      else if (frac.length < decimals) frac += ch;
    } else if ((ch === "." || ch === ",") && !dot && decimals > 0) dot = true;
  }
  return dot ? `${int || "0"}.${frac}` : int;
}

/** The same for a quantity: digits and one dot, at most 6 decimals. */
export function sanitizeQtyInput(raw: string): string {
  return sanitizePriceInput(raw, QTY_DECIMALS);
}

const PLAIN = /^\d+(\.\d+)?$/;

function decimalsOf(v: string): number {
  const i = v.indexOf(".");
  return i < 0 ? 0 : v.slice(i + 1).replace(/0+$/, "").length;
}

export type PriceProblem = "price_required" | "price_invalid" | "price_decimals" | "price_positive";
export type QtyProblem = "number_required" | "number_invalid" | "number_decimals" | "number_positive";

/** SPEC §5: a limit price is required, digits only, at most `decimals` decimals, above 0. */
export function priceProblem(value: string | undefined | null, decimals = PRICE_DECIMALS): PriceProblem | null {
  const v = (value ?? "").trim();
  if (!v) return "price_required";
  if (!PLAIN.test(v)) return "price_invalid";
  if (decimalsOf(v) > decimals) return "price_decimals";
  if (!/[1-9]/.test(v)) return "price_positive";
  return null;
}

/** SPEC §5: the quantity is required, a plain decimal with at most 6 decimals, above 0. */
export function qtyProblem(value: string | undefined | null): QtyProblem | null {
  const v = (value ?? "").trim();
  if (!v) return "number_required";
  if (!PLAIN.test(v)) return "number_invalid";
  if (decimalsOf(v) > QTY_DECIMALS) return "number_decimals";
  if (!/[1-9]/.test(v)) return "number_positive";
  return null;
}

/** Quantity scale: floored to 6 decimals, trailing zeros dropped ('0.1234569' → '0.123456'). */
export function floorQty(value: string | Decimal | null | undefined): string {
  const d = value instanceof Decimal ? value : dec(value);
  if (!d || d.isNegative()) return "";
  return d.toDecimalPlaces(QTY_DECIMALS, Decimal.ROUND_FLOOR).toFixed();
}

/** Total = price × quantity, rounded UP to 6 decimals; '' while either is missing. */
export function orderTotal(price: string | null | undefined, qty: string | null | undefined): string {
  const p = dec(price);
  const q = dec(qty);
  if (!p || !q || p.isNegative() || q.isNegative()) return "";
  return p.times(q).toDecimalPlaces(TOTAL_DECIMALS, Decimal.ROUND_CEIL).toFixed(TOTAL_DECIMALS);
}

/** Snaps a slider value to 0, 25, 50, 75 or 100. */
export function snapPercent(value: string | number | null | undefined): number {
  const n = typeof value === "number" ? value : Number.parseInt(String(value ?? "0"), 10);
  if (!Number.isFinite(n)) return 0;
  return Math.min(100, Math.max(0, Math.round(n / SLIDER_STEP) * SLIDER_STEP));
}

/**
 * The quantity a slider position means (SPEC §5/§9): a buy spends `percent` of the available quote
 * at `price`; a sell sells `percent` of the available base. Floored to 6 decimals. '' when a buy has no price.
 */
export function sliderQuantity(args: { side: Side; percent: number; available: string | null | undefined; price?: string | null }): string {
  const avail = dec(args.available);
  const pct = snapPercent(args.percent);
  if (!avail || avail.lte(0) || pct === 0) return pct === 0 ? "" : "0";
  const share = avail.times(pct).div(100);
  if (args.side === "sell") return floorQty(share);
  const price = dec(args.price);
  if (!price || price.lte(0)) return "";
  return floorQty(share.div(price));
}

/** SPEC §4: the market price: a buy takes the lowest ask, a sell the highest bid. null when that side is empty. */
export function bestPrice(depth: Depth | null | undefined, side: Side): string | null {
  const levels: DepthEntry[] = side === "buy" ? depth?.out ?? [] : depth?.in ?? [];
  let best: Decimal | null = null;
  let text: string | null = null;
  for (const l of levels) {
    const p = dec(l.price);
    const a = dec(l.amount);
    if (!p || !a || a.lte(0)) continue;
    if (!best || (side === "buy" ? p.lt(best) : p.gt(best))) {
      best = p;
      text = l.price;
    }
  }
  return text;
}

/** Available funds of a form: the quote for a buy, the base for a sell. */
export function availableFor(balances: SpotBalances | null | undefined, side: Side): string | null {
  if (!balances) return null;
  return side === "buy" ? balances.quote.balance : balances.base.balance;
}

/** Compares two decimal strings for equality without floats ('1.50' equals '1.5'). */
export function sameAmount(a: string, b: string): boolean {
  const x = dec(a);
  const y = dec(b);
  return !!x && !!y && x.eq(y);
}

// ---------------------------------------------------------------- pairs, periods, tradeinfo

export const TRADE_PERIODS = ["time", "1min", "5min", "15min", "30min", "60min", "1day", "1week", "1mon"] as const;
export type TradePeriod = (typeof TRADE_PERIODS)[number];
/** SPEC §9: default interval 1 minute. */
export const DEFAULT_PERIOD: TradePeriod = "1min";

export function normalizePeriod(v: string | null | undefined): TradePeriod {
  return (TRADE_PERIODS as readonly string[]).includes(v ?? "") ? (v as TradePeriod) : DEFAULT_PERIOD;
}

/** The bars a period draws: 'time' is the line of 1-minute closes. */
export function klinePeriod(p: TradePeriod): KlinePeriod {
  return p === "time" ? "1min" : p;
}

const PERIOD_SECONDS: Record<KlinePeriod, number> = {
  "1min": 60, "5min": 300, "15min": 900, "30min": 1800, "60min": 3600, "1day": 86400, "1week": 604800, "1mon": 2678400,
};

/** The kline request window (unix seconds) that covers the last `bars` bars of a period. */
export function klineWindow(p: TradePeriod, nowMs: number, bars = CHART_BARS_MAX): { from: number; to: number } {
  const to = Math.floor(nowMs / 1000);
  return { from: to - PERIOD_SECONDS[klinePeriod(p)] * (bars + 1), to };
}


/** SPEC's tradeinfo (local storage there; a plain cookie here, so the server picks the pair). */
export type TradeInfo = { currencyName: string; currencyId: number; legalId: number; legalName: string; symbol: string; mathid: number };
export const TRADEINFO_COOKIE = "tradeinfo";

export function tradeInfoOf(pair: Pair): TradeInfo {
  return {
    currencyName: pair.base_currency_code,
    currencyId: pair.base_currency_id,
    legalId: pair.quote_currency_id,
    legalName: pair.quote_currency_code,
    symbol: pair.symbol,
    mathid: pair.id,
  };
}

/** Reads the cookie's JSON; anything malformed is null. */
export function parseTradeInfo(raw: string | null | undefined): TradeInfo | null {
  if (!raw || raw.length > 512) return null;
  try {
    const v = JSON.parse(raw) as Partial<TradeInfo>;
    if (!v || typeof v !== "object" || typeof v.symbol !== "string") return null;
    const mathid = Number(v.mathid);
    return {
      currencyName: String(v.currencyName ?? ""),
      currencyId: Number(v.currencyId) || 0,
      legalId: Number(v.legalId) || 0,
      legalName: String(v.legalName ?? ""),
      symbol: v.symbol,
      mathid: Number.isInteger(mathid) ? mathid : 0,
    };
  } catch {
    return null;
  }
}

export function serializeTradeInfo(info: TradeInfo): string {
  return `${TRADEINFO_COOKIE}=${encodeURIComponent(JSON.stringify(info))}; Path=/; Max-Age=${60 * 60 * 24 * 365}; SameSite=Lax`;
}

function isOpen(p: Pair) {
  return p.open_change === 1;
}

/**
 * SPEC §2: the pair asked for (`?symbol=`), else the one saved in tradeinfo if it is still open,
 * else the first open pair of the first quote currency.
 */
export function pickPair(groups: QuoteGroup[], opts: { symbol?: string | null; tradeinfo?: TradeInfo | null }): Pair | null {
  const open = groups.flatMap((g) => g.matches.filter(isOpen));
  if (opts.symbol) {
    const want = normalizeSymbol(opts.symbol);
    const hit = open.find((p) => normalizeSymbol(p.symbol) === want);
    if (hit) return hit;
  }
  if (opts.tradeinfo) {
    const saved = opts.tradeinfo;
    const hit = open.find((p) => p.id === saved.mathid && normalizeSymbol(p.symbol) === normalizeSymbol(saved.symbol));
    if (hit) return hit;
  }
  for (const g of groups) {
    const first = g.matches.find(isOpen);
    if (first) return first;
  }
  return null;
}

// ---------------------------------------------------------------- live reducers

/** MARKET_DEPTH carries the whole book (20 levels a side): it replaces what we hold. */
export function applyDepth(current: Depth, msg: { depth: Depth }): Depth {
  return { in: msg.depth.in.slice(), out: msg.depth.out.slice() };
}

/**
 * GLOBAL_TX: the tick's trades (newest first) go on top; a snapshot replaces the list.
 * Duplicates (a replay after a reconnect) are dropped by id; at most 30 are kept (SPEC §9).
 */
export function applyTrade(current: Trade[], msg: { completes: Trade[] }, snapshot = false): Trade[] {
  const base = snapshot ? [] : current;
  const seen = new Set<number>();
  const out: Trade[] = [];
  for (const t of [...msg.completes, ...base]) {
    if (seen.has(t.id)) continue;
    seen.add(t.id);
    out.push(t);
    if (out.length >= RECENT_TRADES_MAX) break;
  }
  return out;
}

export type KlineChange = "none" | "update" | "append";

/**
 * KLINE: the bar in progress of some period. Only the shown period counts; the last bar is replaced
 * when it is the same bar, one is appended when a newer bar starts (the oldest leaves past `max`).
 */
export function applyKline(bars: KlineBar[], bar: KlineBar, period: KlinePeriod, max = CHART_BARS_MAX): { bars: KlineBar[]; change: KlineChange } {
  if (bar.period !== period) return { bars, change: "none" };
  const last = bars[bars.length - 1];
  const clean: KlineBar = { open: bar.open, high: bar.high, low: bar.low, close: bar.close, volume: bar.volume, time: bar.time, period: bar.period };
  if (last && last.time === bar.time) {
    if (last.open === clean.open && last.high === clean.high && last.low === clean.low && last.close === clean.close && last.volume === clean.volume) {
      return { bars, change: "none" };
    }
    const next = bars.slice();
    next[next.length - 1] = clean;
    return { bars: next, change: "update" };
  }
  if (last && bar.time < last.time) return { bars, change: "none" };
  const next = [...bars, clean];
  return { bars: next.length > max ? next.slice(next.length - max) : next, change: "append" };
}

export type OrdersTab = "current" | "all" | "history";
export const ORDERS_TABS: OrdersTab[] = ["current", "all", "history"];
export type OrdersView = { pairId: number; tab: OrdersTab; way: OrderWay; page: number };
export type OrderEvent =
  | { type: "TX_SUBMIT"; currency_match_id: number; order: SpotOrder }
  | { type: "TX_MATCHED"; currency_match_id: number; order: SpotOrder };

function isStillOpen(o: SpotOrder): boolean {
  return o.status === 0 && !sameAmount(o.transacted_amount, o.number);
}

/**
 * TX_SUBMIT / TX_MATCHED against the orders list on screen (SPEC §4):
 * - a new order is prepended only on page 1, not on history, when its side matches the sub-tab
 *   (and, on current orders, only while it is still open);
 * - a fill replaces the row; on current orders a row whose transacted_amount equals its number leaves;
 * - on history page 1 an order that a fill just finished comes on top (history lists finished orders).
 */
export function applyOrderEvent(rows: SpotOrder[], ev: OrderEvent, view: OrdersView): SpotOrder[] {
  const o = ev.order;
  if (ev.currency_match_id !== view.pairId) return rows;
  const at = rows.findIndex((r) => r.id === o.id);
  if (view.tab === "history") {
    if (at >= 0) return rows.map((r) => (r.id === o.id ? o : r));
    // Never a submission (SPEC: not on history); a fill that finished an order does belong there.
    if (ev.type === "TX_MATCHED" && view.page === 1 && !isStillOpen(o)) return [o, ...rows].slice(0, ORDERS_PAGE_SIZE);
    return rows;
  }
  if (o.way !== view.way) return rows;
  const keep = view.tab === "all" || isStillOpen(o);
  if (at >= 0) return keep ? rows.map((r) => (r.id === o.id ? o : r)) : rows.filter((r) => r.id !== o.id);
  if (ev.type === "TX_SUBMIT" && view.page === 1 && keep) return [o, ...rows].slice(0, ORDERS_PAGE_SIZE);
  return rows;
}

/** Balances a private push carries, for the pair on screen only. */
export function applyBalances(
  current: SpotBalances | null,
  msg: { currency_match_id: number; base_account: SpotBalances["base"]; quote_account: SpotBalances["quote"] },
  pairId: number,
): SpotBalances | null {
  if (msg.currency_match_id !== pairId) return current;
  return { base: msg.base_account, quote: msg.quote_account };
}

// ---------------------------------------------------------------- chart locale

/** SPEC §9: the chart's locale follows the language (hk → zh-TW, jp → ja, kr → ko, zh → zh-CN). */
export function chartLocale(lang: string): string {
  const map: Record<string, string> = { hk: "zh-TW", jp: "ja", kr: "ko", zh: "zh-CN" };
  return map[lang] ?? lang;
}
