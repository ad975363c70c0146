import { describe, expect, it } from "vitest";
import type { MicroReview } from "./action-data";
import { parseMicroReview } from "./forms.server";

const review: MicroReview = {
  type: 2,
  number: "10",
  code: "USDT",
  seconds: 30,
  percent: "80.00",
  values: { match_id: "1", currency_id: "1", type: "2", seconds: "30", number: "10" },
  key: "5b0c4d8e-0000-4000-8000-000000000000",
};
const form = (v: unknown) => {
  const f = new FormData();
  f.set("review", typeof v === "string" ? v : JSON.stringify(v));
  return f;
};

describe("parseMicroReview", () => {
  it("reads back the review the action answered", () => {
    expect(parseMicroReview(form(review))).toEqual(review);
  });

  it("refuses a review that is not one (number not a string, seconds missing, not JSON)", () => {
    expect(parseMicroReview(form({ ...review, number: 10 }))).toBeNull();
    const { seconds: _seconds, ...noSeconds } = review;
    expect(parseMicroReview(form(noSeconds))).toBeNull();
    expect(parseMicroReview(form("{"))).toBeNull();
  });
});
