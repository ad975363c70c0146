import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "./theme.css";
import { clippedAway, PHONE } from "./rules";

/**
 * A table that becomes a list of cards on a phone (≤ 760 px): each row a card, each cell a line with its
 * column's name (the cell's `data-label`) on the left and the value on the right, the row's header as the
 * card's title and its actions at the bottom. Wider screens keep the table. No JavaScript involved.
 */

export const cardTable = style({ "@media": { [PHONE]: { display: "block" } } });
/** A column a phone leaves out (the value is elsewhere on the card, or secondary). */
export const phoneHide = style({ "@media": { [PHONE]: { display: "none !important" } } });

const on = (selector: string, rule: Parameters<typeof globalStyle>[1]) => globalStyle(selector, { "@media": { [PHONE]: rule } });
on(`${cardTable} thead`, { ...clippedAway });
on(`${cardTable} caption`, { display: "block" });
on(`${cardTable} tbody`, { display: "grid", gap: "8px" });
on(`${cardTable} tbody tr`, {
  display: "block",
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  padding: "8px 12px",
  background: vars.color.surface,
});
on(`${cardTable} tbody td, ${cardTable} tbody th`, {
  display: "flex",
  justifyContent: "space-between",
  alignItems: "center",
  gap: "12px",
  padding: "3px 0",
  border: 0,
  textAlign: "right",
  whiteSpace: "normal",
  overflowWrap: "anywhere",
  minWidth: 0,
});
on(`${cardTable} tbody th[scope='row']`, { fontSize: "15px", fontWeight: 700, justifyContent: "flex-start", textAlign: "left" });
on(`${cardTable} tbody td[data-label]::before`, {
  content: "attr(data-label)",
  color: vars.color.muted,
  textAlign: "left",
  flex: "none",
  maxWidth: "50%",
});
/** The cell with the row's buttons: full width at the card's foot. */
export const cardActions = style({});
on(`${cardTable} tbody ${cardActions}`, { justifyContent: "flex-end", flexWrap: "wrap", paddingTop: "8px" });
on(`${cardTable} tbody td:empty`, { display: "none" });
on(`${cardTable} tbody td:only-child`, { justifyContent: "center" });
