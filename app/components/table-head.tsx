import type { ReactNode } from "react";

/** A column of a table: its head and the head cell's class (the table's `className` when it has none). */
export type Column = { head: ReactNode; className?: string };

/** A table's head: one row with a column head (`scope="col"`) for each column. */
export function TableHead({ columns, className }: { columns: Column[]; className?: string }) {
  return (
    <thead>
      <tr>
        {columns.map((c, i) => (
          <th key={i} scope="col" className={c.className ?? className}>
            {c.head}
          </th>
        ))}
      </tr>
    </thead>
  );
}
