import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";
import { pageColumn, surfacePanel } from "~/styles/rules";

/** The money pages: savings (/deposit), its log (/coinlog) and convert, and their shared list pieces (tables, notes). */
export const page = style({ ...pageColumn("1200px"), padding: "32px 16px 48px" });
export const head = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "baseline",
  justifyContent: "space-between",
  gap: "12px",
  marginBottom: "20px",
});
export const title = style({ margin: 0, fontSize: "28px" });
export const intro = style({ margin: "6px 0 0", color: vars.color.muted });
export const section = style({
  ...surfacePanel,
  padding: "20px",
  marginBottom: "24px",
});
export const h2 = style({ margin: "0 0 14px", fontSize: "20px" });
export const muted = style({ color: vars.color.muted });
export const small = style({ fontSize: "13px", color: vars.color.muted });
export const mono = style({ fontFamily: vars.font.mono, fontVariantNumeric: "tabular-nums" });

export const tableWrap = style({
  // relative: the visually hidden header text (position absolute) stays inside the scroll box.
  overflowX: "auto",
  position: "relative",
  selectors: { "&:focus-visible": { outline: `2px solid ${vars.color.focus}`, outlineOffset: "2px" } },
});
export const table = style({ width: "100%", borderCollapse: "collapse", fontSize: "14px" });
globalStyle(`${table} th, ${table} td`, {
  padding: "10px 12px",
  textAlign: "left",
  borderBottom: `1px solid ${vars.color.border}`,
  verticalAlign: "middle",
});
globalStyle(`${table} thead th`, { color: vars.color.muted, fontWeight: 600, whiteSpace: "nowrap" });
globalStyle(`${table} tbody th`, { color: vars.color.text, fontWeight: 600 });
globalStyle(`${table} td.num, ${table} th.num`, { textAlign: "right", fontVariantNumeric: "tabular-nums", whiteSpace: "nowrap" });
globalStyle(`${table} tbody tr:last-child > *`, { borderBottom: 0 });

export const rate = style({ color: vars.color.up, fontWeight: 700 });
export const empty = style({ padding: "28px 0", textAlign: "center", color: vars.color.muted, margin: 0 });
export const notice = style({
  border: `1px solid ${vars.color.border}`,
  borderLeft: `4px solid ${vars.color.up}`,
  borderRadius: vars.radius.sm,
  padding: "10px 14px",
  margin: "0 0 16px",
  background: vars.color.surface2,
});
export const errorBox = style({
  color: vars.color.danger,
  border: `1px solid ${vars.color.danger}`,
  borderRadius: vars.radius.sm,
  padding: "8px 12px",
  margin: "0 0 14px",
});
/** A state's pill (active, expired): outlined and written in the state's colour. */
const badge = (border: string, color: string) =>
  ({
    display: "inline-block",
    padding: "2px 8px",
    borderRadius: "999px",
    border: `1px solid ${border}`,
    color,
    fontSize: "12px",
    fontWeight: 700,
  }) as const;
export const badgeActive = style(badge(vars.color.up, vars.color.up));
export const badgeExpired = style(badge(vars.color.border, vars.color.muted));
export const actions = style({ display: "flex", flexWrap: "wrap", gap: "10px", alignItems: "center", marginTop: "16px" });
export const visitor = style({ display: "flex", gap: "10px", flexWrap: "wrap" });
export const balances = style({ display: "flex", flexWrap: "wrap", gap: "8px 20px", margin: 0, padding: 0, listStyle: "none" });

/** The confirmation: a native <dialog> with JavaScript, an inline card without. */
export const dialog = style({
  width: "min(440px, calc(100vw - 32px))",
  padding: "24px",
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  color: vars.color.text,
  selectors: { "&::backdrop": { background: vars.color.overlay } },
});
export const confirmCard = style([section, { maxWidth: "520px", borderColor: vars.color.accent }]);
export const facts = style({ display: "grid", gridTemplateColumns: "auto 1fr", gap: "8px 16px", margin: "0 0 8px" });
globalStyle(`${facts} dt`, { color: vars.color.muted });
globalStyle(`${facts} dd`, { margin: 0, fontWeight: 600, fontVariantNumeric: "tabular-nums", textAlign: "right" });

export const balanceLine = style({
  display: "flex",
  flexWrap: "wrap",
  gap: "8px 14px",
  alignItems: "baseline",
  marginBottom: "12px",
  color: vars.color.muted,
});
export const nowrap = style({ whiteSpace: "nowrap" });
