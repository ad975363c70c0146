import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const dialog = style({
  background: vars.color.surface,
  color: vars.color.text,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  padding: "16px",
  width: "min(360px, calc(100vw - 32px))",
  zIndex: 50,
  boxShadow: "0 8px 32px rgba(0,0,0,0.35)",
  selectors: { "&:not([open])": { display: "none" } },
});
globalStyle(`${dialog}::backdrop`, { background: vars.color.overlay });
export const title = style({ fontSize: "17px", fontWeight: 700, margin: "0 0 12px" });
export const back = style({ marginTop: "8px", display: "flex" });
globalStyle(`${back} > button`, { width: "100%" });
/** The summary list of a confirmation: term left, value right. */
export const list = style({ display: "grid", gap: "6px", margin: "0 0 12px" });
globalStyle(`${list} > div`, { display: "flex", justifyContent: "space-between", gap: "12px", fontSize: "14px" });
globalStyle(`${list} dt`, { color: vars.color.muted });
globalStyle(`${list} dd`, { margin: 0, fontWeight: 700, fontVariantNumeric: "tabular-nums" });
export const form = style({ display: "flex", flexDirection: "column", gap: "8px" });
globalStyle(`${form} > button`, { width: "100%" });
