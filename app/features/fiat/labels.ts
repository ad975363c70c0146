export { formatTime as utcTime } from "~/lib/time";

/** Fiat prices and totals are shown with their 2 decimals; coin quantities with as many as they have (up to 8). */
export const FIAT_DP = { minDp: 2, maxDp: 2 } as const;
export const COIN_DP = { minDp: 0, maxDp: 8 } as const;

/** mm:ss of a countdown (the server renders it; the page ticks it once hydrated). */
export function clock(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return `${String(Math.floor(s / 60)).padStart(2, "0")}:${String(s % 60).padStart(2, "0")}`;
}
