import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";
import { outlinedChip } from "~/styles/rules";

export const page = style({ maxWidth: "880px", margin: "0 auto", padding: "16px 12px 40px", display: "grid", gap: "20px" });
export const head = style({ display: "flex", flexWrap: "wrap", alignItems: "center", gap: "8px 16px", justifyContent: "space-between" });
export const h1 = style({ fontSize: "22px", margin: 0 });
export const h2 = style({ fontSize: "18px", margin: "0 0 8px" });
export const muted = style({ color: vars.color.muted, margin: 0 });
export const filters = style({ display: "flex", gap: "8px", flexWrap: "wrap", alignItems: "center" });
export const filter = style({ padding: "6px 12px", ...outlinedChip("&[aria-current='page']") });
export const list = style({ listStyle: "none", margin: 0, padding: 0, display: "grid", gap: "8px" });
export const item = style({
  display: "grid",
  gridTemplateColumns: "1fr auto",
  gap: "6px 12px",
  padding: "12px",
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  overflowWrap: "anywhere",
});
export const unreadItem = style({ borderLeft: `4px solid ${vars.color.accent}` });
export const meta = style({ display: "flex", flexWrap: "wrap", gap: "4px 10px", color: vars.color.muted, fontSize: "13px" });
export const text = style({ margin: "4px 0 0" });
export const actions = style({ display: "flex", gap: "8px", alignItems: "start", flexWrap: "wrap", justifyContent: "end" });
export const section = style({
  padding: "16px",
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
});
export const table = style({ width: "100%", borderCollapse: "collapse", fontSize: "14px" });
export const cell = style({
  padding: "8px 6px",
  borderBottom: `1px solid ${vars.color.border}`,
  textAlign: "left",
  verticalAlign: "middle",
});
export const alertForm = style({
  display: "grid",
  gap: "10px",
  gridTemplateColumns: "repeat(auto-fit, minmax(150px, 1fr))",
  alignItems: "end",
});
export const check = style({ display: "flex", gap: "8px", alignItems: "center", minHeight: "44px" });
export const choices = style({ border: 0, padding: 0, margin: 0, display: "grid", gap: "10px" });
export const choice = style({ display: "grid", gridTemplateColumns: "24px 1fr", gap: "8px", alignItems: "start" });
export const box = style({ width: "20px", height: "20px", marginTop: "2px" });
