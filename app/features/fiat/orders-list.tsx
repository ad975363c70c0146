import { Link, useLocation } from "@remix-run/react";
import { useRevalidator } from "~/lib/use-revalidator";
import { Pager } from "~/components/pager";
import { formatAmount } from "~/lib/amount";
import { pagerOf } from "~/lib/pager";
import { useTranslation } from "~/lib/translate";
import { useLiveChannel } from "~/lib/use-live";
import { cardActions, cardTable } from "~/styles/card-table.css";
import type { OrderRowView } from "./fiat.server";
import * as s from "./fiat.css";
import { COIN_DP, FIAT_DP, utcTime } from "./labels";
import { TableHead } from "~/components/table-head";

const pushSchema = () => import("~/contract/p2p").then((m) => m.P2POrderPushSchema);

/** A page of fiat orders with the in-progress and finished tabs; a P2P_ORDER push reloads it. */
export function OrdersList({
  rows,
  total,
  page,
  perPage,
  filter,
  detail,
}: {
  rows: OrderRowView[];
  total: number;
  page: number;
  perPage: number;
  filter: "open" | "done";
  detail: string;
}) {
  const { t, i18n } = useTranslation("fiat");
  const lang = i18n.language;
  const { pathname } = useLocation();
  const revalidator = useRevalidator();
  useLiveChannel(
    "P2P_ORDER",
    pushSchema,
    () => revalidator.state === "idle" && revalidator.revalidate(),
    () => revalidator.revalidate(),
  );
  return (
    <section className={s.section} aria-labelledby="orders-heading">
      <h2 id="orders-heading" className={s.h2}>
        {t(filter === "open" ? "orders.open" : "orders.done")}
      </h2>
      <ul className={s.tabs}>
        {(["open", "done"] as const).map((f) => (
          <li key={f}>
            <Link to={`${pathname}?filter=${f}`} className={s.tab} aria-current={f === filter ? "page" : undefined}>
              {t(`orders.${f}`)}
            </Link>
          </li>
        ))}
      </ul>
      {rows.length === 0 ? (
        <p className={s.empty}>{t("orders.empty")}</p>
      ) : (
        <table className={`${s.table} ${cardTable}`}>
          <TableHead
            className={s.th}
            columns={[
              { head: t("orders.order") },
              { head: t("orders.side") },
              { head: t("order.amount") },
              { head: t("order.quantity") },
              { head: t("orders.counterparty") },
              { head: t("orders.status") },
              { head: t("orders.time") },
              { head: <span className={s.small}>{t("orders.details")}</span> },
            ]}
          />
          <tbody>
            {rows.map((o) => (
              <tr key={o.id}>
                <th scope="row" className={`${s.td} ${s.mono}`}>
                  {o.order_no}
                </th>
                <td className={s.td} data-label={t("orders.side")}>
                  {t(o.role === "buyer" ? "orders.buy" : "orders.sell", { code: o.code })}
                </td>
                <td className={`${s.td} ${s.mono}`} data-label={t("order.amount")}>
                  {formatAmount(o.amount, { lang, ...FIAT_DP })} {o.fiat}
                </td>
                <td className={`${s.td} ${s.mono}`} data-label={t("order.quantity")}>
                  {formatAmount(o.quantity, { lang, ...COIN_DP })} {o.code}
                </td>
                <td className={s.td} data-label={t("orders.counterparty")}>
                  {o.counterparty}
                </td>
                <td className={s.td} data-label={t("orders.status")}>
                  {t(`status.${o.status}`)}
                </td>
                <td className={s.td} data-label={t("orders.time")}>
                  {utcTime(o.created_at)}
                </td>
                <td className={`${s.td} ${cardActions}`}>
                  <Link to={`${detail}?id=${o.id}`} aria-label={t("orders.openOf", { no: o.order_no })}>
                    {t("orders.details")}
                  </Link>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <Pager pager={pagerOf(total, page, perPage)} />
    </section>
  );
}
