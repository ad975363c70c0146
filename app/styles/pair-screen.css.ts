import { globalStyle, style, styleVariants } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";
import { pageColumn, surfacePanel } from "~/styles/rules";
import { PHONE } from "./rules";

/**
 * What the pair screens (/trade, /lever, /second) share: the page and its grid (the shell, app/components/pair-screen.tsx),
 * the panels, the tabs, the tables and the order forms' lines.
 */
/** A pair screen with no pair to show. */
export const emptyPage = style({ padding: "48px 16px", textAlign: "center" });

export const panel = style({
  ...surfacePanel,
  padding: "12px",
  minWidth: 0,
});
export const ordersPanel = style([panel, {}]);
export const forms = style([panel, {}]);
export const h2 = style({ fontSize: "15px", fontWeight: 700, margin: "0 0 8px" });
export const muted = style({ color: vars.color.muted });
export const up = style({ color: vars.color.up });
export const down = style({ color: vars.color.down });

// ---------------------------------------------------------------- tabs (links with aria-current)
export const tabs = style({ display: "flex", flexWrap: "wrap", gap: "4px", listStyle: "none", margin: "0 0 8px", padding: 0 });
export const tab = style({
  display: "inline-block",
  padding: "6px 10px",
  borderRadius: vars.radius.sm,
  color: vars.color.muted,
  textDecoration: "none",
  fontWeight: 600,
  border: "1px solid transparent",
  background: "transparent",
  cursor: "pointer",
  font: "inherit",
  selectors: {
    "&[aria-current='page'], &[aria-current='true'], &[aria-selected='true']": {
      color: vars.color.text,
      background: vars.color.surface2,
      borderColor: vars.color.border,
    },
    "&:hover": { color: vars.color.text },
  },
});

// ---------------------------------------------------------------- tables
export const table = style({ width: "100%", borderCollapse: "collapse", fontSize: "13px", fontVariantNumeric: "tabular-nums" });
export const th = style({ color: vars.color.muted, fontWeight: 600, textAlign: "right", padding: "4px", whiteSpace: "nowrap" });
export const thLeft = style([th, { textAlign: "left" }]);
export const td = style({ textAlign: "right", padding: "3px 4px", whiteSpace: "nowrap" });
export const tdLeft = style([td, { textAlign: "left" }]);

// ---------------------------------------------------------------- order forms
export const fieldRow = style({ display: "flex", flexDirection: "column", gap: "4px" });
export const line = style({ display: "flex", justifyContent: "space-between", gap: "8px", fontSize: "13px" });

// ---------------------------------------------------------------- contract order forms (/lever, /second)
export const contractForm = style({
  display: "flex",
  flexDirection: "column",
  gap: "8px",
});
// Its lines are spaced by the form's gap alone (a paragraph's own margins made the form too tall for a phone).
globalStyle(`${contractForm} > p`, { margin: 0 });
export const contractSubmits = style({ display: "grid", gridTemplateColumns: "minmax(0, 1fr) minmax(0, 1fr)", gap: "8px" });
// Long labels (German, French) wrap inside their button instead of pushing the page wider.
globalStyle(`${contractSubmits} > button`, { whiteSpace: "normal", minWidth: 0 });

/**
 * The pair screens' grid (decision 011), /trade's and /lever's; /second gives its own (app/features/second). Phone (≤ 760 px): one column in the order a trader uses it: the pair and price, the order
 * form, then anchors to the chart, book, trades, my orders and the markets below. Tablet: two columns.
 * Desktop: book | header, chart | the order form (one side at a time, like a phone) over the pairs, then my orders
 * (wide enough for every column) | trades: at 1366 × 900 the form and its button are on the first screen, as on
 * /second; the pair list fills what is left of its column.
 */
const TABLET = "screen and (min-width: 761px) and (max-width: 1100px)";
const DESKTOP = "screen and (min-width: 1101px)";
const WIDE_ENOUGH = "screen and (min-width: 761px)";

export const page = style({
  ...pageColumn("1600px"),
  padding: "12px",
  display: "flex",
  flexDirection: "column",
  gap: "12px",
  "@media": { [PHONE]: { padding: "8px" } },
});

export const layout = style({
  display: "grid",
  gap: "12px",
  alignItems: "start",
  gridTemplateColumns: "minmax(0, 1fr)",
  gridTemplateAreas: `"header" "forms" "jump" "chart" "book" "trades" "orders" "pairs"`,
  "@media": {
    [PHONE]: { gap: "8px" },
    [TABLET]: {
      gridTemplateColumns: "minmax(0, 1fr) 280px",
      gridTemplateAreas: `"pairs pairs" "header book" "chart book" "forms trades" "orders orders"`,
    },
    [DESKTOP]: {
      gridTemplateColumns: "300px minmax(0, 1fr) 340px",
      gridTemplateAreas: `"book header forms" "book chart forms" "book chart pairs" "orders orders trades"`,
      // The second row is the flexible one: what spans it (the form, the book, the chart) grows it, not the header's.
      gridTemplateRows: "auto 1fr auto auto",
    },
  },
});
/** Room for the sticky header when an anchor scrolls to an area. */
const areaBase = { minWidth: 0, scrollMarginTop: "64px" } as const;
export const area = styleVariants({
  header: { ...areaBase, gridArea: "header" },
  forms: { ...areaBase, gridArea: "forms" },
  jump: { ...areaBase, gridArea: "jump", "@media": { [WIDE_ENOUGH]: { display: "none" } } },
  chart: { ...areaBase, gridArea: "chart" },
  book: { ...areaBase, gridArea: "book" },
  trades: { ...areaBase, gridArea: "trades" },
  orders: { ...areaBase, gridArea: "orders" },
  // On a desktop the pair list takes what is left of its column under the form (at least 340 px; it scrolls inside).
  pairs: { ...areaBase, gridArea: "pairs", "@media": { [DESKTOP]: { alignSelf: "stretch", contain: "size", minHeight: "340px" } } },
});

/** Phone: anchors to the parts below the order form (they work without JavaScript). */
export const jump = style({
  display: "flex",
  gap: "4px",
  overflowX: "auto",
  listStyle: "none",
  margin: 0,
  padding: 0,
  whiteSpace: "nowrap",
});
