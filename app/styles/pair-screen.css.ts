import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

/**
 * What the pair screens (/trade, /lever, /second) share: the panels, the tabs, the tables and the order forms'
 * lines; /trade's own layout is in app/features/trade/trade.css.ts.
 */
/** A pair screen with no pair to show. */
export const emptyPage = style({ padding: "48px 16px", textAlign: "center" });

export const panel = style({
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
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
