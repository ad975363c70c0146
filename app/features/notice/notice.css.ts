import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";
import { PHONE, surfacePanel } from "~/styles/rules";

export const layout = style({
  display: "grid",
  gridTemplateColumns: "280px minmax(0, 1fr)",
  gap: "24px",
  alignItems: "start",
  paddingTop: "24px",
  "@media": { [PHONE]: { gridTemplateColumns: "1fr" } },
});
export const aside = style({
  ...surfacePanel,
  padding: "16px",
});
export const asideTitle = style({ fontSize: "16px", margin: "0 0 12px" });
export const list = style({
  listStyle: "none",
  margin: 0,
  padding: 0,
  display: "grid",
  gap: "2px",
  "@media": { [PHONE]: { maxHeight: "240px", overflowY: "auto" } },
});
export const item = style({
  display: "block",
  padding: "8px 10px",
  borderRadius: vars.radius.sm,
  color: vars.color.text,
  textDecoration: "none",
  borderLeft: "3px solid transparent",
  selectors: {
    "&:hover": { background: vars.color.surface2 },
    "&[aria-current='page']": { background: vars.color.surface2, borderLeftColor: vars.color.accent, fontWeight: 700 },
  },
});
export const article = style({
  ...surfacePanel,
  padding: "24px",
  minWidth: 0,
});
export const title = style({ fontSize: "26px", margin: "0 0 8px", overflowWrap: "anywhere" });
export const time = style({ color: vars.color.muted, fontSize: "13px", margin: "0 0 20px" });
export const body = style({ lineHeight: 1.7, overflowWrap: "anywhere" });
globalStyle(`${body} img`, { maxWidth: "100%", height: "auto" });
globalStyle(`${body} table`, { display: "block", overflowX: "auto" });
globalStyle(`${body} th, ${body} td`, { border: `1px solid ${vars.color.border}`, padding: "6px 8px" });
globalStyle(`${body} pre`, { overflowX: "auto", background: vars.color.surface2, padding: "12px", borderRadius: vars.radius.sm });
globalStyle(`${body} blockquote`, {
  margin: "0 0 1em",
  paddingLeft: "12px",
  borderLeft: `3px solid ${vars.color.border}`,
  color: vars.color.muted,
});
export const empty = style({ color: vars.color.muted });
export const errorBox = style({ padding: "48px 16px", textAlign: "center" });
