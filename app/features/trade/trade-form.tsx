import { blockNonDigits, FigureInput, FormAlert, Input } from "~/components/form/control";
import { getFormProps, useForm } from "@conform-to/react";
import { Link, useActionData, useFetcher, useLocation } from "@remix-run/react";
import { announce } from "~/components/toast";
import { memo, useCallback, useEffect, useMemo, useState } from "react";
import { useTranslation } from "~/lib/translate";
import { TIME_IN_FORCE } from "~/contract/core/trading";
import type { SpotBalances } from "~/contract/entities";
import { formatPrice } from "~/lib/money";
import {
  availableFor,
  floorQty,
  holdPrice,
  ORDER_TYPES,
  orderTotal,
  sanitizePriceInput,
  sanitizeQtyInput,
  SLIDER_STEP,
  sliderQuantity,
  snapPercent,
  type OrderType,
  type Side,
} from "./order-input";
import type { Translate } from "./schema";
import { lazyModule, lazyValidation, useLazyModule } from "~/lib/use-lazy-validate";
import type { TradeActionData } from "./action-data";
import { button, fieldError, input } from "~/styles/ui.css";
import { tradeUrl } from "~/lib/pair-links";
import * as ps from "~/styles/pair-screen.css";
import * as s from "./trade.css";
import { JsFlag } from "~/components/form/js-flag";
import { textInputProps, type TextInputProps } from "~/components/form/text-props";

type PairInfo = { id: number; symbol: string; base: string; quote: string; decimals: number };

/** zod and the order schema arrive after hydration; until then a submit goes to the server, which validates. */
const spotValidate = lazyModule(() => import("./validate"));

function useTradeT(): Translate {
  const { t, i18n } = useTranslation("trade");
  // eslint-disable-next-line react-hooks/exhaustive-deps -- a new translator when the language changes
  return useCallback((key: string, options?: Record<string, unknown>) => t(key, options) as string, [t, i18n.language]);
}

