import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const subtitle = style({ fontSize: "18px", margin: "16px 0 12px" });
export const hint = style({ margin: 0, fontSize: "13px", color: vars.color.muted });
export const preview = style({
  display: "block",
  width: "120px",
  height: "120px",
  objectFit: "contain",
  border: `1px solid ${vars.color.border}`,
  borderRadius: "6px",
});
export const status = style({ padding: "12px 14px", border: `1px solid ${vars.color.border}`, borderRadius: "8px", margin: "0 0 16px" });
export const limits = style({
  display: "grid",
  // The label wraps before the amount does: a French or Italian "200 000 USD" cannot break (its group separator is
  // a no-break space), and with the label at its full width it ran past a 390 px phone's edge.
  gridTemplateColumns: "minmax(0, auto) auto",
  gap: "4px 16px",
  margin: "0 0 16px",
  justifyContent: "start",
});
export const qrFigure = style({ margin: "0 0 16px", display: "grid", gap: "8px", justifyItems: "start" });
export const qr = style({ width: "180px", height: "180px", background: "#ffffff", padding: "8px", borderRadius: "6px", lineHeight: 0 });
export const secret = style({ fontFamily: vars.font.mono, overflowWrap: "anywhere", userSelect: "all" });
export const meterLine = style({
  display: "flex",
  alignItems: "center",
  gap: "12px",
  flexWrap: "wrap",
  margin: "0 0 12px",
  fontWeight: 600,
});
export const meter = style({ width: "160px", height: "12px" });
export const copyLine = style({ display: "flex", alignItems: "center", gap: "8px", flexWrap: "wrap", minWidth: 0 });
export const feedbackList = style({ listStyle: "none", margin: 0, padding: 0, display: "grid", gap: "10px" });
export const feedbackItem = style({ border: `1px solid ${vars.color.border}`, borderRadius: "8px", padding: "10px 12px" });
export const feedbackHead = style({ display: "flex", flexDirection: "column", gap: "2px", margin: "0 0 6px" });
export const feedbackText = style({ margin: 0, whiteSpace: "pre-wrap", overflowWrap: "anywhere" });
export const feedbackReply = style({ margin: "8px 0 0", paddingTop: "8px", borderTop: `1px solid ${vars.color.border}` });
export const afterList = style({ marginTop: "16px" });
export const protections = style({ listStyle: "none", margin: "0 0 16px", padding: 0, display: "grid", gap: "6px" });
export const protection = style({
  display: "grid",
  gridTemplateColumns: "20px minmax(0, 1fr) auto",
  alignItems: "center",
  gap: "8px",
  padding: "6px 0",
  borderBottom: `1px solid ${vars.color.border}`,
});
export const protectionName = style({ display: "flex", flexDirection: "column", minWidth: 0, overflowWrap: "anywhere" });
export const protectionOn = style({ color: vars.color.up, fontWeight: 700 });
export const protectionOff = style({ color: vars.color.down, fontWeight: 700 });

/** The personal centre's forms: an introduction, the main button across the card, native select arrows. */
export const intro = style({ margin: "0 0 20px", color: vars.color.muted });
export const submit = style({ width: "100%", minHeight: "44px", marginTop: "8px" });
export const select = style({ appearance: "auto" });
