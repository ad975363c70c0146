import { Form, Link } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { withoutCancelAll, type CancelAllAsk } from "~/lib/cancel-all";
import { useTranslation } from "~/lib/translate";
import { button } from "~/styles/ui.css";
import * as s from "./orders.css";

/**
 * /orders' 'Cancel all' question, above the list: what it cancels (one pair or every pair, how many orders), a button
 * that posts `intent=cancel-all` (the action cancels and redirects back with the result) and 'Keep them', a link back
 * without the question, which takes the focus when the question opens (the safe answer first). Plain links and a form:
 * the same without JavaScript, and none of the dialog's code on this screen's first load.
 */
export function CancelAllAskBox({ ask, back }: { ask: CancelAllAsk; back: string }) {
  const { t } = useTranslation();
  const keep = useRef<HTMLAnchorElement>(null);
  useEffect(() => keep.current?.focus(), [ask.key]);
  const to = withoutCancelAll(back);
  const pair = ask.scope === "pair" && ask.pair ? ask.pair : null;
  return (
    <section className={s.ask} aria-labelledby="cancel-all-title">
      <h2 id="cancel-all-title" className={s.askTitle}>
        {pair ? t("cancelAll.titlePair", { symbol: pair.symbol }) : t("cancelAll.titleAll")}
      </h2>
      {ask.count === 0 ? (
        <p data-testid="cancel-all-none">{t("cancelAll.none")}</p>
      ) : (
        <>
          <p data-testid="cancel-all-count">
            {pair ? t("cancelAll.countPair", { count: ask.count, symbol: pair.symbol }) : t("cancelAll.countAll", { count: ask.count })}
          </p>
          <p>{t("cancelAll.note")}</p>
        </>
      )}
      <Form method="post" className={s.askActions} preventScrollReset>
        <input type="hidden" name="intent" value="cancel-all" />
        {pair ? <input type="hidden" name="currency_match_id" value={pair.id} /> : null}
        <input type="hidden" name="back" value={to} />
        <Link ref={keep} to={to} className={button.secondary} preventScrollReset replace>
          {t("cancelAll.keep")}
        </Link>
        {ask.count > 0 ? (
          <button type="submit" className={button.down}>
            {t("cancelAll.confirm", { count: ask.count })}
          </button>
        ) : null}
      </Form>
    </section>
  );
}
