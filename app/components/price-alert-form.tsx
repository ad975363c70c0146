import { Form } from "@remix-run/react";
import type { ComponentProps } from "react";
import { useTranslation } from "~/lib/translate";
import { button, field, fieldError, input, label } from "~/styles/ui.css";
import * as s from "./price-alert-form.css";

export type AlertPair = { id: number; symbol: string };
type Field = "currency_match_id" | "direction" | "price";

/**
 * A price alert: a pair, above or below, a price, and whether to email it too. One form on /notifications (with the
 * list of alerts) and a short one on /trade and /markets; all post to /notifications, which sets the alert and goes
 * back where the form was (`redirectTo`), or shows the refusal on its field with what was typed. A plain POST form:
 * it works without JavaScript.
 */
export function PriceAlertForm({
  pairs,
  pairId,
  lastPrice,
  redirectTo,
  idPrefix = "alert",
  errors,
  values,
  formProps,
  heading = "h2",
}: {
  pairs: AlertPair[];
  /** The pair chosen (a form on one pair's screen shows it without a picker). */
  pairId?: number;
  /** The pair's last price, said beside the price box. */
  lastPrice?: string;
  redirectTo: string;
  idPrefix?: string;
  errors?: Partial<Record<Field | "form", string[]>>;
  values?: Partial<Record<Field | "email", string>>;
  /** conform's form props on /notifications (id, noValidate, onSubmit). */
  formProps?: { id?: string; noValidate?: boolean; onSubmit?: ComponentProps<"form">["onSubmit"] };
  heading?: "h2" | "h3";
}) {
  const { t } = useTranslation("notify");
  const id = (f: string) => `${idPrefix}-${f}`;
  const err = (f: Field | "form") => errors?.[f]?.[0];
  const described = (f: Field) => (err(f) ? id(`${f}-error`) : undefined);
  const fixed = pairId !== undefined && !pairs.some((p) => p.id !== pairId) ? pairs.find((p) => p.id === pairId) : undefined;
  const Heading = heading;
  return (
    <Form method="post" action="/notifications" className={s.form} aria-labelledby={id("title")} {...formProps}>
      <Heading id={id("title")} className={s.title}>
        {fixed ? t("alert.titlePair", { symbol: fixed.symbol }) : t("alert.title")}
      </Heading>
      <input type="hidden" name="intent" value="alert" />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      {err("form") ? (
        <p className={fieldError} role="alert">
          {err("form")}
        </p>
      ) : null}
      <div className={s.fields}>
        {fixed ? (
          <input type="hidden" name="currency_match_id" value={fixed.id} />
        ) : (
          <div className={field}>
            <label htmlFor={id("pair")} className={label}>
              {t("alert.pair")}
            </label>
            <select
              id={id("pair")}
              name="currency_match_id"
              className={input}
              defaultValue={values?.currency_match_id ?? String(pairId ?? pairs[0]?.id ?? "")}
              aria-invalid={err("currency_match_id") ? true : undefined}
              aria-describedby={described("currency_match_id")}
            >
              {pairs.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.symbol}
                </option>
              ))}
            </select>
            {err("currency_match_id") ? (
              <p id={id("currency_match_id-error")} className={fieldError}>
                {err("currency_match_id")}
              </p>
            ) : null}
          </div>
        )}
        <div className={field}>
          <label htmlFor={id("direction")} className={label}>
            {t("alert.direction")}
          </label>
          <select
            id={id("direction")}
            name="direction"
            className={input}
            defaultValue={values?.direction ?? "above"}
            aria-invalid={err("direction") ? true : undefined}
            aria-describedby={described("direction")}
          >
            <option value="above">{t("alert.above")}</option>
            <option value="below">{t("alert.below")}</option>
          </select>
          {err("direction") ? (
            <p id={id("direction-error")} className={fieldError}>
              {err("direction")}
            </p>
          ) : null}
        </div>
        <div className={field}>
          <label htmlFor={id("price")} className={label}>
            {t("alert.price")}
          </label>
          <input
            id={id("price")}
            name="price"
            className={input}
            inputMode="decimal"
            autoComplete="off"
            required
            maxLength={40}
            defaultValue={values?.price ?? ""}
            aria-invalid={err("price") ? true : undefined}
            aria-describedby={[described("price"), lastPrice ? id("last") : undefined].filter(Boolean).join(" ") || undefined}
          />
          {lastPrice ? (
            <p id={id("last")} className={s.hint}>
              {t("alert.last", { price: lastPrice })}
            </p>
          ) : null}
          {err("price") ? (
            <p id={id("price-error")} className={fieldError}>
              {err("price")}
            </p>
          ) : null}
        </div>
      </div>
      <div className={s.submitRow}>
        <label className={s.check}>
          <input type="checkbox" name="email" className={s.box} defaultChecked={values?.email === "on"} />
          {t("alert.email")}
        </label>
        <button type="submit" className={button.primary}>
          {t("alert.submit")}
        </button>
      </div>
    </Form>
  );
}
