/** Exponential backoff with "equal jitter": half fixed, half random, capped. attempt 0 → ~base. */
export function backoffDelay(attempt: number, base: number, max: number, random: () => number = Math.random): number {
  const ceiling = Math.min(max, base * 2 ** Math.min(attempt, 30));
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}
