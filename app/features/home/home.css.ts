import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";
import { PHONE, surfacePanel } from "~/styles/rules";

export const section = style({ marginTop: "40px" });
export const sectionHead = style({
  display: "flex",
  justifyContent: "space-between",
  alignItems: "baseline",
  gap: "12px",
  flexWrap: "wrap",
  marginBottom: "16px",
});
export const h2 = style({ fontSize: "22px", margin: 0 });

export const noticeStrip = style({
  display: "flex",
  alignItems: "center",
  gap: "12px",
  padding: "10px 16px",
  background: vars.color.surface,
  borderBottom: `1px solid ${vars.color.border}`,
  flexWrap: "wrap",
});
export const noticeLabel = style({
  fontWeight: 700,
  fontSize: "14px",
  margin: 0,
  color: vars.color.link,
  display: "flex",
  alignItems: "center",
  gap: "6px",
});
export const noticeList = style({
  display: "flex",
  gap: "8px 24px",
  listStyle: "none",
  margin: 0,
  padding: 0,
  flex: 1,
  minWidth: 0,
  flexWrap: "wrap",
  "@media": { [PHONE]: { flexBasis: "100%", order: 1, flexDirection: "column", gap: "6px" } },
});
export const noticeItem = style({ minWidth: 0, maxWidth: "100%" });
export const noticeLink = style({
  color: vars.color.text,
  textDecoration: "none",
  display: "inline-block",
  maxWidth: "100%",
  overflow: "hidden",
  textOverflow: "ellipsis",
  whiteSpace: "nowrap",
  verticalAlign: "bottom",
  selectors: { "&:hover": { color: vars.color.link, textDecoration: "underline" } },
});

export const features = style({
  display: "grid",
  gridTemplateColumns: "repeat(4, minmax(0, 1fr))",
  gap: "16px",
  listStyle: "none",
  padding: 0,
  margin: 0,
  "@media": {
    [PHONE]: { gridTemplateColumns: "repeat(2, minmax(0, 1fr))" },
    "screen and (max-width: 480px)": { gridTemplateColumns: "1fr" },
  },
});
export const feature = style({
  ...surfacePanel,
  padding: "20px",
});
export const featureTitle = style({ fontSize: "17px", margin: "12px 0 8px" });
export const featureText = style({ margin: 0, color: vars.color.muted });

export const app = style({
  display: "grid",
  gridTemplateColumns: "minmax(0, 1fr) auto",
  gap: "24px",
  alignItems: "center",
  ...surfacePanel,
  padding: "24px",
  "@media": { [PHONE]: { gridTemplateColumns: "1fr" } },
});
export const qrList = style({ display: "flex", gap: "24px", flexWrap: "wrap", listStyle: "none", margin: 0, padding: 0 });
export const qrFigure = style({ margin: 0, display: "grid", justifyItems: "center", gap: "8px", textAlign: "center" });
export const qr = style({
  display: "block",
  width: "136px",
  height: "136px",
  background: "#ffffff",
  padding: "6px",
  borderRadius: vars.radius.sm,
  lineHeight: 0,
});

export const dialog = style({
  position: "fixed",
  inset: 0,
  margin: "auto",
  zIndex: 60,
  height: "fit-content",
  maxHeight: "calc(100vh - 32px)",
  overflow: "auto",
  width: "min(480px, calc(100vw - 32px))",
  padding: "24px",
  background: vars.color.surface2,
  color: vars.color.text,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  boxShadow: "0 16px 48px rgba(0,0,0,0.5)",
  selectors: { "&::backdrop": { background: vars.color.overlay } },
});
export const dialogTitle = style({ fontSize: "20px", margin: "0 0 12px" });
export const dialogText = style({ margin: "0 0 16px", color: vars.color.text });
export const dialogActions = style({ display: "flex", gap: "8px", justifyContent: "flex-end", flexWrap: "wrap", margin: 0 });
