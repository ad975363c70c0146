import { Alert, FormAlert, Input, Select } from "~/components/form/control";
import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form, useFetcher, useNavigation } from "@remix-run/react";
import { useEffect, useMemo, useRef, useState, type ChangeEvent } from "react";
import * as ss from "~/styles/money-pages.css";
import { displayAmount } from "~/lib/display";
import { cleanAmount, otherThan, QUOTE_DEBOUNCE_MS } from "./convert-ui";
import { useTranslation } from "~/lib/translate";
import { lazyValidation } from "~/lib/use-lazy-validate";
import { button, field, fieldError, input, label } from "~/styles/ui.css";
import type { ConvertCurrency } from "./convert-schema";
import * as s from "./convert.css";
import { QuotePanel, type ShownQuote } from "./quote-panel";
import { useConvertValidate } from "./use-convert-validate";

/** What the action answers (both for the page's own POSTs and the browser's background quote requests). */
export type ConvertAnswer = {
  intent: "quote" | "confirm";
  result: SubmissionResult<string[]> | null;
  shown: ShownQuote | null;
  /** The previous quote expired: this is a new rate to confirm. */
  notice: string | null;
  /** The exchange refused (no price, insufficient balance…). */
  error: string | null;
  /** A convert was made (JS path; without JS the action redirects with a toast). */
  done: string | null;
  values: { from: string; to: string; amount: string } | null;
};

type Props = {
  currencies: ConvertCurrency[];
  initial: { from: number | undefined; to: number | undefined; amount: string };
  constraint: Record<string, { required?: boolean; maxLength?: number }>;
  answer: ConvertAnswer | null;
};

