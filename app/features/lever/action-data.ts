import type { SubmissionResult } from "@conform-to/react";

/** What the confirmation dialog shows (hands, multiple, fee and margin; docs/product.md, "/lever") and the values it posts. */
export type LeverReview = {
  type: 1 | 2;
  status: 0 | 1;
  /** The price it opens from (the market's, or the fixed price) and the open price with the spread. */
  price: string;
  openPrice: string;
  hands: number;
  multiple: number;
  number: string;
  fee: string;
  margin: string;
  /** Take-profit and stop-loss as typed ('' when not set), and the estimated liquidation price (null: none above zero). */
  takeProfit?: string;
  stopLoss?: string;
  liquidation?: string | null;
  /** The order's values, posted again by the confirm form (no password among them). */
  values: Record<string, string>;
  /** One-time key: a double confirm opens one position. */
  key: string;
};

/** The shared fetchers of the row actions and of the batch closes (the panel says their answers). */
export const ROW_FETCHER = "lever-row";
export const BATCH_FETCHER = "lever-batch";

/** What /lever's action answers. */
export type LeverActionData =
  | {
      intent: "review" | "open";
      ok: boolean;
      result: SubmissionResult<string[]>;
      review: LeverReview | null;
      error?: string;
      message?: string;
      /** A refusal that needs another screen first ('Please set a trade password first'). */
      needs?: "tradePassword";
    }
  | {
      intent: "setstop";
      ok: boolean;
      id: number;
      result: SubmissionResult<string[]>;
      message?: string;
      error?: string;
    }
  | {
      intent: "close" | "cancel" | "batch";
      ok: boolean;
      id: number;
      msg?: string;
      message?: string;
    };
