import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";
import { headCell, outlinedChip, pageColumn, PHONE, raisedButton, smallTag, surfacePanel } from "~/styles/rules";

/** /orders: every spot order of mine across pairs (phone first: filters stack, the tables become cards). */

export const page = style({
  ...pageColumn("1400px"),
  padding: "16px",
  "@media": { [PHONE]: { padding: "8px" } },
});
export const head = style({ display: "flex", flexWrap: "wrap", alignItems: "baseline", justifyContent: "space-between", gap: "8px 16px" });
export const h1 = style({ margin: "0 0 12px", fontSize: "22px" });
export const section = style({
  ...surfacePanel,
  padding: "16px",
  minWidth: 0,
  "@media": { [PHONE]: { padding: "12px" } },
});
export const tabs = style({ display: "flex", gap: "8px", flexWrap: "wrap", listStyle: "none", padding: 0, margin: "0 0 12px" });
export const tab = style({
  display: "inline-flex",
  alignItems: "center",
  minHeight: "40px",
  padding: "0 14px",
  ...outlinedChip("&[aria-current='page']"),
});
export const filters = style({
  display: "grid",
  gridTemplateColumns: "repeat(auto-fill, minmax(150px, 1fr))",
  gap: "8px 12px",
  alignItems: "end",
  margin: "0 0 12px",
  border: 0,
  padding: 0,
});
export const filterField = style({ display: "flex", flexDirection: "column", gap: "4px", minWidth: 0 });
export const filterActions = style({ display: "flex", gap: "8px", flexWrap: "wrap", alignItems: "center", gridColumn: "auto / span 2" });
export const tools = style({ display: "flex", gap: "8px", flexWrap: "wrap", alignItems: "center", margin: "0 0 12px" });
export const tableWrap = style({ overflowX: "auto", position: "relative" });
export const table = style({ width: "100%", borderCollapse: "collapse", fontSize: "14px" });
export const th = style({ ...headCell, whiteSpace: "nowrap" });
export const thNum = style([th, { textAlign: "right" }]);
export const td = style({ padding: "8px", borderBottom: `1px solid ${vars.color.border}`, verticalAlign: "middle" });
export const num = style([td, { textAlign: "right", fontVariantNumeric: "tabular-nums", whiteSpace: "nowrap" }]);
export const up = style({ color: vars.color.up });
export const down = style({ color: vars.color.down });
export const muted = style({ color: vars.color.muted });
export const small = style({ display: "block", fontSize: "12px", color: vars.color.muted });
export const tag = style(smallTag);
export const cancel = style({ minHeight: "32px", padding: "0 10px", ...raisedButton });
export const empty = style({ padding: "16px 8px", color: vars.color.muted });
globalStyle(`${section} + ${section}`, { marginTop: "12px" });

/** The 'cancel all' question above the list. */
export const ask = style({
  margin: "0 0 12px",
  padding: "12px",
  border: `2px solid ${vars.color.down}`,
  borderRadius: vars.radius.md,
});
export const askTitle = style({ margin: "0 0 8px", fontSize: "17px" });
export const askActions = style({ display: "flex", flexWrap: "wrap", gap: "8px", marginTop: "8px" });
