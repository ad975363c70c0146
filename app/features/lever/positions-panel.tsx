import { FigureInput } from "~/components/form/control";
import { getFormProps, useForm } from "@conform-to/react";
import { Link, useFetcher, useLocation } from "@remix-run/react";
import { memo, useEffect, useMemo, useRef, useState } from "react";
import { Pager } from "~/components/pager";
import { expectedLoss, expectedProfit, LEVER_STATE, type LeverType } from "~/contract/core/lever";
import type { LeverPosition } from "~/contract/lever";
import { sanitizePriceInput } from "~/lib/price-input";
import { tradeUrl } from "~/lib/pair-links";
import { useClock } from "~/lib/time";
import { formatAmount, formatPrice } from "~/lib/money";
import { pagerOf } from "~/lib/pager";
import { useTranslation } from "~/lib/translate";
import { lazyModule, lazyValidation, useLazyModule } from "~/lib/use-lazy-validate";
import { cardActions, cardTable, phoneHide } from "~/styles/card-table.css";
import { button, fieldError, formError } from "~/styles/ui.css";
import * as ts from "~/styles/pair-screen.css";
import { BATCH_FETCHER, ROW_FETCHER, type LeverActionData } from "./action-data";
import { useSayOnce } from "./say-once";
import { confirmHref, roePercent } from "./close-rules";
import type { LeverPairView } from "./lever.server";
import { useLeverT } from "./order-form";
import { LEVER_TAB_ORDER, showsOpen, showsPending } from "./tabs";
import type { LeverList } from "./use-lever-live";
import * as s from "./lever.css";
import { JsFlag } from "~/components/form/js-flag";
import { ListTabs } from "~/components/list-tabs";
import { TableHead } from "~/components/table-head";

const leverValidate = lazyModule(() => import("./validate"));

function Hidden({ here }: { here: string }) {
  return (
    <>
      <input type="hidden" name="back" value={here} />
      <JsFlag />
    </>
  );
}

/**
 * Cancel (a pending order): one POST; with JavaScript the row goes at once. Close (an open position) is
 * irreversible: a link to this page's confirmation step (`?confirm=close&id=`), which names what closing does.
 */
function RowButton({ p, intent }: { p: LeverPosition; intent: "close" | "cancel" }) {
  const { t } = useTranslation("lever");
  // One fetcher for every row's close and cancel, held by the panel too: its answer is said though the row goes.
  const fetcher = useFetcher<LeverActionData>({ key: ROW_FETCHER });
  const location = useLocation();
  const label = t(intent === "close" ? "actions.closeLabel" : "actions.cancelLabel", {
    type: t(`type.${p.type}`),
    symbol: p.symbol,
    id: p.id,
  });
  if (intent === "close")
    return (
      <Link
        to={confirmHref(location.search, { kind: "close", id: p.id })}
        className={s.rowLink}
        aria-label={label}
        preventScrollReset
        replace
        data-testid={`close-${p.id}`}
      >
        {t("actions.close")}
      </Link>
    );
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={p.id} />
      <Hidden here={location.pathname + location.search} />
      <button type="submit" className={s.rowButton} aria-label={label} aria-disabled={fetcher.state !== "idle" || undefined}>
        {t("actions.cancel")}
      </button>
    </fetcher.Form>
  );
}

/**
 * Set take-profit/stop-loss: two inputs (minimum 0) with the expected profit and loss (docs/product.md, "/lever"),
 * recomputed as you type with JavaScript; without it, shown for the values saved.
 */
