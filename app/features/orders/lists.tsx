import { useFetcher, useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { isBuyOrder, isWorkingOrder, SPOT_ORDER_STATUS, stopComparison } from "~/contract/core/trading";
import type { SpotFill, SpotOrder } from "~/contract/entities";
import { announce } from "~/components/toast";
import { formatAmount } from "~/lib/amount";
import { formatTime } from "~/lib/time";
import { useTranslation } from "~/lib/translate";
import { cardActions, cardTable } from "~/styles/card-table.css";
import * as s from "./orders.css";

/** A price to its pair's decimals (string work only: the page's first load carries no decimal library). */
function formatPrice(value: string, decimals: number, lang: string): string {
  return formatAmount(value, { dp: decimals, lang });
}

/** Each pair's price decimals (prices are shown to them). */
export type PairDecimals = Record<number, number>;
type Answer = { intent: string; ok: boolean; id?: number; message?: string; msg?: string };

/** Cancel as a plain POST (the action redirects back) or, with JavaScript, a fetcher: the row goes at once. */
function CancelButton({ order }: { order: SpotOrder }) {
  const { t } = useTranslation("trade");
  const fetcher = useFetcher<Answer>({ key: `orders-cancel-${order.id}` });
  const location = useLocation();
  const hydrated = useHydrated();
  const failed = fetcher.state === "idle" && fetcher.data && !fetcher.data.ok ? fetcher.data.msg : null;
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value="cancel" />
      <input type="hidden" name="id" value={order.id} />
      <input type="hidden" name="way" value={order.way} />
      <input type="hidden" name="back" value={location.pathname + location.search} />
      <input type="hidden" name="js" value={hydrated ? "1" : "0"} />
      <button type="submit" className={s.cancel} aria-label={t("orders.cancelOrder", { id: order.id })}>
        {t("orders.cancel")}
      </button>
      {failed ? (
        <span role="alert" className={s.down}>
          {" "}
          {failed}
        </span>
      ) : null}
    </fetcher.Form>
  );
}

/** The type as a trader names it, and the OCO it belongs to. */
function TypeCell({ order }: { order: SpotOrder }) {
  const { t } = useTranslation("trade");
  return (
    <>
      {t(order.type === "market" ? "form.market" : order.type === "stop_limit" ? "form.stopLimit" : "form.limit")}
      {order.oco_id ? (
        <span className={s.tag} title={t("myOrders.ocoOf", { id: order.oco_id })}>
          {t("form.oco")}
        </span>
      ) : null}
    </>
  );
}

/** A stop's trigger ('≤ 95.00'), and whether it fired (when) or still waits. */
export function TriggerCell({ order, decimals }: { order: SpotOrder; decimals: number }) {
  const { t, i18n } = useTranslation("trade");
  if (!order.trigger_price) return <span className={s.muted}>—</span>;
  return (
    <>
      {stopComparison(order)} {formatPrice(order.trigger_price, decimals, i18n.language)}
      <span className={s.small}>
        {order.triggered_at
          ? t("myOrders.triggeredAt", { time: formatTime(order.triggered_at) })
          : order.status === SPOT_ORDER_STATUS.UNTRIGGERED
            ? t("myOrders.waiting")
            : t("myOrders.notTriggered")}
      </span>
    </>
  );
}

function OrderRow({ order, decimals }: { order: SpotOrder; decimals: number }) {
  const { t, i18n } = useTranslation("trade");
  const lang = i18n.language;
  const fetcher = useFetcher<Answer>({ key: `orders-cancel-${order.id}` });
  const gone =
    (fetcher.state !== "idle" && fetcher.formData?.get("intent") === "cancel") || (fetcher.state === "idle" && fetcher.data?.ok === true);
  const said = useRef<unknown>(null);
  useEffect(() => {
    const a = fetcher.data;
    if (!a || said.current === a) return;
    said.current = a;
    if (a.ok && a.message) announce({ kind: "success", message: a.message });
  }, [fetcher.data]);
  if (gone) return null;
  const buy = isBuyOrder(order);
  const qty = (v: string) => formatAmount(v || "0", { lang, minDp: 0 });
  const filled = Number(order.transacted_amount) > 0;
  return (
    <tr data-order-id={order.id}>
      <td className={s.td} data-label={t("orders.time")}>
        {formatTime(order.created_at)}
      </td>
      <th scope="row" className={s.td}>
        {order.currency_match.symbol}
      </th>
      <td className={`${s.td} ${buy ? s.up : s.down}`} data-label={t("orders.side")}>
        {order.way_name}
      </td>
      <td className={s.td} data-label={t("orders.type")}>
        <TypeCell order={order} />
      </td>
      <td className={s.num} data-label={t("orders.price")}>
        {order.type === "market" && !filled ? "—" : formatPrice(order.price, decimals, lang)}
      </td>
      <td className={s.num} data-label={t("myOrders.trigger")}>
        <TriggerCell order={order} decimals={decimals} />
      </td>
      <td className={s.num} data-label={t("orders.amount")}>
        {qty(order.number)}
      </td>
      <td className={s.num} data-label={t("orders.filled")}>
        {qty(order.transacted_amount)}
      </td>
      <td className={s.num} data-label={t("orders.avgPrice")}>
        {filled && order.avg_price ? formatPrice(order.avg_price, decimals, lang) : "—"}
      </td>
      <td className={s.num} data-label={t("orders.fee")}>
        {formatAmount(order.fee || "0", { lang, minDp: 0 })} {order.fee_currency}
      </td>
      <td className={s.td} data-label={t("orders.status")}>
        {order.status_name}
      </td>
      <td className={`${s.td} ${cardActions}`}>{isWorkingOrder(order) ? <CancelButton order={order} /> : null}</td>
    </tr>
  );
}

