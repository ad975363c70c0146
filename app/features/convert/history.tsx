import type { Convert } from "~/contract/money";
import { Pager } from "~/components/pager";
import * as ss from "~/styles/money-pages.css";
import { displayAmount, formatUtc } from "~/lib/display";
import type { Pager as PagerState } from "~/lib/pager";
import { useTranslation } from "~/lib/translate";
import { MoneyTable } from "~/components/money-table";

/** Past converts, newest first, paged (the pager only when there is more than one page). */
/** A past convert with its rate as shown (significant digits, computed by the loader). */
export type ConvertRow = Convert & { rate_text: string };

export function ConvertHistory({ items, pager }: { items: ConvertRow[]; pager: PagerState }) {
  const { t, i18n } = useTranslation("convert");
  return (
    <section className={ss.section} aria-labelledby="history-title">
      <h2 id="history-title" className={ss.h2} tabIndex={-1}>
        {t("history.title")}
      </h2>
      {items.length === 0 ? (
        <p className={ss.empty}>{t("history.empty")}</p>
      ) : (
        <MoneyTable
          labelledBy="history-title"
          columns={[
            { head: t("history.time") },
            { head: t("history.paid"), num: true },
            { head: t("history.received"), num: true },
            { head: t("history.rate"), num: true },
          ]}
        >
          {items.map((c) => (
            <tr key={c.id}>
              <td className={ss.mono}>{formatUtc(c.created_at, true)}</td>
              <td className="num">
                {displayAmount(c.amount, 2, i18n.language)} {c.from_currency.code}
              </td>
              <td className="num up">
                {displayAmount(c.receive, 2, i18n.language)} {c.to_currency.code}
              </td>
              <td className="num">
                1 {c.from_currency.code} = {c.rate_text} {c.to_currency.code}
              </td>
            </tr>
          ))}
        </MoneyTable>
      )}
      <Pager pager={pager} href={(p) => `/convert?page=${p}#history-title`} />
    </section>
  );
}
