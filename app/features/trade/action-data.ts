import type { SubmissionResult } from "@conform-to/react";
import type { Side } from "./order-input";

/** What the trade screen's action answers: an order form's result (buy or sell), or a cancel's. */
export type TradeActionData =
  | { intent: Side; ok: boolean; result: SubmissionResult<string[]>; orderId?: number; message?: string }
  | { intent: "cancel"; ok: boolean; id: number; msg?: string; message?: string };
