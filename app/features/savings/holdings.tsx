import type { SavingsHolding } from "~/contract/money";
import { useTranslation } from "~/lib/translate";
import { displayAmount, formatUtcDate } from "~/lib/display";
import { holdingPeriod } from "./holding";
import * as s from "~/styles/money-pages.css";
import { MoneyTable } from "~/components/money-table";

/** The user's savings: principal, rate, daily dividend, cumulative income and the remaining period; cards on a phone. */
export function HoldingsTable({ holdings }: { holdings: SavingsHolding[] }) {
  const { t, i18n } = useTranslation("savings");
  if (holdings.length === 0) return <p className={s.empty}>{t("holdings.empty")}</p>;
  return (
    <MoneyTable
      labelledBy="holdings-title"
      cards
      columns={[
        { head: t("holdings.name") },
        { head: t("holdings.principal"), num: true },
        { head: t("holdings.rate"), num: true },
        { head: t("holdings.daily"), num: true },
        { head: t("holdings.income"), num: true },
        { head: t("holdings.period") },
        { head: t("holdings.dates") },
      ]}
    >
      {holdings.map((h) => {
        const period = holdingPeriod(h);
        const code = h.currency.code;
        return (
          <tr key={h.id}>
            <th scope="row">{h.name}</th>
            <td className="num" data-label={t("holdings.principal")}>
              {displayAmount(h.number, 2, i18n.language)} {code}
            </td>
            <td className="num" data-label={t("holdings.rate")}>
              {t("ratePercent", { rate: h.display_rate })}
            </td>
            <td className="num" data-label={t("holdings.daily")}>
              {displayAmount(h.daily_dividend, 2, i18n.language)} {code}
            </td>
            <td className="num" data-label={t("holdings.income")}>
              {displayAmount(h.cumulative_income, 2, i18n.language)} {code}
            </td>
            <td data-label={t("holdings.period")}>
              {period.state === "active" ? (
                <>
                  <span className={s.badgeActive}>{t("holdings.active")}</span>{" "}
                  <span className={s.small}>{t("holdings.remaining", { count: period.days, total: h.limit_days })}</span>
                </>
              ) : (
                <span className={s.badgeExpired}>{t("holdings.expired")}</span>
              )}
            </td>
            <td className={`${s.small} ${s.nowrap}`} data-label={t("holdings.dates")}>
              {t("holdings.range", { from: formatUtcDate(h.value_date), to: formatUtcDate(h.end_at) })}
            </td>
          </tr>
        );
      })}
    </MoneyTable>
  );
}
