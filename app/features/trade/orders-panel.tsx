import { isBuyOrder, isWorkingOrder, ORDER_WAY, SPOT_ORDER_STATUS, stopComparison, taggedTimeInForce } from "~/contract/core/trading";
import { cancelAllHref } from "~/lib/cancel-all";
import { button } from "~/styles/ui.css";
import { memo, useEffect, useRef } from "react";
import { Link, useFetcher, useLocation } from "@remix-run/react";
import { announce } from "~/components/toast";
import { useTranslation } from "~/lib/translate";
import type { SpotOrder, SpotOrderPage } from "~/contract/entities";
import { formatAmount, formatPrice } from "~/lib/money";
import { Pager } from "~/components/pager";
import { pagerOf } from "~/lib/pager";
import { floorQty } from "./order-input";
import { averagePriceOf } from "./order-figures";
import { ORDERS_PAGE_SIZE, ORDERS_TABS, type OrdersSide, type OrdersTab } from "./live-state";
import type { TradeActionData } from "./action-data";
import { tradeUrl } from "~/lib/pair-links";
import { useClock } from "~/lib/time";
import { cardActions, cardTable } from "~/styles/card-table.css";
import * as ps from "~/styles/pair-screen.css";
import * as s from "./trade.css";
import { JsFlag } from "~/components/form/js-flag";
import { ListTabs } from "~/components/list-tabs";
import { TableHead } from "~/components/table-head";

type Orders = SpotOrderPage & { tab: OrdersTab; way: OrdersSide; page: number };

/** Cancel as a plain POST (redirect back) or, with JavaScript, a fetcher: the row goes at once, balances refresh. */
function CancelButton({ order }: { order: SpotOrder }) {
  const { t } = useTranslation("trade");
  const fetcher = useFetcher<TradeActionData>({ key: `cancel-${order.id}` });
  const location = useLocation();
  const failed = fetcher.state === "idle" && fetcher.data && !fetcher.data.ok && "msg" in fetcher.data ? fetcher.data.msg : null;
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value="cancel" />
      <input type="hidden" name="id" value={order.id} />
      <input type="hidden" name="way" value={order.way} />
      <input type="hidden" name="back" value={location.pathname + location.search} />
      <JsFlag />
      <button type="submit" className={s.cancel} aria-label={t("orders.cancelOrder", { id: order.id })}>
        {t("orders.cancel")}
      </button>
      {failed ? (
        <span role="alert" className={ps.down}>
          {" "}
          {failed}
        </span>
      ) : null}
    </fetcher.Form>
  );
}

/** A row cancelled through its (keyed) fetcher disappears at once, before the revalidated list arrives. */
function OrderRow({ order, tab, pair }: { order: SpotOrder; tab: OrdersTab; pair: { decimals: number } }) {
  const { t, i18n } = useTranslation("trade");
  const qty = (v: string) => formatAmount(floorQty(v) || "0", { lang: i18n.language, minDp: 0 });
  const clock = useClock({ withDate: true });
  const fetcher = useFetcher<TradeActionData>({ key: `cancel-${order.id}` });
  const gone =
    (fetcher.state !== "idle" && fetcher.formData?.get("intent") === "cancel") || (fetcher.state === "idle" && fetcher.data?.ok === true);
  // The answer arrives while the page reloads its data (the row is still in the list): say it once, like a toast.
  const said = useRef<unknown>(null);
  useEffect(() => {
    const answer = fetcher.data;
    if (!answer || answer.intent !== "cancel" || said.current === answer) return;
    said.current = answer;
    if (answer.ok && answer.message) announce({ kind: "success", message: answer.message });
  }, [fetcher.data]);
  if (gone) return null;
  const open = isWorkingOrder(order);
  const buy = isBuyOrder(order);
  const tif = taggedTimeInForce(order);
  const avg = averagePriceOf(order);
  return (
    <tr data-order-id={order.id}>
      <td className={ps.tdLeft} data-label={t("orders.time")}>
        {clock(order.created_at)}
      </td>
      <td className={ps.tdLeft} data-label={t("orders.pair")}>
        {order.currency_match.symbol}
      </td>
      <td className={`${ps.tdLeft} ${buy ? ps.up : ps.down}`} data-label={t("orders.side")}>
        {order.way_name || t(buy ? "orders.buy" : "orders.sell")}
      </td>
      <td className={ps.tdLeft} data-label={t("orders.type")}>
        {t(order.type === "market" ? "form.market" : order.type === "stop_limit" ? "form.stopLimit" : "form.limit")}
        {order.oco_id ? <span className={s.orderTag}>{t("form.oco")}</span> : null}
        {tif ? (
          <span className={s.orderTag} title={t(`form.tif.${tif}`)}>
            {t(`form.tifShort.${tif}`)}
          </span>
        ) : null}
      </td>
      <td className={ps.td} data-label={t("orders.price")}>
        {formatPrice(order.price, pair.decimals, i18n.language)}
      </td>
      <td className={ps.td} data-label={t("orders.trigger")}>
        {order.trigger_price ? (
          <>
            {stopComparison(order)} {formatPrice(order.trigger_price, pair.decimals, i18n.language)}
            <span className={s.orderNote}>
              {order.triggered_at
                ? t("orders.triggered")
                : order.status === SPOT_ORDER_STATUS.UNTRIGGERED
                  ? t("orders.untriggered")
                  : t("orders.notTriggered")}
            </span>
          </>
        ) : (
          "—"
        )}
      </td>
      <td className={ps.td} data-label={t("orders.avgPrice")}>
        {avg === null ? "—" : formatPrice(avg, pair.decimals, i18n.language)}
      </td>
      <td className={ps.td} data-label={t("orders.amount")}>
        {qty(order.number)}
      </td>
      <td className={ps.td} data-label={t("orders.filled")}>
        {qty(order.transacted_amount)}
      </td>
      <td className={ps.td} data-label={t("orders.volume")}>
        {qty(order.transacted_volume)}
      </td>
      <td className={ps.td} data-label={t("orders.fee")}>
        {/* The exchange answers the fee to its currency's decimals; shown as it comes, with the language's separators. */}
        {formatAmount(order.fee || "0", { lang: i18n.language, minDp: 0 })}
        {order.fee_currency ? ` ${order.fee_currency}` : ""}
      </td>
      <td className={ps.tdLeft} data-label={t("orders.status")}>
        {order.status_name}
      </td>
      <td className={`${ps.td} ${cardActions}`}>{tab !== "history" && open ? <CancelButton order={order} /> : null}</td>
    </tr>
  );
}

