import { memo } from "react";
import { useTranslation } from "~/lib/translate";
import type { Quotation } from "~/contract/entities";
import { formatChange, formatPrice, formatVolume } from "~/lib/money";
import * as ps from "~/styles/pair-screen.css";
import * as s from "./trade.css";

/** Symbol (the page's h1), latest price, change %, 24 h high, low and volume. */
export const ChartHeader = memo(function ChartHeader({
  pair,
  quotation,
}: {
  pair: { symbol: string; base: string; decimals: number };
  quotation: Omit<Quotation, "currency_match_id"> | null;
}) {
  const { t, i18n } = useTranslation("trade");
  const lang = i18n.language;
  const change = formatChange(quotation?.change);
  return (
    <div className={s.header}>
      <h1 className={s.symbol}>{pair.symbol}</h1>
      <p className={`${s.latest} ${change.rising ? ps.up : ps.down}`} aria-live="off">
        <span className="sr-only">{t("header.latest")} </span>
        {formatPrice(quotation?.close, pair.decimals, lang)}
      </p>
      <dl className={s.stats}>
        <div className={s.stat}>
          <dt>{t("header.change")}</dt>
          <dd className={change.rising ? ps.up : ps.down}>{change.text}</dd>
        </div>
        <div className={s.stat}>
          <dt>{t("header.high")}</dt>
          <dd>{formatPrice(quotation?.high, pair.decimals, lang)}</dd>
        </div>
        <div className={s.stat}>
          <dt>{t("header.low")}</dt>
          <dd>{formatPrice(quotation?.low, pair.decimals, lang)}</dd>
        </div>
        <div className={s.stat}>
          <dt>{t("header.volume", { base: pair.base })}</dt>
          <dd>{formatVolume(quotation?.volume, lang)}</dd>
        </div>
      </dl>
    </div>
  );
});
