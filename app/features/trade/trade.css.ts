import { globalStyle, style, styleVariants } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";
import { panel } from "~/styles/pair-screen.css";
import { PHONE, rowButton, smallTag } from "~/styles/rules";

/** /trade's own parts; the screen's grid (decision 011) is the pair screens' shell's (app/styles/pair-screen.css.ts). */
const NARROW = "screen and (max-width: 1100px)";
const DESKTOP = "screen and (min-width: 1101px)";

export const pairs = style([panel, { "@media": { [DESKTOP]: { height: "100%", display: "flex", flexDirection: "column" } } }]);

// Positioned, so the visually hidden label of the actions column (absolute) stays inside the scroll area.
export const scroller = style({ overflowX: "auto", position: "relative" });
export const rowLink = style({
  color: "inherit",
  textDecoration: "none",
  fontWeight: 600,
  selectors: { "&[aria-current='page']": { color: vars.color.link } },
});
export const currentRow = style({ background: vars.color.surface2 });

// ---------------------------------------------------------------- pair list
export const pairList = style({
  maxHeight: "420px",
  overflowY: "auto",
  fontSize: "12px",
  "@media": { [NARROW]: { maxHeight: "260px" }, [DESKTOP]: { flex: "1 1 0", minHeight: 0, maxHeight: "none" } },
});
// Column headings may wrap ('Änderung', 'Letzter Preis'): the figures, never cut, set the width.
globalStyle(`${pairList} th`, { whiteSpace: "normal", verticalAlign: "bottom" });

// ---------------------------------------------------------------- chart header and chart
export const header = style([panel, { display: "flex", flexWrap: "wrap", gap: "8px 24px", alignItems: "baseline" }]);
export const symbol = style({ fontSize: "20px", fontWeight: 700, margin: 0 });
export const latest = style({ fontSize: "20px", fontWeight: 700, fontVariantNumeric: "tabular-nums", margin: 0 });
export const stats = style({ display: "flex", flexWrap: "wrap", gap: "4px 20px", margin: 0 });
export const stat = style({ display: "flex", flexDirection: "column", fontSize: "13px" });
globalStyle(`${stat} dt`, { color: vars.color.muted });
globalStyle(`${stat} dd`, { margin: 0, fontVariantNumeric: "tabular-nums" });

export const chartBox = style({
  position: "relative",
  height: "516px",
  width: "100%",
  "@media": { [PHONE]: { height: "340px" } },
});
export const chartSvg = style({ display: "block", width: "100%", height: "100%" });
export const serverSvg = style({ width: "100%", height: "100%" });
export const legend = style({
  position: "absolute",
  top: "6px",
  left: "8px",
  display: "flex",
  flexWrap: "wrap",
  gap: "4px 12px",
  margin: 0,
  padding: "2px 6px",
  listStyle: "none",
  fontSize: "12px",
  color: vars.color.muted,
  background: vars.color.surface,
  borderRadius: vars.radius.sm,
  pointerEvents: "none",
});
export const swatch = style({ display: "inline-block", width: "10px", height: "2px", marginRight: "4px", verticalAlign: "middle" });
export const chartEmpty = style({ display: "grid", placeItems: "center", height: "100%", color: vars.color.muted });

// ---------------------------------------------------------------- order book and trades
// A price in the book is a button that fills the order form: plain text in the side's colour.
const priceButton = {
  textDecoration: "none",
  fontWeight: 600,
  background: "none",
  border: 0,
  padding: 0,
  font: "inherit",
  cursor: "pointer",
} as const;
export const bookPrice = styleVariants({
  ask: { color: vars.color.down, ...priceButton },
  bid: { color: vars.color.up, ...priceButton },
});
globalStyle(`${bookPrice.ask}:hover, ${bookPrice.bid}:hover`, { textDecoration: "underline" });
export const bookLatest = style({ fontSize: "16px", fontWeight: 700, padding: "6px", textAlign: "left" });
export const trades = style({ maxHeight: "660px", overflowY: "auto" });

