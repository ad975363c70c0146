import type { ReactNode } from "react";
import { cardTable } from "~/styles/card-table.css";
import * as s from "~/styles/money-pages.css";
import { TableHead } from "./table-head";

/** A column of a money page's table: its head, and whether its cells are figures (`num`: aligned on the right). */
export type MoneyColumn = { head: ReactNode; num?: boolean };

/**
 * A money page's table (savings, convert, the savings log): a group named by the element `labelledBy` that scrolls
 * sideways with the keyboard, the columns' heads in one row, and `children`, the body's rows. `cards`: a card a row
 * on a phone.
 */
export function MoneyTable({
  labelledBy,
  columns,
  cards,
  children,
}: {
  labelledBy: string;
  columns: MoneyColumn[];
  cards?: boolean;
  children: ReactNode;
}) {
  return (
    <div className={s.tableWrap} role="group" aria-labelledby={labelledBy} tabIndex={0}>
      <table className={cards ? `${s.table} ${cardTable}` : s.table}>
        <TableHead columns={columns.map((c) => ({ head: c.head, className: c.num ? "num" : undefined }))} />
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
