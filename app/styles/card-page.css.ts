import { style } from "@vanilla-extract/css";
import { surfacePanel, underlinedTab, underlinedTabs, visuallyHidden } from "./rules";
import { vars } from "./theme.css";

/**
 * A page that is one centred card: the sign-in pages and the account's single-purpose pages (devices, log, bindings,
 * trade password…), with their tabs, a full-width main button and a footer line.
 */
export const page = style({ display: "flex", justifyContent: "center", padding: "48px 16px" });
export const card = style({
  width: "100%",
  maxWidth: "440px",
  ...surfacePanel,
  padding: "28px 24px",
});
export const title = style({ margin: "0 0 8px", fontSize: "24px" });
export const intro = style({ margin: "0 0 20px", color: vars.color.muted });

export const tabs = style({ ...underlinedTabs, margin: "0 0 20px" });
export const tab = style(underlinedTab({ padding: "8px 14px", current: "&[aria-current='true']", mark: vars.color.link }));

export const between = style({
  display: "flex",
  justifyContent: "space-between",
  alignItems: "center",
  gap: "12px",
  flexWrap: "wrap",
  marginBottom: "16px",
});
export const submit = style({ width: "100%", minHeight: "44px", marginTop: "8px" });
export const footerLine = style({ marginTop: "20px", textAlign: "center", color: vars.color.muted });
export const note = style({
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface2,
  color: vars.color.text,
  borderRadius: vars.radius.sm,
  padding: "8px 12px",
  marginBottom: "16px",
});
export const readOnly = style({
  selectors: { "input&[readonly]": { background: vars.color.surface2, color: vars.color.text, cursor: "default" } },
});

/** The default (first) submit button of a form, so Enter logs in rather than sending a code. */
export const defaultSubmit = style(visuallyHidden);
