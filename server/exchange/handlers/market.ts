import Decimal from "decimal.js";
import { indexedDepth, type Pair, type QuoteGroup } from "../../../app/contract/index";
import { fail, ok, type Handlers } from "../context";
import { CNY_PER_USD } from "../market";
import { allPairs, quoteCurrencies } from "../models/pairs";

function priceRef(usd: string) {
  return {
    usd_price: new Decimal(usd).toFixed(),
    cny_price: new Decimal(usd).times(CNY_PER_USD).toDecimalPlaces(2, Decimal.ROUND_DOWN).toFixed(2),
  };
}

export const marketHandlers: Pick<Handlers, "currencyMatches" | "kline" | "deal"> = {
  currencyMatches(_p, ctx) {
    const quotes = quoteCurrencies(ctx.db);
    // Every pair, with its three flags: each screen keeps the ones open for it (spot open_change, lever
    // open_lever, second contract open_microtrade). The spot engine refuses orders on a pair closed for spot.
    const rows = allPairs(ctx.db);
    const groups: QuoteGroup[] = quotes.map((q) => {
      const ref = priceRef(ctx.market.usdPrice(q.id));
      const matches: Pair[] = rows
        .filter((r) => r.quote_currency_id === q.id)
        .map((r) => {
          const info = ctx.market.pairs.get(r.id)!;
          return {
            id: r.id,
            name: info.symbol,
            symbol: info.symbol,
            base_currency_id: r.base_currency_id,
            quote_currency_id: r.quote_currency_id,
            base_currency_code: info.baseCode,
            quote_currency_code: info.quoteCode,
            open_change: r.open_change,
            open_lever: r.open_lever,
            open_microtrade: r.open_microtrade,
            added: false,
            price_precision: r.price_precision,
            amount_precision: r.amount_precision,
            currency_quotation: ctx.market.quotation(r.id, ctx.now),
            lever_point_rate: r.lever_point_rate,
            lever_share_num: r.lever_share_num,
            lever_fee_rate: r.lever_fee_rate,
            quote_currency: ref,
          };
        });
      return { id: q.id, code: q.code, is_quote: 1, ...ref, matches };
    });
    return ok(ctx, groups);
  },

  kline(p, ctx) {
    const pair = p.currency_match_id !== undefined ? ctx.market.pairs.get(p.currency_match_id) : ctx.market.pairBySymbol(p.symbol ?? "");
    if (!pair) return fail(ctx, "pair_not_found");
    // from/to are unix seconds; millisecond values are accepted too.
    const ms = (v: number) => (Math.abs(v) > 1e11 ? v : v * 1000);
    return ok(ctx, ctx.market.klines(pair.id, p.period, ms(p.from), ms(p.to)));
  },

  deal(p, ctx) {
    if (!ctx.market.pairs.has(p.currency_match_id)) return fail(ctx, "pair_not_found");
    return ok(ctx, {
      quotation: ctx.market.quotation(p.currency_match_id, ctx.now),
      depth: indexedDepth(ctx.market.depth(p.currency_match_id)),
      tx_completes: ctx.market.recentTrades(p.currency_match_id, 30),
    });
  },
};
