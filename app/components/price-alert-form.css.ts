import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const form = style({ display: "grid", gap: "8px", minWidth: 0 });
export const title = style({ fontSize: "16px", margin: 0 });
export const fields = style({ display: "grid", gap: "0 10px", gridTemplateColumns: "repeat(auto-fit, minmax(140px, 1fr))" });
export const hint = style({ color: vars.color.muted, fontSize: "13px", margin: 0 });
export const submitRow = style({
  display: "flex",
  flexWrap: "wrap",
  gap: "8px 16px",
  alignItems: "center",
  justifyContent: "space-between",
});
export const check = style({ display: "flex", gap: "8px", alignItems: "center", minHeight: "44px" });
export const box = style({ width: "20px", height: "20px" });
