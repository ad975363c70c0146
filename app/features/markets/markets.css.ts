import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";
import { PHONE, underlinedTab, underlinedTabs } from "~/styles/rules";

export const page = style({ paddingTop: "24px" });
export const h1 = style({ fontSize: "26px", margin: "0 0 16px" });
export const tabs = style({ ...underlinedTabs, margin: "0 0 12px", flexWrap: "wrap" });
export const tab = style({
  ...underlinedTab({ padding: "10px 16px", current: "&[aria-current='page']", mark: vars.color.accent }),
  whiteSpace: "nowrap",
});
export const scroller = style({
  overflowX: "auto",
  position: "relative",
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
});
// A phone shows the pair, price and change (high, low and volume are left out there), so the table fits without scrolling.
export const table = style({
  minWidth: "760px",
  fontVariantNumeric: "tabular-nums",
  "@media": { [PHONE]: { minWidth: 0 } },
});
export const th = style({
  textAlign: "right",
  padding: "10px 12px",
  fontWeight: 600,
  color: vars.color.muted,
  fontSize: "13px",
  whiteSpace: "nowrap",
  "@media": { [PHONE]: { padding: "8px 6px", whiteSpace: "normal" } },
  borderBottom: `1px solid ${vars.color.border}`,
  selectors: { "&:first-child, &:nth-child(2)": { textAlign: "left" } },
});
export const sortLink = style({
  color: "inherit",
  textDecoration: "none",
  display: "inline-flex",
  alignItems: "center",
  gap: "4px",
  selectors: { "&:hover": { color: vars.color.text, textDecoration: "underline" }, "[aria-sort] > &": { color: vars.color.text } },
});
export const td = style({
  padding: "10px 12px",
  textAlign: "right",
  borderBottom: `1px solid ${vars.color.border}`,
  whiteSpace: "nowrap",
  "@media": { [PHONE]: { padding: "8px 6px" } },
});
export const tdLeft = style({ textAlign: "left" });
export const rowHover = style({ selectors: { "&:hover": { background: vars.color.surface2 } } });
globalStyle(`${rowHover}:last-child > td, ${rowHover}:last-child > th`, { borderBottom: 0 });
export const pairLink = style({
  color: vars.color.text,
  textDecoration: "none",
  fontWeight: 700,
  selectors: { "&:hover": { color: vars.color.link, textDecoration: "underline" } },
});
export const quote = style({ color: vars.color.muted, fontWeight: 400 });
export const cny = style({ display: "block", color: vars.color.muted, fontSize: "12px" });
export const starCell = style({ width: "44px", padding: "4px 0 4px 8px" });
export const star = style({
  width: "36px",
  height: "36px",
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  background: "transparent",
  border: 0,
  borderRadius: vars.radius.sm,
  cursor: "pointer",
  color: vars.color.muted,
  fontSize: "20px",
  lineHeight: 1,
  selectors: { "&[aria-pressed='true']": { color: vars.color.accentStrong }, "&:hover": { background: vars.color.surface2 } },
});
export const empty = style({ padding: "32px 12px", textAlign: "center", color: vars.color.muted });
export const alerts = style({ marginTop: "24px", maxWidth: "720px" });
