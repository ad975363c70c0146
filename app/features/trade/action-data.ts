import type { SubmissionResult } from "@conform-to/react";
import type { Side } from "./order-input";

/** What the trade screen's action answers: an order form's result (buy or sell), a cancel's, or cancel all's. */
export type TradeActionData =
  | {
      intent: Side;
      ok: boolean;
      result: SubmissionResult<string[]>;
      orderId?: number;
      message?: string;
      /** A limit price far beyond the book's best that the trader is asked to confirm (the price, as posted). */
      far?: string;
    }
  | { intent: "cancel"; ok: boolean; id: number; msg?: string; message?: string }
  | { intent: "cancel-all"; ok: boolean; msg?: string; message?: string };
