import DecimalBase from "decimal.js";

/**
 * The second contract (docs/product.md, "Second contract"): timed up/down orders. Constants the exchange states
 * (docs/api.md, "Second contract") and the pure settlement rules, shared by the browser, the app's server and the
 * exchange. Decimal strings in and out; no zod, no node imports.
 */

const Decimal = DecimalBase.clone({ precision: 60, toExpNeg: -60, toExpPos: 60 });

/** 1 up, 2 down (the order's `type`). */
export const MICRO_TYPE = { UP: 1, DOWN: 2 } as const;
export type MicroType = (typeof MICRO_TYPE)[keyof typeof MICRO_TYPE];
/** 1 running, 3 closed (docs/product.md, "Second contract"). */
export const MICRO_STATUS = { RUNNING: 1, CLOSED: 3 } as const;
/** The fee: this fraction of the stake, taken with it at submission, rounded up to 8 decimals; kept whatever the result. */
export const MICRO_FEE_RATE = "0.001";
export const MICRO_MONEY_DECIMALS = 8;
/** At most this many running orders per user. */
export const MICRO_OPEN_MAX = 20;
/** The preset amounts of a wallet (`micro_numbers`). */
export const MICRO_PRESETS = [10, 50, 100, 500, 1000] as const;
/** The time options: seconds, profit ratio (a fraction), and the stake bounds of each. */
export const MICRO_OPTIONS = [
  { seconds: 30, profit_ratio: "0.2", min: "10", max: "5000" },
  { seconds: 60, profit_ratio: "0.3", min: "10", max: "10000" },
  { seconds: 120, profit_ratio: "0.4", min: "50", max: "20000" },
  { seconds: 300, profit_ratio: "0.5", min: "100", max: "50000" },
] as const;
/**
 * A closed row stays in the in-progress list this long after its MICRO_CLOSED push, showing its result, then leaves
 * (500 ms left the trader no time to read it; docs/product.md, "/second").
 */
export const MICRO_REMOVE_DELAY_MS = 5000;
/** The order form shows the trader's last result while it is this recent (with or without JavaScript). */
export const MICRO_LAST_RESULT_MS = 5 * 60_000;
export const MICRO_PAGE_SIZE = 10;

export function microFee(stake: string, rate: string = MICRO_FEE_RATE): string {
  return new Decimal(stake).times(rate).toDecimalPlaces(MICRO_MONEY_DECIMALS, Decimal.ROUND_UP).toFixed();
}

/** The profit ratio shown as a percent with 2 decimals ('0.2' → '20.00'; docs/product.md, "Money and rounding"). */
export function profitPercent(ratio: string): string {
  return new Decimal(ratio).times(100).toFixed(2);
}

export type MicroResult = "win" | "lose" | "tie";

/**
 * Settlement: up wins when the end price is above the open price, down when below; a win pays the stake back plus
 * stake × profit ratio; a loss keeps the stake; a tie (end = open) pays the stake back (the fee is kept either way).
 * `payout` is what returns to the trader's account, `profit` the actual profit (negative on a loss; the fee aside).
 */
export function settleMicro(input: { type: MicroType; open: string; end: string; stake: string; ratio: string }): {
  result: MicroResult;
  payout: string;
  profit: string;
} {
  const cmp = new Decimal(input.end).cmp(input.open);
  if (cmp === 0) return { result: "tie", payout: new Decimal(input.stake).toFixed(), profit: "0" };
  const won = input.type === MICRO_TYPE.UP ? cmp > 0 : cmp < 0;
  if (!won) return { result: "lose", payout: "0", profit: new Decimal(input.stake).neg().toFixed() };
  const gain = new Decimal(input.stake).times(input.ratio).toDecimalPlaces(MICRO_MONEY_DECIMALS, Decimal.ROUND_DOWN);
  return { result: "win", payout: gain.plus(input.stake).toFixed(), profit: gain.toFixed() };
}

/** What a running order would make at `price` now (the history's 'expected profit/loss' column). */
export function microExpected(input: { type: MicroType; open: string; price: string; stake: string; ratio: string }): string {
  return settleMicro({ type: input.type, open: input.open, end: input.price, stake: input.stake, ratio: input.ratio }).profit;
}

/** A result's amount said once: 'won 2.00', 'lost 10.00' (the word carries the sign), from the signed actual profit. */
export function unsignedAmount(signed: string): string {
  return new Decimal(signed).abs().toFixed();
}

/** Seconds left of a running order (never below 0), from its remaining milliseconds. */
export function remainingSeconds(remainMs: number): number {
  return Math.max(0, Math.ceil(remainMs / 1000));
}
