import { useCallback, useMemo } from "react";
import { unsignedAmount } from "~/contract/core/micro";
import type { MicroOrder } from "~/contract/micro";
import { formatAmount, formatPrice } from "~/lib/money";
import { useTranslation } from "~/lib/translate";
import * as ts from "~/styles/pair-screen.css";
import * as s from "./second.css";

/**
 * A result in words, its amount signed once: 'Won 2.00 USDT', 'Lost 10.00 USDT' (the word carries the sign), and
 * the toast's sentence 'BTC/USDT order closed: lost 10.00 USDT'.
 */
export function useResultWords() {
  const { t, i18n } = useTranslation("second");
  const lang = i18n.language;
  const unsigned = useCallback(
    (o: MicroOrder) => formatAmount(unsignedAmount(o.fact_profits ?? "0"), { lang, minDp: 2, maxDp: 4 }),
    [lang],
  );
  return useMemo(
    () => ({
      amount: (o: MicroOrder) => t(`resultAmount.${o.result ?? "tie"}`, { amount: unsigned(o), code: o.currency_name }),
      sentence: (o: MicroOrder) => t(`result.${o.result ?? "tie"}`, { symbol: o.symbol_name, profit: unsigned(o), code: o.currency_name }),
    }),
    [t, unsigned],
  );
}

/**
 * The trader's last result beside the order form, where the next order is placed: shown by the server for an
 * order closed in the last minutes (a reload without JavaScript sees it), and replaced live by each MICRO_CLOSED.
 */
export function LastResult({ order, decimals }: { order: MicroOrder | null; decimals: number }) {
  const { t, i18n } = useTranslation("second");
  const lang = i18n.language;
  const words = useResultWords();
  if (!order || order.status !== 3) return null;
  const tone = order.result === "win" ? ts.up : order.result === "lose" ? ts.down : "";
  return (
    <section className={s.last} aria-labelledby="second-last-title" data-testid="last-result">
      <h2 id="second-last-title" className={s.lastTitle}>
        {t("last.title")}
      </h2>
      <p className={s.lastLine}>
        {t("last.line", {
          symbol: order.symbol_name,
          seconds: order.seconds,
          direction: t(order.type === 1 ? "type.1" : "type.2"),
          amount: formatAmount(order.number, { lang, minDp: 2, maxDp: 4 }),
          code: order.currency_name,
        })}
      </p>
      <p className={`${s.lastAmount} ${tone}`} data-testid="last-result-amount">
        {words.amount(order)}
      </p>
      <p className={`${s.lastLine} ${ts.muted}`}>
        {t("last.prices", {
          open: formatPrice(order.open_price, decimals, lang),
          end: formatPrice(order.end_price, decimals, lang),
        })}
      </p>
    </section>
  );
}
