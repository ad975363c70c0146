import { Link, useLocation } from "@remix-run/react";
import { useRevalidator } from "~/lib/use-revalidator";
import { memo, useEffect, useRef, useState } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { announce } from "~/components/toast";
import { MICRO_REMOVE_DELAY_MS, remainingSeconds } from "~/contract/core/micro";
import type { MicroOrder } from "~/contract/micro";
import { Pager } from "~/components/pager";
import { tradeUrl } from "~/lib/pair-links";
import { formatAmount, formatPrice } from "~/lib/money";
import { pagerOf } from "~/lib/pager";
import { useTranslation } from "~/lib/translate";
import { useLiveChannel } from "~/lib/use-live";
import { cardTable } from "~/styles/card-table.css";
import * as ts from "~/styles/pair-screen.css";
import { applyMicroClosed, dropClosed, liveFigures } from "./live-state";
import { useResultWords } from "./last-result";
import * as s from "./second.css";
import { ListTabs } from "~/components/list-tabs";
import { TableHead } from "~/components/table-head";

const closedSchema = () => import("~/contract/micro").then((m) => m.MicroClosedPushSchema);

export type MicroList = { tab: "progress" | "closed"; page: number; data: MicroOrder[]; total: number; per_page: number; at: number };

/** Seconds left, falling each second with JavaScript; without it, the server's count at render. */
function Countdown({ order, at }: { order: MicroOrder; at: number }) {
  const hydrated = useHydrated();
  const [now, setNow] = useState(at);
  useEffect(() => {
    if (!hydrated || order.status !== 1) return;
    const start = Date.now();
    setNow(at);
    const id = setInterval(() => setNow(at + (Date.now() - start)), 1000);
    return () => clearInterval(id);
  }, [hydrated, order.status, at]);
  const left = order.status === 1 ? remainingSeconds(order.remain_milli_seconds - (now - at)) : 0;
  return <span data-testid={`countdown-${order.id}`}>{left}</span>;
}

/**
 * The history (docs/product.md, "/second"): in progress (1) and closed (3), with pair and seconds, amount and currency, open price with
 * the direction's arrow, current or end price, expected profit/loss, countdown, fee and actual profit. A running
 * order's current price and expected profit/loss follow `price`, the pair's live price. A MICRO_CLOSED push replaces
 * the running row by the closed order, which stays MICRO_REMOVE_DELAY_MS with its result; the result is shown in a
 * toast (visible and announced once) and handed to `onResult` (the order form's 'last order').
 */
export const SecondHistory = memo(function SecondHistory({
  list,
  decimals,
  pairId,
  price,
  onResult,
}: {
  list: MicroList;
  decimals: number;
  pairId: number;
  price: string | null;
  onResult?: (order: MicroOrder) => void;
}) {
  const { t, i18n } = useTranslation("second");
  const lang = i18n.language;
  const { search } = useLocation();
  const [rows, setRows] = useState(list.data);
  const revalidator = useRevalidator();
  const words = useResultWords();
  useEffect(() => setRows(list.data), [list.data]);
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);
  useEffect(() => () => timers.current.forEach(clearTimeout), []);
  useLiveChannel(
    "MICRO_CLOSED",
    closedSchema,
    (msg) => {
      setRows((r) => applyMicroClosed(r, msg.order, list.tab, list.page));
      const o = msg.order;
      announce({ kind: o.result === "win" ? "success" : "info", message: words.sentence(o) });
      onResult?.(o);
      if (list.tab === "progress") {
        timers.current.push(
          setTimeout(() => {
            setRows((r) => dropClosed(r, o.id));
            revalidator.revalidate();
          }, MICRO_REMOVE_DELAY_MS),
        );
      } else revalidator.revalidate();
    },
    () => revalidator.revalidate(),
  );
  const pager = pagerOf(list.total, list.page, list.per_page);
  const money = (v: string | null) => (v === null ? t("table.none") : formatAmount(v, { lang, minDp: 2, maxDp: 4 }));
  return (
    <section className={ts.ordersPanel} aria-labelledby="second-history-title">
      <h2 id="second-history-title" className={ts.h2}>
        {t(`tabs.${list.tab}`)}
      </h2>
      <ListTabs
        label={t("tabs.label")}
        tabs={["progress", "closed"] as const}
        current={(tab) => tab === list.tab}
        href={(tab) => `${tradeUrl(search, { orders: tab === "progress" ? null : "closed", page: null }, "/second")}#history`}
        name={(tab) => t(`tabs.${tab}`)}
      />
      {list.tab === "progress" ? (
        <p className={ts.muted}>
          {/* No fragment: a link to this very address plus a hash would only scroll, not reload. */}
          <Link to={tradeUrl(search, {}, "/second")} reloadDocument>
            {t("table.refresh")}
          </Link>
        </p>
      ) : null}
      {rows.length === 0 ? (
        <p className={ts.muted}>{t("table.empty")}</p>
      ) : (
        <div className={s.tableScroll}>
          <table className={`${ts.table} ${cardTable}`}>
            <caption className="sr-only">{t(`tabs.${list.tab}`)}</caption>
            <TableHead
              className={ts.th}
              columns={[
                { head: t("table.pair"), className: ts.thLeft },
                { head: t("table.amount") },
                { head: t("table.open") },
                { head: t(list.tab === "progress" ? "table.current" : "table.end") },
                { head: t("table.expected") },
                { head: t("table.countdown") },
                { head: t("table.fee") },
                { head: t("table.actual") },
              ]}
            />
            <tbody>
              {rows.map((o) => {
                const up = o.type === 1;
                const live = liveFigures(o, pairId, price);
                const gain = !(o.fact_profits ?? live.expected).startsWith("-");
                return (
                  <tr key={o.id} data-testid={`micro-row-${o.id}`}>
                    <th scope="row" className={ts.tdLeft}>
                      {o.symbol_name} · {t("form.secondsN", { n: o.seconds })}
                    </th>
                    <td className={ts.td} data-label={t("table.amount")}>
                      {money(o.number)} {o.currency_name}
                    </td>
                    <td className={`${ts.td} ${up ? ts.up : ts.down}`} data-label={t("table.open")}>
                      <span aria-hidden="true">{up ? "↑" : "↓"} </span>
                      <span className="sr-only">{t(up ? "type.1" : "type.2")} </span>
                      {formatPrice(o.open_price, decimals, lang)}
                    </td>
                    <td className={ts.td} data-label={t(o.status === 1 ? "table.current" : "table.end")} data-testid={`current-${o.id}`}>
                      {live.current ? formatPrice(live.current, decimals, lang) : t("table.none")}
                    </td>
                    <td className={`${ts.td} ${gain ? ts.up : ts.down}`} data-label={t("table.expected")} data-testid={`expected-${o.id}`}>
                      {money(live.expected)}
                    </td>
                    <td className={ts.td} data-label={t("table.countdown")}>
                      <Countdown order={o} at={list.at} />
                    </td>
                    <td className={ts.td} data-label={t("table.fee")}>
                      {money(o.fee)}
                    </td>
                    <td className={`${ts.td} ${gain ? ts.up : ts.down}`} data-label={t("table.actual")} data-testid={`actual-${o.id}`}>
                      {o.status === 3 ? words.amount(o) : t("table.none")}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      <Pager pager={pager} href={(page) => `${tradeUrl(search, { page }, "/second")}#history`} />
    </section>
  );
});
