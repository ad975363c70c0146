import { Form, useNavigation } from "@remix-run/react";
import { useEffect, useState } from "react";
import type { ConvertQuote } from "~/contract/money";
import { displayAmount, formatUtc } from "~/lib/display";
import { localDeadline, secondsLeft } from "./convert-ui";
import { useTranslation } from "~/lib/translate";
import { button } from "~/styles/ui.css";
import * as s from "./convert.css";
import * as ss from "~/styles/money-pages.css";
import { JsFlag } from "~/components/form/js-flag";

/** A quote as the screen holds it: the exchange's quote, the server clock when it was answered, the key to execute it once. */
export type ShownQuote = {
  quote: ConvertQuote;
  now: number;
  key: string;
  /** Rates and the spread as shown (computed with decimal.js on the server). */
  text: { rate: string; inverse: string; mid: string; spread: string };
};

/**
 * Ticks once a second until the quote's deadline. The first render uses only the server's numbers
 * (expires_at − now), so the server's HTML and the browser's first render agree.
 */
function useSecondsLeft(shown: ShownQuote) {
  const [state, setState] = useState<{ deadline: number; clock: number } | null>(null);
  useEffect(() => {
    const deadline = localDeadline(shown.quote.expires_at, shown.now, Date.now());
    setState({ deadline, clock: Date.now() });
    const timer = setInterval(() => {
      const clock = Date.now();
      setState({ deadline, clock });
      if (clock >= deadline) clearInterval(timer);
    }, 250);
    return () => clearInterval(timer);
  }, [shown]);
  return state ? secondsLeft(state.deadline, state.clock) : secondsLeft(shown.quote.expires_at, shown.now);
}

type Props = {
  shown: ShownQuote;
  /** Say why this quote is shown again (the previous one expired): the user confirms the new rate. */
  notice: string | null;
  error: string | null;
  /** The browser asks for a fresh quote (JS); without it the panel offers a 'get a new rate' submit. */
  onRefresh: (() => void) | null;
  refreshing: boolean;
};

export function QuotePanel({ shown, notice, error, onRefresh, refreshing }: Props) {
  const { t, i18n } = useTranslation("convert");
  const navigation = useNavigation();
  const q = shown.quote;
  const left = useSecondsLeft(shown);
  const over = left <= 0;
  const from = q.from_currency.code;
  const to = q.to_currency.code;
  const confirming = navigation.state === "submitting" && navigation.formData?.get("intent") === "confirm";
  return (
    <div className={refreshing ? s.busy : undefined} aria-busy={refreshing || undefined}>
      {notice ? (
        <p role="alert" className={ss.errorBox}>
          {notice}
        </p>
      ) : null}
      {error ? (
        <p role="alert" className={ss.errorBox}>
          {error}
        </p>
      ) : null}
      <dl className={s.quoteFacts}>
        <dt>{t("quote.pay")}</dt>
        <dd>
          {displayAmount(q.amount, 2, i18n.language)} {from}
        </dd>
        <dt>{t("quote.receive")}</dt>
        <dd className={s.receive} data-testid="quote-receive">
          {displayAmount(q.receive, 2, i18n.language)} {to}
        </dd>
        <dt>{t("quote.rate")}</dt>
        <dd data-testid="quote-rate">
          1 {from} = {shown.text.rate} {to}
          <br />
          <span className={ss.small}>
            1 {to} = {shown.text.inverse} {from}
          </span>
        </dd>
        <dt>{t("quote.spread")}</dt>
        <dd>{t("quote.spreadValue", { percent: shown.text.spread, mid: shown.text.mid })}</dd>
        <dt>{t("quote.validity")}</dt>
        <dd>
          {over ? (
            <span className={s.expired}>{t("quote.expired")}</span>
          ) : (
            <>
              <span className={s.countdown} role="timer" aria-live="off">
                {t("quote.seconds", { count: left })}
              </span>
              <br />
              <span className={ss.small}>{t("quote.until", { time: formatUtc(q.expires_at, true) })}</span>
            </>
          )}
        </dd>
      </dl>
      <p className={ss.small}>
        {t("quote.explain", { percent: shown.text.spread, seconds: Math.round(q.ttl_ms / 1000), count: Math.round(q.ttl_ms / 1000) })}
      </p>
      {over && onRefresh ? (
        <button type="button" className={button.primary} onClick={onRefresh}>
          {t("quote.refresh")}
        </button>
      ) : (
        <Form method="post" preventScrollReset>
          <input type="hidden" name="intent" value="confirm" />
          <JsFlag />
          <input type="hidden" name="quote_id" value={q.quote_id} />
          <input type="hidden" name="idempotency_key" value={shown.key} />
          <input type="hidden" name="from" value={q.from_currency.id} />
          <input type="hidden" name="to" value={q.to_currency.id} />
          <input type="hidden" name="amount" value={q.amount} />
          <button
            type="submit"
            className={button.primary}
            aria-disabled={confirming || refreshing || undefined}
            onClick={(e) => {
              if (confirming || refreshing) e.preventDefault();
            }}
          >
            {confirming
              ? t("quote.confirming")
              : t("quote.confirm", {
                  amount: displayAmount(q.amount, 2, i18n.language),
                  from,
                  receive: displayAmount(q.receive, 2, i18n.language),
                  to,
                })}
          </button>
        </Form>
      )}
    </div>
  );
}
