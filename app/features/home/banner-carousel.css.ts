import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";
import { PHONE } from "~/styles/rules";

export const carousel = style({ position: "relative", background: vars.color.surface });
export const track = style({
  display: "flex",
  overflowX: "auto",
  scrollSnapType: "x mandatory",
  scrollBehavior: "smooth",
  listStyle: "none",
  margin: 0,
  padding: 0,
  height: "460px",
  scrollbarWidth: "none",
  selectors: { "&::-webkit-scrollbar": { display: "none" } },
  "@media": { [PHONE]: { height: "220px" }, "(prefers-reduced-motion: reduce)": { scrollBehavior: "auto" } },
});
/** Without JavaScript the scrollbar is the only way along, so it stays visible then. */
export const trackNoJs = style({ scrollbarWidth: "thin", selectors: { "&::-webkit-scrollbar": { display: "block", height: "8px" } } });
export const slide = style({ flex: "0 0 100%", scrollSnapAlign: "start", scrollSnapStop: "always", position: "relative", height: "100%" });
export const slideLink = style({
  display: "block",
  height: "100%",
  color: "#ffffff",
  textDecoration: "none",
  position: "relative",
  selectors: { "&:focus-visible": { outlineOffset: "-4px" } },
});
export const image = style({ width: "100%", height: "100%", objectFit: "cover", display: "block" });
export const caption = style({
  position: "absolute",
  left: 0,
  right: 0,
  bottom: 0,
  padding: "48px 24px 40px",
  fontSize: "24px",
  fontWeight: 700,
  background: "linear-gradient(to top, rgba(0,0,0,0.85), rgba(0,0,0,0))",
  color: "#ffffff",
  "@media": { [PHONE]: { fontSize: "16px", padding: "32px 16px 36px" } },
});
export const controls = style({
  position: "absolute",
  left: 0,
  right: 0,
  bottom: "8px",
  display: "flex",
  justifyContent: "center",
  alignItems: "center",
  gap: "4px",
  pointerEvents: "none",
});
export const control = style({
  pointerEvents: "auto",
  minWidth: "32px",
  minHeight: "32px",
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  border: "1px solid rgba(255,255,255,0.7)",
  borderRadius: "999px",
  background: "rgba(0,0,0,0.6)",
  color: "#ffffff",
  cursor: "pointer",
  padding: "0 8px",
  fontSize: "14px",
});
export const dot = style({
  pointerEvents: "auto",
  width: "24px",
  height: "24px",
  padding: 0,
  border: 0,
  background: "transparent",
  cursor: "pointer",
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  "::before": {
    content: "''",
    display: "block",
    width: "10px",
    height: "10px",
    borderRadius: "999px",
    background: "rgba(255,255,255,0.6)",
    border: "1px solid rgba(0,0,0,0.6)",
  },
  selectors: { "&[aria-current='true']::before": { background: "#ffffff", width: "22px" } },
});
