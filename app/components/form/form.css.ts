import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

/** Form fields every screen uses: hints, a field with a button beside it, the password toggle, checkboxes. */
export const hint = style({ color: vars.color.muted, fontSize: "13px", margin: 0 });
/** `relative`: the password toggle sits inside its input. */
export const inputRow = style({ display: "flex", gap: "8px", alignItems: "stretch", position: "relative" });
export const grow = style({ flex: 1, minWidth: 0 });
/** A native select keeps its arrow (ui.input resets the look). */
export const select = style({ appearance: "auto" });
export const toggle = style({
  position: "absolute",
  right: "4px",
  top: "50%",
  transform: "translateY(-50%)",
  minHeight: "34px",
  padding: "0 10px",
  background: "transparent",
  border: 0,
  borderRadius: vars.radius.sm,
  color: vars.color.link,
  cursor: "pointer",
  fontSize: "13px",
  fontWeight: 600,
});
/** `input&` outranks ui.input's padding whatever the stylesheet order. */
export const passwordInput = style({ selectors: { "input&": { paddingRight: "76px" } } });
export const check = style({ display: "flex", gap: "8px", alignItems: "flex-start" });
export const checkbox = style({ width: "18px", height: "18px", marginTop: "1px", accentColor: vars.color.accent, flexShrink: 0 });
