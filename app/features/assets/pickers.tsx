import { Form, useSubmit } from "@remix-run/react";
import { useHydrated } from "remix-utils/use-hydrated";
import { useTranslation } from "~/lib/translate";
import { button, label as labelClass, input } from "~/styles/ui.css";
import * as s from "./assets.css";

/**
 * The currency of a deposit / withdrawal / transfer page or of the records: a GET form (works without JavaScript with
 * its button; with it, changing the select navigates at once, keeping the scroll unless `keepScroll` is false).
 * `all`: the label of a first choice for every currency (the records), which `current` null picks.
 */
export function CurrencyPicker({
  currencies,
  current,
  id = "currency-picker",
  extra,
  all,
  keepScroll = true,
}: {
  currencies: Array<{ id: number; code: string }>;
  current: number | null;
  id?: string;
  extra?: Record<string, string>;
  all?: string;
  keepScroll?: boolean;
}) {
  const { t } = useTranslation("assets");
  const submit = useSubmit();
  const hydrated = useHydrated();
  return (
    <Form method="get" className={s.inline} onChange={(e) => submit(e.currentTarget, { replace: true, preventScrollReset: keepScroll })}>
      {Object.entries(extra ?? {}).map(([k, v]) => (
        <input key={k} type="hidden" name={k} value={v} />
      ))}
      <div>
        <label htmlFor={id} className={labelClass}>
          {t("fields.currency")}
        </label>
        <select
          id={id}
          name="currency_id"
          defaultValue={current ? String(current) : ""}
          key={current ?? "all"}
          className={`${input} ${s.select}`}
        >
          {all !== undefined ? <option value="">{all}</option> : null}
          {currencies.map((c) => (
            <option key={c.id} value={c.id}>
              {c.code}
            </option>
          ))}
        </select>
      </div>
      {hydrated ? null : (
        <button type="submit" className={button.secondary}>
          {t("actions.show")}
        </button>
      )}
    </Form>
  );
}
