import { globalStyle } from "@vanilla-extract/css";
import { vars } from "./theme.css";
import { visuallyHidden } from "./rules";

globalStyle("*, *::before, *::after", { boxSizing: "border-box" });
globalStyle("html", { colorScheme: "dark light", WebkitTextSizeAdjust: "100%" });
globalStyle("body", {
  margin: 0,
  minHeight: "100vh",
  display: "flex",
  flexDirection: "column",
  background: vars.color.bg,
  color: vars.color.text,
  fontFamily: vars.font.body,
  fontSize: "14px",
  lineHeight: 1.5,
});
globalStyle("main", { flex: 1 });
globalStyle("a", { color: vars.color.link });
globalStyle("h1, h2, h3", { lineHeight: 1.25 });
globalStyle(":focus-visible", { outline: `2px solid ${vars.color.focus}`, outlineOffset: "2px" });
globalStyle("button, input, select, textarea", { font: "inherit", color: "inherit" });
globalStyle("img, svg", { maxWidth: "100%" });
globalStyle("table", { borderCollapse: "collapse", width: "100%" });
globalStyle(".sr-only", { ...visuallyHidden });
globalStyle(".num", { fontVariantNumeric: "tabular-nums" });
globalStyle(".up", { color: vars.color.up });
globalStyle(".down", { color: vars.color.down });
// Focus never hides under the sticky header (57 px) or the floating service button (bottom right): a control the
// keyboard, a skip link or the browser's own form check scrolls into view stops this far from the edges. While a toast
// shows (it sticks under the header, components/toast.tsx) the top margin grows by its height.
globalStyle("html", { scrollPaddingTop: "72px", scrollPaddingBottom: "80px" });
globalStyle("html:has([data-toast])", { scrollPaddingTop: "160px" });
// Placeholders in the theme's muted colour (7.7:1 dark, 7:1 light), not the browser's lighter default (4.2:1 dark).
globalStyle("::placeholder", { color: vars.color.muted, opacity: 1 });