/** Limit, market, stop-limit and OCO tabs, and the buy and sell forms side by side. */
export const TradeForms = memo(function TradeForms({
  pair,
  loggedIn,
  otype,
  best,
  balances,
  keys,
  picked,
  last,
  side: initialSide,
}: {
  pair: PairInfo;
  loggedIn: boolean;
  otype: OrderType;
  /** The form a phone shows (`?side=`); wider screens show both. */
  side: Side;
  /** The best book prices (buy: lowest ask, sell: highest bid), not the book: the forms re-render only when they move. */
  best: { buy: string | null; sell: string | null };
  balances: SpotBalances | null;
  keys: { buy: string; sell: string };
  picked: { price: string; n: number };
  /** The pair's last price (a stop's trigger and an OCO's limit price are checked against it). */
  last: string | null;
}) {
  const { t } = useTranslation("trade");
  const { search } = useLocation();
  const [type, setType] = useState<OrderType>(otype);
  useEffect(() => setType(otype), [otype]);
  const [shownSide, setShownSide] = useState<Side>(initialSide);
  useEffect(() => setShownSide(initialSide), [initialSide]);
  return (
    <section className={ps.forms} aria-labelledby="forms-title" id="order-forms">
      <h2 id="forms-title" className="sr-only">
        {t("form.title")}
      </h2>
      <nav aria-label={t("form.types")}>
        <ul className={ps.tabs}>
          {ORDER_TYPES.map((x) => (
            <li key={x}>
              <Link
                to={tradeUrl(search, { otype: x })}
                className={ps.tab}
                aria-current={x === type ? "page" : undefined}
                preventScrollReset
                replace
                onClick={(e) => {
                  if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
                  // With JavaScript the switch is instant; the link is the no-JavaScript path.
                  e.preventDefault();
                  setType(x);
                }}
              >
                {t(x === "stop_limit" ? "form.stopLimit" : `form.${x}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <ul className={s.sideSwitch}>
        {(["buy", "sell"] as const).map((x) => (
          <li key={x}>
            <Link
              to={`${tradeUrl(search, { side: x })}#order-forms`}
              className={s.sideTab[x]}
              aria-current={x === shownSide ? "true" : undefined}
              preventScrollReset
              replace
              onClick={(e) => {
                if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
                e.preventDefault();
                setShownSide(x);
              }}
            >
              {t(x === "buy" ? "trades.buy" : "trades.sell")}
            </Link>
          </li>
        ))}
      </ul>
      <div className={s.formGrid}>
        {(["buy", "sell"] as const).map((side) => (
          <OrderForm
            key={side}
            side={side}
            phoneHidden={side !== shownSide}
            type={type}
            pair={pair}
            loggedIn={loggedIn}
            best={best[side]}
            available={availableFor(balances, side)}
            idemKey={keys[side]}
            picked={picked}
            last={last}
          />
        ))}
      </div>
    </section>
  );
});

function OrderForm({
  side,
  type,
  pair,
  loggedIn,
  best,
  available,
  idemKey,
  picked,
  phoneHidden,
  last: lastPrice,
}: {
  side: Side;
  last: string | null;
  phoneHidden: boolean;
  type: OrderType;
  pair: PairInfo;
  loggedIn: boolean;
  best: string | null;
  available: string | null;
  idemKey: string;
  picked: { price: string; n: number };
}) {
  const { t } = useTranslation("trade");
  const tr = useTradeT();
  const location = useLocation();
  const fetcher = useFetcher<TradeActionData>({ key: `order-${side}` });
  const actionData = useActionData<TradeActionData>();
  const last = fetcher.data ?? (actionData && actionData.intent === side ? actionData : undefined);
  const lastResult = last && "result" in last ? last.result : undefined;
  // A limit price far beyond the book's best, asked about: the form offers to place it at that price anyway.
  const farPrice = last && "far" in last ? last.far : undefined;
  const market = type === "market";
  const stop = type === "stop_limit" || type === "oco";
  const initial = (lastResult?.initialValue ?? {}) as Record<string, unknown>;

  const [price, setPrice] = useState(
    () => picked.price || (typeof initial.price === "string" ? sanitizePriceInput(initial.price, pair.decimals) : ""),
  );
  const [qty, setQty] = useState(() => (typeof initial.number === "string" ? sanitizeQtyInput(initial.number) : ""));
  const [trigger, setTrigger] = useState(() =>
    typeof initial.trigger_price === "string" ? sanitizePriceInput(initial.trigger_price, pair.decimals) : "",
  );
  const [stopPrice, setStopPrice] = useState(() =>
    typeof initial.stop_price === "string" ? sanitizePriceInput(initial.stop_price, pair.decimals) : "",
  );
  const [percent, setPercent] = useState(() => snapPercent(typeof initial.percent === "string" ? initial.percent : 0));

  // A price picked in the book fills both forms.
  useEffect(() => {
    if (picked.n > 0) setPrice(picked.price);
  }, [picked]);
  // Switching limit/market clears quantities and sliders (docs/product.md, "/trade").
  const [shownType, setShownType] = useState(type);
  if (shownType !== type) {
    setShownType(type);
    setQty("");
    setPercent(0);
  }
  // An accepted order clears the quantity (the page revalidates balances and orders).
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data && "result" in fetcher.data && fetcher.data.ok) {
      setQty("");
      setPercent(0);
      // Said the way a reload's toast says it ('Order placed').
      if (fetcher.data.message) announce({ kind: "success", message: fetcher.data.message });
    }
  }, [fetcher.state, fetcher.data]);

  // What the funds are counted at: the best price of a market order, an OCO buy's dearer limit price.
  const effectivePrice = market ? best : holdPrice(type, side, price, stopPrice);
  const v = useLazyModule(spotValidate);
  const validate = useMemo(
    () => v?.orderValidator(tr, { decimals: pair.decimals, bestPrice: market ? best : undefined, lastPrice: stop ? lastPrice : undefined }),
    [v, tr, pair.decimals, market, best, stop, lastPrice],
  );
  const [form, fields] = useForm({
    id: `order-${side}`,
    lastResult,
    ...lazyValidation(validate, { shouldValidate: "onSubmit", shouldRevalidate: "onInput" }),
  });

  const priceProps = textInputProps(fields.price);
  const qtyProps = textInputProps(fields.number);
  /** A price input of this form: digits and one dot, the pair's decimals, 'e' and signs blocked. */
  const priceInput = (props: TextInputProps, value: string, set: (v: string) => void, describedBy?: string) => (
    <input
      {...props}
      {...(describedBy ? { "aria-describedby": `${props["aria-describedby"] ?? ""} ${describedBy}`.trim() } : {})}
      className={input}
      inputMode="decimal"
      autoComplete="off"
      value={value}
      onKeyDown={blockNonDigits}
      onChange={(e) => set(sanitizePriceInput(e.target.value, pair.decimals))}
    />
  );
  const total = orderTotal(effectivePrice, qty);
  const here = location.pathname + location.search;
  const busy = fetcher.state !== "idle";
  const code = side === "buy" ? pair.quote : pair.base;
  const title = t(side === "buy" ? "form.buyTitle" : "form.sellTitle", { base: pair.base });
  const percentId = `${form.id}-percent`;

  return (
    <fetcher.Form method="post" {...getFormProps(form)} className={phoneHidden ? `${s.form} ${s.hideOnPhone}` : s.form} aria-label={title}>
      <h3 className={s.formTitle}>{title}</h3>
      <input type="hidden" name="intent" value={side} />
      <input type="hidden" name="type" value={type} />
      <input type="hidden" name="currency_match_id" value={pair.id} />
      <input type="hidden" name="idempotency_key" value={idemKey} />
      <input type="hidden" name="back" value={here} />
      <JsFlag />
      <p className={ps.line}>
        <span className={ps.muted}>{t("form.available")}</span>
        <span data-testid={`available-${side}`}>
          {loggedIn ? `${available !== null ? floorQty(available) || "0" : "--"} ${code}` : "--"}
        </span>
      </p>
      <FormAlert id={form.errorId} errors={form.errors} />

      {stop ? (
        <p id={`${form.id}-stop`} className={ps.muted}>
          {t(
            type === "oco"
              ? side === "buy"
                ? "form.ocoHintBuy"
                : "form.ocoHintSell"
              : side === "buy"
                ? "form.stopHintBuy"
                : "form.stopHintSell",
          )}
          {lastPrice ? ` ${t("form.lastPrice", { price: formatPrice(lastPrice, pair.decimals) })}` : ""}
        </p>
      ) : null}

      {type === "stop_limit" ? (
        <div className={ps.fieldRow}>
          <label htmlFor={fields.trigger_price.id}>{t("form.trigger", { quote: pair.quote })}</label>
          {priceInput(textInputProps(fields.trigger_price), trigger, setTrigger, `${form.id}-stop`)}
          <p id={fields.trigger_price.errorId} className={fieldError}>
            {fields.trigger_price.errors?.join(" ")}
          </p>
        </div>
      ) : null}

      <div className={ps.fieldRow}>
        <label htmlFor={fields.price.id}>
          {t(type === "stop_limit" ? "form.limitPrice" : type === "oco" ? "form.ocoLimitPrice" : "form.price", { quote: pair.quote })}
        </label>
        <div className={s.inputWrap}>
          {market ? (
            <Input
              {...priceProps}
              className={input}
              readOnly
              value={best ?? ""}
              placeholder={t("form.marketPrice")}
              aria-describedby={`${fields.price.errorId} ${form.id}-market`}
            />
          ) : (
            <FigureInput {...priceProps} value={price} onChange={(e) => setPrice(sanitizePriceInput(e.target.value, pair.decimals))} />
          )}
        </div>
        {market ? (
          <p id={`${form.id}-market`} className={ps.muted}>
            {best ? t("form.marketNote", { price: formatPrice(best, pair.decimals) }) : t("errors.noBestPrice")}
          </p>
        ) : null}
        <p id={fields.price.errorId} className={fieldError}>
          {fields.price.errors?.join(" ")}
        </p>
        {farPrice && type === "limit" ? (
          <label className={s.confirmFar}>
            <input type="checkbox" name="confirm_far" value={farPrice} />
            {t("form.confirmFar", { price: formatPrice(farPrice, pair.decimals) })}
          </label>
        ) : null}
      </div>

      {type === "oco" ? (
        <>
          <div className={ps.fieldRow}>
            <label htmlFor={fields.trigger_price.id}>{t("form.ocoTrigger", { quote: pair.quote })}</label>
            {priceInput(textInputProps(fields.trigger_price), trigger, setTrigger, `${form.id}-stop`)}
            <p id={fields.trigger_price.errorId} className={fieldError}>
              {fields.trigger_price.errors?.join(" ")}
            </p>
          </div>
          <div className={ps.fieldRow}>
            <label htmlFor={fields.stop_price.id}>{t("form.ocoStopPrice", { quote: pair.quote })}</label>
            {priceInput(textInputProps(fields.stop_price), stopPrice, setStopPrice)}
            <p id={fields.stop_price.errorId} className={fieldError}>
              {fields.stop_price.errors?.join(" ")}
            </p>
          </div>
        </>
      ) : null}

      <div className={ps.fieldRow}>
        <label htmlFor={fields.number.id}>{t("form.amount", { base: pair.base })}</label>
        <FigureInput {...qtyProps} value={qty} onChange={(e) => setQty(sanitizeQtyInput(e.target.value))} />
        <p id={fields.number.errorId} className={fieldError}>
          {fields.number.errors?.join(" ")}
        </p>
      </div>

      <div className={ps.fieldRow}>
        <label htmlFor={percentId}>{t("form.percent")}</label>
        <input
          id={percentId}
          name="percent"
          type="range"
          min={0}
          max={100}
          step={SLIDER_STEP}
          value={percent}
          className={s.range}
          aria-valuetext={`${percent}%`}
          onChange={(e) => {
            const p = snapPercent(e.target.value);
            setPercent(p);
            setQty(sliderQuantity({ side, percent: p, available, price: effectivePrice }));
          }}
        />
        <div className={s.ticks} aria-hidden="true">
          <span>0%</span>
          <span>25%</span>
          <span>50%</span>
          <span>75%</span>
          <span>100%</span>
        </div>
      </div>

      {type === "limit" ? (
        <div className={ps.fieldRow}>
          <div className={s.tifRow}>
            <label htmlFor={fields.time_in_force.id} className={ps.muted}>
              {t("form.timeInForce")}
            </label>
            <select
              id={fields.time_in_force.id}
              name={fields.time_in_force.name}
              defaultValue={typeof initial.time_in_force === "string" ? initial.time_in_force : "gtc"}
              className={`${input} ${s.tifSelect}`}
              aria-invalid={fields.time_in_force.errors ? true : undefined}
              aria-describedby={fields.time_in_force.errors ? fields.time_in_force.errorId : undefined}
            >
              {TIME_IN_FORCE.map((x) => (
                <option key={x} value={x}>
                  {t(`form.tif.${x}`)}
                </option>
              ))}
            </select>
          </div>
          {fields.time_in_force.errors ? (
            <p id={fields.time_in_force.errorId} className={fieldError}>
              {fields.time_in_force.errors.join(" ")}
            </p>
          ) : null}
        </div>
      ) : null}

      <p className={ps.line}>
        <span className={ps.muted}>{t("form.total", { quote: pair.quote })}</span>
        <output aria-live="off" htmlFor={`${fields.price.id} ${fields.number.id}`} data-testid={`total-${side}`}>
          {total || "--"}
        </output>
      </p>

      {loggedIn ? (
        <button type="submit" className={`${side === "buy" ? button.up : button.down} ${s.submit}`} aria-disabled={busy || undefined}>
          {busy ? t("form.placing") : title}
        </button>
      ) : (
        <p className={s.visitor}>
          <Link to={`/login?page=${encodeURIComponent(here)}`} className={button.primary}>
            {t("form.login")}
          </Link>
          <span className={ps.muted}>{t("form.or")}</span>
          <Link to={`/register?page=${encodeURIComponent(here)}`} className={button.secondary}>
            {t("form.register")}
          </Link>
        </p>
      )}
    </fetcher.Form>
  );
}
