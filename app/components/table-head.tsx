import type { ReactNode } from "react";

/** A column's head: its words (or what stands for them, e.g. words only a screen reader reads); `num` for figures. */
export type ColumnHead = { head: ReactNode; num?: boolean };

/**
 * The head row of a data table: one `<th scope="col">` a column, in order, each with `cellClass` (the table's own
 * cell style, if it has one) and `num` on a column of figures (right-aligned by the table's style).
 */
export function TableHead({ columns, cellClass }: { columns: ColumnHead[]; cellClass?: string }) {
  return (
    <thead>
      <tr>
        {columns.map((c, i) => (
          <th key={i} scope="col" className={[cellClass, c.num ? "num" : ""].filter(Boolean).join(" ") || undefined}>
            {c.head}
          </th>
        ))}
      </tr>
    </thead>
  );
}