/** My orders (the open ones or the history), one row each, with a cancel button on each working one. */
export function OrdersTable({ orders, decimals, caption }: { orders: SpotOrder[]; decimals: PairDecimals; caption: string }) {
  const { t } = useTranslation("trade");
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
    <div className={s.tableWrap} tabIndex={0} role="region" aria-label={caption}>
      <table className={`${s.table} ${cardTable}`}>
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr>
            <th scope="col" className={s.th}>
              {t("orders.time")}
            </th>
            <th scope="col" className={s.th}>
              {t("orders.pair")}
            </th>
            <th scope="col" className={s.th}>
              {t("orders.side")}
            </th>
            <th scope="col" className={s.th}>
              {t("orders.type")}
            </th>
            <th scope="col" className={s.thNum}>
              {t("orders.price")}
            </th>
            <th scope="col" className={s.thNum}>
              {t("myOrders.trigger")}
            </th>
            <th scope="col" className={s.thNum}>
              {t("orders.amount")}
            </th>
            <th scope="col" className={s.thNum}>
              {t("orders.filled")}
            </th>
            <th scope="col" className={s.thNum}>
              {t("orders.avgPrice")}
            </th>
            <th scope="col" className={s.thNum}>
              {t("orders.fee")}
            </th>
            <th scope="col" className={s.th}>
              {t("orders.status")}
            </th>
            <th scope="col" className={s.th}>
              <span className="sr-only">{t("orders.actions")}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {orders.length === 0 ? (
            <tr>
              <td colSpan={12} className={s.empty}>
                {t("orders.empty")}
              </td>
            </tr>
          ) : (
            orders.map((o) => <OrderRow key={o.id} order={o} decimals={decimals[o.currency_match.id] ?? 4} />)
          )}
        </tbody>
      </table>
    </div>
  );
}

/** My fills: each my side of one trade, with its price, amount, value, fee and whether I made or took. */
export function FillsTable({ fills, decimals, caption }: { fills: SpotFill[]; decimals: PairDecimals; caption: string }) {
  const { t, i18n } = useTranslation("trade");
  const lang = i18n.language;
  const amount = (v: string) => formatAmount(v, { lang, minDp: 0 });
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
    <div className={s.tableWrap} tabIndex={0} role="region" aria-label={caption}>
      <table className={`${s.table} ${cardTable}`}>
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr>
            <th scope="col" className={s.th}>
              {t("orders.time")}
            </th>
            <th scope="col" className={s.th}>
              {t("orders.pair")}
            </th>
            <th scope="col" className={s.th}>
              {t("orders.side")}
            </th>
            <th scope="col" className={s.th}>
              {t("myOrders.role")}
            </th>
            <th scope="col" className={s.thNum}>
              {t("orders.price")}
            </th>
            <th scope="col" className={s.thNum}>
              {t("orders.amount")}
            </th>
            <th scope="col" className={s.thNum}>
              {t("myOrders.value")}
            </th>
            <th scope="col" className={s.thNum}>
              {t("orders.fee")}
            </th>
          </tr>
        </thead>
        <tbody>
          {fills.length === 0 ? (
            <tr>
              <td colSpan={8} className={s.empty}>
                {t("myOrders.noFills")}
              </td>
            </tr>
          ) : (
            fills.map((f) => (
              <tr key={f.id} data-fill-id={f.id}>
                <td className={s.td} data-label={t("orders.time")}>
                  {formatTime(f.time)}
                </td>
                <th scope="row" className={s.td}>
                  {f.currency_match.symbol}
                </th>
                <td className={`${s.td} ${isBuyOrder(f) ? s.up : s.down}`} data-label={t("orders.side")}>
                  {f.way_name}
                </td>
                <td className={s.td} data-label={t("myOrders.role")}>
                  {f.role_name}
                </td>
                <td className={s.num} data-label={t("orders.price")}>
                  {formatPrice(f.price, decimals[f.currency_match.id] ?? 4, lang)}
                </td>
                <td className={s.num} data-label={t("orders.amount")}>
                  {amount(f.number)}
                </td>
                <td className={s.num} data-label={t("myOrders.value")}>
                  {amount(f.volume)}
                </td>
                <td className={s.num} data-label={t("orders.fee")}>
                  {f.fee === null ? "—" : `${amount(f.fee)} ${f.fee_currency}`}
                </td>
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
