import { memo } from "react";
import { useFetcher, useLocation } from "@remix-run/react";
import { useHydrated } from "remix-utils/use-hydrated";
import { riskWarning } from "~/contract/core/lever";
import { useTranslation } from "~/lib/translate";
import { formatAmount } from "~/lib/money";
import { button } from "~/styles/ui.css";
import type { LeverActionData } from "./action-data";
import type { LeverRisk } from "./use-lever-live";
import { useSayOnce } from "./say-once";
import * as s from "./lever.css";

/**
 * SPEC §2: the risk rate in percent, the total profit/loss and a one-click close. Near the liquidation line the
 * rate warns in words as well as colour.
 */
export const RiskHeader = memo(function RiskHeader({
  pairId,
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
  const fetcher = useFetcher<LeverActionData>({ key: "lever-close-all" });
  const hydrated = useHydrated();
  const location = useLocation();
  useSayOnce(fetcher.data, fetcher.state);
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
      {open ? (
        <fetcher.Form method="post" className={s.closeAll}>
          <input type="hidden" name="intent" value="batch" />
          <input type="hidden" name="type" value="0" />
          <input type="hidden" name="currency_match_id" value={pairId} />
          <input type="hidden" name="back" value={location.pathname + location.search} />
          <input type="hidden" name="js" value={hydrated ? "1" : "0"} />
          <button type="submit" className={button.secondary} aria-disabled={fetcher.state !== "idle" || undefined}>
            {t("risk.closeAll")}
          </button>
        </fetcher.Form>
      ) : null}
    </section>
  );
});
