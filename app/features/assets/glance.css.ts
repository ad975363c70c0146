import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";
import { PHONE } from "~/styles/rules";

// The value of all accounts at a glance (the account pages): the total beside its 30-day chart, stacked on a phone.
export const glance = style({
  display: "grid",
  gridTemplateColumns: "minmax(0, 15rem) minmax(0, 1fr)",
  gap: "12px 24px",
  alignItems: "start",
  "@media": { [PHONE]: { gridTemplateColumns: "minmax(0, 1fr)" } },
});
export const chart = style({ margin: 0, minWidth: 0 });
export const plot = style({ position: "relative", height: "120px", marginTop: "8px", borderBottom: `1px solid ${vars.color.border}` });
export const rising = style({ color: vars.color.up });
export const falling = style({ color: vars.color.down });
export const area = style({ fill: "currentColor", fillOpacity: 0.12, stroke: "none" });
export const line = style({
  fill: "none",
  stroke: "currentColor",
  strokeWidth: 2,
  vectorEffect: "non-scaling-stroke",
  strokeLinejoin: "round",
});
globalStyle(`${plot} > svg`, { display: "block", width: "100%", height: "100%", overflow: "visible" });
export const axisLabel = style({
  position: "absolute",
  left: 0,
  padding: "0 4px",
  fontSize: "12px",
  fontFamily: vars.font.mono,
  color: vars.color.muted,
  background: vars.color.surface,
  borderRadius: vars.radius.sm,
});
export const axisTop = style({ top: 0 });
export const axisBottom = style({ bottom: "2px" });
export const xAxis = style({
  display: "flex",
  justifyContent: "space-between",
  fontSize: "12px",
  color: vars.color.muted,
  marginTop: "4px",
});
export const figures = style({
  display: "grid",
  gridTemplateColumns: "repeat(auto-fill, minmax(9.5rem, 1fr))",
  gap: "8px 16px",
  margin: "12px 0 0",
});
globalStyle(`${figures} dt`, { color: vars.color.muted, fontSize: "13px" });
globalStyle(`${figures} dd`, { margin: 0, fontFamily: vars.font.mono });
// 'Hide small balances' and the search of an account's rows.
export const filters = style({ display: "flex", gap: "8px 12px", flexWrap: "wrap", alignItems: "center", marginBottom: "4px" });
export const search = style({ flex: "1 1 12rem", minWidth: 0, maxWidth: "20rem" });
export const check = style({ display: "inline-flex", gap: "6px", alignItems: "center", minHeight: "40px", cursor: "pointer" });
