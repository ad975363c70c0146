import { Form, Link, useSubmit } from "@remix-run/react";
import { useHydrated } from "remix-utils/use-hydrated";
import { useTranslation } from "~/lib/translate";
import { button, label as labelClass, input } from "~/styles/ui.css";
import * as s from "./assets.css";

/**
 * The currency of a deposit / withdrawal / transfer page: a GET form (works without JavaScript with its
 * button; with it, changing the select navigates at once).
 */
export function CurrencyPicker({
  currencies,
  current,
  id = "currency-picker",
  extra,
}: {
  currencies: Array<{ id: number; code: string }>;
  current: number;
  id?: string;
  extra?: Record<string, string>;
}) {
  const { t } = useTranslation("assets");
  const submit = useSubmit();
  const hydrated = useHydrated();
  return (
    <Form method="get" className={s.inline} onChange={(e) => submit(e.currentTarget, { replace: true, preventScrollReset: true })}>
      {Object.entries(extra ?? {}).map(([k, v]) => (
        <input key={k} type="hidden" name={k} value={v} />
      ))}
      <div>
        <label htmlFor={id} className={labelClass}>
          {t("fields.currency")}
        </label>
        <select id={id} name="currency_id" defaultValue={String(current)} className={`${input} ${s.select}`} key={current}>
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

/** The chain of a currency: links, the current one marked. */
export function ChainTabs({
  chains,
  current,
  href,
}: {
  chains: Array<{ id: number; code: string }>;
  current: number;
  href: (id: number) => string;
}) {
  const { t } = useTranslation("assets");
  if (chains.length === 0) return null;
  return (
    <nav aria-label={t("fields.chain")}>
      <p className={labelClass} id="chain-label">
        {t("fields.chain")}
      </p>
      <ul className={s.tabs} aria-labelledby="chain-label">
        {chains.map((c) => (
          <li key={c.id}>
            <Link to={href(c.id)} className={s.chip} aria-current={c.id === current ? "true" : undefined} replace preventScrollReset>
              {c.code}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
