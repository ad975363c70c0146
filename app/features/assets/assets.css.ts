import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";
import { menuAreaGrid, outlinedChip, PHONE, surfacePanel, visuallyHidden as hiddenRule } from "~/styles/rules";

/**
 * Assets area: a left menu (the side-menu areas' own, app/styles/side-menu.css.ts) and the account or form on the right;
 * on a phone the menu is one scrolling row above.
 */
export const layout = style({
  ...menuAreaGrid,
  "@media": { [PHONE]: { gridTemplateColumns: "minmax(0, 1fr)", gap: "12px", padding: "12px 8px" } },
});
export const content = style({ minWidth: 0 });
export const section = style({
  ...surfacePanel,
  padding: "20px",
  marginBottom: "20px",
  "@media": { [PHONE]: { padding: "14px 12px" } },
});
export const h1 = style({ margin: "0 0 12px", fontSize: "22px" });
export const h2 = style({ margin: "0 0 12px", fontSize: "18px" });
export const summary = style({
  display: "flex",
  gap: "16px",
  alignItems: "baseline",
  flexWrap: "wrap",
  justifyContent: "space-between",
  marginBottom: "16px",
});
export const total = style({ fontSize: "24px", fontWeight: 700, fontFamily: vars.font.mono, color: vars.color.text });
export const muted = style({ color: vars.color.muted });
// Positioned, so a visually hidden label inside (absolute) stays inside the scroll area.
export const tableWrap = style({ overflowX: "auto", position: "relative" });
export const table = style({ width: "100%", borderCollapse: "collapse", fontSize: "14px" });
export const th = style({
  textAlign: "left",
  padding: "10px 8px",
  color: vars.color.muted,
  fontWeight: 600,
  borderBottom: `1px solid ${vars.color.border}`,
  whiteSpace: "nowrap",
});
export const td = style({ padding: "10px 8px", borderBottom: `1px solid ${vars.color.border}`, verticalAlign: "middle" });
export const rowHead = style({ padding: "10px 8px", borderBottom: `1px solid ${vars.color.border}`, textAlign: "left", fontWeight: 600 });
export const num = style({ fontFamily: vars.font.mono, textAlign: "right", whiteSpace: "nowrap" });
export const actions = style({ display: "flex", gap: "8px", flexWrap: "wrap" });
export const small = style({ minHeight: "32px", padding: "0 10px", fontSize: "13px" });
export const note = style({
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface2,
  borderRadius: vars.radius.sm,
  padding: "10px 12px",
  margin: "0 0 16px",
});
export const tabs = style({ display: "flex", gap: "8px", flexWrap: "wrap", listStyle: "none", padding: 0, margin: "0 0 16px" });
export const chip = style({ display: "inline-block", padding: "6px 12px", ...outlinedChip("&[aria-current='true']") });
export const address = style({ fontFamily: vars.font.mono, wordBreak: "break-all" });
export const qr = style({ width: "180px", height: "180px", background: "#ffffff", padding: "6px", borderRadius: vars.radius.sm });
export const depositGrid = style({ display: "flex", gap: "20px", flexWrap: "wrap", alignItems: "flex-start" });
export const dl = style({ display: "grid", gridTemplateColumns: "max-content minmax(0, 1fr)", gap: "8px 16px", margin: "0 0 12px" });
export const dt = style({ color: vars.color.muted });
export const dd = style({ margin: 0, minWidth: 0 });
export const formGrid = style({ maxWidth: "520px" });
export const inline = style({ display: "flex", gap: "8px", alignItems: "flex-end", flexWrap: "wrap", marginBottom: "16px" });
export const select = style({ appearance: "auto" });
export const status = style({ fontSize: "13px", margin: 0, color: vars.color.muted, minHeight: "1em" });
export const statusError = style({ color: vars.color.danger });
export const success = style({
  border: `1px solid ${vars.color.up}`,
  borderRadius: vars.radius.sm,
  padding: "8px 12px",
  marginBottom: "16px",
});
export const inputRow = style({ display: "flex", gap: "8px", alignItems: "stretch" });
export const grow = style({ flex: 1, minWidth: 0 });
export const preview = style({ fontFamily: vars.font.mono });
export const visuallyHidden = style(hiddenRule);
/** The records lists' CSV download, above the table. */
export const downloadRow = style({ display: "flex", justifyContent: "flex-end", margin: "0 0 8px" });
