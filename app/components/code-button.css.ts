import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const codeButton = style({ minWidth: "132px", minHeight: "42px" });
export const status = style({ fontSize: "13px", margin: 0, color: vars.color.muted, minHeight: "1em" });
export const statusError = style({ color: vars.color.danger });