function StopsEditor({ p, decimals, quote }: { p: LeverPosition; decimals: number; quote: string }) {
  const { t, i18n } = useTranslation("lever");
  const tr = useLeverT();
  const fetcher = useFetcher<LeverActionData>({ key: `lever-stops-${p.id}` });
  const location = useLocation();
  const v = useLazyModule(leverValidate);
  const validate = useMemo(() => v?.stopsValidator(tr, decimals), [v, tr, decimals]);
  const answer = fetcher.data && fetcher.data.intent === "setstop" ? fetcher.data : undefined;
  const [form, fields] = useForm({
    id: `lever-stops-${p.id}`,
    lastResult: answer?.result,
    ...lazyValidation(validate, {
      shouldValidate: "onSubmit",
      shouldRevalidate: "onInput",
    }),
  });
  useSayOnce(answer, fetcher.state);
  // Saved: the editor folds away (as the reload does without JavaScript).
  const details = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    if (fetcher.state === "idle" && answer?.ok) details.current?.removeAttribute("open");
  }, [fetcher.state, answer]);
  const zero = (x: string) => (/^0(\.0+)?$/.test(x) ? "" : x);
  const [tp, setTp] = useState(zero(p.target_profit_price));
  const [sl, setSl] = useState(zero(p.stop_loss_price));
  const type = p.type as LeverType;
  const profit = expectedProfit(type, p.price, tp, p.number);
  const loss = expectedLoss(type, p.price, sl, p.number);
  const lang = i18n.language;
  return (
    <details className={s.stopsEditor} ref={details}>
      <summary
        aria-label={t("actions.stopsLabel", {
          type: t(`type.${p.type}`),
          symbol: p.symbol,
          id: p.id,
        })}
      >
        {t("actions.stops")}
      </summary>
      <fetcher.Form method="post" {...getFormProps(form)} className={s.stopsForm}>
        <input type="hidden" name="intent" value="setstop" />
        <input type="hidden" name="id" value={p.id} />
        <input type="hidden" name="decimals" value={decimals} />
        <Hidden here={location.pathname + location.search} />
        {form.errors?.length ? (
          <p className={formError} role="alert">
            {form.errors.join(" ")}
          </p>
        ) : null}
        <div className={ts.fieldRow}>
          <label htmlFor={fields.target_profit_price.id}>{t("form.takeProfit")}</label>
          <FigureInput
            id={fields.target_profit_price.id}
            name="target_profit_price"
            value={tp}
            onChange={(e) => setTp(sanitizePriceInput(e.target.value, decimals))}
            aria-invalid={fields.target_profit_price.errors ? true : undefined}
            aria-describedby={`${fields.target_profit_price.errorId} ${form.id}-profit`}
          />
          <p id={`${form.id}-profit`} className={ts.muted}>
            {t("actions.expectedProfit")}{" "}
            <output className={ts.up} data-testid={`expected-profit-${p.id}`}>
              {formatAmount(profit, { lang, minDp: 2, maxDp: 4 })} {quote}
            </output>
          </p>
          <p id={fields.target_profit_price.errorId} className={fieldError}>
            {fields.target_profit_price.errors?.join(" ")}
          </p>
        </div>
        <div className={ts.fieldRow}>
          <label htmlFor={fields.stop_loss_price.id}>{t("form.stopLoss")}</label>
          <FigureInput
            id={fields.stop_loss_price.id}
            name="stop_loss_price"
            value={sl}
            onChange={(e) => setSl(sanitizePriceInput(e.target.value, decimals))}
            aria-invalid={fields.stop_loss_price.errors ? true : undefined}
            aria-describedby={`${fields.stop_loss_price.errorId} ${form.id}-loss`}
          />
          <p id={`${form.id}-loss`} className={ts.muted}>
            {t("actions.expectedLoss")}{" "}
            <output className={ts.down} data-testid={`expected-loss-${p.id}`}>
              {formatAmount(loss, { lang, minDp: 2, maxDp: 4 })} {quote}
            </output>
          </p>
          <p id={fields.stop_loss_price.errorId} className={fieldError}>
            {fields.stop_loss_price.errors?.join(" ")}
          </p>
        </div>
        <button type="submit" className={button.primary}>
          {t("actions.save")}
        </button>
      </fetcher.Form>
    </details>
  );
}

