import { FigureInput, FormAlert, Input, Select } from "~/components/form/control";
import { getFormProps, useForm } from "@conform-to/react";
import { textInputProps } from "~/components/form/text-props";
import { Link, useActionData, useFetcher, useLocation } from "@remix-run/react";
import { memo, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { announce } from "~/components/toast";
import { dialogAmount, LEVER_HANDS_MIN, LEVER_TYPE, leverQuote, type LeverType } from "~/contract/core/lever";
import type { LeverDeal } from "~/contract/lever";
import { sanitizePriceInput } from "~/lib/price-input";
import { formatAmount, formatPrice } from "~/lib/money";
import { useTranslation } from "~/lib/translate";
import { lazyModule, lazyValidation, useLazyModule } from "~/lib/use-lazy-validate";
import { button, fieldError, input } from "~/styles/ui.css";
import * as ts from "~/styles/pair-screen.css";
import { phoneHide } from "~/styles/card-table.css";
import type { LeverActionData, LeverReview } from "./action-data";
import type { LeverPairView } from "./lever.server";
import type { Translate } from "./schema";
import * as s from "./lever.css";
// The contract order form's column and its two submit buttons are /second's too.
import { contractForm, contractSubmits } from "~/styles/pair-screen.css";
import * as cd from "~/components/confirm-dialog.css";
import { JsFlag } from "~/components/form/js-flag";
import { ReviewConfirm } from "~/components/review-confirm";
import { PLAIN_DECIMAL } from "~/contract/core/trading";

const leverValidate = lazyModule(() => import("./validate"));

export function useLeverT(): Translate {
  const { t, i18n } = useTranslation("lever");
  // eslint-disable-next-line react-hooks/exhaustive-deps -- a new translator when the language changes
  return useCallback((key: string, options?: Record<string, unknown>) => t(key, options) as string, [t, i18n.language]);
}

type Mode = "market" | "limit";

/**
 * The lever order form (docs/product.md, "/lever"): market or fixed price, multiple, hands (default 1), optional
 * take-profit and stop-loss, then 'Buy long' or 'Sell short' opens the confirmation with hands, multiple,
 * fee and margin, where the trade password is asked. Every step is a POST the server validates; JavaScript
 * validates first, shows the estimate as you type and keeps the page.
 */
export const LeverOrderForm = memo(function LeverOrderForm({
  pair,
  order,
  otype,
  idemKey,
  picked,
  defaultHands,
  latest,
}: {
  pair: LeverPairView;
  order: LeverDeal | null;
  otype: Mode;
  /** Kept for the phone's buy/sell links (both buttons show). */
  side?: "buy" | "sell";
  idemKey: string;
  picked: { price: string; n: number };
  defaultHands: number;
  latest: string | null;
}) {
  const { t, i18n } = useTranslation("lever");
  const tr = useLeverT();
  const lang = i18n.language;
  const location = useLocation();
  const fetcher = useFetcher<LeverActionData>({ key: "lever-order" });
  const actionData = useActionData<LeverActionData>();
  const last = fetcher.data ?? (actionData && (actionData.intent === "review" || actionData.intent === "open") ? actionData : undefined);
  const reviewAnswer = last && last.intent === "review" ? last : undefined;
  const initial = (reviewAnswer?.result.initialValue ?? {}) as Record<string, unknown>;
  const str = (k: string, d = "") => (typeof initial[k] === "string" ? (initial[k] as string) : d);

  const [mode, setMode] = useState<Mode>(() => (str("status") === "0" ? "limit" : str("status") === "1" ? "market" : otype));
  const [price, setPrice] = useState(() => str("target_price"));
  const [multiple, setMultiple] = useState(() => str("multiple", "10"));
  const [hands, setHands] = useState(() => str("share", String(defaultHands)));
  useEffect(() => {
    if (picked.n > 0) {
      setPrice(picked.price);
      setMode("limit");
    }
  }, [picked]);

  const v = useLazyModule(leverValidate);
  const validate = useMemo(
    () =>
      v?.leverOrderValidator(tr, {
        decimals: pair.decimals,
        withPassword: false,
      }),
    [v, tr, pair.decimals],
  );
  const [form, fields] = useForm({
    id: "lever-order",
    lastResult: reviewAnswer?.result,
    ...lazyValidation(validate, {
      shouldValidate: "onSubmit",
      shouldRevalidate: "onInput",
    }),
  });

  // The estimate as you type (the confirmation shows the server's figures).
  const from = mode === "limit" ? price : latest;
  const estimate = useMemo(() => {
    const h = Number.parseInt(hands, 10);
    const m = Number.parseInt(multiple, 10);
    if (!from || !PLAIN_DECIMAL.test(from) || !(h >= LEVER_HANDS_MIN) || !(m > 0)) return null;
    const q = leverQuote({
      price: from,
      type: LEVER_TYPE.LONG,
      hands: h,
      multiple: m,
      terms: {
        pointRate: pair.pointRate,
        shareNum: pair.shareNum,
        feeRate: pair.feeRate,
        pricePrecision: pair.decimals,
      },
    });
    return { margin: formatAmount(dialogAmount(q.margin), { lang, dp: 4 }), fee: formatAmount(dialogAmount(q.fee), { lang, dp: 4 }) };
  }, [from, hands, multiple, pair, lang]);

  const here = location.pathname + location.search;
  const busy = fetcher.state !== "idle";
  const currency = order?.currency.code ?? pair.quote;
  const priceProps = textInputProps(fields.target_price);
  const handsProps = textInputProps(fields.share);
  const review = last && (last.intent === "review" || last.intent === "open") && last.review ? last : null;
  const shareOptions = order?.multiple.share ?? [];
  const listId = `${form.id}-hands-presets`;
  useLeverAnnouncements();

  return (
    <section className={ts.forms} aria-labelledby="lever-form-title" id="order-forms">
      <h2 id="lever-form-title" className="sr-only">
        {t("form.title")}
      </h2>
      <fetcher.Form method="post" {...getFormProps(form)} className={`${contractForm} ${s.orderForm}`}>
        <input type="hidden" name="intent" value="review" />
        <input type="hidden" name="currency_match_id" value={pair.id} />
        <input type="hidden" name="idempotency_key" value={idemKey} />
        <input type="hidden" name="back" value={here} />
        <JsFlag />
        <p className={ts.line}>
          <span>
            <span className={ts.muted}>{t("form.available")}</span>{" "}
            <span data-testid="lever-available">
              {order ? formatAmount(order.user_lever, { lang, minDp: 2, maxDp: 4 }) : "--"} {currency}
            </span>
          </span>
          <span>
            <span className={ts.muted}>{t("form.marginMode")}</span> <span data-testid="margin-mode">{t("form.cross")}</span>
          </span>
        </p>
        <FormAlert id={form.errorId} errors={form.errors} />
        <fieldset className={s.modes}>
          <legend className={s.legend}>{t("form.mode")}</legend>
          {(["market", "limit"] as const).map((m) => (
            <label key={m} className={s.modeOption}>
              <input type="radio" name="status" value={m === "market" ? "1" : "0"} checked={mode === m} onChange={() => setMode(m)} />
              {t(m === "market" ? "form.market" : "form.fixed")}
            </label>
          ))}
        </fieldset>
        <div className={`${ts.fieldRow} ${s.limitOnly}`}>
          <label htmlFor={fields.target_price.id}>{t("form.price", { quote: pair.quote })}</label>
          <FigureInput
            {...priceProps}
            value={price}
            onChange={(e) => setPrice(sanitizePriceInput(e.target.value, pair.decimals))}
            aria-describedby={`${fields.target_price.errorId} ${form.id}-price-hint`}
          />
          <p id={`${form.id}-price-hint`} className={`${ts.muted} ${phoneHide}`}>
            {t("form.priceHint")}
          </p>
          <p id={fields.target_price.errorId} className={fieldError}>
            {fields.target_price.errors?.join(" ")}
          </p>
        </div>
        <p className={`${ts.muted} ${s.marketOnly}`}>
          {t("form.marketNote", {
            price: formatPrice(latest, pair.decimals, lang),
          })}
        </p>
        <div className={s.pairFields}>
          <div className={ts.fieldRow}>
            <label htmlFor={fields.multiple.id}>{t("form.multiple")}</label>
            <Select
              id={fields.multiple.id}
              name="multiple"
              className={input}
              value={multiple}
              onChange={(e) => setMultiple(e.target.value)}
              aria-invalid={fields.multiple.errors ? true : undefined}
              aria-describedby={fields.multiple.errorId}
            >
              {(order?.multiple.muit ?? []).map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </Select>
            <p id={fields.multiple.errorId} className={fieldError}>
              {fields.multiple.errors?.join(" ")}
            </p>
          </div>
          <div className={ts.fieldRow}>
            <label htmlFor={fields.share.id}>{t("form.hands")}</label>
            <FigureInput
              {...handsProps}
              inputMode="numeric"
              list={listId}
              value={hands}
              onChange={(e) => setHands(e.target.value.replace(/\D/g, "").slice(0, 4))}
              aria-describedby={`${fields.share.errorId} ${form.id}-hands-hint`}
            />
            <datalist id={listId}>
              {shareOptions.map((o) => (
                <option key={o.value} value={o.value} />
              ))}
            </datalist>
            <p id={`${form.id}-hands-hint`} className={ts.muted}>
              {t("form.handsHint", { size: pair.shareNum, base: pair.base })}
            </p>
            <p id={fields.share.errorId} className={fieldError}>
              {fields.share.errors?.join(" ")}
            </p>
          </div>
        </div>
        <details
          className={s.stops}
          open={
            Boolean(
              str("target_profit_price") || str("stop_loss_price") || fields.target_profit_price.errors || fields.stop_loss_price.errors,
            ) || undefined
          }
        >
          <summary>{t("form.stops")}</summary>
          <StopFields
            tpField={fields.target_profit_price}
            slField={fields.stop_loss_price}
            decimals={pair.decimals}
            initial={{
              tp: str("target_profit_price"),
              sl: str("stop_loss_price"),
            }}
          />
        </details>
        {estimate ? (
          <p className={ts.line} data-testid="lever-estimate">
            <span className={ts.muted}>{t("form.estimate")}</span>
            <span>
              {t("form.estimateValue", {
                margin: estimate.margin,
                fee: estimate.fee,
                currency,
              })}
            </span>
          </p>
        ) : null}
        <div className={contractSubmits}>
          <button type="submit" name="type" value="1" className={button.up} aria-disabled={busy || undefined}>
            {t("form.long")}
          </button>
          <button type="submit" name="type" value="2" className={button.down} aria-disabled={busy || undefined}>
            {t("form.short")}
          </button>
        </div>
      </fetcher.Form>
      {review && review.review ? <LeverConfirm answer={review} pair={pair} currency={currency} here={here} /> : null}
    </section>
  );
});

type FieldMeta = { id: string; errorId: string; errors?: string[] };

function StopFields({
  tpField,
  slField,
  decimals,
  initial,
}: {
  tpField: FieldMeta;
  slField: FieldMeta;
  decimals: number;
  initial: { tp: string; sl: string };
}) {
  const { t } = useTranslation("lever");
  const [tp, setTp] = useState(initial.tp);
  const [sl, setSl] = useState(initial.sl);
  const rows = [
    {
      name: "target_profit_price",
      label: "form.takeProfit",
      value: tp,
      set: setTp,
      f: tpField,
    },
    {
      name: "stop_loss_price",
      label: "form.stopLoss",
      value: sl,
      set: setSl,
      f: slField,
    },
  ];
  return (
    <div className={s.pairFields}>
      {rows.map(({ name, label, value, set, f }) => (
        <div key={name} className={ts.fieldRow}>
          <label htmlFor={f.id}>{t(label)}</label>
          <FigureInput
            id={f.id}
            name={name}
            value={value}
            onChange={(e) => set(sanitizePriceInput(e.target.value, decimals))}
            aria-invalid={f.errors ? true : undefined}
            aria-describedby={f.errorId}
          />
          <p id={f.errorId} className={fieldError}>
            {f.errors?.join(" ")}
          </p>
        </div>
      ))}
    </div>
  );
}

/**
 * The confirmation shows hands, multiple, fee and margin (4 decimals) and asks the trade password (docs/product.md, "/lever").
 * Rendered open by the server (a plain <dialog open> works without JavaScript; 'Change' closes it through a
 * native method="dialog" form); with JavaScript it opens as a modal.
 */
function LeverConfirm({
  answer,
  pair,
  currency,
  here,
}: {
  answer: Extract<LeverActionData, { intent: "review" | "open" }>;
  pair: LeverPairView;
  currency: string;
  here: string;
}) {
  const { t, i18n } = useTranslation("lever");
  const lang = i18n.language;
  const review = answer.review as LeverReview;
  const openAnswer = answer.intent === "open" ? answer : null;
  const passwordError = openAnswer?.result.error?.password;
  const otherErrors = openAnswer
    ? [
        ...(openAnswer.result.error?.[""] ?? []),
        ...Object.entries(openAnswer.result.error ?? {})
          .filter(([k]) => k !== "" && k !== "password")
          .flatMap(([, v]) => v ?? []),
      ]
    : [];
  const long = review.type === 1;
  return (
    <ReviewConfirm
      fetcherKey="lever-order"
      answer={answer}
      review={review}
      here={here}
      titleId="lever-confirm-title"
      title={t("confirm.title")}
      backLabel={t("confirm.back")}
      confirmLabel={t("confirm.confirm")}
      up={long}
      errors={otherErrors}
      fields={
        <div className={ts.fieldRow}>
          <label htmlFor="lever-password">{t("form.password")}</label>
          <Input
            id="lever-password"
            name="password"
            type="password"
            className={input}
            autoComplete="off"
            maxLength={64}
            // eslint-disable-next-line jsx-a11y/no-autofocus -- the confirmation's one field takes the focus as it opens
            autoFocus
            aria-invalid={passwordError ? true : undefined}
            aria-describedby={passwordError ? "lever-password-error" : undefined}
          />
          <p id="lever-password-error" className={fieldError}>
            {passwordError?.join(" ")}
          </p>
          {openAnswer?.needs === "tradePassword" ? (
            <p>
              <Link to={`/tradePassword?page=${encodeURIComponent(here)}`} data-testid="set-trade-password">
                {t("confirm.setPassword")}
              </Link>
            </p>
          ) : null}
        </div>
      }
    >
      <dl className={cd.list}>
        <div>
          <dt>{t("confirm.side")}</dt>
          <dd className={long ? ts.up : ts.down}>{t(long ? "type.1" : "type.2")}</dd>
        </div>
        <div>
          <dt>{t(review.status === 0 ? "confirm.fixedPrice" : "confirm.marketPrice")}</dt>
          <dd>
            {formatPrice(review.price, pair.decimals, lang)} {pair.quote}
          </dd>
        </div>
        <div>
          <dt>{t("confirm.hands")}</dt>
          <dd data-testid="confirm-hands">{review.hands}</dd>
        </div>
        <div>
          <dt>{t("confirm.multiple")}</dt>
          <dd data-testid="confirm-multiple">{review.multiple}x</dd>
        </div>
        <div>
          <dt>{t("confirm.fee")}</dt>
          <dd data-testid="confirm-fee">
            {formatAmount(dialogAmount(review.fee), { lang, dp: 4 })} {currency}
          </dd>
        </div>
        <div>
          <dt>{t("confirm.margin")}</dt>
          <dd data-testid="confirm-margin">
            {formatAmount(dialogAmount(review.margin), { lang, dp: 4 })} {currency}
          </dd>
        </div>
        <div>
          <dt>{t("form.marginMode")}</dt>
          <dd>{t("form.cross")}</dd>
        </div>
        <div>
          <dt>{t("form.takeProfit")}</dt>
          <dd data-testid="confirm-tp">{review.takeProfit ? formatPrice(review.takeProfit, pair.decimals, lang) : t("confirm.notSet")}</dd>
        </div>
        <div>
          <dt>{t("form.stopLoss")}</dt>
          <dd data-testid="confirm-sl">{review.stopLoss ? formatPrice(review.stopLoss, pair.decimals, lang) : t("confirm.notSet")}</dd>
        </div>
        <div>
          <dt>{t("table.liquidation")}</dt>
          <dd data-testid="confirm-liquidation">
            {review.liquidation ? `${formatPrice(review.liquidation, pair.decimals, lang)} ${pair.quote}` : t("confirm.noLiquidation")}
          </dd>
        </div>
      </dl>
    </ReviewConfirm>
  );
}

/** Success of a confirm: said like a toast (a reload without JavaScript shows the same words). */
export function useLeverAnnouncements() {
  const fetcher = useFetcher<LeverActionData>({ key: "lever-order" });
  const said = useRef<unknown>(null);
  useEffect(() => {
    const a = fetcher.data;
    if (fetcher.state !== "idle" || !a || said.current === a) return;
    said.current = a;
    if (a.intent === "open" && a.ok && a.message) announce({ kind: "success", message: a.message });
  }, [fetcher.state, fetcher.data]);
}

export type { LeverType };
