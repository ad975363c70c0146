import { useLoaderData } from "@remix-run/react";
import type { ComponentType, ReactNode } from "react";
import type { PairKind } from "~/lib/pair-links";
import { area, layout, page } from "~/styles/pair-screen.css";
import { NoPairPage } from "./no-pair-page";

/**
 * A pair screen's route (/trade, /lever, /second): its screen, drawn again from nothing for each pair (no state of one
 * pair is kept for the next), or the page without a pair.
 */
export function PairRoute({ kind, screen: Screen }: { kind: PairKind; screen: ComponentType }) {
  const data = useLoaderData<{ pair: { id: number } | null; error: string | null }>();
  return data.pair ? <Screen key={data.pair.id} /> : <NoPairPage ns={kind} error={data.error} />;
}

/**
 * The layout of a pair screen: one `<main>` whose grid (`grid`: the trade and lever grid unless the screen has its
 * own) places the screen's parts in its areas. The DOM follows a phone's order: the pair and its price, the order
 * form, the phone's anchors to what is below (`jump`, a `JumpNav`), the chart, the book, the trades, the user's list,
 * a dialog the address asks for (`dialog`), the pairs; wider screens place the areas in columns. The chart, book,
 * trades and pairs are reached at #chart, #book, #trades and #pairs, the form at `formId`, the list at `listId`.
 * `after` follows the grid.
 */
export function PairScreen({
  grid = layout,
  formId,
  listId,
  jump,
  dialog,
  after,
  ...parts
}: {
  grid?: string;
  header: ReactNode;
  form: ReactNode;
  formId?: string;
  jump?: ReactNode;
  chart: ReactNode;
  book?: ReactNode;
  trades?: ReactNode;
  list: ReactNode;
  listId: string;
  dialog?: ReactNode;
  pairs: ReactNode;
  after?: ReactNode;
}) {
  const place = (name: keyof typeof area, content: ReactNode, id?: string) => (
    <div className={area[name]} id={id}>
      {content}
    </div>
  );
  return (
    <main className={page}>
      <div className={grid}>
        {place("header", parts.header)}
        {place("forms", parts.form, formId)}
        {jump}
        {place("chart", parts.chart, "chart")}
        {parts.book && place("book", parts.book, "book")}
        {parts.trades && place("trades", parts.trades, "trades")}
        {place("orders", parts.list, listId)}
        {dialog}
        {place("pairs", parts.pairs, "pairs")}
      </div>
      {after}
    </main>
  );
}