export function ConvertForm({ currencies, initial, constraint, answer }: Props) {
  const { t, i18n } = useTranslation("convert");
  const navigation = useNavigation();
  const fetcher = useFetcher<ConvertAnswer>({ key: "convert-quote" });
  const ids = useMemo(() => currencies.map((c) => c.id), [currencies]);
  const start = answer?.values ?? { from: String(initial.from ?? ""), to: String(initial.to ?? ""), amount: initial.amount };
  const [from, setFrom] = useState(start.from);
  const [to, setTo] = useState(start.to);
  const [view, setView] = useState(() => ({ shown: answer?.shown ?? null, notice: answer?.notice ?? null, error: answer?.error ?? null }));
  const formRef = useRef<HTMLFormElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>();

  // The browser's checks load after hydration; until then the server validates.
  const v = useConvertValidate();
  const validate = useMemo(() => v?.quoteValidator(t, currencies), [v, t, currencies]);
  const pageResult = answer?.intent === "quote" ? answer.result : null;
  const [form, fields] = useForm({
    id: "convert",
    lastResult: pageResult,
    defaultValue: { from: start.from, to: start.to, amount: start.amount },
    constraint,
    ...lazyValidation(validate, { shouldValidate: "onInput", shouldRevalidate: "onInput" }),
  });

  // Adopt each new answer: the page's own POSTs (quote, confirm) and the background quote requests.
  useEffect(() => {
    if (!answer) return;
    setView({ shown: answer.shown, notice: answer.notice, error: answer.error });
    // Converted: the amount box starts empty for the next one.
    if (answer.done) form.update({ name: fields.amount.name, value: "", validated: false });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a new answer matters (form and fields change on every render)
  }, [answer]);
  useEffect(() => {
    const a = fetcher.data;
    if (!a) return;
    setView({ shown: a.shown, notice: null, error: a.error });
  }, [fetcher.data]);
  useEffect(() => () => clearTimeout(timer.current), []);
  // Checks that arrive after an amount was typed (a quick hand, a slow phone) look at it at once, instead of
  // waiting for the next keystroke; an empty box stays quiet until the form is submitted.
  useEffect(() => {
    if (validate && fields.amount.value) form.validate({ name: fields.amount.name });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only the checks' arrival matters (form and fields change on every render)
  }, [validate]);

  function requestQuote() {
    const el = formRef.current;
    if (!el) return;
    const fd = new FormData(el);
    fd.set("intent", "quote");
    fd.set("amount", cleanAmount(String(fd.get("amount") ?? "")));
    // Until the checks have loaded, the server's answer decides (an invalid amount gets no quote).
    if (validate && validate(fd).status !== "success") {
      setView({ shown: null, notice: null, error: null });
      return;
    }
    fetcher.submit(fd, { method: "post" });
  }
  function scheduleQuote() {
    clearTimeout(timer.current);
    timer.current = setTimeout(requestQuote, QUOTE_DEBOUNCE_MS);
  }

  function pick(side: "from" | "to", e: ChangeEvent<HTMLSelectElement>) {
    const value = e.target.value;
    const other = side === "from" ? to : from;
    const mine = side === "from" ? from : to;
    // Picking the other side's currency swaps the two: a pair is always two different currencies.
    const otherNext = value === other ? String(otherThan(ids, Number(value), Number(mine)) ?? "") : other;
    if (side === "from") {
      setFrom(value);
      setTo(otherNext);
    } else {
      setTo(value);
      setFrom(otherNext);
    }
    scheduleQuote();
  }

  const fromCurrency = currencies.find((c) => String(c.id) === from);
  const quoting = fetcher.state !== "idle" || (navigation.state === "submitting" && navigation.formData?.get("intent") === "quote");
  const availableId = "convert-available";

  return (
    <div className={s.layout}>
      <section className={s.panel} aria-labelledby="convert-form-title">
        <h2 id="convert-form-title" className={ss.h2}>
          {t("form.title")}
        </h2>
        <Form method="post" {...getFormProps(form)} ref={formRef} onInput={scheduleQuote} preventScrollReset>
          {/* Enter in the amount box submits with the first submit button: make that one 'get quote', not 'swap'. */}
          <button type="submit" name="intent" value="quote" tabIndex={-1} aria-hidden="true" className={s.defaultSubmit}>
            {t("form.quote")}
          </button>
          <FormAlert id={form.errorId} errors={form.errors} className={ss.errorBox} />
          <div className={s.pairRow}>
            <div className={field}>
              <label className={label} htmlFor={fields.from.id}>
                {t("form.from")}
              </label>
              <Select
                id={fields.from.id}
                name={fields.from.name}
                className={input}
                value={from}
                onChange={(e) => pick("from", e)}
                aria-invalid={fields.from.errors ? true : undefined}
                aria-describedby={fields.from.errors ? fields.from.errorId : undefined}
              >
                {currencies.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.code}
                  </option>
                ))}
              </Select>
              <p id={fields.from.errorId} className={fieldError}>
                {fields.from.errors?.join(" ")}
              </p>
            </div>
            <button
              type="submit"
              name="intent"
              value="swap"
              formNoValidate
              className={`${button.secondary} ${s.swap}`}
              aria-label={t("form.swap")}
              title={t("form.swap")}
              onClick={(e) => {
                e.preventDefault();
                setFrom(to);
                setTo(from);
                scheduleQuote();
              }}
            >
              <span aria-hidden="true">⇄</span>
            </button>
            <div className={field}>
              <label className={label} htmlFor={fields.to.id}>
                {t("form.to")}
              </label>
              <Select
                id={fields.to.id}
                name={fields.to.name}
                className={input}
                value={to}
                onChange={(e) => pick("to", e)}
                aria-invalid={fields.to.errors ? true : undefined}
                aria-describedby={fields.to.errors ? fields.to.errorId : undefined}
              >
                {currencies.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.code}
                  </option>
                ))}
              </Select>
              <p id={fields.to.errorId} className={fieldError}>
                {fields.to.errors?.join(" ")}
              </p>
            </div>
          </div>
          <div className={field}>
            <label className={label} htmlFor={fields.amount.id}>
              {t("form.amount", { code: fromCurrency?.code ?? "" })}
            </label>
            <Input
              {...getInputProps(fields.amount, { type: "text", ariaDescribedBy: availableId })}
              className={input}
              inputMode="decimal"
              autoComplete="off"
              spellCheck={false}
              placeholder="0.00"
            />
            <p id={availableId} className={s.hint}>
              {t("form.available")}{" "}
              <span className={ss.mono} data-testid="available">
                {fromCurrency?.available != null ? displayAmount(fromCurrency.available, 2, i18n.language) : "--"}
              </span>{" "}
              {fromCurrency?.code}
            </p>
            <p id={fields.amount.errorId} className={fieldError}>
              {fields.amount.errors?.join(" ")}
            </p>
          </div>
          <button type="submit" name="intent" value="quote" className={button.secondary}>
            {view.shown ? t("form.requote") : t("form.quote")}
          </button>
        </Form>
      </section>
      <section className={s.panel} aria-labelledby="convert-quote-title" aria-live="polite">
        <h2 id="convert-quote-title" className={ss.h2}>
          {t("quote.title")}
        </h2>
        {view.shown ? (
          <QuotePanel shown={view.shown} notice={view.notice} error={view.error} onRefresh={requestQuote} refreshing={quoting} />
        ) : (
          <>
            {view.error ? <Alert className={ss.errorBox}>{view.error}</Alert> : null}
            <p className={s.placeholder}>{quoting ? t("quote.loading") : t("quote.none")}</p>
          </>
        )}
      </section>
    </div>
  );
}
