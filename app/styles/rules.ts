import { vars } from "./theme.css";

/**
 * Style rules that several style files write the same way, as plain objects (no class is made here): a style file
 * spreads one into its own `style()` or `globalStyle()`, so each class keeps its own name.
 */

/** The phone layout (up to 760 px wide), where every screen's layout changes: the media query of its rules. */
export const PHONE = "screen and (max-width: 760px)";

/** Out of sight but read by screen readers (the `.sr-only` class, and the hidden default submit buttons). */
export const visuallyHidden = {
  position: "absolute",
  width: "1px",
  height: "1px",
  padding: 0,
  margin: "-1px",
  overflow: "hidden",
  clip: "rect(0,0,0,0)",
  whiteSpace: "nowrap",
  border: 0,
} as const;

/** Present (a live region, a table's header row on a phone, the floating button's label on a phone) but taking no room. */
export const clippedAway = {
  position: "absolute",
  width: "1px",
  height: "1px",
  overflow: "hidden",
  clipPath: "inset(50%)",
  whiteSpace: "nowrap",
} as const;

/** An area with a left menu: the menu's column beside the page, centred up to 1200 px (the phone layout is each area's). */
export const menuAreaGrid = {
  display: "grid",
  gridTemplateColumns: "220px minmax(0, 1fr)",
  gap: "24px",
  width: "100%",
  boxSizing: "border-box",
  maxWidth: "1200px",
  margin: "0 auto",
  padding: "24px 16px",
} as const;

/** A table's header cell: muted, bold, left-aligned, ruled below. */
export const headCell = {
  textAlign: "left",
  padding: "8px",
  color: vars.color.muted,
  fontWeight: 600,
  borderBottom: `1px solid ${vars.color.border}`,
} as const;

/** A small boxed tag after a value in a table cell. */
export const smallTag = {
  display: "inline-block",
  marginLeft: "4px",
  padding: "0 4px",
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  fontSize: "11px",
} as const;

/** A small outlined button in a table row (cancel, close, edit). */
export const rowButton = {
  background: "none",
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  color: vars.color.text,
  padding: "2px 10px",
  cursor: "pointer",
  font: "inherit",
  minHeight: "28px",
} as const;

/** A raised panel (a card, a section, an aside): the surface colour, a hairline border, the medium radius. */
export const surfacePanel = {
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
} as const;

/** A page's column: the full width, centred, up to `maxWidth`. */
export const pageColumn = (maxWidth: string) => ({ width: "100%", maxWidth, margin: "0 auto" }) as const;

/** A form field's box (a text input, a select): the page's background, a hairline border, the small radius. */
export const fieldBox = {
  borderRadius: vars.radius.sm,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.bg,
  color: vars.color.text,
} as const;

/** A plain button drawn by hand: the raised colour, a hairline border, the small radius (its size is the caller's). */
export const raisedButton = {
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  background: vars.color.surface2,
  color: vars.color.text,
  cursor: "pointer",
} as const;

/**
 * An outlined link among filters or chips, the current one in the link colour and bold; `current` is the selector
 * of the current one (`&[aria-current='page']` or `&[aria-current='true']`).
 */
export const outlinedChip = (current: string) =>
  ({
    border: `1px solid ${vars.color.border}`,
    borderRadius: vars.radius.sm,
    color: vars.color.text,
    textDecoration: "none",
    selectors: { [current]: { borderColor: vars.color.link, color: vars.color.link, fontWeight: 700 } },
  }) as const;

/** A row of tabs over a hairline (`underlinedTab` each). */
export const underlinedTabs = {
  display: "flex",
  gap: "4px",
  listStyle: "none",
  padding: 0,
  borderBottom: `1px solid ${vars.color.border}`,
} as const;

/**
 * One of `underlinedTabs`: muted and bold, its 2 px underline sitting on the row's hairline; `current` is the selector
 * of the current tab, `mark` the colour of its underline.
 */
export const underlinedTab = ({ padding, current, mark }: { padding: string; current: string; mark: string }) =>
  ({
    display: "inline-block",
    padding,
    marginBottom: "-1px",
    color: vars.color.muted,
    textDecoration: "none",
    fontWeight: 600,
    borderBottom: "2px solid transparent",
    selectors: {
      "&:hover": { color: vars.color.text },
      [current]: { color: vars.color.text, borderBottomColor: mark },
    },
  }) as const;
