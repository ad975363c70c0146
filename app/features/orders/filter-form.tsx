import { Form, Link } from "@remix-run/react";
import { useTranslation } from "~/lib/translate";
import { button, fieldError, input, label } from "~/styles/ui.css";
import { VIEW_STATUSES, type OrdersQuery } from "./filters";
import * as s from "./orders.css";

/**
 * The filters of a list: pair, side, status (the open list: all or the stops waiting; the history: completed or
 * cancelled), and a range of days in UTC. A GET form: the filters are the address, so they work without JavaScript,
 * survive a reload and feed the CSV download. A date that is not one is said on its field and left out.
 */
export function FilterForm({ query, pairs }: { query: OrdersQuery; pairs: { id: number; symbol: string }[] }) {
  const { t } = useTranslation("trade");
  const err = (k: "from" | "to") => {
    const e = query.errors[k];
    return e ? t(e === "date_order" ? "myOrders.dateOrder" : "myOrders.dateInvalid") : "";
  };
  return (
    <Form method="get" className={s.filters} aria-label={t("myOrders.filters")} preventScrollReset>
      <input type="hidden" name="view" value={query.view} />
      <div className={s.filterField}>
        <label htmlFor="f-pair" className={label}>
          {t("orders.pair")}
        </label>
        <select id="f-pair" name="pair" defaultValue={query.pairId ?? ""} className={input} key={`p${query.pairId}`}>
          <option value="">{t("myOrders.allPairs")}</option>
          {pairs.map((p) => (
            <option key={p.id} value={p.id}>
              {p.symbol}
            </option>
          ))}
        </select>
      </div>
      <div className={s.filterField}>
        <label htmlFor="f-side" className={label}>
          {t("orders.side")}
        </label>
        <select id="f-side" name="side" defaultValue={query.side ?? ""} className={input} key={`s${query.side}`}>
          <option value="">{t("orders.bothSides")}</option>
          <option value="buy">{t("orders.buy")}</option>
          <option value="sell">{t("orders.sell")}</option>
        </select>
      </div>
      {query.view !== "fills" ? (
        <div className={s.filterField}>
          <label htmlFor="f-status" className={label}>
            {t("orders.status")}
          </label>
          <select id="f-status" name="status" defaultValue={query.status ?? ""} className={input} key={`st${query.view}${query.status}`}>
            <option value="">{t(query.view === "open" ? "myOrders.allOpen" : "myOrders.allFinished")}</option>
            {VIEW_STATUSES[query.view].map((st) => (
              <option key={st} value={st}>
                {t(`myOrders.status.${st}`)}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      {(["from", "to"] as const).map((k) => (
        <div className={s.filterField} key={k}>
          <label htmlFor={`f-${k}`} className={label}>
            {t(k === "from" ? "myOrders.from" : "myOrders.to")}
          </label>
          <input
            id={`f-${k}`}
            name={k}
            type="date"
            defaultValue={query[k]}
            key={`${k}${query[k]}`}
            className={input}
            aria-invalid={query.errors[k] ? true : undefined}
            aria-describedby={query.errors[k] ? `f-${k}-error` : undefined}
          />
          {query.errors[k] ? (
            <p id={`f-${k}-error`} className={fieldError}>
              {err(k)}
            </p>
          ) : null}
        </div>
      ))}
      <div className={s.filterActions}>
        <button type="submit" className={button.primary}>
          {t("myOrders.apply")}
        </button>
        <Link to={`/orders?view=${query.view}`} className={button.ghost}>
          {t("myOrders.clear")}
        </Link>
      </div>
    </Form>
  );
}
