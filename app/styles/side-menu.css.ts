import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "./theme.css";
import { menuAreaGrid, PHONE } from "./rules";

/**
 * An area with a left menu (the personal centre): the menu beside the page on wide screens; on a phone the menu is
 * one scrolling row above it.
 */
export const layout = style({
  ...menuAreaGrid,
  "@media": { [PHONE]: { gridTemplateColumns: "minmax(0, 1fr)", gap: "8px", padding: "12px 8px 0" } },
});
export const menu = style({
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  padding: "8px",
  alignSelf: "start",
  "@media": { [PHONE]: { padding: "4px", overflowX: "auto" } },
});
export const menuList = style({
  listStyle: "none",
  margin: 0,
  padding: 0,
  display: "grid",
  gap: "2px",
  "@media": { [PHONE]: { display: "flex", whiteSpace: "nowrap" } },
});
export const menuLink = style({
  display: "block",
  padding: "10px 12px",
  borderRadius: vars.radius.sm,
  color: vars.color.text,
  textDecoration: "none",
  selectors: {
    "&:hover": { background: vars.color.surface2 },
    "&[aria-current='page']": { background: vars.color.surface2, color: vars.color.link, fontWeight: 700 },
  },
});
export const content = style({ minWidth: 0 });
// A page made for standing alone (a centred card with room around it) sits at the top of the area, beside the menu.
globalStyle(`${content} > main`, { padding: "0 0 24px", justifyContent: "flex-start" });
globalStyle(`${content} > main > *`, { maxWidth: "640px" });
