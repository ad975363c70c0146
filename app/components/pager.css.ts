import { style } from "@vanilla-extract/css";

export const pager = style({
  display: "flex",
  alignItems: "center",
  justifyContent: "center",
  gap: "14px",
  marginTop: "16px",
  flexWrap: "wrap",
});
export const pagerLink = style({ minHeight: "36px" });
