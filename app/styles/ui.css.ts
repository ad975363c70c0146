import { style, styleVariants } from "@vanilla-extract/css";
import { vars } from "./theme.css";
import { fieldBox, pageColumn, surfacePanel } from "./rules";

/** Shared building blocks: page container, card, buttons, form fields. */
export const container = style({ ...pageColumn("1200px"), padding: "0 16px" });
export const card = style({
  ...surfacePanel,
  padding: "24px",
});

const buttonBase = style({
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  gap: "6px",
  minHeight: "40px",
  padding: "0 16px",
  borderRadius: vars.radius.sm,
  border: "1px solid transparent",
  cursor: "pointer",
  fontWeight: 600,
  textDecoration: "none",
  whiteSpace: "nowrap",
  selectors: { "&:disabled, &[aria-disabled='true']": { opacity: 0.55, cursor: "not-allowed" } },
});
export const button = styleVariants({
  primary: [buttonBase, { background: vars.color.accent, color: vars.color.accentText }],
  secondary: [buttonBase, { background: vars.color.surface2, color: vars.color.text, borderColor: vars.color.border }],
  ghost: [buttonBase, { background: "transparent", color: vars.color.text }],
  up: [buttonBase, { background: vars.color.up, color: vars.color.signalText }],
  down: [buttonBase, { background: vars.color.down, color: vars.color.signalText }],
});

export const field = style({ display: "flex", flexDirection: "column", gap: "6px", marginBottom: "16px" });
export const label = style({ fontWeight: 600, color: vars.color.text });
export const input = style({
  minHeight: "42px",
  padding: "8px 12px",
  ...fieldBox,
  width: "100%",
  selectors: { "&[aria-invalid='true']": { borderColor: vars.color.danger } },
});
export const fieldError = style({ color: vars.color.danger, fontSize: "13px", margin: 0, minHeight: "1em" });
export const formError = style({
  color: vars.color.danger,
  border: `1px solid ${vars.color.danger}`,
  borderRadius: vars.radius.sm,
  padding: "8px 12px",
  marginBottom: "16px",
});
export const muted = style({ color: vars.color.muted });
export const row = style({ display: "flex", gap: "8px", alignItems: "center" });
