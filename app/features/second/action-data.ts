import type { SubmissionResult } from "@conform-to/react";

/** What the confirmation shows (quantity, time and profit rate; docs/product.md, "/second") and posts again. */
export type MicroReview = {
  type: 1 | 2;
  number: string;
  code: string;
  seconds: number;
  percent: string;
  values: Record<string, string>;
  key: string;
};

export type SecondActionData = {
  intent: "review" | "open";
  ok: boolean;
  result: SubmissionResult<string[]>;
  review: MicroReview | null;
  message?: string;
};
