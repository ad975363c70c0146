import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";
import { surfacePanel, visuallyHidden } from "~/styles/rules";

/** Flash convert: the pair and amount form, the quote with its countdown, the history. */
export const layout = style({
  display: "grid",
  gap: "24px",
  gridTemplateColumns: "minmax(0, 1fr)",
  marginBottom: "24px",
  "@media": { "(min-width: 900px)": { gridTemplateColumns: "minmax(0, 1fr) minmax(0, 1fr)" } },
});
export const panel = style({
  ...surfacePanel,
  padding: "20px",
});
export const pairRow = style({
  display: "grid",
  gridTemplateColumns: "minmax(0, 1fr) auto minmax(0, 1fr)",
  gap: "10px",
  alignItems: "end",
});
export const swap = style({ marginBottom: "16px", minWidth: "44px" });
export const hint = style({ margin: "0", fontSize: "13px", color: vars.color.muted });
export const quoteFacts = style({ display: "grid", gridTemplateColumns: "auto 1fr", gap: "10px 16px", margin: "0 0 12px" });
globalStyle(`${quoteFacts} dt`, { color: vars.color.muted });
globalStyle(`${quoteFacts} dd`, {
  margin: 0,
  fontWeight: 600,
  textAlign: "right",
  fontVariantNumeric: "tabular-nums",
  overflowWrap: "anywhere",
});
export const receive = style({ fontSize: "22px", fontWeight: 700 });
export const countdown = style({ fontVariantNumeric: "tabular-nums", fontWeight: 700 });
export const expired = style({ color: vars.color.danger, fontWeight: 700 });
export const placeholder = style({ color: vars.color.muted, margin: "8px 0" });
export const busy = style({ opacity: 0.6 });
/** The form's first submit button (Enter in a field uses it), out of sight and out of the tab order. */
export const defaultSubmit = style(visuallyHidden);
