import { memo } from "react";
import { Link, useLocation } from "@remix-run/react";
import { riskWarning } from "~/contract/core/lever";
import { useTranslation } from "~/lib/translate";
import { formatAmount } from "~/lib/money";
import { button } from "~/styles/ui.css";
import { confirmHref } from "./close-rules";
import type { LeverRisk } from "./use-lever-live";
import * as s from "./lever.css";

/**
 * The risk rate in percent (docs/product.md, "/lever"), the total profit/loss and 'Close all' (which asks first, `?confirm=batch`).
 * Near the liquidation line the rate warns in words as well as colour; what the rate is, the margin mode (cross)
 * and the line are explained on demand.
 */
export const RiskHeader = memo(function RiskHeader({
  risk,
  currency,
  line,
}: {
  pairId: number;
  risk: LeverRisk;
  currency: string;
  line: string;
}) {
  const { t, i18n } = useTranslation("lever");
  const lang = i18n.language;
  const warn = riskWarning(risk.hazard);
  const profit = !risk.profit.startsWith("-");
  const location = useLocation();
  const open = risk.hazard !== null;
  return (
    <section className={s.risk} aria-labelledby="risk-title">
      <h2 id="risk-title" className="sr-only">
        {t("risk.title")}
      </h2>
      <dl className={s.riskStats}>
        <div className={s.riskStat}>
          <dt>{t("risk.rate")}</dt>
          <dd className={warn ? s.warn : undefined} data-testid="risk-rate">
            {open ? `${formatAmount(risk.hazard!, { lang, minDp: 2, maxDp: 2 })} %` : t("risk.none")}
          </dd>
        </div>
        {open ? (
          <>
            <div className={s.riskStat}>
              <dt>{t("risk.profit")}</dt>
              <dd className={profit ? s.up : s.down} data-testid="total-profit">
                {formatAmount(risk.profit, { lang, minDp: 2, maxDp: 4 })} {currency}
              </dd>
            </div>
            <div className={s.riskStat}>
              <dt>{t("risk.margin")}</dt>
              <dd>
                {formatAmount(risk.margin, { lang, minDp: 2, maxDp: 4 })} {currency}
              </dd>
            </div>
          </>
        ) : null}
      </dl>
      {warn ? (
        <p className={s.warnText} role="status">
          {t("risk.warning", { line })}
        </p>
      ) : null}
      <details className={s.explain}>
        <summary>{t("risk.explainTitle")}</summary>
        <p>{t("risk.explain", { line })}</p>
        <p>{t("risk.cross")}</p>
      </details>
      {open ? (
        <Link
          to={confirmHref(location.search, { kind: "batch", type: 0 })}
          className={`${button.secondary} ${s.closeAll} ${s.batchLink}`}
          preventScrollReset
          replace
        >
          {t("risk.closeAll")}
        </Link>
      ) : null}
    </section>
  );
});