function Row({ p, decimals, quote, kind }: { p: LeverPosition; decimals: number; quote: string; kind: "open" | "pending" | "done" }) {
  const { t, i18n } = useTranslation("lever");
  const lang = i18n.language;
  const clock = useClock({ withDate: true });
  // The all-pairs tabs list other pairs too: each row keeps its own pair's decimals and quote.
  decimals = (p.origin_price.split(".")[1] ?? "").length || decimals;
  quote = p.symbol.split("/")[1] ?? quote;
  const price = (v: string | null) => (v === null ? t("table.none") : formatPrice(v, decimals, lang));
  const money = (v: string) => formatAmount(v, { lang, minDp: 2, maxDp: 4 });
  const stop = (v: string) => (/^0(\.0+)?$/.test(v) ? t("table.none") : formatPrice(v, decimals, lang));
  const long = p.type === 1;
  const profitUp = !p.profits.startsWith("-");
  const roe = roePercent(p.profits, p.caution_money);
  const f = useFetcher<LeverActionData>({ key: ROW_FETCHER });
  const acting = f.state !== "idle" && Number(f.formData?.get("id")) === p.id;
  const done = f.state === "idle" && f.data?.ok === true && (f.data.intent === "close" || f.data.intent === "cancel") && f.data.id === p.id;
  const gone = acting || done;
  if (gone) return null;
  return (
    <tr data-testid={`lever-row-${p.id}`}>
      <th scope="row" className={ts.tdLeft}>
        <span className={long ? ts.up : ts.down}>{t(long ? "type.1" : "type.2")}</span> {p.symbol}{" "}
        <span className={ts.muted}>
          {t("table.handsN", { n: p.share })} · {p.multiple}x
        </span>
      </th>
      <td className={ts.td} data-label={t(kind === "pending" ? "table.target" : "table.open")}>
        {price(kind === "pending" ? p.origin_price : p.price)}
      </td>
      <td className={ts.td} data-label={t(kind === "done" ? "table.closePrice" : "table.current")}>
        {p.status === LEVER_STATE.CANCELLED ? t("table.none") : price(p.update_price)}
      </td>
      <td className={ts.td} data-label={t("table.margin")}>
        {money(p.caution_money)}
      </td>
      <td className={ts.td} data-label={t("table.takeProfit")}>
        {stop(p.target_profit_price)}
      </td>
      <td className={ts.td} data-label={t("table.stopLoss")}>
        {stop(p.stop_loss_price)}
      </td>
      <td className={`${ts.td} ${phoneHide}`} data-label={t("table.time")}>
        {clock(kind === "done" ? (p.closed_at ?? p.time) : (p.opened_at ?? p.time))}
      </td>
      <td className={ts.td} data-label={t("table.fee")}>
        {money(p.trade_fee)}
      </td>
      <td className={ts.td} data-label={t("table.overnight")}>
        {money(p.overnight_money)}
      </td>
      <td className={`${ts.td} ${profitUp ? ts.up : ts.down}`} data-label={t("table.profitNoFees")} data-testid={`profit-${p.id}`}>
        {kind === "pending" ? t("table.none") : `${money(p.profits)} ${quote}`}
        {kind === "open" && roe !== null ? (
          <span className={s.roe} data-testid={`roe-${p.id}`}>
            {t("table.roe", { percent: formatAmount(roe, { lang, dp: 2 }) })}
          </span>
        ) : null}
      </td>
      <td className={ts.td} data-label={t(kind === "done" ? "table.reason" : "table.liquidation")}>
        {kind === "done" ? t(`reason.${p.close_reason ?? "close"}`) : price(p.liquidation_price)}
      </td>
      <td className={`${ts.td} ${cardActions}`}>
        {kind === "open" ? (
          <div className={s.rowActions}>
            <StopsEditor p={p} decimals={decimals} quote={quote} />
            <RowButton p={p} intent="close" />
          </div>
        ) : kind === "pending" ? (
          <div className={s.rowActions}>
            <StopsEditor p={p} decimals={decimals} quote={quote} />
            <RowButton p={p} intent="cancel" />
          </div>
        ) : null}
      </td>
    </tr>
  );
}

