import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";
import { raisedButton } from "~/styles/rules";

export const form = style({ display: "flex", gap: "6px", alignItems: "center", maxWidth: "360px", minWidth: 0 });
export const input = style({ flex: 1, minWidth: 0 });
export const result = style({ margin: "4px 0 0", fontSize: "13px", color: vars.color.muted, minHeight: "1em" });
export const button = style({ minHeight: "40px", padding: "6px 12px", ...raisedButton });
