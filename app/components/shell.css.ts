import { globalStyle, style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";
import { clippedAway, fieldBox, PHONE } from "~/styles/rules";

/** The header's two shapes: wide (everything in one bar) from 1200 px, else the compact bar with a menu button. */
const WIDE = "screen and (min-width: 1200px)";
/** A link in the header (the wide menu's links, the bell): in the text colour, the link colour when hovered or current. */
const headerLink = {
  color: vars.color.text,
  textDecoration: "none",
  selectors: { "&:hover, &[aria-current='page']": { color: vars.color.link } },
} as const;
/** The header's icon buttons (the menu's, the bell): a 44 px square target with its icon in the middle. */
const iconTarget = { display: "inline-grid", placeItems: "center", width: "44px", height: "44px" } as const;

export const header = style({
  background: vars.color.surface,
  borderBottom: `1px solid ${vars.color.border}`,
  position: "sticky",
  top: 0,
  zIndex: 20,
});
export const headerInner = style({
  display: "flex",
  alignItems: "center",
  gap: "8px",
  height: "56px",
  padding: "0 10px",
  maxWidth: "100vw",
  "@media": { [WIDE]: { gap: "16px", padding: "0 16px" } },
});
export const logo = style({
  fontWeight: 800,
  fontSize: "17px",
  color: vars.color.link,
  textDecoration: "none",
  letterSpacing: "0.5px",
  flex: "none",
  "@media": {
    [WIDE]: { fontSize: "20px" },
    // A 360 px phone (many a cheap one) in German: the bar's "Anmelden" and "Registrieren" need the logo's last 10 px.
    "screen and (max-width: 374px)": { fontSize: "15px", letterSpacing: 0 },
  },
});
export const navWide = style({ display: "none", gap: "4px", flex: 1, minWidth: 0, "@media": { [WIDE]: { display: "flex" } } });
export const navLink = style({ ...headerLink, padding: "8px 10px", borderRadius: vars.radius.sm, fontWeight: 500, whiteSpace: "nowrap" });
/** The tools at the header's end: one group for each of the header's shapes. */
const headerTools = (gap: string) => ({ gap, alignItems: "center", marginLeft: "auto" }) as const;
export const toolsWide = style({ display: "none", ...headerTools("8px"), "@media": { [WIDE]: { display: "flex" } } });
export const toolsNarrow = style({ display: "flex", ...headerTools("4px"), minWidth: 0, "@media": { [WIDE]: { display: "none" } } });
/**
 * The compact bar's links ("Log in", "Sign up"; "Spot" signed in) take what room the logo and the menu leave: a label
 * of several words wraps onto a second line, one word keeps its width. Nothing is cut: in German, Spanish, French,
 * Polish and Thai "Sign up" did not fit a 390 px phone and lost its last letters.
 */
globalStyle(`${toolsNarrow} > a`, { whiteSpace: "normal", textAlign: "center", lineHeight: 1.15, flex: "0 1 auto" });
globalStyle(`${toolsNarrow} > ${navLink}`, { paddingLeft: "6px", paddingRight: "6px" });
/** A long e-mail address is cut with an ellipsis; the whole one is in the menu's account section. */
export const account = style({
  display: "inline-block",
  maxWidth: "180px",
  overflow: "hidden",
  textOverflow: "ellipsis",
  whiteSpace: "nowrap",
  verticalAlign: "bottom",
});
export const primaryAction = style({
  display: "inline-flex",
  alignItems: "center",
  minHeight: "36px",
  padding: "6px 10px",
  borderRadius: vars.radius.sm,
  fontWeight: 700,
  background: vars.color.accent,
  color: vars.color.accentText,
  textDecoration: "none",
  whiteSpace: "nowrap",
});
export const menuButton = style({
  ...iconTarget,
  borderRadius: vars.radius.sm,
  border: `1px solid ${vars.color.border}`,
  color: vars.color.text,
  listStyle: "none",
  cursor: "pointer",
  selectors: { "&::-webkit-details-marker": { display: "none" }, "details[open] > &": { background: vars.color.surface2 } },
});
export const drawer = style({
  position: "fixed",
  top: "56px",
  right: 0,
  width: "min(340px, 100vw)",
  maxHeight: "calc(100vh - 56px)",
  overflowY: "auto",
  background: vars.color.surface2,
  borderLeft: `1px solid ${vars.color.border}`,
  borderBottom: `1px solid ${vars.color.border}`,
  padding: "8px 12px 16px",
  boxShadow: "0 8px 24px rgba(0,0,0,0.35)",
  zIndex: 30,
});
export const drawerNav = style({ listStyle: "none", margin: 0, padding: 0, display: "grid", gridTemplateColumns: "1fr 1fr", gap: "2px" });
export const drawerSection = style({ borderTop: `1px solid ${vars.color.border}`, marginTop: "8px", paddingTop: "8px" });
export const drawerHeading = style({
  display: "flex",
  alignItems: "center",
  gap: "6px",
  margin: "4px 0",
  color: vars.color.muted,
  fontSize: "13px",
});
export const drawerList = style({ listStyle: "none", margin: 0, padding: 0 });
export const drawerLangs = style({ display: "grid", gridTemplateColumns: "1fr 1fr", gap: "2px" });
export const iconLarge = style({ width: "22px", height: "22px" });
/** The notifications bell: a 44 px target with the unread count in a badge on its corner. */
export const bell = style({ position: "relative", ...iconTarget, flex: "none", borderRadius: vars.radius.sm, ...headerLink });
export const badge = style({
  position: "absolute",
  top: "4px",
  right: "2px",
  minWidth: "18px",
  height: "18px",
  padding: "0 5px",
  borderRadius: "9px",
  background: vars.color.accent,
  color: vars.color.accentText,
  fontSize: "11px",
  fontWeight: 700,
  lineHeight: "18px",
  textAlign: "center",
});
export const totalLabel = style({ color: vars.color.muted });
export const menu = style({ position: "relative" });
export const menuSummary = style({
  display: "inline-flex",
  alignItems: "center",
  gap: "6px",
  minHeight: "36px",
  background: "transparent",
  color: vars.color.text,
  listStyle: "none",
  cursor: "pointer",
  padding: "6px 10px",
  borderRadius: vars.radius.sm,
  border: `1px solid ${vars.color.border}`,
  selectors: { "&::-webkit-details-marker": { display: "none" } },
});
export const menuList = style({
  position: "absolute",
  right: 0,
  top: "calc(100% + 6px)",
  minWidth: "200px",
  background: vars.color.surface2,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  padding: "6px",
  margin: 0,
  listStyle: "none",
  zIndex: 30,
  boxShadow: "0 8px 24px rgba(0,0,0,0.3)",
});
export const menuItem = style({
  display: "block",
  width: "100%",
  textAlign: "left",
  padding: "8px 10px",
  borderRadius: vars.radius.sm,
  background: "transparent",
  border: 0,
  color: vars.color.text,
  textDecoration: "none",
  cursor: "pointer",
  selectors: { "&:hover, &[aria-current='true']": { background: vars.color.surface } },
});
export const footer = style({
  background: vars.color.surface,
  borderTop: `1px solid ${vars.color.border}`,
  marginTop: "48px",
  padding: "40px 0 24px",
});
export const footerGrid = style({ display: "grid", gridTemplateColumns: "repeat(auto-fit, minmax(180px, 1fr))", gap: "24px" });
export const footerList = style({ listStyle: "none", padding: 0, margin: 0, display: "grid", gap: "6px" });
export const footerBottom = style({
  borderTop: `1px solid ${vars.color.border}`,
  marginTop: "24px",
  paddingTop: "16px",
  color: vars.color.muted,
  fontSize: "13px",
});
export const footerLang = style({ display: "flex", gap: "8px", alignItems: "center", flexWrap: "wrap", marginBottom: "12px" });
export const footerSelect = style({
  minHeight: "32px",
  padding: "4px 8px",
  ...fieldBox,
  cursor: "pointer",
});
export const qr = style({
  display: "block",
  width: "96px",
  height: "96px",
  background: "#fff",
  padding: "4px",
  borderRadius: vars.radius.sm,
});
export const icon = style({ width: "16px", height: "16px", flex: "none" });
/**
 * The service button: a labelled pill floating on wide screens. On a phone it floats (a 48 px round icon, the page
 * keeping room for it below) only with JavaScript, which moves it aside whenever a control lies under it
 * (`floatingLive`, `floatingAside`: app/components/service-button.tsx); without JavaScript it is a plain pill at the
 * page's end, so it never covers a control.
 */
export const floating = style({
  position: "fixed",
  right: "20px",
  bottom: "20px",
  zIndex: 40,
  background: vars.color.accent,
  color: vars.color.accentText,
  borderRadius: "999px",
  padding: "12px 18px",
  fontWeight: 700,
  textDecoration: "none",
  boxShadow: "0 6px 18px rgba(0,0,0,0.35)",
  display: "inline-flex",
  alignItems: "center",
  gap: "8px",
  "@media": { [PHONE]: { position: "static", margin: "0 12px 12px auto", width: "fit-content", display: "flex" } },
});
export const floatingLive = style({
  "@media": {
    [PHONE]: {
      position: "fixed",
      margin: 0,
      right: "12px",
      bottom: "12px",
      width: "48px",
      height: "48px",
      padding: 0,
      justifyContent: "center",
    },
  },
});
export const floatingIcon = style({ width: "20px", height: "20px", flex: "none" });
export const floatingLabel = style({});
globalStyle(`${floatingLive} ${floatingLabel}`, {
  "@media": { [PHONE]: clippedAway },
});
globalStyle("body", { "@media": { [PHONE]: { paddingBottom: "72px" } } });
/**
 * With JavaScript, the button steps aside while a control lies under it: unseen, and taps go through to the control.
 * It stays in the tab order (not `visibility: hidden`), and a focused button always shows.
 */
export const floatingAside = style({ opacity: 0, pointerEvents: "none" });
/** A control focused or scrolled to on a phone stops above the floating button, not under it. */
globalStyle("html", { "@media": { [PHONE]: { scrollPaddingBottom: "72px" } } });
/**
 * The toast: in the flow right under the header, sticking under it while the page scrolls (never floating over the
 * page's controls); while it shows, the page keeps focused controls clear of it (global.css.ts, scroll-padding-top).
 */
export const toast = style({
  position: "sticky",
  top: "57px",
  zIndex: 19,
  display: "flex",
  alignItems: "center",
  gap: "12px",
  margin: "8px auto 0",
  width: "calc(100% - 24px)",
  maxWidth: "720px",
  padding: "8px 8px 8px 16px",
  borderRadius: vars.radius.md,
  background: vars.color.surface2,
  border: `1px solid ${vars.color.border}`,
  color: vars.color.text,
  boxShadow: "0 8px 24px rgba(0,0,0,0.3)",
});
export const toastError = style({ borderColor: vars.color.danger, borderLeftWidth: "4px" });
export const toastText = style({ flex: 1, minWidth: 0 });
export const toastClose = style({
  flex: "none",
  minHeight: "36px",
  minWidth: "44px",
  padding: "6px 12px",
  borderRadius: vars.radius.sm,
  border: `1px solid ${vars.color.border}`,
  background: "transparent",
  color: vars.color.text,
  cursor: "pointer",
});
/** An empty live region: present (so what is put in it later is announced) but taking no room. */
export const toastIdle = style(clippedAway);

/**
 * The theme switch while the page follows the system (no theme picked): both buttons are in the page and CSS shows the
 * one that fits the system's preference, so it says the right thing before (and without) JavaScript.
 */
const PREFERS_LIGHT = "(prefers-color-scheme: light)";
export const whenSystemDark = style({ display: "contents", "@media": { [PREFERS_LIGHT]: { display: "none" } } });
export const whenSystemLight = style({ display: "none", "@media": { [PREFERS_LIGHT]: { display: "contents" } } });
/** The live feed's "paused" notice: in the flow under the header (it pushes the page down, never covers a control). */
export const liveNotice = style({
  margin: "8px auto 0",
  maxWidth: "1200px",
  width: "calc(100% - 24px)",
  padding: "8px 12px",
  borderRadius: vars.radius.sm,
  border: `1px solid ${vars.color.border}`,
  borderLeft: `4px solid ${vars.color.accent}`,
  background: vars.color.surface2,
  color: vars.color.text,
});
/** Skip links: off-screen until focused, then above the header's top-left corner. */
export const skipLinks = style({ listStyle: "none", margin: 0, padding: 0 });
export const skipLink = style({
  position: "absolute",
  left: "8px",
  top: "8px",
  zIndex: 60,
  padding: "10px 14px",
  borderRadius: vars.radius.sm,
  background: vars.color.surface2,
  color: vars.color.text,
  fontWeight: 600,
  transform: "translateY(-200%)",
  selectors: { "&:focus": { transform: "none" } },
});
/** What every screen renders sits in here (the skip link's target): the column the page's <main> filled before. */
export const contentWrap = style({ flex: 1, display: "flex", flexDirection: "column", outline: "none" });
