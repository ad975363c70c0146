import { FormAlert, Input } from "~/components/form/control";
import { getFormProps, useForm } from "@conform-to/react";
import { textInputProps } from "~/components/form/text-props";
import { Link, useActionData, useFetcher, useLocation } from "@remix-run/react";
import { memo, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { announce } from "~/components/toast";
import { profitPercent } from "~/contract/core/micro";
import type { MicroSeconds, MicroWallet } from "~/contract/micro";
import { sanitizePriceInput } from "~/lib/price-input";
import { tradeUrl } from "~/lib/pair-links";
import { formatAmount } from "~/lib/money";
import { useTranslation } from "~/lib/translate";
import { lazyModule, lazyValidation, useLazyModule } from "~/lib/use-lazy-validate";
import { button, fieldError, input } from "~/styles/ui.css";
import * as ts from "~/styles/pair-screen.css";
import type { MicroReview, SecondActionData } from "./action-data";
import type { Translate } from "./schema";
import * as s from "./second.css";
import * as cd from "~/components/confirm-dialog.css";
import { JsFlag } from "~/components/form/js-flag";
import { ReviewConfirm } from "~/components/review-confirm";

const microValidate = lazyModule(() => import("./validate"));

function useSecondT(): Translate {
  const { t, i18n } = useTranslation("second");
  // eslint-disable-next-line react-hooks/exhaustive-deps -- a new translator when the language changes
  return useCallback((key: string, options?: Record<string, unknown>) => t(key, options) as string, [t, i18n.language]);
}

/**
 * The wallet, the quantity (presets set it rounded to an integer, or typed), the time in seconds with its
 * profit rate (a percent, 2 decimals), then 'Buy up' or 'Buy down' opens the confirmation (quantity, time, profit
 * rate). Every step is a POST the server validates; JavaScript validates first and keeps the page.
 */
export const SecondOrderForm = memo(function SecondOrderForm({
  pairId,
  wallets,
  options,
  initial,
  idemKey,
}: {
  pairId: number;
  wallets: MicroWallet[];
  options: MicroSeconds[];
  initial: { number: string; seconds: number };
  idemKey: string;
}) {
  const { t, i18n } = useTranslation("second");
  const tr = useSecondT();
  const lang = i18n.language;
  const location = useLocation();
  const fetcher = useFetcher<SecondActionData>({ key: "second-order" });
  const actionData = useActionData<SecondActionData>();
  const last = fetcher.data ?? actionData;
  const reviewAnswer = last && last.intent === "review" ? last : undefined;
  const init = (reviewAnswer?.result.initialValue ?? {}) as Record<string, unknown>;
  const [wallet, setWallet] = useState(() => String(init.currency_id ?? wallets[0]?.id ?? ""));
  const [number, setNumber] = useState(() => String(init.number ?? initial.number));
  const [seconds, setSeconds] = useState(() => Number(init.seconds ?? initial.seconds));
  const current = wallets.find((w) => String(w.id) === wallet) ?? wallets[0];
  const v = useLazyModule(microValidate);
  const validate = useMemo(() => v?.microOrderValidator(tr, { seconds: options.map((o) => o.seconds), decimals: 8 }), [v, tr, options]);
  const [form, fields] = useForm({
    id: "second-order",
    lastResult: reviewAnswer?.result,
    ...lazyValidation(validate, { shouldValidate: "onSubmit", shouldRevalidate: "onInput" }),
  });
  useSaid(fetcher.data, fetcher.state);
  const here = location.pathname + location.search;
  const busy = fetcher.state !== "idle";
  const numberProps = textInputProps(fields.number);
  const review = last && last.review ? last : null;
  return (
    <section className={ts.forms} aria-labelledby="second-form-title" id="order-forms">
      <h2 id="second-form-title" className="sr-only">
        {t("form.title")}
      </h2>
      <fetcher.Form method="post" {...getFormProps(form)} className={ts.contractForm}>
        <input type="hidden" name="intent" value="review" />
        <input type="hidden" name="match_id" value={pairId} />
        <input type="hidden" name="idempotency_key" value={idemKey} />
        <input type="hidden" name="back" value={here} />
        <JsFlag />
        <FormAlert id={form.errorId} errors={form.errors} />
        <div className={ts.fieldRow}>
          <label htmlFor={fields.currency_id.id}>{t("form.wallet")}</label>
          <select
            id={fields.currency_id.id}
            name="currency_id"
            className={input}
            value={wallet}
            onChange={(e) => setWallet(e.target.value)}
          >
            {wallets.map((w) => (
              <option key={w.id} value={w.id}>
                {w.code} · {t("form.balance", { amount: formatAmount(w.micro_account.balance, { lang, minDp: 2, maxDp: 4 }) })}
              </option>
            ))}
          </select>
        </div>
        <div className={ts.fieldRow}>
          <label htmlFor={fields.number.id}>{t("form.number", { code: current?.code ?? "" })}</label>
          <Input
            {...numberProps}
            className={input}
            inputMode="decimal"
            autoComplete="off"
            value={number}
            onChange={(e) => setNumber(sanitizePriceInput(e.target.value, 8))}
          />
          <ul className={s.presets} aria-label={t("form.presets")}>
            {(current?.micro_numbers ?? []).map((p) => (
              <li key={p.number}>
                <Link
                  to={tradeUrl(location.search, { number: Math.round(p.number), seconds }, "/second")}
                  className={ts.tab}
                  aria-current={number === String(Math.round(p.number)) ? "true" : undefined}
                  preventScrollReset
                  replace
                  onClick={(e) => {
                    if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
                    e.preventDefault();
                    // A preset sets the input rounded to an integer (docs/product.md, "/second").
                    setNumber(String(Math.round(p.number)));
                  }}
                >
                  {Math.round(p.number)}
                </Link>
              </li>
            ))}
          </ul>
          <p id={fields.number.errorId} className={fieldError}>
            {fields.number.errors?.join(" ")}
          </p>
        </div>
        <fieldset className={s.timesSet} aria-describedby={fields.seconds.errorId}>
          <legend className={s.timesLegend}>{t("form.seconds")}</legend>
          <div className={s.times}>
            {options.map((o) => (
              <label key={o.seconds} className={s.time}>
                <input
                  type="radio"
                  name="seconds"
                  value={o.seconds}
                  checked={seconds === o.seconds}
                  onChange={() => setSeconds(o.seconds)}
                />
                <span className={s.nowrap}>{t("form.secondsN", { n: o.seconds })}</span>
                <span className={`${ts.up} ${s.nowrap}`}>
                  {t("form.rate", { percent: formatAmount(profitPercent(o.profit_ratio), { lang, dp: 2 }) })}
                </span>
              </label>
            ))}
          </div>
        </fieldset>
        <p id={fields.seconds.errorId} className={fieldError}>
          {fields.seconds.errors?.join(" ")}
        </p>
        <div className={ts.contractSubmits}>
          <button type="submit" name="type" value="1" className={button.up} aria-disabled={busy || undefined}>
            {t("form.up")}
          </button>
          <button type="submit" name="type" value="2" className={button.down} aria-disabled={busy || undefined}>
            {t("form.down")}
          </button>
        </div>
      </fetcher.Form>
      {review?.review ? <SecondConfirm answer={review} here={here} /> : null}
    </section>
  );
});

/** Success of a confirm with JavaScript: said like the reload's toast. */
function useSaid(data: SecondActionData | undefined, state: string) {
  const said = useRef<unknown>(null);
  useEffect(() => {
    if (state !== "idle" || !data || said.current === data) return;
    said.current = data;
    if (data.intent === "open" && data.ok && data.message) announce({ kind: "success", message: data.message });
  }, [data, state]);
}

/** The confirmation shows quantity, time and profit rate; a plain <dialog open> without JavaScript, a modal with it. */
function SecondConfirm({ answer, here }: { answer: SecondActionData; here: string }) {
  const { t, i18n } = useTranslation("second");
  const review = answer.review as MicroReview;
  const errors = answer.intent === "open" ? Object.values(answer.result.error ?? {}).flatMap((e) => e ?? []) : [];
  const up = review.type === 1;
  return (
    <ReviewConfirm
      fetcherKey="second-order"
      answer={answer}
      review={review}
      here={here}
      titleId="second-confirm-title"
      title={t("confirm.title")}
      backLabel={t("confirm.back")}
      confirmLabel={t("confirm.confirm")}
      up={up}
      errors={errors}
    >
      <dl className={cd.list}>
        <div>
          <dt>{t("confirm.direction")}</dt>
          <dd className={up ? ts.up : ts.down}>{t(up ? "type.1" : "type.2")}</dd>
        </div>
        <div>
          <dt>{t("confirm.number")}</dt>
          <dd data-testid="confirm-number">
            {review.number} {review.code}
          </dd>
        </div>
        <div>
          <dt>{t("confirm.seconds")}</dt>
          <dd data-testid="confirm-seconds">{t("form.secondsN", { n: review.seconds })}</dd>
        </div>
        <div>
          <dt>{t("confirm.rate")}</dt>
          <dd data-testid="confirm-rate">{formatAmount(review.percent, { lang: i18n.language, dp: 2 })} %</dd>
        </div>
      </dl>
    </ReviewConfirm>
  );
}
