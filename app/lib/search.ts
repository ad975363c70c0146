// The search of pair lists (/markets, the pair lists of /trade, /lever, /second). No imports: any page can use it.

/** `?q=` as a search of pairs: letters and digits only (upper case), at most 16; '' searches nothing. */
export function normalizeQuery(q: string | null | undefined): string {
  return (q ?? "")
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, "")
    .slice(0, 16);
}

/** Rows whose pair matches the search ('btc', 'BTC/US', 'btcusdt' all find BTC/USDT). */
export function searchRows<R extends { symbol: string }>(rows: R[], q: string): R[] {
  const want = normalizeQuery(q);
  if (!want) return rows;
  return rows.filter((r) =>
    r.symbol
      .toUpperCase()
      .replace(/[^A-Z0-9]/g, "")
      .includes(want),
  );
}
