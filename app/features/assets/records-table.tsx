import type { ReactNode } from "react";
import { Pager } from "~/components/pager";
import { TableHead } from "~/components/table-head";
import { pagerOf } from "~/lib/pager";
import { useTranslation } from "~/lib/translate";
import { cardTable } from "~/styles/card-table.css";
import { button } from "~/styles/ui.css";
import * as s from "./assets.css";

export type Column<R> = {
  /** The column's heading (already translated). */
  head: ReactNode;
  /** The column's name on a phone's card, when `head` is not plain text. */
  label?: string;
  cell: (row: R) => ReactNode;
  /** Right-aligned, tabular figures (amounts). */
  num?: boolean;
  /** Long, unbreakable text (addresses). */
  address?: boolean;
  /** Extra classes for the cell (e.g. a colour that depends on the row). */
  cellClass?: (row: R) => string;
};

/**
 * A paged records list of the assets screens (deposits, withdrawals, transfers, account log): the
 * empty state when there is nothing, else the table and the pager (only past one page; docs/product.md, "Lists and
 * pagers"), and the link that
 * downloads every row of the list as CSV (`download`: its address and words; a plain link, so the browser saves it).
 */
export function RecordsTable<R extends { id: number | string }>({
  rows,
  columns,
  total,
  page,
  perPage,
  download,
}: {
  rows: R[];
  columns: Column<R>[];
  total: number;
  page: number;
  perPage: number;
  download?: { href: string; label: string };
}) {
  const { t } = useTranslation("assets");
  if (total === 0) return <p className={s.muted}>{t("records.empty")}</p>;
  const cls = (c: Column<R>, base: string) => [base, c.num ? s.num : "", c.address ? s.address : ""].filter(Boolean).join(" ");
  return (
    <>
      {download ? (
        <p className={s.downloadRow}>
          <a href={download.href} download className={`${button.secondary} ${s.small}`}>
            {download.label}
          </a>
        </p>
      ) : null}
      <div className={s.tableWrap}>
        <table className={`${s.table} ${cardTable}`}>
          <TableHead columns={columns.map((c) => ({ head: c.head, className: cls({ ...c, address: false }, s.th) }))} />
          <tbody>
            {rows.map((row) => (
              <tr key={row.id}>
                {columns.map((c, i) => (
                  <td
                    key={i}
                    className={[cls(c, s.td), c.cellClass?.(row) ?? ""].filter(Boolean).join(" ")}
                    data-label={c.label ?? (typeof c.head === "string" ? c.head : undefined)}
                  >
                    {c.cell(row)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pager pager={pagerOf(total, page, perPage)} />
    </>
  );
}

/**
 * A records page (an account's log, the transfers): its title, the link `back` beside it, then `children` (the filter,
 * the page's error, the table), in one section named by the title (`titleId`).
 */
export function RecordsSection({
  titleId,
  title,
  back,
  children,
}: {
  titleId: string;
  title: string;
  back: ReactNode;
  children: ReactNode;
}) {
  return (
    <main>
      <section className={s.section} aria-labelledby={titleId}>
        <div className={s.summary}>
          <h1 id={titleId} className={s.h1}>
            {title}
          </h1>
          {back}
        </div>
        {children}
      </section>
    </main>
  );
}