// ---------------------------------------------------------------- forms
export const formGrid = style({
  display: "grid",
  gridTemplateColumns: "1fr 1fr",
  gap: "16px",
  "@media": { [PHONE]: { gridTemplateColumns: "1fr" }, [DESKTOP]: { gridTemplateColumns: "1fr" } },
});
/** The buy/sell switch: a phone and a desktop's form column show one form at a time; a tablet shows both side by side. */
const switchShown = {
  display: "grid",
  gridTemplateColumns: "1fr 1fr",
  gap: "6px",
  margin: "0 0 8px",
  padding: 0,
  listStyle: "none",
} as const;
export const sideSwitch = style({
  display: "none",
  "@media": { [PHONE]: switchShown, [DESKTOP]: switchShown },
});
const sideTabBase = style({
  display: "block",
  textAlign: "center",
  padding: "8px",
  borderRadius: vars.radius.sm,
  fontWeight: 700,
  textDecoration: "none",
  color: vars.color.text,
  border: `1px solid ${vars.color.border}`,
});
export const sideTab = styleVariants({
  buy: [
    sideTabBase,
    { selectors: { "&[aria-current='true']": { background: vars.color.up, borderColor: vars.color.up, color: vars.color.signalText } } },
  ],
  sell: [
    sideTabBase,
    {
      selectors: { "&[aria-current='true']": { background: vars.color.down, borderColor: vars.color.down, color: vars.color.signalText } },
    },
  ],
});
/** The side not chosen in the switch (a phone, a desktop's form column). */
export const hideOnPhone = style({ "@media": { [PHONE]: { display: "none" }, [DESKTOP]: { display: "none" } } });
export const form = style({ display: "flex", flexDirection: "column", gap: "8px" });
export const formTitle = style({ fontSize: "15px", fontWeight: 700, margin: 0 });
export const inputWrap = style({ display: "flex", alignItems: "center", gap: "6px" });
export const unit = style({ color: vars.color.muted, fontSize: "13px", minWidth: "3em" });
export const range = style({ width: "100%", accentColor: vars.color.accent });
export const ticks = style({ display: "flex", justifyContent: "space-between", fontSize: "11px", color: vars.color.muted });
export const submit = style({ width: "100%" });
/** The offer to place a limit order far beyond the book's best price anyway (a checkbox and its label). */
export const confirmFar = style({ display: "flex", alignItems: "center", gap: "8px", fontSize: "13px", minHeight: "24px" });
/** A limit order's time in force: its label and its choice on one line, so the main button stays where it was. */
export const tifRow = style({ display: "flex", alignItems: "center", justifyContent: "space-between", gap: "8px", fontSize: "13px" });
export const tifSelect = style({ width: "auto", maxWidth: "62%", minHeight: "32px", padding: "4px 8px" });
export const visitor = style({ display: "flex", gap: "8px", flexWrap: "wrap", alignItems: "center" });

// ---------------------------------------------------------------- orders panel
export const cancel = style(rowButton);

// ---------------------------------------------------------------- more chart intervals (a <details>)
export const more = style({ position: "relative" });
globalStyle(`${more} > summary`, { listStyle: "none" });
globalStyle(`${more} > summary::-webkit-details-marker`, { display: "none" });
export const moreList = style({
  position: "absolute",
  zIndex: 5,
  top: "calc(100% + 4px)",
  left: 0,
  display: "grid",
  gap: "2px",
  listStyle: "none",
  margin: 0,
  padding: "6px",
  background: vars.color.surface2,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  minWidth: "110px",
});

// ---------------------------------------------------------------- depth chart
export const depthPanel = style([panel, { marginTop: "12px" }]);
export const depthSvg = style({ display: "block", width: "100%", height: "120px" });
export const depthBids = style({
  fill: vars.color.up,
  fillOpacity: 0.25,
  stroke: vars.color.up,
  strokeWidth: 1.5,
  vectorEffect: "non-scaling-stroke",
});
export const depthAsks = style({
  fill: vars.color.down,
  fillOpacity: 0.25,
  stroke: vars.color.down,
  strokeWidth: 1.5,
  vectorEffect: "non-scaling-stroke",
});
export const depthMid = style({ stroke: vars.color.muted, strokeDasharray: "3 3" });
export const depthAxis = style({
  display: "flex",
  justifyContent: "space-between",
  margin: "2px 0 8px",
  fontSize: "11px",
  color: vars.color.muted,
  fontVariantNumeric: "tabular-nums",
});
export const depthSummary = style({ display: "grid", gap: "2px", margin: 0, fontSize: "13px" });
globalStyle(`${depthSummary} > div`, { display: "flex", justifyContent: "space-between", gap: "8px" });
globalStyle(`${depthSummary} dt`, { color: vars.color.muted });
globalStyle(`${depthSummary} dd`, { margin: 0, fontVariantNumeric: "tabular-nums", textAlign: "right" });

// ---------------------------------------------------------------- my orders: stops, OCO, cancel all
export const ordersHead = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "baseline",
  justifyContent: "space-between",
  gap: "4px 12px",
});
export const ordersLink = style({ fontSize: "14px" });
export const cancelAllRow = style({ display: "flex", flexWrap: "wrap", gap: "8px", margin: "0 0 8px" });
export const cancelAllLink = style({ minHeight: "32px", padding: "0 10px", fontSize: "13px" });
export const orderTag = style(smallTag);
export const orderNote = style({ display: "block", fontSize: "11px", color: vars.color.muted });
/** The chart's latest bars as a table (under the chart, closed until asked for). */
export const barsTable = style({ marginTop: "8px" });
export const barsSummary = style({ cursor: "pointer", minHeight: "24px", padding: "4px 0", color: vars.color.link });
export const barsScroll = style({ overflowX: "auto", maxWidth: "100%" });
/** Recent trades: the side's letter before the price (B / S), so the side is not told by colour alone. */
export const side = style({ display: "inline-block", minWidth: "1.4em", marginRight: "4px", fontWeight: 700, textAlign: "center" });
