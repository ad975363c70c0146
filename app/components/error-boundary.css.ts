import { style } from "@vanilla-extract/css";

export const page = style({ width: "100%", maxWidth: "720px", margin: "0 auto", padding: "48px 16px", textAlign: "center" });
export const links = style({ display: "flex", gap: "16px", justifyContent: "center", flexWrap: "wrap" });
