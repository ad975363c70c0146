import { describe, expect, it } from "vitest";
import type { LeverReview } from "./action-data";
import { parseLeverReview } from "./forms.server";

const review: LeverReview = {
  type: 1,
  status: 1,
  price: "100.00",
  openPrice: "100.10",
  hands: 2,
  multiple: 10,
  number: "0.2",
  fee: "0.02",
  margin: "2.002",
  takeProfit: "",
  stopLoss: "",
  liquidation: null,
  values: { currency_match_id: "1", type: "1", status: "1", share: "2", multiple: "10" },
  key: "5b0c4d8e-0000-4000-8000-000000000000",
};
const form = (v: unknown) => {
  const f = new FormData();
  f.set("review", typeof v === "string" ? v : JSON.stringify(v));
  return f;
};

describe("parseLeverReview", () => {
  it("reads back the review the action answered", () => {
    expect(parseLeverReview(form(review))).toEqual(review);
  });

  it("refuses a review that is not one (wrong side, hands not a count, margin missing, not JSON)", () => {
    expect(parseLeverReview(form({ ...review, type: 3 }))).toBeNull();
    expect(parseLeverReview(form({ ...review, hands: "2" }))).toBeNull();
    const { margin: _margin, ...noMargin } = review;
    expect(parseLeverReview(form(noMargin))).toBeNull();
    expect(parseLeverReview(form("]"))).toBeNull();
  });
});
