import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";
import { headCell, PHONE, surfacePanel } from "~/styles/rules";

export const page = style({ maxWidth: "1100px", margin: "0 auto", padding: "16px", "@media": { [PHONE]: { padding: "10px 8px" } } });
export const head = style({
  display: "flex",
  gap: "12px",
  alignItems: "center",
  justifyContent: "space-between",
  flexWrap: "wrap",
  marginBottom: "12px",
});
export const h1 = style({ margin: 0, fontSize: "22px" });
export const h2 = style({ margin: "0 0 10px", fontSize: "18px" });
export const section = style({
  ...surfacePanel,
  padding: "16px",
  marginBottom: "16px",
  minWidth: 0,
  "@media": { [PHONE]: { padding: "12px 10px" } },
});
export const tabs = style({ display: "flex", gap: "6px", flexWrap: "wrap", listStyle: "none", margin: "0 0 12px", padding: 0 });
export const tab = style({
  display: "inline-flex",
  alignItems: "center",
  minHeight: "36px",
  padding: "0 12px",
  borderRadius: vars.radius.sm,
  border: `1px solid ${vars.color.border}`,
  color: vars.color.text,
  textDecoration: "none",
  selectors: {
    '&[aria-current="page"]': {
      background: vars.color.accent,
      color: vars.color.accentText,
      borderColor: vars.color.accent,
      fontWeight: 700,
    },
  },
});
export const filters = style({ display: "flex", gap: "8px", flexWrap: "wrap", alignItems: "flex-end", marginBottom: "12px" });
export const filter = style({
  display: "flex",
  flexDirection: "column",
  gap: "4px",
  minWidth: 0,
  flex: "1 1 96px",
  maxWidth: "200px",
  overflowWrap: "anywhere",
  hyphens: "auto",
});
export const list = style({ listStyle: "none", margin: 0, padding: 0, display: "grid", gap: "10px" });
export const ad = style({
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  padding: "12px",
  display: "grid",
  gridTemplateColumns: "minmax(0, 1.3fr) minmax(0, 1fr) minmax(0, 1fr) auto",
  gap: "8px 16px",
  alignItems: "start",
  "@media": { [PHONE]: { gridTemplateColumns: "minmax(0, 1fr) minmax(0, 1fr)" } },
});
export const merchant = style({ fontWeight: 700, overflowWrap: "anywhere" });
export const small = style({ fontSize: "13px", color: vars.color.muted, margin: 0 });
export const price = style({ fontFamily: vars.font.mono, fontSize: "20px", fontWeight: 700 });
export const mono = style({ fontFamily: vars.font.mono, overflowWrap: "anywhere" });
export const orderBox = style({ gridColumn: "1 / -1" });
export const summaryButton = style({
  cursor: "pointer",
  listStyle: "none",
  selectors: { "&::-webkit-details-marker": { display: "none" } },
});
export const formRow = style({ display: "flex", gap: "8px", flexWrap: "wrap", alignItems: "flex-end", marginTop: "10px" });
export const grow = style({ flex: "1 1 160px", minWidth: 0 });
export const dl = style({ display: "grid", gridTemplateColumns: "max-content minmax(0, 1fr)", gap: "6px 14px", margin: "0 0 12px" });
export const dt = style({ color: vars.color.muted });
export const dd = style({ margin: 0, minWidth: 0, overflowWrap: "anywhere" });
export const status = style({ fontWeight: 700 });
export const countdown = style({ fontFamily: vars.font.mono, fontSize: "20px", fontWeight: 700, color: vars.color.accentStrong });
export const grid2 = style({
  display: "grid",
  gridTemplateColumns: "minmax(0, 1fr) minmax(0, 1fr)",
  gap: "16px",
  "@media": { [PHONE]: { gridTemplateColumns: "minmax(0, 1fr)" } },
});
export const actions = style({ display: "flex", gap: "8px", flexWrap: "wrap", alignItems: "flex-end" });
export const chat = style({
  listStyle: "none",
  margin: "0 0 10px",
  padding: 0,
  display: "grid",
  gap: "6px",
  maxHeight: "360px",
  overflowY: "auto",
});
export const bubble = style({
  padding: "6px 10px",
  borderRadius: vars.radius.sm,
  background: vars.color.surface2,
  overflowWrap: "anywhere",
});
export const mine = style({ justifySelf: "end", background: vars.color.border });
export const system = style({
  justifySelf: "center",
  color: vars.color.muted,
  fontSize: "13px",
  background: "transparent",
  textAlign: "center",
});
export const voucher = style({ maxWidth: "200px", maxHeight: "260px", borderRadius: vars.radius.sm, display: "block" });
export const empty = style({ color: vars.color.muted, textAlign: "center", padding: "24px 8px" });
export const table = style({ width: "100%", borderCollapse: "collapse", fontSize: "14px" });
export const th = style(headCell);
export const td = style({ padding: "8px", borderBottom: `1px solid ${vars.color.border}`, verticalAlign: "middle" });
export const publish = style({ display: "grid", gridTemplateColumns: "repeat(auto-fit, minmax(150px, 1fr))", gap: "0 12px" });
export const fieldset = style({ border: 0, padding: 0, margin: "0 0 12px", display: "flex", gap: "12px", flexWrap: "wrap" });
export const contents = style({ display: "contents" });
export const refresh = style({ fontSize: "14px", marginLeft: "8px", whiteSpace: "nowrap" });
/** A notice the reader must act on (the seller's confirmation deadline): set off by a bar in the accent colour. */
export const notice = style({
  borderLeft: `4px solid ${vars.color.accent}`,
  padding: "8px 12px",
  margin: "0 0 12px",
  background: vars.color.bg,
  color: vars.color.text,
});
/** A link in small print that is still a 24 px target (WCAG 2.5.8): the seller's 'Set trade password'. */
export const smallLink = style({ display: "inline-block", minHeight: "24px", paddingBlock: "4px" });
