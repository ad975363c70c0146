import { describe, expect, it } from "vitest";
import { z } from "zod";
import { postedReview, reviewedOrder, reviewFigure } from "./review.server";

const schema = reviewedOrder.extend({ margin: reviewFigure });
const form = (review?: string) => {
  const f = new FormData();
  f.set("intent", "open");
  if (review !== undefined) f.set("review", review);
  return f;
};
const good = { margin: "12.5", values: { share: "1" }, key: "k-1" };

describe("postedReview", () => {
  it("answers the review a confirmation posts back", () => {
    expect(postedReview(form(JSON.stringify(good)), schema)).toEqual(good);
  });

  it("answers null for a missing, empty or broken review, never throws", () => {
    expect(postedReview(form(), schema)).toBeNull();
    expect(postedReview(form(""), schema)).toBeNull();
    expect(postedReview(form("{not json"), schema)).toBeNull();
    expect(postedReview(form("null"), schema)).toBeNull();
  });

  it("answers null for a review that is not what the server reviewed", () => {
    expect(postedReview(form(JSON.stringify({ ...good, margin: 12.5 })), schema)).toBeNull();
    expect(postedReview(form(JSON.stringify({ ...good, key: "" })), schema)).toBeNull();
    expect(postedReview(form(JSON.stringify({ ...good, values: { share: 1 } })), schema)).toBeNull();
    expect(postedReview(form(JSON.stringify({ margin: "1", key: "k" })), schema)).toBeNull();
  });

  it("keeps only the fields the schema names", () => {
    expect(postedReview(form(JSON.stringify({ ...good, extra: "<b>" })), schema)).toEqual(good);
  });

  it("checks against any schema", () => {
    expect(postedReview(form(JSON.stringify({ n: 1 })), z.object({ n: z.number() }))).toEqual({ n: 1 });
  });
});