/** Batch close (docs/product.md, "/lever") — all, long only or short only; each asks first (`?confirm=batch&type=`). */
function BatchClose() {
  const { t } = useTranslation("lever");
  const location = useLocation();
  return (
    <details className={s.batch}>
      <summary>{t("actions.batch")}</summary>
      <div className={s.batchForm}>
        {([0, 1, 2] as const).map((type) => (
          <Link
            key={type}
            to={confirmHref(location.search, { kind: "batch", type })}
            className={`${button.secondary} ${s.batchLink}`}
            preventScrollReset
            replace
          >
            {t(type === 0 ? "actions.batchAll" : type === 1 ? "actions.batchLong" : "actions.batchShort")}
          </Link>
        ))}
      </div>
    </details>
  );
}

/** The lower panel (docs/product.md, "/lever"): the history tabs, the table of the chosen one, batch close and the pager. */
export const PositionsPanel = memo(function PositionsPanel({ list, pair }: { list: LeverList; pair: LeverPairView }) {
  const { t } = useTranslation("lever");
  const { search } = useLocation();
  const kind = showsOpen(list.tab) ? "open" : showsPending(list.tab) ? "pending" : "done";
  const pager = pagerOf(list.total, list.page, list.per_page);
  // The answers of row and batch actions, said here: the panel stays while rows and the batch button go.
  const rowFetcher = useFetcher<LeverActionData>({ key: ROW_FETCHER });
  const batchFetcher = useFetcher<LeverActionData>({ key: BATCH_FETCHER });
  useSayOnce(rowFetcher.data, rowFetcher.state);
  useSayOnce(batchFetcher.data, batchFetcher.state);
  return (
    <section className={ts.ordersPanel} aria-labelledby="positions-title">
      <div className={s.panelHead}>
        <h2 id="positions-title" className={ts.h2} tabIndex={-1}>
          {t(`tabs.${list.tab}`)}
        </h2>
        {list.tab === "current" && list.data.length > 0 ? <BatchClose /> : null}
      </div>
      <ListTabs
        label={t("tabs.label")}
        className={s.tabs}
        tabs={LEVER_TAB_ORDER}
        current={(tab) => tab === list.tab}
        href={(tab) => `${tradeUrl(search, { orders: tab, page: null }, "/lever")}#positions`}
        name={(tab) => t(`tabs.${tab}`)}
      />
      {list.data.length === 0 ? (
        <p className={ts.muted}>{t("table.empty")}</p>
      ) : (
        <div className={s.tableScroll}>
          <table className={`${ts.table} ${cardTable} ${s.positionsTable}`}>
            <caption className="sr-only">{t(`tabs.${list.tab}`)}</caption>
            <TableHead
              className={ts.th}
              columns={[
                { head: t("table.type"), className: ts.thLeft },
                { head: t(kind === "pending" ? "table.target" : "table.open") },
                { head: t(kind === "done" ? "table.closePrice" : "table.current") },
                { head: t("table.margin") },
                { head: t("table.takeProfit") },
                { head: t("table.stopLoss") },
                { head: t("table.time"), className: `${ts.th} ${phoneHide}` },
                { head: t("table.fee") },
                { head: t("table.overnight") },
                { head: t("table.profitNoFees") },
                { head: t(kind === "done" ? "table.reason" : "table.liquidation") },
                { head: t("table.actions") },
              ]}
            />
            <tbody>
              {list.data.map((p) => (
                <Row key={p.id} p={p} decimals={pair.decimals} quote={pair.quote} kind={kind} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pager pager={pager} href={(page) => `${tradeUrl(search, { page, orders: list.tab }, "/lever")}#positions`} />
    </section>
  );
});
