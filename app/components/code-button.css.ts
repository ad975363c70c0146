import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const codeButton = style({ minWidth: "132px", minHeight: "42px" });
export const status = style({ fontSize: "13px", margin: 0, color: vars.color.muted, minHeight: "1em" });
export const statusError = style({ color: vars.color.danger });
/** The button and, under it while it counts down, the wait (not part of the button's name). */
export const codeWrap = style({ display: "inline-flex", flexDirection: "column", alignItems: "stretch", gap: "2px", flex: "none" });
export const wait = style({ fontSize: "12px", color: vars.color.muted, textAlign: "center" });
