/**
 * Which rows of an account page show (docs/product.md, "/assets"): 'hide small balances' (`?hide=1`) and the search
 * by code (`?q=`). The server draws the page filtered from the address; in the browser the same rule filters as one
 * types. No decimal arithmetic here: whether a row is small is decided by the loader (`isSmallBalance`).
 */
export type HoldingsFilter = { q: string; hide: boolean };

/** The filter in an address's query: `q` as typed (at most 20 characters), `hide` when it is '1'. */
export function holdingsFilterOf(params: URLSearchParams): HoldingsFilter {
  return { q: (params.get("q") ?? "").trim().slice(0, 20), hide: params.get("hide") === "1" };
}

/**
 * The rows to show: not small when small balances are hidden, and a code containing the search, in any case ('bt'
 * finds BTC; what cannot be in a code, such as spaces, is ignored). No imports: the page's code stays small.
 */
export function filterHoldings<R extends { code: string; small: boolean }>(rows: R[], filter: HoldingsFilter): R[] {
  const q = filter.q.toUpperCase().replace(/[^A-Z0-9]/g, "");
  return rows.filter((r) => !(filter.hide && r.small) && (!q || r.code.toUpperCase().includes(q)));
}

/** The filter's query string ('' when nothing filters), for the address the browser shows. */
export function holdingsQuery(filter: HoldingsFilter): string {
  const p = new URLSearchParams();
  if (filter.q.trim()) p.set("q", filter.q.trim());
  if (filter.hide) p.set("hide", "1");
  const s = p.toString();
  return s ? `?${s}` : "";
}
