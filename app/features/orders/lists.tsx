import { Form, useLocation } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "~/lib/translate";
import { cardActions, cardTable } from "~/styles/card-table.css";
import type { FillRowView, OrderRowView } from "./rows.server";
import * as s from "./orders.css";
import { TableHead } from "~/components/table-head";

/**
 * Cancel: a plain form (the action cancels and redirects back to this list with the result), the same with or without
 * JavaScript.
 */
function CancelButton({ order }: { order: OrderRowView }) {
  const { t } = useTranslation("trade");
  const location = useLocation();
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="intent" value="cancel" />
      <input type="hidden" name="id" value={order.id} />
      <input type="hidden" name="way" value={order.way} />
      <input type="hidden" name="back" value={location.pathname + location.search} />
      <button type="submit" className={s.cancel} aria-label={t("orders.cancelOrder", { id: order.id })}>
        {t("orders.cancel")}
      </button>
    </Form>
  );
}

/** A table of my rows: its caption names it, it scrolls on its own when wide, and becomes cards on a phone. */
function Table({ caption, head, children }: { caption: string; head: [label: ReactNode, num?: boolean][]; children: ReactNode }) {
  return (
    <div className={s.tableWrap} tabIndex={0} role="region" aria-label={caption}>
      <table className={`${s.table} ${cardTable}`}>
        <caption className="sr-only">{caption}</caption>
        <TableHead columns={head.map(([label, num]) => ({ head: label, className: num ? s.thNum : s.th }))} />
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

/** My orders (the open ones or the history), one row each, with a cancel button on each working one. */
export function OrdersTable({ orders, caption }: { orders: OrderRowView[]; caption: string }) {
  const { t } = useTranslation("trade");
  const l = {
    time: t("orders.time"),
    side: t("orders.side"),
    type: t("orders.type"),
    price: t("orders.price"),
    trigger: t("myOrders.trigger"),
    amount: t("orders.amount"),
    filled: t("orders.filled"),
    avg: t("orders.avgPrice"),
    fee: t("orders.fee"),
    status: t("orders.status"),
  };
  return (
    <Table
      caption={caption}
      head={[
        [l.time],
        [t("orders.pair")],
        [l.side],
        [l.type],
        [l.price, true],
        [l.trigger, true],
        [l.amount, true],
        [l.filled, true],
        [l.avg, true],
        [l.fee, true],
        [l.status],
        [<span className="sr-only">{t("orders.actions")}</span>],
      ]}
    >
      {orders.length === 0 ? (
        <tr>
          <td colSpan={12} className={s.empty}>
            {t("orders.empty")}
          </td>
        </tr>
      ) : (
        orders.map((o) => (
          <tr key={o.id} data-order-id={o.id}>
            <td className={s.td} data-label={l.time}>
              {o.time}
            </td>
            <th scope="row" className={s.td}>
              {o.symbol}
            </th>
            <td className={`${s.td} ${o.buy ? s.up : s.down}`} data-label={l.side}>
              {o.side}
            </td>
            <td className={s.td} data-label={l.type}>
              {o.type}
              {o.oco ? (
                <span className={s.tag} title={o.oco.title}>
                  {o.oco.tag}
                </span>
              ) : null}
              {o.tif ? (
                <span className={s.tag} title={o.tif.title}>
                  {o.tif.tag}
                </span>
              ) : null}
            </td>
            <td className={s.num} data-label={l.price}>
              {o.price}
            </td>
            <td className={s.num} data-label={l.trigger}>
              {o.trigger ? (
                <>
                  {o.trigger.price}
                  <span className={s.small}>{o.trigger.note}</span>
                </>
              ) : (
                <span className={s.muted}>—</span>
              )}
            </td>
            <td className={s.num} data-label={l.amount}>
              {o.amount}
            </td>
            <td className={s.num} data-label={l.filled}>
              {o.filled}
            </td>
            <td className={s.num} data-label={l.avg}>
              {o.avgPrice}
            </td>
            <td className={s.num} data-label={l.fee}>
              {o.fee}
            </td>
            <td className={s.td} data-label={l.status}>
              {o.status}
            </td>
            <td className={`${s.td} ${cardActions}`}>{o.working ? <CancelButton order={o} /> : null}</td>
          </tr>
        ))
      )}
    </Table>
  );
}

/** My fills: each my side of one trade, with its price, amount, value, fee and whether I made or took. */
export function FillsTable({ fills, caption }: { fills: FillRowView[]; caption: string }) {
  const { t } = useTranslation("trade");
  const l = {
    time: t("orders.time"),
    side: t("orders.side"),
    role: t("myOrders.role"),
    price: t("orders.price"),
    amount: t("orders.amount"),
    value: t("myOrders.value"),
    fee: t("orders.fee"),
  };
  return (
    <Table
      caption={caption}
      head={[[l.time], [t("orders.pair")], [l.side], [l.role], [l.price, true], [l.amount, true], [l.value, true], [l.fee, true]]}
    >
      {fills.length === 0 ? (
        <tr>
          <td colSpan={8} className={s.empty}>
            {t("myOrders.noFills")}
          </td>
        </tr>
      ) : (
        fills.map((f) => (
          <tr key={f.id} data-fill-id={f.id}>
            <td className={s.td} data-label={l.time}>
              {f.time}
            </td>
            <th scope="row" className={s.td}>
              {f.symbol}
            </th>
            <td className={`${s.td} ${f.buy ? s.up : s.down}`} data-label={l.side}>
              {f.side}
            </td>
            <td className={s.td} data-label={l.role}>
              {f.role}
            </td>
            <td className={s.num} data-label={l.price}>
              {f.price}
            </td>
            <td className={s.num} data-label={l.amount}>
              {f.amount}
            </td>
            <td className={s.num} data-label={l.value}>
              {f.value}
            </td>
            <td className={s.num} data-label={l.fee}>
              {f.fee}
            </td>
          </tr>
        ))
      )}
    </Table>
  );
}
