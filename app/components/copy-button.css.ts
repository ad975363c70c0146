import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

/** The copy button and the line that says whether it copied. */
export const actions = style({ display: "flex", gap: "8px", flexWrap: "wrap" });
export const small = style({ minHeight: "32px", padding: "0 10px", fontSize: "13px" });
export const status = style({ fontSize: "13px", margin: 0, color: vars.color.muted, minHeight: "1em" });
export const statusError = style({ color: vars.color.danger });
