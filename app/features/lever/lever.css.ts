import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";
import { PHONE, rowButton as rowButtonRule, surfacePanel } from "~/styles/rules";

/** /lever: the parts /trade has not (risk header, order form, confirmation, positions panel); the layout is /trade's. */

export const up = style({ color: vars.color.up });
export const down = style({ color: vars.color.down });

// ---------------------------------------------------------------- risk header
export const risk = style({
  marginTop: "8px",
  ...surfacePanel,
  padding: "8px 12px",
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  gap: "8px 20px",
});
export const riskStats = style({
  display: "flex",
  flexWrap: "wrap",
  gap: "4px 20px",
  margin: 0,
});
export const riskStat = style({
  display: "flex",
  flexDirection: "column",
  fontSize: "13px",
});
globalStyle(`${riskStat} dt`, { color: vars.color.muted });
globalStyle(`${riskStat} dd`, {
  margin: 0,
  fontWeight: 700,
  fontVariantNumeric: "tabular-nums",
});
export const warn = style({ color: vars.color.danger });
export const warnText = style({
  color: vars.color.danger,
  fontWeight: 600,
  margin: 0,
  fontSize: "13px",
});
export const closeAll = style({ marginLeft: "auto" });

// ---------------------------------------------------------------- order form
export const formHeading = style({
  fontSize: "15px",
  fontWeight: 700,
  margin: "0 0 8px",
});
export const modes = style({
  display: "flex",
  gap: "16px",
  border: 0,
  padding: 0,
  margin: 0,
  flexWrap: "wrap",
  alignItems: "center",
});
export const legend = style({
  color: vars.color.muted,
  fontSize: "13px",
  padding: 0,
  float: "left",
  marginRight: "4px",
});
/**
 * The order form: its mode's radio buttons show the price field (fixed price) or the market note (market), by CSS, so
 * the first paint, a page without JavaScript and a hydrated one look alike (before, hydration swapped the field for
 * the note, which became the page's largest paint seconds later on a phone). A browser without `:has` shows both.
 */
export const orderForm = style({});
export const limitOnly = style({});
export const marketOnly = style({});
globalStyle(`${orderForm}:has(input[name="status"][value="1"]:checked) ${limitOnly}`, { display: "none" });
globalStyle(`${orderForm}:has(input[name="status"][value="0"]:checked) ${marketOnly}`, { display: "none" });
export const modeOption = style({
  display: "inline-flex",
  alignItems: "center",
  gap: "6px",
  minHeight: "32px",
  cursor: "pointer",
});
export const pairFields = style({
  display: "grid",
  gridTemplateColumns: "1fr 1fr",
  gap: "8px",
});
export const stops = style({
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  padding: "6px 10px",
});
globalStyle(`${stops} > summary`, {
  cursor: "pointer",
  fontSize: "13px",
  minHeight: "28px",
  display: "flex",
  alignItems: "center",
});

// ---------------------------------------------------------------- positions panel
export const panelHead = style({
  display: "flex",
  justifyContent: "space-between",
  alignItems: "flex-start",
  gap: "8px",
  flexWrap: "wrap",
});
export const tabs = style({
  display: "flex",
  flexWrap: "wrap",
  gap: "4px",
  listStyle: "none",
  margin: "0 0 8px",
  padding: 0,
});
export const tableScroll = style({
  overflowX: "auto",
  position: "relative",
  "@media": { [PHONE]: { overflowX: "visible" } },
});
export const rowActions = style({
  display: "flex",
  gap: "6px",
  alignItems: "flex-start",
  justifyContent: "flex-end",
  flexWrap: "wrap",
});
export const rowButton = style(rowButtonRule);
export const stopsEditor = style({ position: "relative", textAlign: "left" });
globalStyle(`${stopsEditor} > summary`, {
  cursor: "pointer",
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  padding: "2px 10px",
  minHeight: "28px",
  display: "inline-flex",
  alignItems: "center",
  listStyle: "none",
});
globalStyle(`${stopsEditor} > summary::-webkit-details-marker`, {
  display: "none",
});
export const stopsForm = style({
  display: "flex",
  flexDirection: "column",
  gap: "6px",
  padding: "10px",
  marginTop: "4px",
  background: vars.color.surface2,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  minWidth: "220px",
  whiteSpace: "normal",
});
export const batch = style({ position: "relative" });
globalStyle(`${batch} > summary`, {
  cursor: "pointer",
  fontSize: "13px",
  minHeight: "28px",
  display: "inline-flex",
  alignItems: "center",
});
export const batchForm = style({
  display: "flex",
  flexWrap: "wrap",
  gap: "6px",
  marginTop: "6px",
});
/** A link that looks like the row buttons (it opens a confirmation step). */
export const rowLink = style([rowButton, { display: "inline-flex", alignItems: "center", textDecoration: "none" }]);
export const batchLink = style({ textDecoration: "none" });

// ---------------------------------------------------------------- confirmations and risk words
export const closeList = style({ listStyle: "none", margin: "0 0 10px", padding: 0, display: "grid", gap: "4px", fontSize: "13px" });
export const explain = style({ fontSize: "13px", flex: "1 1 auto" });
globalStyle(`${explain}[open]`, { flexBasis: "100%" });
globalStyle(`${explain} > summary`, { cursor: "pointer", color: vars.color.muted, minHeight: "24px" });
globalStyle(`${explain} > p`, { margin: "4px 0 0" });
export const modeNote = style({ margin: 0, fontSize: "13px" });
export const roe = style({ display: "block", fontSize: "12px" });
/**
 * The positions table fits its box on a 1366 px screen (12 columns were 1,239 px in 964, 'TP/SL' and 'Close' out of
 * sight): headings and cells wrap at their spaces (never inside a number), so a column is as wide as its widest value.
 */
export const positionsTable = style({});
globalStyle(`${positionsTable} th, ${positionsTable} td`, { whiteSpace: "normal", verticalAlign: "top" });
globalStyle(`${positionsTable} thead th`, { verticalAlign: "bottom" });
