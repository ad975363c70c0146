/**
 * Which rows of an account page show (docs/product.md, "/assets"): 'hide small balances' (`?hide=1`) and the search
 * by code (`?q=`). The loader filters the rows from the address, with or without JavaScript (the form is a GET). No
 * decimal arithmetic here: whether a row is small is decided by the loader (`isSmallBalance`).
 */
export type HoldingsFilter = { q: string; hide: boolean };

/** The filter in an address's query: `q` as typed (at most 20 characters), `hide` when it is '1'. */
export function holdingsFilterOf(params: URLSearchParams): HoldingsFilter {
  return { q: (params.get("q") ?? "").trim().slice(0, 20), hide: params.get("hide") === "1" };
}

/**
 * The rows to show: not small when small balances are hidden, and a code containing the search, in any case ('bt'
 * finds BTC; what cannot be in a code, such as spaces, is ignored).
 */
export function filterHoldings<R extends { code: string; small: boolean }>(rows: R[], filter: HoldingsFilter): R[] {
  const q = filter.q.toUpperCase().replace(/[^A-Z0-9]/g, "");
  return rows.filter((r) => !(filter.hide && r.small) && (!q || r.code.toUpperCase().includes(q)));
}
