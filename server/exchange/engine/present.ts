import DecimalBase from "decimal.js";
import type { SpotBalance, SpotBalances, SpotFill, SpotOrder } from "../../../app/contract/index";
import type { DB } from "../db/index";
import { statement } from "../db/statements";
import type { Translate } from "../lib/i18n";
import type { PairInfo } from "../market";
import { BUY } from "./book";
import { SPOT_ACCOUNT } from "../../../app/contract/core/index";
import type { OrderRow } from "./engine";
import type { FillRow } from "../models/spot";

/** Message keys of the status names (exchange.json). */
const STATUS_KEYS = [
  "order_status_open",
  "order_status_completed",
  "order_status_cancelled",
  "order_status_revoked",
  "order_status_untriggered",
] as const;

const Decimal = DecimalBase.clone({ precision: 60, toExpNeg: -60, toExpPos: 60 });

/** The average price of what filled (quote filled / base filled), to the pair's price decimals; '0' when nothing filled. */
export function averageFillPrice(filledBase: string, filledQuote: string, pricePrecision: number): string {
  const base = new Decimal(filledBase);
  if (base.lte(0)) return "0";
  return new Decimal(filledQuote).div(base).toDecimalPlaces(pricePrecision, Decimal.ROUND_HALF_UP).toFixed(pricePrecision);
}

/** A fee as it is shown: the engine books it finer (1e-8 of base, 1e-16 of quote), the answer to the currency's decimals. */
export function feeShown(fee: string, decimals: number): string {
  return new Decimal(fee).toDecimalPlaces(decimals, Decimal.ROUND_HALF_UP).toFixed();
}

/** An order as the API answers it (`SpotOrder`, docs/api.md), names in the caller's language. */
export function toSpotOrder(row: OrderRow, pair: PairInfo, t: Translate): SpotOrder {
  return {
    id: row.id,
    number: row.number,
    transacted_amount: row.transacted_amount,
    transacted_volume: row.transacted_volume,
    price: row.price,
    way: row.way,
    way_name: t(row.way === BUY ? "way_buy" : "way_sell"),
    status: row.status,
    status_name: t(STATUS_KEYS[row.status] ?? "order_status_open"),
    created_at: row.created_at,
    updated_at: row.updated_at,
    currency_match: { id: pair.id, symbol: pair.symbol },
    avg_price: averageFillPrice(row.transacted_amount, row.transacted_volume, pair.pricePrecision),
    fee: feeShown(row.fee, row.way === BUY ? pair.baseDecimals : pair.quoteDecimals),
    fee_currency: row.way === BUY ? pair.baseCode : pair.quoteCode,
    // A stop-limit order is a limit order with a trigger price (the book knows limit and market orders only).
    type: row.trigger_price ? "stop_limit" : row.type,
    trigger_price: row.trigger_price ?? null,
    triggered_at: row.triggered_at ?? null,
    oco_id: row.oco_id ?? null,
    time_in_force: row.time_in_force ?? "gtc",
  };
}

/**
 * A fill as the API answers it: the order's side and the fill's part (maker or taker) named in the caller's
 * language, the quote it came to (price × quantity, exact), and its fee to the fee currency's decimals (feeShown).
 */
export function toSpotFill(row: FillRow, pair: PairInfo, t: Translate): SpotFill {
  const buy = row.way === BUY;
  return {
    id: row.id,
    order_id: row.order_id,
    trade_id: row.trade_id,
    currency_match: { id: pair.id, symbol: pair.symbol },
    way: row.way,
    way_name: t(buy ? "way_buy" : "way_sell"),
    role: row.role,
    role_name: t(row.role === "maker" ? "fill_maker" : "fill_taker"),
    price: row.price,
    number: row.number,
    volume: new Decimal(row.price).times(row.number).toFixed(),
    fee: row.fee === null ? null : feeShown(row.fee, buy ? pair.baseDecimals : pair.quoteDecimals),
    fee_currency: buy ? pair.baseCode : pair.quoteCode,
    time: row.time,
  };
}

/** Spot (coin account) balances of the two currencies of a pair; '0' where no account exists yet. */
export function spotBalances(db: DB, userId: number, pair: PairInfo): SpotBalances {
  const get = (currencyId: number, code: string): SpotBalance => {
    const r = statement(db, "SELECT balance, lock_balance FROM accounts WHERE user_id = ? AND currency_id = ? AND account_code = ?").get(
      userId,
      currencyId,
      SPOT_ACCOUNT,
    ) as { balance: string; lock_balance: string } | undefined;
    return { currency_code: code, balance: r?.balance ?? "0", lock_balance: r?.lock_balance ?? "0" };
  };
  return { base: get(pair.baseId, pair.baseCode), quote: get(pair.quoteId, pair.quoteCode) };
}
