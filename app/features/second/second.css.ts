import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";
import { PHONE } from "~/styles/rules";

/** /second: the parts the trade and lever screens have not (presets, time options, history scroll). */

export const presets = style({ display: "flex", flexWrap: "wrap", gap: "4px", listStyle: "none", margin: "4px 0 0", padding: 0 });
export const timesSet = style({ border: 0, padding: 0, margin: 0, minWidth: 0 });
export const timesLegend = style({ color: vars.color.muted, fontSize: "13px", padding: 0, marginBottom: "6px" });
export const times = style({ display: "grid", gridTemplateColumns: "repeat(2, minmax(0, 1fr))", gap: "6px" });
export const nowrap = style({ whiteSpace: "nowrap" });
export const time = style({
  display: "flex",
  alignItems: "center",
  gap: "6px",
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  padding: "6px 8px",
  cursor: "pointer",
  fontSize: "13px",
  minHeight: "36px",
  flexWrap: "wrap",
});
export const tableScroll = style({ overflowX: "auto", position: "relative", "@media": { [PHONE]: { overflowX: "visible" } } });

/** Phone: pair and price, the order form, chart, history, pairs. Desktop: pairs | header and chart | form; history below. */
export const layout = style({
  display: "grid",
  gap: "12px",
  alignItems: "start",
  gridTemplateColumns: "minmax(0, 1fr)",
  gridTemplateAreas: `"header" "forms" "chart" "orders" "pairs"`,
  "@media": {
    [PHONE]: { gap: "8px" },
    "screen and (min-width: 761px) and (max-width: 1100px)": {
      gridTemplateColumns: "minmax(0, 1fr) 320px",
      gridTemplateAreas: `"header forms" "chart forms" "orders orders" "pairs pairs"`,
    },
    "screen and (min-width: 1101px)": {
      gridTemplateColumns: "290px minmax(0, 1fr) 340px",
      gridTemplateAreas: `"pairs header forms" "pairs chart forms" "orders orders orders"`,
    },
  },
});

/** The last result, under the order form. */
export const last = style({
  marginTop: "10px",
  padding: "8px 10px",
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
});
export const lastTitle = style({ fontSize: "13px", fontWeight: 700, margin: "0 0 2px", color: vars.color.muted });
export const lastLine = style({ margin: 0, fontSize: "13px" });
export const lastAmount = style({ margin: "2px 0", fontSize: "16px", fontWeight: 700 });
