import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";
import { PHONE, surfacePanel } from "~/styles/rules";

export const grid = style({
  display: "grid",
  gridTemplateColumns: "repeat(3, minmax(0, 1fr))",
  gap: "12px",
  listStyle: "none",
  padding: 0,
  margin: 0,
  "@media": { [PHONE]: { gridTemplateColumns: "repeat(2, minmax(0, 1fr))" } },
});
export const tile = style({
  display: "grid",
  gap: "4px",
  padding: "16px",
  "@media": { [PHONE]: { padding: "12px" } },
  height: "100%",
  textDecoration: "none",
  color: vars.color.text,
  ...surfacePanel,
  selectors: { "&:hover": { borderColor: vars.color.accent } },
});
export const head = style({ display: "flex", justifyContent: "space-between", alignItems: "baseline", gap: "8px", flexWrap: "wrap" });
export const name = style({ fontWeight: 700, fontSize: "16px" });
export const symbol = style({ color: vars.color.muted, fontSize: "13px" });
export const change = style({ fontWeight: 700, fontSize: "15px" });
export const price = style({
  fontFamily: vars.font.mono,
  fontSize: "22px",
  fontWeight: 600,
  overflowWrap: "anywhere",
  "@media": { [PHONE]: { fontSize: "18px" } },
});
export const meta = style({ color: vars.color.muted, fontSize: "13px" });
