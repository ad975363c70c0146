import type { TFunction } from "i18next";
import { isBuyOrder, isWorkingOrder, SPOT_ORDER_STATUS, stopComparison, taggedTimeInForce } from "~/contract/core/trading";
import type { SpotFill, SpotOrder } from "~/contract/entities";
import { formatAmount } from "~/lib/amount";
import { formatTime } from "~/lib/time";

/**
 * /orders' rows as the screen shows them, made on the server: prices to their pair's decimals, amounts, times in UTC and
 * the words in the reader's language. The screen only lays them out, so its first load carries no formatting or
 * trading code (the page budget), and the page is the same with and without JavaScript.
 */
export type OrderRowView = {
  id: number;
  way: number;
  time: string;
  symbol: string;
  side: string;
  buy: boolean;
  type: string;
  /** 'OCO' and its title ('One of OCO 12') when the order is one leg of an OCO. */
  oco: { tag: string; title: string } | null;
  /** A limit order's time in force other than good till cancelled: its short name ('IOC') and its whole one. */
  tif: { tag: string; title: string } | null;
  price: string;
  /** A stop's trigger ('≥ 95.00') and whether it fired (when) or still waits. */
  trigger: { price: string; note: string } | null;
  amount: string;
  filled: string;
  avgPrice: string;
  fee: string;
  status: string;
  /** Open or untriggered: it can be cancelled. */
  working: boolean;
};

export type FillRowView = {
  id: number;
  time: string;
  symbol: string;
  side: string;
  buy: boolean;
  role: string;
  price: string;
  amount: string;
  value: string;
  fee: string;
};

/** Each pair's price decimals (prices are shown to them; 4 for a pair no longer listed). */
export type PairDecimals = Record<number, number>;

export function orderRows(orders: SpotOrder[], decimals: PairDecimals, lang: string, t: TFunction): OrderRowView[] {
  const qty = (v: string) => formatAmount(v || "0", { lang, minDp: 0 });
  return orders.map((o) => {
    const dp = decimals[o.currency_match.id] ?? 4;
    const price = (v: string) => formatAmount(v, { dp, lang });
    const filled = Number(o.transacted_amount) > 0;
    const tif = taggedTimeInForce(o);
    return {
      id: o.id,
      way: o.way,
      time: formatTime(o.created_at),
      symbol: o.currency_match.symbol,
      side: o.way_name,
      buy: isBuyOrder(o),
      type: t(o.type === "market" ? "form.market" : o.type === "stop_limit" ? "form.stopLimit" : "form.limit"),
      oco: o.oco_id ? { tag: t("form.oco"), title: t("myOrders.ocoOf", { id: o.oco_id }) } : null,
      tif: tif ? { tag: t(`form.tifShort.${tif}`), title: t(`form.tif.${tif}`) } : null,
      price: o.type === "market" && !filled ? "—" : price(o.price),
      trigger: o.trigger_price
        ? {
            price: `${stopComparison(o)} ${price(o.trigger_price)}`,
            note: o.triggered_at
              ? t("myOrders.triggeredAt", { time: formatTime(o.triggered_at) })
              : o.status === SPOT_ORDER_STATUS.UNTRIGGERED
                ? t("myOrders.waiting")
                : t("myOrders.notTriggered"),
          }
        : null,
      amount: qty(o.number),
      filled: qty(o.transacted_amount),
      avgPrice: filled && o.avg_price ? price(o.avg_price) : "—",
      fee: `${qty(o.fee)} ${o.fee_currency}`,
      status: o.status_name,
      working: isWorkingOrder(o),
    };
  });
}

export function fillRows(fills: SpotFill[], decimals: PairDecimals, lang: string): FillRowView[] {
  const amount = (v: string) => formatAmount(v, { lang, minDp: 0 });
  return fills.map((f) => ({
    id: f.id,
    time: formatTime(f.time),
    symbol: f.currency_match.symbol,
    side: f.way_name,
    buy: isBuyOrder(f),
    role: f.role_name,
    price: formatAmount(f.price, { dp: decimals[f.currency_match.id] ?? 4, lang }),
    amount: amount(f.number),
    value: amount(f.volume),
    fee: f.fee === null ? "—" : `${amount(f.fee)} ${f.fee_currency}`,
  }));
}
