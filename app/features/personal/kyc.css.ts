import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const subtitle = style({ fontSize: "18px", margin: "16px 0 12px" });
export const hint = style({ margin: 0, fontSize: "13px", color: vars.color.muted });
export const preview = style({ display: "block", width: "120px", height: "120px", objectFit: "contain", border: `1px solid ${vars.color.border}`, borderRadius: "6px" });
export const status = style({ padding: "12px 14px", border: `1px solid ${vars.color.border}`, borderRadius: "8px", margin: "0 0 16px" });
export const limits = style({ display: "grid", gridTemplateColumns: "auto auto", gap: "4px 16px", margin: "0 0 16px", justifyContent: "start" });
export const qrFigure = style({ margin: "0 0 16px", display: "grid", gap: "8px", justifyItems: "start" });
export const qr = style({ width: "180px", height: "180px", background: "#ffffff", padding: "8px", borderRadius: "6px", lineHeight: 0 });
export const secret = style({ fontFamily: vars.font.mono, overflowWrap: "anywhere", userSelect: "all" });