/**
 * Current orders, all orders, history (query `orders=`), buy/sell sub-tabs on the first two (`way=`),
 * pages of 10 (`page=`). Live rows come from the screen's reducer (applyOrderEvent).
 */
export const OrdersPanel = memo(function OrdersPanel({ orders, pair }: { orders: Orders; pair: { decimals: number; symbol: string } }) {
  const { t } = useTranslation("trade");
  const tc = useTranslation().t;
  const { pathname, search } = useLocation();
  const tabLabel = t(`orders.tabs.${orders.tab}`);
  const wayLabel = t(orders.way === ORDER_WAY.BUY ? "orders.buy" : orders.way === ORDER_WAY.SELL ? "orders.sell" : "orders.bothSides");
  return (
    <section className={ps.ordersPanel} aria-labelledby="orders-title">
      <div className={s.ordersHead}>
        <h2 id="orders-title" className={ps.h2} tabIndex={-1}>
          {t("orders.title")}
        </h2>
        <Link to="/orders" className={s.ordersLink}>
          {t("orders.allMine")}
        </Link>
      </div>
      {orders.tab !== "history" && orders.data.some(isWorkingOrder) ? (
        <p className={s.cancelAllRow}>
          <Link to={cancelAllHref(pathname, search, "pair")} className={`${button.secondary} ${s.cancelAllLink}`} preventScrollReset>
            {tc("cancelAll.pair", { symbol: pair.symbol })}
          </Link>
          <Link to={cancelAllHref(pathname, search, "all")} className={`${button.secondary} ${s.cancelAllLink}`} preventScrollReset>
            {tc("cancelAll.all")}
          </Link>
        </p>
      ) : null}
      <ListTabs
        label={t("orders.tabsLabel")}
        tabs={ORDERS_TABS}
        current={(x) => x === orders.tab}
        href={(x) => tradeUrl(search, { orders: x, page: null })}
        name={(x) => t(`orders.tabs.${x}`)}
      />
      {orders.tab !== "history" ? (
        <ListTabs
          label={t("orders.waysLabel")}
          tabs={["both", "buy", "sell"] as const}
          current={(w) => (w === "both" ? null : w === "buy" ? ORDER_WAY.BUY : ORDER_WAY.SELL) === orders.way}
          href={(w) => tradeUrl(search, { way: w === "both" ? null : w, page: null })}
          name={(w) => t(w === "both" ? "orders.bothSides" : `orders.${w}`)}
        />
      ) : null}
      <div className={s.scroller} tabIndex={0} role="region" aria-label={t("orders.caption", { tab: tabLabel, way: wayLabel })}>
        <table className={`${ps.table} ${cardTable}`}>
          <caption className="sr-only">
            {orders.tab === "history" ? tabLabel : t("orders.caption", { tab: tabLabel, way: wayLabel })}
          </caption>
          <TableHead
            className={ps.th}
            columns={[
              { head: t("orders.time"), className: ps.thLeft },
              { head: t("orders.pair"), className: ps.thLeft },
              { head: t("orders.side"), className: ps.thLeft },
              { head: t("orders.type"), className: ps.thLeft },
              { head: t("orders.price") },
              { head: t("orders.trigger") },
              { head: t("orders.avgPrice") },
              { head: t("orders.amount") },
              { head: t("orders.filled") },
              { head: t("orders.volume") },
              { head: t("orders.fee") },
              { head: t("orders.status"), className: ps.thLeft },
              { head: <span className="sr-only">{t("orders.actions")}</span> },
            ]}
          />
          <tbody>
            {orders.data.length === 0 ? (
              <tr>
                <td colSpan={13} className={ps.muted}>
                  {t("orders.empty")}
                </td>
              </tr>
            ) : (
              orders.data.map((o) => <OrderRow key={o.id} order={o} tab={orders.tab} pair={pair} />)
            )}
          </tbody>
        </table>
      </div>
      <Pager pager={pagerOf(orders.total, orders.page, orders.per_page || ORDERS_PAGE_SIZE)} href={(page) => tradeUrl(search, { page })} />
    </section>
  );
});
